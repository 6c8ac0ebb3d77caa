import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import legacy from '@vitejs/plugin-legacy';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { formatjsMessages, i18nCatalogs, noParserAlias } from './i18n-catalogs.mts';
import { tvPackages } from './tv/packages.mts';

/**
 * The TV app (client/tv/index.html, client/src/tv/), built on its own: `npm run build:tv` → dist/tv, which the
 * server serves at /tv and which is packaged for Tizen and webOS as it is (client/tv/public holds config.xml,
 * appinfo.json and the icons). Relative addresses (`base: './'`), so the same files run from /tv/ and from a
 * package's file system. Dev: `npx vite --config client/vite.tv.config.mts` (http://localhost:5174/, the graph
 * forwarded to `npm start`).
 */
const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const { version } = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { version: string };

// webOS 5 (2020) runs Chromium 68; Tizen 5.5 (2020) Chromium 69 (docs/tv-app.md). Syntax is lowered to it.
export const TV_TARGET = 'chrome68';

/** core-js modules for what Chromium 68 lacks and the built app calls (see the legacy plugin below). */
const TV_POLYFILLS = ['es.object.from-entries', 'es.object.has-own', 'web.queue-microtask'];

export default defineConfig({
  root: `${clientRoot}tv`,
  base: './',
  cacheDir: '../../node_modules/.vite-tv',
  envPrefix: 'VITE_TV_',
  plugins: [
    formatjsMessages(),
    i18nCatalogs(`${repoRoot}lang`),
    react(),
    // Syntax is lowered by the build target. The built-ins Chromium 68 lacks that the built code calls come from
    // core-js, listed by hand: core-js's own detection (`modernPolyfills: true`) goes by method names alone and
    // brought 24.7 KB gzip of polyfills for calls that are not there (iterator helpers, Set methods, base64…) or
    // are feature-tested (globalThis, Promise.allSettled, setImmediate, crypto.randomUUID). Found by grepping dist/tv
    // (docs/tv-app.md, Target engines): Apollo Client calls Object.fromEntries (Chromium 73) and Object.hasOwn (93),
    // and @wry/caches (Apollo's caches) queueMicrotask (71), unguarded. No legacy (nomodule) bundle: Chromium 68
    // runs ES modules.
    legacy({ modernTargets: ['chrome >= 68'], modernPolyfills: TV_POLYFILLS, renderLegacyChunks: false }),
    tvPackages(version),
  ],
  resolve: {
    alias: [noParserAlias],
    // rxjs (Apollo Client's) as ES2015 classes (dist/esm) rather than its ES5 build with tslib's helpers (dist/esm5):
    // Chromium 68 runs ES2015, and the build lowers what is newer.
    conditions: ['es2015', ...defaultClientConditions],
  },
  define: { __TV_APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: `${repoRoot}dist/tv`,
    emptyOutDir: true,
    target: TV_TARGET,
    cssTarget: TV_TARGET,
    // Chromium 68 has no module workers: the playlist worker is a classic script.
    assetsInlineLimit: 0,
    // Chromium 68 knows <link rel="modulepreload"> (since 66): no polyfill for it.
    modulePreload: { polyfill: false },
  },
  worker: { format: 'iife' },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/graphql': { target: 'http://localhost:3000' } },
    fs: { allow: [repoRoot] },
  },
});
