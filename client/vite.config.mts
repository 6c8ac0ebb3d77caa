import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Everything the Node server answers itself; the dev server forwards these so the browser sees one origin.
const serverTarget = 'http://localhost:3000';
const serverPaths = ['/graphql', '/frontend', '/healthz', '/readyz', '/webhooks'];

export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  // Keep Vite's and Vitest's caches in the repository's node_modules, not in a second one under client/.
  cacheDir: '../node_modules/.vite',
  plugins: [react()],
  // `vite build` makes the browser bundle; `vite build --ssr src/entry-server.tsx` the server renderer
  // (dist/ssr), which the Node server uses to send public pages with their content already in the HTML.
  build: isSsrBuild
    ? { outDir: '../dist/ssr', emptyOutDir: true, copyPublicDir: false }
    : { outDir: '../dist/client', emptyOutDir: true },
  ssr: { noExternal: ['react-fast-marquee'] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverTarget }])),
    // common/ (shared zod schemas and messages) lives outside client/.
    fs: { allow: [repoRoot] },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
}));
