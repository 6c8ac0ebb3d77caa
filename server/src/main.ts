import { ConfigError, loadConfig } from './config';
import { MigrationsPendingError } from './db/database';
import { DataDirLockedError } from './db/embedded';
import { createLogger } from './logger';
import { startServer } from './server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee docs/configuration.md for every setting.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const started = Date.now();
  let server;
  try {
    server = await startServer(config, logger);
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof MigrationsPendingError) {
      logger.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Started by `npm start` (scripts/start.sh): how long from the command to ready, install and build included.
  const npmStartAt = Number(process.env.NPM_START_AT);
  const readyAfterMs = Number.isFinite(npmStartAt) && npmStartAt > 0 ? Date.now() - npmStartAt : undefined;
  logger.info(
    { port: server.port, database: server.db.kind, startupMs: Date.now() - started, readyAfterMs },
    `listening on http://localhost:${server.port} (GraphQL at /graphql)` +
      (readyAfterMs === undefined ? '' : `; ready ${(readyAfterMs / 1000).toFixed(1)} s after npm start`),
  );
  if (server.metricsUrl) logger.info({ metrics: server.metricsUrl }, `metrics at ${server.metricsUrl}/metrics`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server
      .stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`The server could not start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
