// The portal's traffic under load (npm run bench:load): many signed-in devices, each connection repeating what a
// person does on the playlists page (device check, list, save, list, delete, list), through GraphQL, through the
// REST adapters, and through a baseline (minimal Express routes doing the same database work in the same
// process, tests/bench/baseline.mjs). Prints requests/s, p50/p99, errors, server memory and the ratios
// to the baseline, on the embedded engine and on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL), and the CPU
// time each request cost the server, PostgreSQL's processes (when they run on this machine) and the load
// generator: all three share the machine's cores.
//
// Targets: no errors; p99 under 100 ms at 50 concurrent clients on PostgreSQL (the graph at about 0.65-0.75 of the
// baseline's throughput is expected). Only errors fail the run (exit code 1): timings are printed, never
// asserted, because they depend on the machine.
//
// Settings: BENCH_CONNECTIONS (50), BENCH_DEVICES (200), BENCH_PLAYLISTS (20 per device), BENCH_SECONDS (5 per
// slice), BENCH_REPEATS (3): the transports take turns, slice by slice, and each is reported by its median slice,
// so a machine that slows down for a while (another process, a checkpoint) weighs on all three alike.
// Then a TV fleet's start-up (tv-start.mjs): BENCH_TVS TVs (200; 10 short) asking TvStart by id, in full and as 304s.
// BENCH_SHORT=1 is the CI form: 10 connections, 20 devices, one 2-second slice each. BENCH_REPORT=file writes
// the rows as JSON (tests/run.mjs reads it: a transport with errors fails the suite).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { portalOperations } from '../support/operations.cjs';
import { cpuMicros, signInOwner, startSeeder, startServer, statCpuMicros } from './server.mjs';
import { tvStartup } from './tv-start.mjs';

const short = process.env.BENCH_SHORT === '1';
const setting = (name, full, brief) => Number(process.env[name] ?? (short ? brief : full));
const CONNECTIONS = setting('BENCH_CONNECTIONS', 50, 10);
const DEVICES = Math.max(setting('BENCH_DEVICES', 200, 20), CONNECTIONS);
const PLAYLISTS = setting('BENCH_PLAYLISTS', 20, 20);
const SECONDS = setting('BENCH_SECONDS', 5, 2);
const REPEATS = setting('BENCH_REPEATS', 3, 1);
const WARMUP = setting('BENCH_WARMUP', 10, 2);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const TRANSPORTS = (process.env.BENCH_TRANSPORTS ?? 'baseline,GraphQL,REST').split(',');
/** The portal's address, as browsers send it in Origin. */
const ORIGIN = 'https://portal.bench.example';

/** Numbers the playlists the load saves: unique across runs, so a round cut short by the clock leaves no clash. */
let seq = 0;

/** Each simulated person comes from an address of their own, through the proxy (TRUST_PROXY=loopback). */
const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function randomMac() {
  const bytes = [2, ...Array.from({ length: 5 }, () => Math.floor(Math.random() * 256))];
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

async function json(res, what) {
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok || !body || body.errors || body.status === 'error')
    throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return body;
}

/** Registers a device as its TV would, signs in to the portal with MAC, key and captcha, then adds playlists. */
async function signedInDevice(base, n) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': addressOf(n) };
  const graph = (query, variables, extra = {}) =>
    fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { ...headers, ...extra },
      body: JSON.stringify({ query, variables }),
    }).then((res) => json(res, 'seeding'));
  const mac = randomMac();
  const { data } = await graph(
    'mutation($i: RegisterDeviceInput!) { registerDevice(input: $i) { deviceKey deviceToken } }',
    { i: { macAddress: mac } },
  );
  const cookie = await signInOwner(base, mac, data.registerDevice.deviceKey, {
    'x-forwarded-for': addressOf(n),
    origin: ORIGIN,
  });
  // Playlists are the owner's to add (a TV's token may only read them).
  for (let p = 0; p < PLAYLISTS; p += 1) {
    await graph(
      'mutation($i: PlaylistInput!) { createPlaylist(input: $i) { playlist { id } } }',
      {
        i: {
          name: `Seeded ${p}`,
          type: 'GENERAL',
          url: `https://provider.example.com/get.php?username=u${n}&password=p&type=m3u_plus&n=${p}`,
        },
      },
      { cookie },
    );
  }
  return { cookie, address: addressOf(n) };
}

/**
 * One transport's version of the playlists page, as autocannon requests: each connection takes the next device
 * at the start of a round, so every device is used and no two connections share one.
 */
function round(transport, devices, operations) {
  let next = 0;
  const headers = (context, extra = {}) => ({
    cookie: context.device.cookie,
    'x-forwarded-for': context.device.address,
    origin: ORIGIN,
    ...extra,
  });
  const graph = (operationName, variables) => ({
    method: 'POST',
    path: '/graphql',
    setupRequest: (request, context) => ({
      ...request,
      headers: headers(context, { 'content-type': 'application/json' }),
      body: JSON.stringify({ operationName, query: operations[operationName], variables: variables?.(context) }),
    }),
  });
  const start = (request) => ({
    ...request,
    setupRequest: (req, context) => {
      context.device = devices[next++ % devices.length];
      context.name = `Load ${process.pid}-${(seq += 1)}`;
      return request.setupRequest(req, context);
    },
  });
  const get = (p) => ({
    method: 'GET',
    path: p,
    setupRequest: (request, context) => ({ ...request, headers: headers(context) }),
  });
  const url = 'https://provider.example.com/get.php?username=load&password=p&type=m3u_plus';
  if (transport === 'GraphQL') {
    const list = graph('Playlists');
    return [
      start(graph('CurrentDevice')),
      list,
      {
        ...graph('CreatePlaylist', (c) => ({ input: { name: c.name, type: 'GENERAL', url } })),
        onResponse: (status, body, context) => {
          context.id = JSON.parse(body).data?.createPlaylist.playlist.id;
        },
      },
      list,
      graph('DeletePlaylist', (c) => ({ input: { id: c.id } })),
      list,
    ];
  }
  const prefix = transport === 'REST' ? '/frontend/device' : '/bench/baseline';
  const list = get(`${prefix}/playlists`);
  const save =
    transport === 'REST'
      ? {
          method: 'POST',
          path: `${prefix}/savePlaylist`,
          setupRequest: (request, c) => ({
            ...request,
            headers: headers(c, { 'content-type': 'application/json' }),
            body: JSON.stringify({ playlist_name: c.name, playlist_type: 'general', playlist_url: url }),
          }),
          onResponse: (status, body, context) => {
            context.id = JSON.parse(body).playlist?._id;
          },
        }
      : {
          method: 'POST',
          path: `${prefix}/playlists`,
          setupRequest: (request, c) => ({
            ...request,
            headers: headers(c, { 'content-type': 'application/json' }),
            body: JSON.stringify({ name: c.name, url }),
          }),
          onResponse: (status, body, context) => {
            context.id = JSON.parse(body).playlist?.id;
          },
        };
  const remove = {
    method: 'DELETE',
    setupRequest: (request, c) => ({
      ...request,
      path: transport === 'REST' ? `${prefix}/deletePlayListUrl/${c.id}` : `${prefix}/playlists/${c.id}`,
      headers: headers(c),
    }),
  };
  return [start(get(transport === 'REST' ? '/frontend/device' : `${prefix}/device`)), list, save, list, remove, list];
}

/** Resident memory of the server process, in MB (Linux). */
function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU time used so far by this machine's PostgreSQL processes (backends, WAL writer, checkpointer...), in µs;
 * NaN when none runs here (a remote server). A process that ends between two readings takes its time with it;
 * the pool keeps its connections open, so only short-lived ones (an autovacuum worker) are missed.
 */
function databaseCpuMicros() {
  let total = 0;
  let found = false;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!stat.includes(' (postgres) ')) continue;
    total += statCpuMicros(stat);
    found = true;
  }
  return found ? total : NaN;
}

/** This process's CPU time so far, in µs: the load generator's. */
function generatorCpuMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

function withChecks(requests, check) {
  return requests.map((request) => ({
    ...request,
    onResponse: (status, body, context, headers) => {
      check(status, body);
      if (status === 200) request.onResponse?.(status, body, context, headers);
    },
  }));
}

async function measure(server, transport, devices, operations, seconds) {
  let errors = 0;
  const firstErrors = [];
  const check = (status, body) => {
    if (status !== 200 || body.includes('"errors"') || body.includes('"status":"error"')) {
      errors += 1;
      if (firstErrors.length < 3) firstErrors.push(`${status} ${body.slice(0, 200)}`);
    }
  };
  // Read before autocannon starts its clock: the scan of /proc takes milliseconds, and the window then holds all
  // of the slice's work, the generator's setting up included.
  const cpuBefore = cpuMicros(server.pid);
  const databaseBefore = databaseCpuMicros();
  const generatorBefore = generatorCpuMicros();
  const instance = autocannon({
    url: transport === 'baseline' ? server.baselineBase : server.base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: withChecks(round(transport, devices, operations), check),
  });
  instance.on('reqError', () => {
    errors += 1;
  });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 250);
  const result = await instance;
  clearInterval(sampler);
  const cpu = cpuMicros(server.pid) - cpuBefore;
  const databaseCpu = databaseCpuMicros() - databaseBefore;
  const generatorCpu = generatorCpuMicros() - generatorBefore;
  errors += result.timeouts + result.errors;
  return {
    transport,
    rps: result.requests.total / (result.duration || seconds),
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    firstErrors,
    peak: Math.max(peak, rssMb(server.pid)),
    cpuPerRequest: cpu / result.requests.total,
    databaseCpuPerRequest: databaseCpu / result.requests.total,
    generatorCpuPerRequest: generatorCpu / result.requests.total,
  };
}

async function run(label, env) {
  console.log(
    `\n${label}: ${DEVICES} devices with ${PLAYLISTS} playlists each, ${CONNECTIONS} connections, ${REPEATS} × ${SECONDS} s per transport`,
  );
  // The devices are registered and signed in on a server in test mode, the one mode with a fixed captcha
  // answer (a benchmark cannot read captchas); the load then runs on a production-mode server on the same
  // database, where those sessions hold as they would on another instance.
  const databaseHost = env.DATABASE_URL ? new URL(env.DATABASE_URL).hostname : undefined;
  const localDatabase = ['127.0.0.1', 'localhost', '[::1]'].includes(databaseHost);
  const shared = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'm3u-load-')),
    TRUST_PROXY: 'loopback',
    ALLOWED_ORIGINS: ORIGIN,
    REGISTER_MAX_PER_IP_PER_HOUR: '100000',
    ...env,
  };
  const seeder = await startSeeder(shared);
  const started = performance.now();
  const devices = [];
  try {
    for (let n = 0; n < DEVICES; n += 8) {
      const batch = Array.from({ length: Math.min(8, DEVICES - n) }, (_, i) => signedInDevice(seeder.base, n + i + 1));
      devices.push(...(await Promise.all(batch)));
    }
  } finally {
    await seeder.stop();
  }
  console.log(
    `  seeded and signed in ${DEVICES} devices (${DEVICES * PLAYLISTS} playlists) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await startServer(shared, { baseline: TRANSPORTS.includes('baseline') });
  const operations = Object.fromEntries(portalOperations().map((o) => [o.name, o.query]));
  try {
    console.log(`  production-mode server started: RSS ${rssMb(server.pid).toFixed(0)} MB`);
    // Warm-up, not counted: V8 optimises the code of each path, the pool fills, caches take their working set. The
    // graph has the most code to optimise; it gets faster for tens of seconds (measured: 640 → 1,000 req/s
    // over six 4 s slices after a 1 s warm-up), and a production server runs for days.
    for (const transport of TRANSPORTS) await measure(server, transport, devices, operations, WARMUP);
    const slices = new Map(TRANSPORTS.map((t) => [t, []]));
    for (let r = 0; r < REPEATS; r += 1) {
      for (const transport of TRANSPORTS) {
        const slice = await measure(server, transport, devices, operations, SECONDS);
        slices.get(transport).push(slice);
        if (process.env.BENCH_SLICES === '1')
          console.log(
            `    slice ${r + 1} ${transport.padEnd(9)} ${slice.rps.toFixed(0).padStart(6)} req/s  ${slice.cpuPerRequest.toFixed(0).padStart(5)} µs CPU/req  p99 ${slice.p99} ms` +
              (localDatabase ? `  database ${slice.databaseCpuPerRequest.toFixed(0)} µs/req` : '') +
              `  generator ${slice.generatorCpuPerRequest.toFixed(0)} µs/req`,
          );
      }
    }
    const rows = TRANSPORTS.map((transport) => {
      const runs = slices.get(transport).sort((a, b) => a.rps - b.rps);
      const median = runs[Math.floor(runs.length / 2)];
      const medianOf = (key) => runs.map((x) => x[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
      return {
        ...median,
        database: label,
        total: runs.reduce((n, x) => n + x.total, 0),
        errors: runs.reduce((n, x) => n + x.errors, 0),
        firstErrors: runs.flatMap((x) => x.firstErrors).slice(0, 3),
        peak: Math.max(...runs.map((x) => x.peak)),
        // The server's CPU per request, all its threads (V8 collects garbage and compiles beside the main one).
        cpuPerRequest: medianOf('cpuPerRequest'),
        // What else the same machine spent per request: PostgreSQL's processes, when they run here (the embedded
        // engine runs inside the server, in its figure), and the load generator.
        databaseCpuPerRequest: localDatabase ? medianOf('databaseCpuPerRequest') : NaN,
        generatorCpuPerRequest: medianOf('generatorCpuPerRequest'),
      };
    });
    const baseline = rows[0].rps;
    const baselineCpu = rows[0].cpuPerRequest;
    const f = (v, w = 6) => v.toFixed(1).padStart(w);
    const micros = (v) => (Number.isFinite(v) ? v.toFixed(0) : '-');
    console.log(
      `  ${'transport'.padEnd(9)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)}   p50 ms  p99 ms  errors  RSS peak  vs baseline  CPU µs/req  vs baseline  database µs/req  generator µs/req  (medians of slices)`,
    );
    for (const r of rows)
      console.log(
        `  ${r.transport.padEnd(9)} ${String(r.total).padStart(8)} ${r.rps.toFixed(0).padStart(7)}  ${f(r.p50, 7)} ${f(r.p99, 7)} ${String(r.errors).padStart(7)}  ${r.peak.toFixed(0).padStart(5)} MB  ${(r.rps / baseline).toFixed(2).padStart(6)}×  ${r.cpuPerRequest.toFixed(0).padStart(13)}  ${(baselineCpu / r.cpuPerRequest).toFixed(2).padStart(10)}×  ${micros(r.databaseCpuPerRequest).padStart(15)}  ${micros(r.generatorCpuPerRequest).padStart(16)}`,
      );
    for (const r of rows) for (const e of r.firstErrors) console.log(`  ${r.transport} error: ${e}`);
    return rows.map((r) => ({ ...r, ratio: r.rps / baseline, cpuRatio: baselineCpu / r.cpuPerRequest }));
  } finally {
    await server.stop();
  }
}

/** A database of its own on the PostgreSQL server, dropped afterwards. */
async function withDatabase(url, work) {
  const name = `bench_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const own = new URL(url);
    own.pathname = `/${name}`;
    return await work(own.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const results = [];
const fleet = {
  tvs: setting('BENCH_TVS', 200, 10),
  playlists: PLAYLISTS,
  connections: CONNECTIONS,
  seconds: SECONDS * REPEATS,
};
const tvRows = (rows) => rows.map((r) => ({ ...r, total: r.requests, peak: null, firstErrors: [] }));
if (process.env.BENCH_EMBEDDED !== '0') {
  results.push(...(await run('embedded engine', {})));
  results.push(...tvRows(await tvStartup('embedded engine', {}, fleet)));
}
if (pgUrl) {
  results.push(...(await withDatabase(pgUrl, (url) => run('PostgreSQL', { DATABASE_URL: url }))));
  results.push(...tvRows(await withDatabase(pgUrl, (url) => tvStartup('PostgreSQL', { DATABASE_URL: url }, fleet))));
} else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
const errors = results.reduce((n, r) => n + r.errors, 0);
if (process.env.BENCH_REPORT) {
  mkdirSync(path.dirname(process.env.BENCH_REPORT), { recursive: true });
  const keep = ({
    database,
    transport,
    total,
    rps,
    p50,
    p99,
    errors: e,
    peak,
    ratio,
    cpuPerRequest,
    cpuRatio,
    databaseCpuPerRequest,
    generatorCpuPerRequest,
    firstErrors,
  }) => ({
    database,
    transport,
    requests: total,
    rps,
    p50,
    p99,
    errors: e,
    rssPeakMb: peak,
    ratio,
    cpuMicrosPerRequest: cpuPerRequest,
    cpuRatio,
    databaseCpuMicrosPerRequest: Number.isFinite(databaseCpuPerRequest) ? databaseCpuPerRequest : null,
    generatorCpuMicrosPerRequest: generatorCpuPerRequest,
    firstErrors,
  });
  writeFileSync(process.env.BENCH_REPORT, JSON.stringify(results.map(keep), null, 2));
}
console.log(`\nload: ${results.reduce((n, r) => n + r.total, 0)} requests, ${errors} errors`);
process.exit(errors === 0 ? 0 : 1);
