import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';

import { runCli } from '../../server/src/cli';
import { loadConfig } from '../../server/src/config';
import { createTestDatabase, describeOnPostgres } from '../support/database';
import { buildDevice, startTestServer, type TestServer } from '../support/server';
import { migrations } from '../../server/src/database';
import { startSmtpServer } from '../support/smtp';

/**
 * Run for a fleet: every table that grows with use is pruned (maintenance/pruning.ts), by a job that runs once
 * per period across every instance (maintenance/scheduled-jobs.ts).
 */

const DAY = "interval '1 day'";

describe('the prune', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const q = (sql: string, params: unknown[] = []) => server.db.dataSource.query(sql, params);
  const exists = async (table: string, where: string, params: unknown[]) =>
    ((await q(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)) as [{ n: number }])[0].n > 0;

  it('deletes what each growing table no longer needs and keeps the rest', async () => {
    // Rate-limit counters: one expired two days ago, one running.
    const oldKey = `test:${randomUUID()}`;
    const liveKey = `test:${randomUUID()}`;
    await q(`INSERT INTO rate_limits (key, points, expire) VALUES ($1, 1, $2), ($3, 1, $4)`, [
      oldKey,
      Date.now() - 2 * 86_400_000,
      liveKey,
      Date.now() + 60_000,
    ]);
    // Captchas and sessions past their expiry, and live ones.
    const [oldCaptcha, liveCaptcha] = [randomUUID(), randomUUID()];
    await q(
      `INSERT INTO captcha_challenges (id, answer_hash, expires_at)
       VALUES ($1, repeat('a', 64), now() - 2 * ${DAY}), ($2, repeat('a', 64), now() + ${DAY})`,
      [oldCaptcha, liveCaptcha],
    );
    const [oldSid, liveSid] = [randomUUID(), randomUUID()];
    await q(
      `INSERT INTO sessions (sid, sess, expire) VALUES ($1, '{}', now() - 2 * ${DAY}), ($2, '{}', now() + ${DAY})`,
      [oldSid, liveSid],
    );

    // A device in use: its tokens signed out 40 days ago, today, unused for 130 days, and the one it uses.
    const used = await buildDevice(server);
    const tokenIds = async () =>
      (
        (await q(`SELECT id FROM device_tokens WHERE device_id = $1 ORDER BY created_at`, [used.device.id])) as {
          id: string;
        }[]
      ).map((row) => row.id);
    const [liveToken] = await tokenIds();
    const dead = [];
    for (const age of ['revoked-40', 'revoked-0', 'idle-130']) {
      const issued = await server.services.tokens.issue(used.device.id, { model: age, appVersion: null });
      dead.push(issued.id);
    }
    await q(`UPDATE device_tokens SET revoked_at = now() - 40 * ${DAY} WHERE id = $1`, [dead[0]]);
    await q(`UPDATE device_tokens SET revoked_at = now() WHERE id = $1`, [dead[1]]);
    await q(`UPDATE device_tokens SET last_used_at = now() - 130 * ${DAY} WHERE id = $1`, [dead[2]]);

    // Link codes: one expired two days ago, one pending.
    const asked = async () => {
      const res = await server.client().gql(`mutation($i: RequestTvLinkInput!) { requestTvLink(input: $i) { code } }`, {
        i: { macAddress: used.device.macAddress },
      });
      return (res.json.data.requestTvLink.code as string).replace('-', '');
    };
    const [oldCode, liveCode] = [await asked(), await asked()];
    await q(`UPDATE tv_links SET expires_at = now() - 2 * ${DAY} WHERE code = $1`, [oldCode]);

    // The payment trail: a refused delivery 40 days old and a fresh one; a checkout's events 800 and 100 days old.
    const marker = randomUUID();
    await q(
      `INSERT INTO payment_events (provider, kind, outcome, payload, created_at) VALUES
         ('crypto', 'webhook', 'refused-signature', $1, now() - 40 * ${DAY}),
         ('crypto', 'webhook', 'refused-signature', $2, now())`,
      [JSON.stringify({ marker, age: 40 }), JSON.stringify({ marker, age: 0 })],
    );
    const [checkoutDevice] = [await buildDevice(server)];
    const unpaidOld = randomUUID();
    const unpaidNew = randomUUID();
    const paidOld = randomUUID();
    for (const [id, status, age] of [
      [unpaidOld, 'failed', 400],
      [unpaidNew, 'pending', 1],
      [paidOld, 'paid', 400],
    ] as const) {
      await q(
        `INSERT INTO activations (id, device_id, mac_address, method, status, amount_minor, currency, licence_days,
                                  created_at)
         VALUES ($1, $2, $3, 'crypto', $4, 899, 'EUR', 365, now() - $5 * ${DAY})`,
        [id, checkoutDevice.device.id, checkoutDevice.device.macAddress, status, age],
      );
    }
    await q(
      `INSERT INTO payments (activation_id, device_id, provider, provider_reference, amount_minor, currency)
       VALUES ($1, $2, 'crypto', $3, 899, 'EUR')`,
      [paidOld, checkoutDevice.device.id, `tx-${paidOld}`],
    );
    await q(
      `INSERT INTO payment_events (provider, kind, activation_id, device_id, outcome, created_at) VALUES
         ('crypto', 'webhook', $1, $2, 'activated', now() - 800 * ${DAY}),
         ('crypto', 'webhook', $1, $2, 'refunded', now() - 100 * ${DAY})`,
      [paidOld, checkoutDevice.device.id],
    );
    const [oldEvent, liveEvent] = [`ev-${randomUUID()}`, `ev-${randomUUID()}`];
    await q(
      `INSERT INTO processed_payment_events (provider, event_id, processed_at)
       VALUES ('crypto', $1, now() - 200 * ${DAY}), ('crypto', $2, now() - 10 * ${DAY})`,
      [oldEvent, liveEvent],
    );

    // Contact messages: forwarded two and a half years ago, fresh, and one never forwarded (still owed).
    const messages = [randomUUID(), randomUUID(), randomUUID()];
    await q(
      `INSERT INTO contact_messages (id, name, email, subject, message, created_at, forwarded_at) VALUES
         ($1, 'A', 'a@example.com', 'S', 'M', now() - 900 * ${DAY}, now() - 900 * ${DAY}),
         ($2, 'B', 'b@example.com', 'S', 'M', now(), now()),
         ($3, 'C', 'c@example.com', 'S', 'M', now() - 900 * ${DAY}, NULL)`,
      messages,
    );

    // Trial devices: one nobody used for 400 days (with a playlist), one as old whose TV still reads daily, one
    // as old with a checkout, and one with a licence.
    const abandoned = await buildDevice(server);
    const stillUsed = await buildDevice(server);
    const licensed = await buildDevice(server);
    await q(
      `INSERT INTO playlists (device_id, name, type, url) VALUES ($1, 'Old list', 'general', 'http://example.com/a.m3u')`,
      [abandoned.device.id],
    );
    for (const d of [abandoned, stillUsed, licensed, checkoutDevice]) {
      await q(`UPDATE devices SET created_at = now() - 400 * ${DAY}, updated_at = now() - 400 * ${DAY} WHERE id = $1`, [
        d.device.id,
      ]);
      await q(
        `UPDATE device_tokens SET last_used_at = now() - 400 * ${DAY}, signed_in_at = now() - 400 * ${DAY}
                WHERE device_id = $1`,
        [d.device.id],
      );
    }
    await q(`UPDATE device_tokens SET last_used_at = now() WHERE device_id = $1`, [stillUsed.device.id]);
    await q(`UPDATE devices SET licence_expires_at = now() + 30 * ${DAY} WHERE id = $1`, [licensed.device.id]);

    const result = await server.services.jobs.runNow('prune');
    expect(result).toMatchObject({
      rateLimits: expect.any(Number),
      abandonedDevices: expect.any(Number),
    });

    expect(await exists('rate_limits', 'key = $1', [oldKey])).toBe(false);
    expect(await exists('rate_limits', 'key = $1', [liveKey])).toBe(true);
    expect(await exists('captcha_challenges', 'id = $1', [oldCaptcha])).toBe(false);
    expect(await exists('captcha_challenges', 'id = $1', [liveCaptcha])).toBe(true);
    expect(await exists('sessions', 'sid = $1', [oldSid])).toBe(false);
    expect(await exists('sessions', 'sid = $1', [liveSid])).toBe(true);
    expect(await tokenIds()).toEqual([liveToken, dead[1]]);
    expect(await exists('tv_links', 'code = $1', [oldCode])).toBe(false);
    expect(await exists('tv_links', 'code = $1', [liveCode])).toBe(true);
    const refused = (await q(`SELECT payload->>'age' AS age FROM payment_events WHERE payload->>'marker' = $1`, [
      marker,
    ])) as { age: string }[];
    expect(refused.map((row) => row.age)).toEqual(['0']);
    const trail = (await q(`SELECT outcome FROM payment_events WHERE activation_id = $1 ORDER BY id`, [paidOld])) as {
      outcome: string;
    }[];
    expect(trail.map((row) => row.outcome)).toEqual(['refunded']);
    expect(await exists('processed_payment_events', 'event_id = $1', [oldEvent])).toBe(false);
    expect(await exists('processed_payment_events', 'event_id = $1', [liveEvent])).toBe(true);
    expect(await exists('activations', 'id = $1', [unpaidOld])).toBe(false);
    expect(await exists('activations', 'id = $1', [unpaidNew])).toBe(true);
    expect(await exists('activations', 'id = $1', [paidOld])).toBe(true);
    expect(await exists('contact_messages', 'id = $1', [messages[0]])).toBe(false);
    expect(await exists('contact_messages', 'id = $1', [messages[1]])).toBe(true);
    expect(await exists('contact_messages', 'id = $1', [messages[2]])).toBe(true);
    expect(await exists('devices', 'id = $1', [abandoned.device.id])).toBe(false);
    expect(await exists('playlists', 'device_id = $1', [abandoned.device.id])).toBe(false);
    for (const kept of [stillUsed, licensed, checkoutDevice, used]) {
      expect(await exists('devices', 'id = $1', [kept.device.id])).toBe(true);
    }
    // The support tool shows the run.
    const [state] = (await server.services.jobs.states()).filter((job) => job.name === 'prune');
    expect(state).toMatchObject({ lastOk: true, failures: 0 });
    expect(state?.lastResult?.abandonedDevices).toBeGreaterThanOrEqual(1);
  });
});

describeOnPostgres('scheduled work on two instances', () => {
  it('runs the prune once per period, whichever instance ticks first', async () => {
    const database = await createTestDatabase();
    // Both start with the prune every hour: each ticks at start, one of them runs it.
    const env = { PRUNE_INTERVAL_MINUTES: '60' };
    const [a, b] = await Promise.all([
      startTestServer(env, { databaseUrl: database.url! }),
      startTestServer(env, { databaseUrl: database.url! }),
    ]);
    try {
      const runs = async () =>
        ((await a.db.dataSource.query(`SELECT runs FROM scheduled_jobs WHERE name = 'prune'`)) as { runs: number }[])[0]
          ?.runs ?? 0;
      for (let i = 0; i < 100 && (await runs()) === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
      // From here the test ticks by hand: the instances' own timers stop, and their start-up runs (a claim that lost
      // included) are waited for, so a tick still under way on a busy machine cannot take a period from the test.
      await Promise.all([a.services.jobs.stop(), b.services.jobs.stop()]);
      // Both tick again, many times, at once: the period has not passed, nobody runs it.
      const again = await Promise.all([
        ...Array.from({ length: 5 }, () => a.services.jobs.runDue()),
        ...Array.from({ length: 5 }, () => b.services.jobs.runDue()),
      ]);
      expect(again.flat()).toEqual([]);
      expect(await runs()).toBe(1);

      // The period passes (the row says it started an hour ago): of ten ticks at once, exactly one runs it.
      await a.db.dataSource.query(
        `UPDATE scheduled_jobs SET last_started_at = now() - interval '61 minutes' WHERE name = 'prune'`,
      );
      const next = await Promise.all([
        ...Array.from({ length: 5 }, () => a.services.jobs.runDue()),
        ...Array.from({ length: 5 }, () => b.services.jobs.runDue()),
      ]);
      expect(next.flat()).toEqual(['prune']);
      expect(await runs()).toBe(2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
    }
  });
});

describeOnPostgres('one scheduler for every periodic job', () => {
  it('runs the prune, reconciliation and contact forwarding once per period on two instances; jobs lists them', async () => {
    const database = await createTestDatabase();
    const smtp = await startSmtpServer();
    const env = {
      PRUNE_INTERVAL_MINUTES: '60',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '3600',
      SMTP_URL: smtp.url,
    };
    const [a, b] = await Promise.all([
      startTestServer(env, { databaseUrl: database.url! }),
      startTestServer(env, { databaseUrl: database.url! }),
    ]);
    try {
      const runs = async () =>
        Object.fromEntries(
          (
            (await a.db.dataSource.query(`SELECT name, runs FROM scheduled_jobs ORDER BY name`)) as {
              name: string;
              runs: number;
            }[]
          ).map((row) => [row.name, row.runs]),
        );
      const every = { 'contact-forward': 1, prune: 1, reconcile: 1 };
      for (let i = 0; i < 100 && JSON.stringify(await runs()) !== JSON.stringify(every); i += 1) {
        await new Promise((r) => setTimeout(r, 50));
      }
      // Each instance ticked at start: each job ran once, on one of them.
      expect(await runs()).toEqual(every);
      // From here the test ticks by hand: the instances' own timers stop, and their start-up runs (a claim that lost
      // included) are waited for, so a tick still under way on a busy machine cannot take a period from the test.
      await Promise.all([a.services.jobs.stop(), b.services.jobs.stop()]);
      const tickTogether = async () =>
        (
          await Promise.all([
            ...Array.from({ length: 5 }, () => a.services.jobs.runDue()),
            ...Array.from({ length: 5 }, () => b.services.jobs.runDue()),
          ])
        )
          .flat()
          .sort();
      expect(await tickTogether()).toEqual([]);

      // Every period passes: of ten ticks at once, each job runs exactly once.
      await a.db.dataSource.query(`UPDATE scheduled_jobs SET last_started_at = now() - interval '2 hours'`);
      expect(await tickTogether()).toEqual(['contact-forward', 'prune', 'reconcile']);
      expect(await runs()).toEqual({ 'contact-forward': 2, prune: 2, reconcile: 2 });

      // The support tool lists each with its last run, its outcome and its next run.
      const lines: string[] = [];
      const code = await runCli(
        ['jobs'],
        (line) => lines.push(line),
        loadConfig({ ...env, DATABASE_URL: database.url!, LOG_LEVEL: 'silent' }),
      );
      expect(code).toBe(0);
      expect(lines[0]).toMatch(/^Job\s+Last run\s+Outcome\s+Next run\s+Runs\s+Failures\s+Last result$/);
      const date = '\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC';
      for (const [job, result] of [
        ['contact-forward', 'forwarded 0'],
        ['prune', 'rateLimits \\d+'],
        ['reconcile', 'asked 0'],
      ]) {
        expect(lines.join('\n')).toMatch(
          new RegExp(`^${job}\\s+${date}\\s+ok\\s+${date}\\s+2\\s+0\\s+.*${result}`, 'm'),
        );
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await smtp.stop();
      await database.drop();
    }
  });
});

describeOnPostgres('migrations as a deploy step of their own', () => {
  it('a server started with MIGRATE_ON_START=false refuses pending migrations; npm run migrate applies them', async () => {
    const database = await createTestDatabase();
    try {
      // A database one release behind: its last migration undone.
      const first = await startTestServer({}, { databaseUrl: database.url! });
      await first.db.dataSource.undoLastMigration({ transaction: 'each' });
      await first.stop();

      // The newest migration, whichever it is.
      const last = migrations[migrations.length - 1]!.name;
      await expect(startTestServer({ MIGRATE_ON_START: 'false' }, { databaseUrl: database.url! })).rejects.toThrow(
        `The database needs 1 migration (${last}): run \`npm run migrate\`, then start the server`,
      );

      const migrate = () =>
        new Promise<{ code: number | null; out: string }>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/migrate.ts'], {
            env: { ...process.env, DATABASE_URL: database.url!, LOG_LEVEL: 'silent', NODE_OPTIONS: '' },
          });
          let out = '';
          child.stdout.on('data', (chunk) => (out += chunk));
          child.stderr.on('data', (chunk) => (out += chunk));
          child.on('close', (code) => resolve({ code, out }));
        });
      const applied = await migrate();
      expect(applied.code).toBe(0);
      expect(applied.out).toMatch(new RegExp(`^Migrated \\(\\d+\\.\\d s\\):\n {2}${last}\n$`));
      expect((await migrate()).out).toMatch(/^The database is up to date \(\d+\.\d s\)\.\n$/);

      const started = await startTestServer({ MIGRATE_ON_START: 'false' }, { databaseUrl: database.url! });
      await started.stop();
    } finally {
      await database.drop();
    }
  });

  it('a fresh database is migrated at start even with MIGRATE_ON_START=false', async () => {
    const database = await createTestDatabase({ empty: true });
    try {
      const server = await startTestServer({ MIGRATE_ON_START: 'false' }, { databaseUrl: database.url! });
      expect(await server.db.dataSource.showMigrations()).toBe(false);
      await server.stop();
    } finally {
      await database.drop();
    }
  });
});
