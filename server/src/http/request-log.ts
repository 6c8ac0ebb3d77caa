import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';
import { routeOf } from '../metrics/metrics.http';

/** Query parameters whose values say nothing secret and help to read a line; every other value is redacted. */
const PLAIN_QUERY = new Set(['operationName', 'payment_status', 'lang']);
/** Paths whose segments are the secret (a card checkout's link is its key, as at the provider). */
const SECRET_PATHS: [RegExp, string][] = [[/^((?:\/ar)?\/cowpay\/checkout)\/.*/i, '$1/[redacted]']];
/** A file of the built client (a script, a style, a font, a picture): logged at debug once it succeeded. */
const FILE = /\.(?:js|mjs|css|map|woff2?|ttf|svg|png|jpe?g|webp|avif|gif|ico|webmanifest|json|txt|xml)$/i;
/** A request id a proxy in front may have given; anything else is replaced by our own. */
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Headers logged as they are (at debug); any other is logged by name with its value redacted: credentials come in
 * many names (Authorization, cookies, a provider's `x-api-key`, signatures), and a list of the safe ones cannot
 * miss a new one.
 */
const PLAIN_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'apollo-require-preflight',
  'cache-control',
  'connection',
  'content-encoding',
  'content-language',
  'content-length',
  'content-type',
  'etag',
  'host',
  'if-modified-since',
  'if-none-match',
  'last-modified',
  'origin',
  'retry-after',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'user-agent',
  'vary',
  'www-authenticate',
  'x-apollo-operation-name',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-request-id',
]);

function loggedHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, PLAIN_HEADERS.has(name) ? value : '[redacted]']),
  );
}

/** A GraphQL name: what an operation name sent with a request must be to be logged (as the client named it). */
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

/** The operation a request to /graphql named, by its body or its query string. */
function operationOf(req: IncomingMessage): string | undefined {
  if (!pathOf(req).toLowerCase().startsWith('/graphql')) return undefined;
  const body = (req as IncomingMessage & { body?: { operationName?: unknown } }).body;
  const name = body?.operationName ?? new URLSearchParams(pathOf(req).split('?')[1] ?? '').get('operationName');
  return typeof name === 'string' && GRAPHQL_NAME.test(name) ? name : undefined;
}

/** The path as it may be logged: no query value but the plain ones, no secret path segment, at most 200 characters. */
export function loggedUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  let shown = path;
  for (const [pattern, replacement] of SECRET_PATHS) shown = shown.replace(pattern, replacement);
  if (query !== undefined) {
    const params = new URLSearchParams(query);
    shown += `?${[...params.keys()]
      .map((key) => `${key}=${PLAIN_QUERY.has(key) ? params.get(key) : '[redacted]'}`)
      .join('&')}`;
  }
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}

/** The route label of a request (a pattern, a mount, an area, 'pages' or 'unmatched'), as the metrics count it. */
const route = (req: IncomingMessage) => routeOf(req)?.route ?? 'unmatched';
/** The route, and the GraphQL operation where one was named: what the line's message says. */
const named = (req: IncomingMessage) => [route(req), operationOf(req)].filter(Boolean).join(' ');
/** The path as sent: Express rewrites `req.url` inside a mounted router. */
const pathOf = (req: IncomingMessage) =>
  (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';

/**
 * The request log (docs/operations.md, "Logs"): one JSON line per answered request, written when it ends, through
 * pino-http's own options. At info: the request id, method, route pattern (the path, made safe, where no pattern
 * names it), status and time. Headers only at debug, the values of all but a few plain ones redacted. A
 * built file that was served fine is a debug line: a page's scripts and styles would otherwise bury its request.
 * Health probes and scrapes are not logged (they are counted in the metrics).
 */
export function requestLog(logger: Logger) {
  const withHeaders = () => logger.isLevelEnabled('debug');
  return pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    // The completion line is the one line of a request; a handler's own lines carry only its id (reqId).
    quietReqLogger: true,
    quietResLogger: true,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      // The id an operator can ask a user (or a proxy's log) for.
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => ['/healthz', '/readyz', '/metrics'].includes(req.url ?? '') },
    customLogLevel: (req, res, err) => {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return FILE.test(pathOf(req).split('?')[0] ?? '') ? 'debug' : 'info';
    },
    customSuccessMessage: (req, res, responseTime) =>
      `${req.method} ${named(req)} ${res.statusCode} ${Math.round(responseTime)} ms`,
    customErrorMessage: (req, res, err) => `${req.method} ${named(req)} ${res.statusCode} ${err.message}`,
    // The request's serialized form is added at the end, once its route is known.
    customSuccessObject: (req, _res, line) => ({ req, ...line }),
    customErrorObject: (req, _res, _err, line) => ({ req, ...line }),
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => {
        const { route: label, matched } = routeOf(req) ?? { route: 'unmatched', matched: false };
        return {
          method: req.method,
          route: label,
          ...(operationOf(req) ? { operation: operationOf(req) } : {}),
          // No pattern names it (a page, a mount's own answer, an unknown path): the path, made safe, does.
          ...(matched ? {} : { url: loggedUrl(pathOf(req)) }),
          ...(withHeaders() ? { headers: loggedHeaders(req.headers) } : {}),
        };
      },
      res: (res: ServerResponse) => ({
        statusCode: res.statusCode,
        ...(withHeaders() ? { headers: loggedHeaders(res.getHeaders()) } : {}),
      }),
    },
  });
}
