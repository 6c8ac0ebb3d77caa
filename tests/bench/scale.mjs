// A fleet at scale (npm run bench:scale): seeds a PostgreSQL database with BENCH_DEVICES devices (default
// 1,000,000) and their playlists, TV tokens, checkouts, payments, rate-limit counters and provider events by SQL,
// then prints, beside the same on an empty database: the plan and time of each hot statement the code makes (every
// one should be an index lookup), and what a TV's start-up and an owner's sign-in take through the built server.
// Needs BENCH_DATABASE_URL or DATABASE_URL (a PostgreSQL server where it may create and drop databases) and a
// build (npm run build:server runs first). Prints figures with the date and machine; asserts nothing.
import { createHash, randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { gql, signInOwner, startSeeder, startServer, SEED_CAPTCHA } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('bench:scale needs BENCH_DATABASE_URL or DATABASE_URL (a PostgreSQL server).');
  process.exit(0);
}
const DEVICES = Number(process.env.BENCH_DEVICES ?? 1_000_000);
const RUNS = 25;
const START = readFileSync(path.join(root, 'schema/operations/TvStart.graphql'), 'utf8').trim();
const START_PATH = `/graphql?${new URLSearchParams({
  operationName: 'TvStart',
  extensions: JSON.stringify({
    persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(START).digest('hex') },
  }),
})}`;

function urlOf(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p90: at(0.9), p99: at(0.99), min: sorted[0], max: sorted.at(-1) };
};
const ms = (value) => `${value < 1 ? value.toFixed(3) : value.toFixed(1)} ms`;

/** A fresh, migrated database with a few devices made through the API (known keys, tokens and playlists). */
async function prepare(name) {
  await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await onServer(`CREATE DATABASE "${name}"`);
  const env = { DATABASE_URL: urlOf(name), PRUNE_INTERVAL_MINUTES: '0', PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' };
  const seeder = await startSeeder(env);
  const known = [];
  for (let n = 0; n < 20; n += 1) {
    const mac = ['0e', ...Array.from({ length: 5 }, () => randomBytes(1).toString('hex'))].join(':');
    const headers = { 'x-forwarded-for': `10.8.0.${n + 1}` };
    const { registerDevice } = await gql(
      seeder.base,
      'mutation($i: RegisterDeviceInput!) { registerDevice(input: $i) { deviceKey deviceToken device { id } } }',
      { i: { macAddress: mac, model: 'Scale TV' } },
      headers,
    );
    const cookie = await signInOwner(seeder.base, mac, registerDevice.deviceKey, headers);
    for (let p = 0; p < 3; p += 1) {
      await gql(
        seeder.base,
        'mutation($i: PlaylistInput!) { createPlaylist(input: $i) { playlist { id } } }',
        { i: { name: `List ${p}`, type: 'GENERAL', url: `https://provider.example.com/get.php?u=${n}&p=${p}` } },
        { ...headers, cookie },
      );
    }
    known.push({ mac, key: registerDevice.deviceKey, token: registerDevice.deviceToken, id: registerDevice.device.id });
  }
  await seeder.stop();
  return { env, known };
}

/** The fleet, by SQL: devices, three playlists each, a token each, a quarter with a paid checkout, and the rest. */
async function seedFleet(db, devices) {
  const timed = async (label, sql) => {
    const started = performance.now();
    const result = await db.query(sql);
    console.log(`  ${label.padEnd(46)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
    return result;
  };
  const [{ hash }] = (await db.query(`SELECT device_key_hash AS hash FROM devices LIMIT 1`)).rows;
  const mac = `lpad(to_hex((i >> 32) & 255), 2, '0') || ':' || lpad(to_hex((i >> 24) & 255), 2, '0') || ':' ||
    lpad(to_hex((i >> 16) & 255), 2, '0') || ':' || lpad(to_hex((i >> 8) & 255), 2, '0') || ':' ||
    lpad(to_hex(i & 255), 2, '0')`;
  await timed(
    `${devices.toLocaleString('en')} devices`,
    `INSERT INTO devices (mac_address, device_key_hash, model, created_at, updated_at, playlist_count)
     SELECT '06:' || ${mac}, '${hash}', 'Fleet TV', now() - (i % 400) * interval '1 day',
            now() - (i % 400) * interval '1 day', 3
       FROM generate_series(1, ${devices}) AS i`,
  );
  await timed(
    `${(devices * 3).toLocaleString('en')} playlists`,
    `INSERT INTO playlists (device_id, name, type, url)
     SELECT d.id, 'List ' || n, 'general', 'https://provider.example.com/get.php?u=' || d.mac_address || '&p=' || n
       FROM devices d CROSS JOIN generate_series(1, 3) AS n WHERE d.model = 'Fleet TV'`,
  );
  await timed(
    `${devices.toLocaleString('en')} TV tokens`,
    `INSERT INTO device_tokens (device_id, token_hash, model, last_used_at)
     SELECT id, encode(sha256(convert_to(mac_address, 'UTF8')), 'hex'), 'Fleet TV', now() - (random() * 120) * interval '1 day'
       FROM devices WHERE model = 'Fleet TV'`,
  );
  await timed(
    `${Math.round(devices / 4).toLocaleString('en')} paid checkouts and payments`,
    `WITH paid AS (
       INSERT INTO activations (device_id, mac_address, method, status, amount_minor, currency, licence_days, paid_at)
       SELECT id, mac_address, 'crypto', 'paid', 899, 'EUR', 365, now()
         FROM devices WHERE model = 'Fleet TV' AND random() < 0.25 RETURNING id, device_id)
     INSERT INTO payments (activation_id, device_id, provider, provider_reference, amount_minor, currency)
     SELECT id, device_id, 'crypto', 'tx-' || id, 899, 'EUR' FROM paid`,
  );
  await timed(
    `${devices.toLocaleString('en')} rate-limit counters (half expired)`,
    `INSERT INTO rate_limits (key, points, expire)
     SELECT 'login_ip:10.' || (i >> 16 & 255) || '.' || (i >> 8 & 255) || '.' || (i & 255), 1,
            (extract(epoch FROM now()) * 1000)::bigint + (CASE WHEN i % 2 = 0 THEN -1 ELSE 1 END) * 86400000 * 2
       FROM generate_series(1, ${devices}) AS i`,
  );
  await timed(
    `${Math.round(devices / 2).toLocaleString('en')} provider events`,
    `INSERT INTO payment_events (provider, kind, event_id, activation_id, outcome, created_at)
     SELECT 'crypto', 'webhook', 'ev-' || id, id, 'activated', now() - (random() * 900) * interval '1 day'
       FROM activations
     UNION ALL
     SELECT 'paypal', 'webhook', 'forged-' || i, NULL, 'refused-signature', now() - (i % 60) * interval '1 day'
       FROM generate_series(1, ${Math.round(devices / 4)}) AS i`,
  );
  await timed(
    `${Math.round(devices / 10).toLocaleString('en')} portal sessions`,
    `INSERT INTO sessions (sid, sess, expire)
     SELECT 'fleet-' || id, json_build_object('deviceId', id), now() + interval '1 hour'
       FROM devices WHERE model = 'Fleet TV' AND random() < 0.1`,
  );
  await timed(
    `${Math.round(devices / 20).toLocaleString('en')} link codes`,
    `INSERT INTO tv_links (code, poll_handle_hash, mac_address, state, device_id, expires_at, interval_seconds)
     SELECT upper(substr(md5(id::text), 1, 8)), encode(sha256(convert_to(id::text, 'UTF8')), 'hex'), mac_address,
            'CONSUMED', id, now() - interval '1 hour', 5
       FROM devices WHERE model = 'Fleet TV' AND random() < 0.05
     ON CONFLICT DO NOTHING`,
  );
  await timed('ANALYZE', 'ANALYZE');
}

/** The statements the code makes on the hot paths, with a real row's values. */
function hotStatements(known, paidActivation) {
  const device = known[0];
  return [
    ['sign-in: the device by MAC', `SELECT id, device_key_hash FROM devices WHERE mac_address = $1`, [device.mac]],
    [
      'TV token check',
      `SELECT t.id, d.id FROM device_tokens t JOIN devices d ON d.id = t.device_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.last_used_at > now() - make_interval(days => 90)`,
      [createHash('sha256').update(device.token).digest('hex')],
    ],
    [
      'TV start-up: the playlists',
      `SELECT * FROM playlists WHERE device_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200`,
      [device.id],
    ],
    ['a device’s sessions (new key)', `SELECT sid FROM sessions WHERE sess ->> 'deviceId' = $1`, [device.id]],
    [
      'refund: the payment FOR UPDATE',
      `SELECT id FROM payments WHERE activation_id = $1 AND provider = 'crypto' ORDER BY created_at LIMIT 1 FOR UPDATE`,
      [paidActivation.id],
    ],
    [
      'Switch MAC: move the payments',
      `UPDATE payments SET device_id = device_id WHERE device_id = $1`,
      [paidActivation.device_id],
    ],
    [
      'Switch MAC: link codes of a device',
      `SELECT id FROM tv_links WHERE device_id = $1 OR requester_device_id = $1`,
      [device.id],
    ],
    [
      'prune: expired rate-limit counters',
      `SELECT ctid FROM rate_limits WHERE expire < (extract(epoch FROM now() - interval '1 day') * 1000)::bigint LIMIT 5000`,
      [],
    ],
    [
      'prune: dead TV tokens',
      `SELECT ctid FROM device_tokens WHERE (revoked_at IS NOT NULL AND revoked_at < now() - interval '30 days')
          OR last_used_at < now() - interval '120 days' LIMIT 5000`,
      [],
    ],
    [
      'prune: old refused deliveries',
      `SELECT ctid FROM payment_events WHERE activation_id IS NULL AND created_at < now() - interval '30 days' LIMIT 5000`,
      [],
    ],
  ];
}

/** Each statement's plan (its scan nodes) and execution time, `RUNS` times, in a transaction rolled back. */
async function explainAll(db, statements) {
  for (const [label, sql, params] of statements) {
    const times = [];
    let scans = '';
    for (let run = 0; run < RUNS; run += 1) {
      await db.query('BEGIN');
      try {
        const { rows } = await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
        const plan = rows[0]['QUERY PLAN'][0];
        times.push(plan['Execution Time']);
        if (!scans) {
          const nodes = [];
          const walk = (node) => {
            if (/Scan|Index/.test(node['Node Type']))
              nodes.push(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
            for (const child of node.Plans ?? []) walk(child);
          };
          walk(plan.Plan);
          scans = nodes.join(', ');
        }
      } finally {
        await db.query('ROLLBACK');
      }
    }
    const s = stats(times);
    console.log(`  ${label.padEnd(38)} ${ms(s.median).padStart(10)} (p90 ${ms(s.p90)})  ${scans}`);
  }
}

/** What a person waits: a TV's start-up (the persisted TvStart GET) and an owner's sign-in, through the server. */
async function latency(env, known) {
  const server = await startServer({ ...env, NODE_ENV: 'test', CAPTCHA_TEST_ANSWER: SEED_CAPTCHA });
  try {
    const starts = [];
    for (let n = 0; n < 200; n += 1) {
      const tv = known[n % known.length];
      const started = performance.now();
      const res = await fetch(`${server.base}${START_PATH}`, {
        headers: { authorization: `Bearer ${tv.token}`, 'apollo-require-preflight': 'true' },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`TV start answered ${res.status}`);
      starts.push(performance.now() - started);
    }
    const signIns = [];
    for (let n = 0; n < 20; n += 1) {
      const owner = known[n % known.length];
      const started = performance.now();
      await signInOwner(server.base, owner.mac, owner.key, { 'x-forwarded-for': `10.7.0.${n + 1}` });
      signIns.push(performance.now() - started);
    }
    return { start: stats(starts), signIn: stats(signIns) };
  } finally {
    await server.stop();
  }
}

console.log(
  `bench:scale  ${new Date().toISOString()}  ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
);
const results = {};
for (const [label, devices] of [
  ['empty', 0],
  [`${DEVICES.toLocaleString('en')} devices`, DEVICES],
]) {
  const name = `bench_scale_${devices}`;
  console.log(`\n${label}: preparing`);
  const { env, known } = await prepare(name);
  const db = new pg.Client({ connectionString: urlOf(name) });
  await db.connect();
  try {
    if (devices) await seedFleet(db, devices);
    else await db.query('ANALYZE');
    const [size] = (await db.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`)).rows;
    console.log(`  database size ${size.size}`);
    const [paid] = (
      await db.query(`SELECT id, device_id FROM activations WHERE status = 'paid' ORDER BY random() LIMIT 1`)
    ).rows;
    console.log('  hot statements (median of 25, EXPLAIN ANALYZE):');
    await explainAll(db, hotStatements(known, paid ?? { id: known[0].id, device_id: known[0].id }));
  } finally {
    await db.end();
  }
  results[label] = await latency(env, known);
  const r = results[label];
  console.log(
    `  TV start-up     median ${ms(r.start.median)}, p90 ${ms(r.start.p90)}, p99 ${ms(r.start.p99)} (200 requests)`,
  );
  console.log(
    `  owner sign-in   median ${ms(r.signIn.median)}, p90 ${ms(r.signIn.p90)} (20 sign-ins, scrypt included)`,
  );
  if (!process.env.BENCH_KEEP) await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
