import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

/**
 * The TV app's Content Security Policy. The app reads playlists and plays channels from whatever provider the
 * owner added (any host, http or https), so connections, media and images are open; scripts stay the app's own.
 * hls.js and mpegts.js feed the video through MediaSource (blob: addresses).
 */
export const TV_APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  'img-src * data: blob:',
  'connect-src *',
  'media-src * blob:',
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Where the TV app is served: /tv in the default language, /<tag>/tv in each other (the metrics' 'tv' area). */
export function tvAppPrefixes(locales: readonly string[], defaultLocale: string): string[] {
  return ['/tv', ...locales.filter((l) => l !== defaultLocale).map((l) => `/${l}/tv`)];
}

/**
 * Serves the built TV app (dist/tv, `npm run build:tv`) at /tv/ and at each other language's /<tag>/tv/: the same
 * files, which take their language from the path. The page is revalidated on every load; the hashed assets are
 * kept a year.
 */
export function tvAppRouter(tvDir: string, locales: readonly string[], defaultLocale: string): Router {
  const router = express.Router();
  const prefixes = tvAppPrefixes(locales, defaultLocale);
  const files = express.static(tvDir, {
    index: 'index.html',
    redirect: false,
    setHeaders: (res, file) => {
      res.setHeader(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  for (const prefix of prefixes) {
    router.use(prefix, (req, res) => {
      // Relative asset addresses (the same files run from a TV package): the page must be at /tv/, not /tv.
      const [pathname, query] = req.originalUrl.split(/\?(.*)/s);
      if (pathname === prefix) {
        res.redirect(301, `${prefix}/${query ? `?${query}` : ''}`);
        return;
      }
      res.setHeader('Content-Security-Policy', TV_APP_CSP);
      if (!existsSync(path.join(tvDir, 'index.html'))) {
        res.status(503).type('text/plain').send('The TV app is not built yet. Run `npm run build:tv`.');
        return;
      }
      files(req, res, () => res.status(404).type('text/plain').send('Not found.'));
    });
  }
  return router;
}
