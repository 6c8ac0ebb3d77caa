import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { formatjsMessages, i18nCatalogs, noParserAlias } from './i18n-catalogs.mts';
import { scriptAfterFirstPaint } from './script-after-paint.mts';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Everything the Node server answers itself; the dev server forwards these so the browser sees one origin.
const serverTarget = 'http://localhost:3000';
const serverPaths = ['/graphql', '/frontend', '/healthz', '/readyz', '/webhooks'];

export default defineConfig(({ isSsrBuild, mode }) => ({
  root: clientRoot,
  // Keep Vite's and Vitest's caches in the repository's node_modules, not in a second one under client/.
  cacheDir: '../node_modules/.vite',
  // Messages in the code (react-intl's FormattedMessage, formatMessage, defineMessages) are compiled to ASTs at
  // build time, as the translations are (i18n-catalogs.mts): the browser gets no ICU parser.
  plugins: [
    formatjsMessages(),
    i18nCatalogs(`${repoRoot}lang`),
    react(),
    // The site's pages paint from their HTML before their script is fetched (script-after-paint.mts).
    scriptAfterFirstPaint('site.html', 'nonce="__CSP_NONCE__"'),
  ],
  resolve: { alias: [noParserAlias] },
  // `vite build` makes the browser bundle; `vite build --ssr src/entry-server.tsx` the server renderer
  // (dist/ssr), which the Node server uses to send public pages with their content already in the HTML.
  build: isSsrBuild
    ? { outDir: '../dist/ssr', emptyOutDir: true, copyPublicDir: false }
    : mode === 'site'
      ? // The public pages and the sign-in screen (site.html, a light router, no GraphQL client), built on their
        // own after the portal: in one build the two would share one copy of React Router, and every page would
        // download the whole of it (a single module), the data router the portal needs included.
        {
          outDir: '../dist/client',
          emptyOutDir: false,
          rollupOptions: { input: { site: `${clientRoot}site.html` } },
        }
      : { outDir: '../dist/client', emptyOutDir: true },
  ssr: { noExternal: ['react-fast-marquee'] },
  // The built page's script and style tags, and a <meta property="csp-nonce">, carry this placeholder
  // (common/csp.ts CSP_NONCE_PLACEHOLDER, written out: Vite's config loader is to take no TypeScript module from
  // outside); the server replaces it with each response's nonce (server/src/http/page-renderer.ts withNonce). The
  // client reads the nonce from that meta element for the scripts it adds (PayPal's SDK; Vite's own preloads).
  html: { cspNonce: '__CSP_NONCE__' },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverTarget }])),
    // common/ (shared zod schemas and messages) lives outside client/.
    fs: { allow: [repoRoot] },
  },
  test: {
    environment: 'jsdom',
    // Two files at a time on the 2-core machine (Vitest's default is cores minus one): 134 s → 82 s measured.
    // happy-dom was tried instead of jsdom: no faster here, and 29 tests failed on its script loading.
    maxWorkers: Number(process.env.CLIENT_WORKERS) || 2,
    // Beside the server suite (tests/run.mjs's two lanes), a file's first test, which pays for its imports, took
    // over Vitest's default 5 s on a busy machine.
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
}));
