import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Config } from './config';
import type { Logger } from './logger';
import { createApp, DRAIN_GRACE_MS } from './app';
import { loadOrCreateSessionSecret } from './auth/session';
import { openDatabase, type Database } from './database';
import { createServices, type Services } from './services';
import { startMetricsListener } from './metrics/metrics.http';

export interface RunningServer {
  url: string;
  port: number;
  db: Database;
  services: Services;
  /** The Express application, for tests that inspect what is mounted (e.g. the fuzzing suite's route list). */
  app: Express;
  /** Where METRICS_PORT serves /metrics without a token, when it is set. */
  metricsUrl: string | undefined;
  stop(): Promise<void>;
}

/**
 * Opens the database (migrating it), builds the app and listens. Used by main.ts and by the integration
 * tests, which therefore exercise exactly what production runs.
 */
export async function startServer(
  config: Config,
  logger: Logger,
  options: {
    inMemory?: boolean;
    clientDir?: string;
    /** The built TV app's directory (default dist/tv). */
    tvDir?: string;
    ssrEntry?: string;
    /**
     * How long `stop()` waits for connections and statements (DRAIN_GRACE_MS). The in-process test servers
     * shorten it: their clients keep idle connections that would each hold a stop for seconds.
     */
    drainGraceMs?: number;
    /** With `inMemory` on the embedded engine: start from this migrated data directory's tarball (tests). */
    embeddedTemplate?: Blob;
  } = {},
): Promise<RunningServer> {
  const drainGraceMs = options.drainGraceMs ?? DRAIN_GRACE_MS;
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.inMemory ? undefined : config.dataDir,
    poolSize: config.dbPoolSize,
    embeddedTemplate: options.inMemory ? options.embeddedTemplate : undefined,
    migrate: config.migrateOnStart ? 'auto' : 'check',
    onMigrated: (names) => {
      if (names.length) logger.info({ migrations: names }, 'database migrated');
    },
  });
  try {
    const services = createServices(db.dataSource, config, logger);
    const sessionSecret = config.sessionSecret ?? (await loadOrCreateSessionSecret(config.dataDir));
    const running = await createApp({
      config,
      logger,
      dataSource: db.dataSource,
      services,
      sessionSecret,
      clientDir: options.clientDir,
      tvDir: options.tvDir,
      ssrEntry: options.ssrEntry,
      drainGraceMs,
    });
    await new Promise<void>((resolve, reject) => {
      running.httpServer.once('error', reject);
      running.httpServer.listen(config.port, config.host, () => resolve());
    });
    const { port: metricsPort, host: metricsHost } = config.metrics;
    const metricsListener =
      metricsPort === undefined
        ? undefined
        : await startMetricsListener(services.metrics, metricsPort, metricsHost).catch(async (err: unknown) => {
            await running.stop();
            throw err;
          });
    const { port } = running.httpServer.address() as AddressInfo;
    // The sandbox stand-ins are reached on this process's own address.
    const ownHost = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    services.setServerUrl(`http://${ownHost.includes(':') ? `[${ownHost}]` : ownHost}:${port}`);
    // The one scheduler: the prune (PRUNE_INTERVAL_MINUTES), reconciliation (PAYMENT_RECONCILE_INTERVAL_SECONDS)
    // and contact forwarding. Each instance ticks; one runs each job per period.
    services.jobs.start();
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      db,
      services,
      app: running.app,
      metricsUrl: metricsListener?.url,
      async stop() {
        const graceEnds = Date.now() + drainGraceMs;
        const reconciling = services.reconciler.stop();
        const jobs = services.jobs.stop();
        await Promise.all([running.stop(), metricsListener?.close()]);
        await Promise.all([reconciling, jobs]);
        services.contactForwarder?.stop();
        // The drain is over when the connections are; a request whose client gave up may still be running
        // its statements.
        await db.close({ settleUntil: graceEnds });
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}
