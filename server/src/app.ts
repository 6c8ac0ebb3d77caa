import http from 'node:http';
import path from 'node:path';
import { expressMiddleware } from '@as-integrations/express5';
import compression from 'compression';
import express from 'express';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Services } from './services';
import { createSessions } from './auth/session';
import { createApolloServer } from './graphql/apollo';
import { resolvers } from './resolvers';
import { graphContext } from './graphql/context';
import { graphRequestGuard, schemaDocument } from './graphql/http';
import { loadPersistedOperations } from './graphql/safelist';
import { conditionalGets, deviceOperationsNeedCaller, revalidation } from './graphql/tv-startup-cache';
import { loadTypeDefs } from './graphql/schema';
import { contactRestRouter } from './contact/contact.rest';
import { deviceRestRouter } from './device/device.rest';
import { playlistRestRouter } from './playlist/playlist.rest';
import { paymentRestRouter, webhookRouter } from './payments/payment.rest';
import { clientApp } from './http/client-app';
import { tvAppPrefixes, tvAppRouter } from './http/tv-app';
import { DEFAULT_LOCALE } from '../../common/i18n';
import { localizer } from './i18n/localizer';
import { requestLocale } from './i18n/request-locale';
import { signInPageRouter } from './http/sign-in-page';
import { PageRenderer } from './http/page-renderer';
import { securityHeaders } from './http/security-headers';
import { requestLog } from './http/request-log';
import { seoRouter } from './http/seo';
import { localeRedirect } from './http/locale-redirect';
import { corsFor, refuseCrossSiteWrites } from './http/cross-site';
import { drainHttpServerPlugin } from './http/drain';
import { databaseUnavailableStatus, errorAnswersNotStored, errorHandler } from './http/errors';
import { projectRoot } from './common/paths';
import { graphMetricsPlugin } from './metrics/graph-metrics';
import { httpMetrics, metricsEndpoint } from './metrics/metrics.http';

/**
 * On SIGTERM, the work in flight gets this long to finish: requests with their connections, then (server.ts)
 * the statements of requests whose clients have gone. Less than main.ts's 10-second watchdog, so the sessions
 * and the pool are still closed cleanly and the exit is 0.
 */
export const DRAIN_GRACE_MS = 8_000;

/**
 * The legacy GETs under /frontend that change state; refused when sent from another site.
 * Drawing a captcha stores a challenge and counts against the address's captcha limit: from another site's
 * images, it would fill the table and lock the visitor out of signing in.
 */
export const STATE_CHANGING_GETS = ['/device/logout', '/sendUserQuestion', '/captcha/generate'];

// The embedded Apollo Sandbox calls the graph from Apollo's own origins.
const SANDBOX_ORIGINS = ['https://sandbox.embed.apollographql.com', 'https://studio.apollographql.com'];

export interface AppDeps {
  config: Config;
  logger: Logger;
  dataSource: DataSource;
  services: Services;
  sessionSecret: string;
  /** The built client; defaults to dist/client. */
  clientDir?: string;
  /** The built TV app; defaults to dist/tv. */
  tvDir?: string;
  /** The built server renderer; defaults to dist/ssr/entry-server.mjs. */
  ssrEntry?: string;
  /** How long a stop waits for the connections to close; defaults to DRAIN_GRACE_MS. */
  drainGraceMs?: number;
}

export interface RunningApp {
  app: express.Express;
  httpServer: http.Server;
  /** Stops accepting requests, lets those in flight finish, and releases timers. */
  stop(): Promise<void>;
}

/** Builds the HTTP server: security headers, logs, sessions, the graph, the REST adapters and the client. */
export async function createApp(deps: AppDeps): Promise<RunningApp> {
  const { config, logger, dataSource, services } = deps;
  const app = express();
  const httpServer = http.createServer(app);
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // Every answer, by the route that took it (its pattern, never the path as sent); what no route took, by its mount
  // or its area (the TV app, in every language), else as one of the client's pages.
  app.use(
    httpMetrics(services.metrics, ['/graphql', '/frontend', '/webhooks', '/sandbox', '/assets'], {
      tv: tvAppPrefixes(localizer().locales, DEFAULT_LOCALE),
    }),
  );
  // One line per request (http/request-log.ts), named by the same route as the metrics.
  app.use(requestLog(logger));

  app.use(securityHeaders(config));
  // Whatever a handler set, an error answer is kept by no cache (http/errors.ts).
  app.use(errorAnswersNotStored());
  // Text answers (pages, scripts, styles, JSON) are sent compressed; a third of the bytes on a phone. API
  // answers are made per request, so they get zlib's fastest level: a 500-playlist list (a quarter of a
  // megabyte) compresses in a third of the time for a few per cent more bytes.
  const fastCompression = compression({ level: 1 });
  const compressionForPages = compression();
  app.use((req, res, next) =>
    req.path.startsWith('/graphql') || req.path.startsWith('/frontend')
      ? fastCompression(req, res, next)
      : compressionForPages(req, res, next),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await dataSource.query('SELECT 1');
      res.json({ status: 'ready', database: 'reachable' });
    } catch {
      res
        .status(503)
        .json({ status: 'unavailable', database: 'unreachable', message: 'The database cannot be reached.' });
    }
  });
  // Prometheus's scrape: with METRICS_TOKEN only (else 404), never public (METRICS_PORT serves it apart).
  app.get('/metrics', metricsEndpoint(services.metrics, config.metrics.token));

  const sessions = createSessions(dataSource, {
    secret: deps.sessionSecret,
    secure: config.servedOverHttps,
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
  });

  const persisted = loadPersistedOperations();
  const apollo = createApolloServer(config, logger, resolvers, persisted, [
    drainHttpServerPlugin(httpServer, deps.drainGraceMs ?? DRAIN_GRACE_MS),
    databaseUnavailableStatus(),
    revalidation(),
    deviceOperationsNeedCaller(persisted),
    graphMetricsPlugin(services.metrics, persisted),
  ]);
  await apollo.start();
  const graphOrigins = config.graphqlIntrospection
    ? [...config.allowedOrigins, ...SANDBOX_ORIGINS]
    : config.allowedOrigins;
  // Each API in a router of its own, mounted once: its path is matched and stripped once per request, not once
  // for each of its middleware.
  const graph = express.Router();
  const sdl = schemaDocument(loadTypeDefs());
  const manifest = Object.fromEntries(persisted.map(({ name, id, query }) => [name, { id, query }]));
  graph.get('/schema.graphql', (_req, res) => {
    res.type('text/plain; charset=utf-8').send(sdl);
  });
  graph.get('/operations.json', (_req, res) => {
    res.json(manifest);
  });
  graph.use(
    corsFor(graphOrigins),
    ...sessions.middleware,
    express.json({ limit: '100kb' }),
    conditionalGets(persisted, services),
    graphRequestGuard(),
    // The request's language, for the graph's error messages (formatError has no request at hand).
    requestLocale(localizer()),
    expressMiddleware(apollo, { context: graphContext(config, services) }),
  );
  app.use('/graphql', graph);

  const frontend = express.Router();
  frontend.use(
    corsFor(config.allowedOrigins),
    refuseCrossSiteWrites(config.allowedOrigins, STATE_CHANGING_GETS),
    ...sessions.middleware,
    express.json({ limit: '100kb' }),
    express.urlencoded({ extended: false, limit: '100kb' }),
    deviceRestRouter(services, config),
    playlistRestRouter(services),
    paymentRestRouter(services, config),
    contactRestRouter(services),
    (_req: express.Request, res: express.Response) => {
      res.status(404).json({ status: 'error', message: 'No such API path.' });
    },
  );
  app.use('/frontend', frontend);

  // Providers' signed notifications: raw bodies, no session, no Origin check (the signature authenticates).
  app.use('/webhooks', webhookRouter(services, logger));
  const sandboxed = services.pricing.sandboxMethods.filter((method) => method !== 'ibostore');
  if (sandboxed.length) {
    logger.warn({ methods: sandboxed }, 'payment methods without credentials run on the local sandbox: no money moves');
    const site = { origins: () => config.allowedOrigins, paypalClientId: config.pricing.paypalClientId };
    // The stand-ins are a package of their own (sandbox/), loaded only here: a server whose every method has
    // credentials never loads them.
    const { sandboxRouter } = await import('@m3u-player/sandbox');
    app.use('/sandbox', sandboxRouter(services.payments.providers.sandboxKeys, site, sandboxed, logger));
  }

  app.use(seoRouter(config, localizer().locales));
  // The TV app (client/src/tv/), built on its own into dist/tv.
  app.use(tvAppRouter(deps.tvDir ?? path.join(projectRoot(), 'dist', 'tv'), localizer().locales, DEFAULT_LOCALE));
  const clientDir = deps.clientDir ?? path.join(projectRoot(), 'dist', 'client');
  const pages = new PageRenderer(
    clientDir,
    deps.ssrEntry ?? path.join(projectRoot(), 'dist', 'ssr', 'entry-server.mjs'),
    config,
    logger,
  );
  await pages.init();
  // An English page asked for by a visitor of another of our languages goes to that language's page.
  app.use(localeRedirect(pages.localizer));
  app.use(
    signInPageRouter(
      services,
      pages,
      logger,
      [refuseCrossSiteWrites(config.allowedOrigins), ...sessions.middleware],
      sessions.middleware,
    ),
  );
  app.use(clientApp(clientDir, pages));
  // What no route took (a POST to a page, a PUT anywhere): a JSON 404 like the API's, not Express's HTML
  // page echoing the method and path and naming the framework.
  app.use((_req, res) => {
    res.status(404).json({ status: 'error', message: 'No such path.' });
  });
  app.use(errorHandler());

  return {
    app,
    httpServer,
    async stop() {
      await apollo.stop(); // drains and closes the HTTP server
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await sessions.close();
    },
  };
}
