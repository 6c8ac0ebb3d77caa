import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request, RequestHandler } from 'express';
import type { Metrics } from './metrics';

/** Methods counted under their own name; anything else Node's parser lets through is 'other'. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts every answer of the app by the route that took it (docs/operations.md, "Metrics"): Express's matched
 * pattern with its mount (`/frontend/device/deletePlayListUrl/:id`), never the path as sent, so a path with ids in
 * it, or a scan of a million made-up paths, adds no series. An answer no route took is labelled with its mount
 * (`/graphql`, `/assets`), the name of the area it is in (`areas`: 'tv' for the TV app's /tv/ and /ar/tv/, one label
 * for every language), 'pages' (the client's pages and files) or, answered 404, 'unmatched'.
 *
 * Express matches paths in any case (`/FRontend/…` is `/frontend/…`), and `req.baseUrl` is the mount's part of the
 * path as sent: the mount in the label is the one the app wrote, from `mounts`.
 *
 * The pattern is taken when Express matches the route, not when the answer ends: an error passed on to the app's
 * error handler leaves the route's router, which puts its mount path back out of `req.baseUrl`.
 */
export function httpMetrics(
  metrics: Metrics,
  mounts: readonly string[],
  areas: Readonly<Record<string, readonly string[]>> = {},
): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let matched: string | undefined;
    let route: unknown;
    Object.defineProperty(req, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: { path?: unknown } | undefined) {
        route = value;
        if (value) matched = mountOf(req.baseUrl, mounts) + patternOf(value.path, req.path);
      },
    });
    const routeNow = () => matched ?? unrouted(req, res.statusCode, mounts, areas);
    routes.set(req, () => ({ route: routeNow(), matched: matched !== undefined }));
    let counted = false;
    const count = () => {
      if (counted) return;
      counted = true;
      const status = res.statusCode;
      metrics.httpRequest(
        {
          method: METHODS.has(req.method) ? req.method : 'other',
          route: routeNow(),
          // 'aborted': the client went away before the answer was complete.
          status_class: res.writableFinished ? `${Math.floor(status / 100)}xx` : 'aborted',
        },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    };
    res.once('finish', count);
    res.once('close', count);
    next();
  };
}

const routes = new WeakMap<object, () => { route: string; matched: boolean }>();

/**
 * The route label of a request counted by `httpMetrics`, as it stands now (final once the answer is sent), and
 * whether a route matched it (else the label is a mount, an area, 'pages' or 'unmatched'): the request log
 * (http/request-log.ts) names a request the way the metrics do.
 */
export function routeOf(req: object): { route: string; matched: boolean } | undefined {
  return routes.get(req)?.();
}

/** A route's pattern; of a route with several paths (the sign-in screen's, one per language), the one matched. */
function patternOf(path: unknown, requested: string): string {
  if (typeof path === 'string') return path;
  if (Array.isArray(path)) {
    const paths = path.map(String);
    return paths.find((candidate) => candidate === requested) ?? paths.join('|');
  }
  return String(path);
}

/** The listed mount a path is under, compared as Express matches it (in any case), or undefined. */
function mountUnder(path: string, mounts: readonly string[]): string | undefined {
  const sent = path.toLowerCase();
  return mounts.find((mount) => sent === mount.toLowerCase() || sent.startsWith(`${mount.toLowerCase()}/`));
}

/** A matched route's mount as written in the app ('' at the top); a router under a mount not listed has one label. */
function mountOf(baseUrl: string, mounts: readonly string[]): string {
  if (baseUrl === '') return '';
  return mountUnder(baseUrl, mounts) ?? '(unlisted mount)';
}

function unrouted(
  req: Request,
  status: number,
  mounts: readonly string[],
  areas: Readonly<Record<string, readonly string[]>>,
): string {
  if (status === 404) return 'unmatched';
  const path = req.originalUrl.split('?')[0] ?? '';
  return (
    mountUnder(path, mounts) ??
    Object.keys(areas).find((area) => mountUnder(path, areas[area] ?? []) !== undefined) ??
    'pages'
  );
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics on the main port: only with `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (both
 * sides hashed first, so their lengths say nothing either). Without METRICS_TOKEN it answers as an unknown path does.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!expected) {
      res.status(404).json({ status: 'error', message: 'No such path.' });
      return;
    }
    const given = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      res.setHeader(
        'WWW-Authenticate',
        `Bearer realm="metrics"${given === undefined ? '' : ', error="invalid_token"'}`,
      );
      res.status(401).json({ status: 'error', message: 'The metrics need their bearer token.' });
      return;
    }
    await sendExposition(metrics, res);
  };
}

async function sendExposition(metrics: Metrics, res: http.ServerResponse): Promise<void> {
  const { contentType, text } = await metrics.exposition();
  res.statusCode = 200;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(text);
}

/**
 * METRICS_PORT: /metrics without a token on an address of its own (METRICS_HOST, loopback by default), for a
 * Prometheus on the same host or a private network; nothing else is served there.
 */
export async function startMetricsListener(metrics: Metrics, listenPort: number, listenHost: string) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here.\n');
      return;
    }
    sendExposition(metrics, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The metrics could not be collected.\n');
    });
  });
  // A scraper keeps its connection open between scrapes: a stop must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, listenHost, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = listenHost.includes(':') ? `[${listenHost}]` : listenHost;
  return {
    url: `http://${['0.0.0.0', '[::]'].includes(host) ? '127.0.0.1' : host}:${port}`,
    port,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
