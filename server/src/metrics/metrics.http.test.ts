import type { AddressInfo } from 'node:net';
import express from 'express';
import type { DataSource } from 'typeorm';
import { Metrics } from './metrics';
import { httpMetrics } from './metrics.http';

/** A Metrics without a database: the HTTP families are all these tests read. */
function metricsAlone(): Metrics {
  return new Metrics(
    { subscribers: [], driver: {}, query: () => Promise.reject(new Error('no database')) } as never as DataSource,
    {
      processMetrics: false,
    },
  );
}

/** The series of http_requests_total, as `METHOD route status_class: count`. */
async function seriesOf(metrics: Metrics): Promise<string[]> {
  const { text } = await metrics.exposition();
  return [...text.matchAll(/^http_requests_total\{method="(\w+)",route="([^"]*)",status_class="(\w+)"\} (\d+)$/gm)]
    .map((m) => `${m[1]} ${m[2]} ${m[3]}: ${m[4]}`)
    .sort();
}

/**
 * An app shaped like ours: routers mounted under a path, a route with parameters, one with several paths, a fallback
 * in a mounted router, the app's own fallback and error handler.
 */
async function answersOf(paths: [method: string, path: string][]): Promise<string[]> {
  const metrics = metricsAlone();
  const app = express();
  app.use(httpMetrics(metrics, ['/api', '/assets']));
  const inner = express.Router();
  inner.get('/things/:id', () => {
    throw new Error('a fault of ours');
  });
  inner.post('/things/:id', (req, res) => {
    res.status(400).json({ id: req.params.id });
  });
  inner.get(['/en/page', '/ar/page'], (_req, res) => {
    res.send('a page');
  });
  const api = express.Router();
  api.use(inner, (_req: express.Request, res: express.Response) => {
    res.status(404).json({ status: 'error' });
  });
  app.use('/api', api);
  app.use('/assets', (_req, res) => {
    res.send('a file');
  });
  app.use((req, res) => {
    res.status(req.path === '/' ? 200 : 404).send('the client');
  });
  app.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ status: 'error' });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    for (const [method, path] of paths) {
      await fetch(`http://127.0.0.1:${port}${path}`, { method }).then((res) => res.text());
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  return seriesOf(metrics);
}

describe('httpMetrics', () => {
  it('labels an answer with its route pattern and mount, never the path as sent', async () => {
    expect(
      await answersOf([
        ['POST', '/api/things/8c1f0a52'],
        ['GET', '/api/ar/page'],
        ['GET', '/assets/app.3f9a.js'],
        ['GET', '/'],
      ]),
    ).toEqual(['GET /api/ar/page 2xx: 1', 'GET /assets 2xx: 1', 'GET pages 2xx: 1', 'POST /api/things/:id 4xx: 1']);
  });

  it("keeps the route of a failure that the app's error handler answers", async () => {
    // The error leaves the mounted routers, which put their paths back out of req.baseUrl before the handler runs.
    expect(await answersOf([['GET', '/api/things/42']])).toEqual(['GET /api/things/:id 5xx: 1']);
  });

  it('labels a path sent in another case with the pattern as written, adding no series', async () => {
    // Express matches mounts and routes case-insensitively: `req.baseUrl` is the path as sent.
    expect(
      await answersOf([
        ['POST', '/api/things/1'],
        ['POST', '/API/things/2'],
        ['POST', '/Api/THINGS/3'],
        ['GET', '/ASSETS/app.3f9a.js'],
        ['GET', '/assets/app.3f9a.js'],
      ]),
    ).toEqual(['GET /assets 2xx: 2', 'POST /api/things/:id 4xx: 3']);
  });

  it('counts every path no route took as one', async () => {
    expect(
      await answersOf([
        ['GET', '/api/no-such-thing'],
        ['GET', '/wp-login.php'],
        ['GET', '/API/No-Such-Thing'],
      ]),
    ).toEqual(['GET unmatched 4xx: 3']);
  });
});
