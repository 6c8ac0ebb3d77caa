// The product as dist/server/src/main.js runs it, with the load benchmark's yardstick (baseline.mjs) on a second
// port of the same process (BENCH_BASELINE_PORT), on the same database pool. SIGTERM stops both.
import { loadConfig } from '../../dist/server/src/config.js';
import { createLogger } from '../../dist/server/src/logger.js';
import { sessionCookieName } from '../../dist/server/src/auth/session.js';
import { startServer } from '../../dist/server/src/server.js';
import { baselineApp } from './baseline.mjs';

const config = loadConfig();
const server = await startServer(config, createLogger(config.logLevel));
const baseline = baselineApp({
  dataSource: server.db.dataSource,
  secret: config.sessionSecret,
  cookieName: sessionCookieName(config.servedOverHttps),
  maxPlaylistsPerDevice: config.playlistMaxPerDevice,
}).listen(Number(process.env.BENCH_BASELINE_PORT), '127.0.0.1');

process.once('SIGTERM', async () => {
  baseline.close();
  await server.stop();
  process.exit(0);
});
