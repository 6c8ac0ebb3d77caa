import path from 'node:path';
import express, { type Response, type Router } from 'express';
import { withNonce, type PageRenderer, type RenderedPage } from './page-renderer';

const API_PREFIXES = ['/graphql', '/frontend', '/webhooks', '/healthz', '/readyz', '/assets/'];

/**
 * Serves the built client: hashed assets cached for a year, pages never cached, and for every other GET the
 * page the renderer builds (status 404 for paths that are not client routes, with the not-found page). A file under
 * /assets that is not there (or a path that tries to leave the folder, or another method than GET) is left to the
 * app's own JSON 404 ('No such path.', app.ts), as any unknown path: not serve-static's refusal, which the error
 * handler could only call unreadable.
 */
export function clientApp(clientDir: string, pages: PageRenderer): Router {
  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
    }),
  );
  router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  router.use(async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PREFIXES.some((p) => req.path.startsWith(p)))
      return next();
    if (!pages.built) {
      res.status(503).type('text/plain').send('The web client is not built yet. Run `npm run build` (or `npm start`).');
      return;
    }
    sendPage(res, await pages.page(req.path), 'no-cache');
  });
  return router;
}

/** Sends a page with its status and caching rule, this response's CSP nonce (security-headers.ts) put in. */
export function sendPage(res: Response, page: RenderedPage, cacheControl: 'no-cache' | 'no-store'): void {
  res.status(page.status).setHeader('Cache-Control', cacheControl);
  const nonce = res.locals.cspNonce;
  res.type('html').send(nonce ? withNonce(page.html, nonce) : page.html);
}
