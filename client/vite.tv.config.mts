import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import legacy from '@vitejs/plugin-legacy';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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

export default defineConfig({
  root: `${clientRoot}tv`,
  base: './',
  cacheDir: '../../node_modules/.vite-tv',
  envPrefix: 'VITE_TV_',
  plugins: [
    formatjsMessages(),
    i18nCatalogs(`${repoRoot}lang`),
    react(),
    // Syntax is lowered by the build target; the built-ins the code and its libraries use that Chromium 68 lacks
    // (Object.hasOwn, Object.fromEntries, globalThis…) come from core-js, only those used. No legacy (nomodule)
    // bundle: Chromium 68 runs ES modules.
    legacy({ modernTargets: ['chrome >= 68'], modernPolyfills: true, renderLegacyChunks: false }),
    tvPackages(version),
  ],
  resolve: { alias: [noParserAlias] },
  define: { __TV_APP_VERSION__: JSON.stringify(version) },
  build: {
    outDir: `${repoRoot}dist/tv`,
    emptyOutDir: true,
    target: TV_TARGET,
    cssTarget: TV_TARGET,
    // Chromium 68 has no module workers: the playlist worker is a classic script.
    assetsInlineLimit: 0,
  },
  worker: { format: 'iife' },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/graphql': { target: 'http://localhost:3000' } },
    fs: { allow: [repoRoot] },
  },
});
