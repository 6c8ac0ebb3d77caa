import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { isClientRoute } from '../../../common/routes';

const API_PREFIXES = ['/graphql', '/frontend', '/webhooks', '/healthz', '/readyz', '/assets/'];

/**
 * Serves the built client: hashed assets cached for a year, index.html never cached, and the app for every
 * client route (status 404 for paths that are not one, where the app shows its not-found page).
 */
export function clientApp(clientDir: string): Router {
  const router = express.Router();
  const indexFile = path.join(clientDir, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : undefined;

  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PREFIXES.some((p) => req.path.startsWith(p)))
      return next();
    if (!indexHtml) {
      res.status(503).type('text/plain').send('The web client is not built yet. Run `npm run build` (or `npm start`).');
      return;
    }
    res.status(isClientRoute(req.path) ? 200 : 404);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(indexHtml);
  });
  return router;
}
