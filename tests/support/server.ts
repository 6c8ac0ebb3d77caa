import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { createLogger, type Logger } from '../../server/src/logger';
import { startServer, type RunningServer } from '../../server/src/server';
import { randomMacAddress } from '../../server/src/device/mac';
import { createTestDatabase, embeddedTemplateDump } from './database';
import { TestClient } from './http';

export const TEST_CAPTCHA = 'TEST7';
export const ALLOWED_ORIGIN = 'https://portal.example.com';

export interface TestServer extends RunningServer {
  client(): TestClient;
  dataDir: string;
}

/**
 * The real server on a free port, on a fresh database (PostgreSQL when DATABASE_URL is set, the embedded
 * engine otherwise), with every captcha's answer fixed to TEST_CAPTCHA.
 *
 * `options.databaseUrl`: use that PostgreSQL database instead of a fresh one (several servers on one database,
 * as instances behind a load balancer); it is left in place when the server stops, for its owner to drop.
 * `options.logger`: log there instead of nowhere (to read what the server logs).
 * An `env` value of undefined removes that setting, e.g. `{ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: undefined }`.
 */
export async function startTestServer(
  env: Record<string, string | undefined> = {},
  options: { databaseUrl?: string; logger?: Logger } = {},
): Promise<TestServer> {
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'm3u-test-'));
  // A stand-in for the built client, so the tests do not depend on a build.
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(clientDir);
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>test app</title></head><body><div id="root"></div></body></html>',
  );
  // And for the built TV app (dist/tv), served at /tv/ whether or not a build exists.
  const tvDir = path.join(dataDir, 'tv');
  mkdirSync(tvDir);
  writeFileSync(
    path.join(tvDir, 'index.html'),
    '<!doctype html><html><head><title>test TV app</title></head><body><div id="root"></div></body></html>',
  );
  const settings: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'integration-tests-session-secret-0123456789',
    CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
    ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    DB_POOL_SIZE: '4',
    // No prune at start-up under a test's feet: tests/integration/maintenance.test.ts runs it when it wants.
    PRUNE_INTERVAL_MINUTES: '0',
    // The suites post many forged deliveries from 127.0.0.1; the limit's own test sets it low.
    WEBHOOK_REFUSALS_PER_IP_PER_HOUR: '100000',
    // The check opens no channel of the tests' playlists unless a test asks for it: their channel addresses are
    // placeholders or public ones (tests/fixtures/README.md), never fetched. Stream tests set it (*streams*).
    PLAYLIST_CHECK_STREAM_SAMPLES: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  };
  const config = loadConfig(
    Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv,
  );
  const server = await startServer(config, options.logger ?? createLogger(config.logLevel), {
    inMemory: true,
    clientDir,
    tvDir,
    // Server rendering is exercised by the browser tests against the real build.
    ssrEntry: path.join(clientDir, 'no-renderer.mjs'),
    // The tests' fetch keeps idle connections for seconds, and a stop waits for its clients to close them
    // (server/src/http/drain.ts): the stops these tests make need not wait that long. The shutdown itself is
    // tested on the built server (faults.shutdown, load-balancer).
    drainGraceMs: 250,
    // On the embedded engine, start from the run's migrated database instead of an empty cluster.
    embeddedTemplate: database.url ? undefined : embeddedTemplateDump(),
  });
  return {
    ...server,
    dataDir,
    client: () => new TestClient(server.url),
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}

/** A registered device with its one-time secrets (factory). */
export async function buildDevice(server: RunningServer, overrides: { macAddress?: string; model?: string } = {}) {
  return server.services.devices.createDevice({
    macAddress: overrides.macAddress ?? randomMacAddress(),
    model: overrides.model ?? null,
  });
}

export async function count(server: RunningServer, table: string): Promise<number> {
  const [row] = await server.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`);
  return row.n as number;
}

/** A registered device and a client signed in to the portal as it (factory). */
export async function signedInDevice(server: TestServer, overrides: { macAddress?: string } = {}) {
  const registered = await buildDevice(server, overrides);
  const client = server.client();
  const token = await client.captcha();
  const res = await client.request('POST', '/frontend/device/login', {
    body: {
      mac_address: registered.device.macAddress,
      device_key: registered.deviceKey,
      captcha: TEST_CAPTCHA,
      token,
    },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return { ...registered, client };
}
