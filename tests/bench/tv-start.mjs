// A TV fleet starting up (part of npm run bench:load): many TVs, each with its own token, each asking for its status
// and playlists as it starts, by the safelisted TvStart operation sent as a GET (schema/operations/TvStart.graphql).
// Measured twice: every answer in full (TVs that remember nothing), and every TV revalidating with the ETag it
// kept (If-None-Match), which the server answers 304 with no body while nothing changed: most starts.
// Prints req/s, p50/p99, errors and the server's CPU time per request for both; asserts nothing.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMicros, gql, signInOwner, startSeeder, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START = readFileSync(path.join(root, 'schema/operations/TvStart.graphql'), 'utf8').trim();
const START_ID = createHash('sha256').update(START).digest('hex');
const START_PATH = `/graphql?${new URLSearchParams({
  operationName: 'TvStart',
  extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: START_ID } }),
})}`;

async function seed(base, tvs, playlists) {
  const fleet = [];
  for (let n = 0; n < tvs; n += 1) {
    const mac = [
      '02',
      ...Array.from({ length: 5 }, () =>
        Math.floor(Math.random() * 256)
          .toString(16)
          .padStart(2, '0'),
      ),
    ].join(':');
    const headers = { 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` };
    const { registerDevice } = await gql(
      base,
      'mutation($i: RegisterDeviceInput!) { registerDevice(input: $i) { deviceKey deviceToken } }',
      { i: { macAddress: mac, model: 'Bench TV' } },
      headers,
    );
    const cookie = await signInOwner(base, mac, registerDevice.deviceKey, headers);
    for (let p = 0; p < playlists; p += 1) {
      await gql(
        base,
        'mutation($i: PlaylistInput!) { createPlaylist(input: $i) { playlist { id } } }',
        { i: { name: `List ${p}`, type: 'GENERAL', url: `https://provider.example.com/get.php?u=${n}&n=${p}` } },
        { ...headers, cookie },
      );
    }
    fleet.push({ token: registerDevice.deviceToken, etag: undefined });
  }
  return fleet;
}

async function measure(server, fleet, { revalidate, connections, seconds }) {
  let next = 0;
  const statuses = {};
  let errors = 0;
  const before = cpuMicros(server.pid);
  const result = await autocannon({
    url: server.base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        path: START_PATH,
        setupRequest: (request) => {
          const tv = fleet[next++ % fleet.length];
          const headers = { authorization: `Bearer ${tv.token}`, 'apollo-require-preflight': 'true' };
          if (revalidate && tv.etag) headers['if-none-match'] = tv.etag;
          return { ...request, headers };
        },
        onResponse: (status) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status !== 200 && status !== 304) errors += 1;
        },
      },
    ],
  });
  const cpu = cpuMicros(server.pid) - before;
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: errors + result.errors,
    cpuPerRequest: cpu / Math.max(result.requests.total, 1),
    statuses,
  };
}

/** Runs the scenario on a fresh server (embedded engine, or `env.DATABASE_URL`); returns its two rows. */
export async function tvStartup(label, env, { tvs, playlists, connections, seconds }) {
  // One data directory for the seeder and the measured server (unused on PostgreSQL).
  // Each TV comes from an address of its own (X-Forwarded-For through a trusted proxy), as a fleet does.
  const shared = { TRUST_PROXY: 'loopback', ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'm3u-bench-tv-')) };
  const seeder = await startSeeder(shared);
  let fleet;
  try {
    fleet = await seed(seeder.base, tvs, playlists);
  } finally {
    await seeder.stop();
  }
  const server = await startServer(shared);
  try {
    // Each TV's first start: full answers, and the ETag each TV keeps.
    for (const tv of fleet) {
      const res = await fetch(`${server.base}${START_PATH}`, {
        headers: { authorization: `Bearer ${tv.token}`, 'apollo-require-preflight': 'true' },
      });
      tv.etag = res.headers.get('etag');
      await res.arrayBuffer();
    }
    await measure(server, fleet, { revalidate: false, connections, seconds: 2 }); // warm-up
    const full = await measure(server, fleet, { revalidate: false, connections, seconds });
    const revalidated = await measure(server, fleet, { revalidate: true, connections, seconds });
    console.log(`\n${label}: TV start-up, ${tvs} TVs with ${playlists} playlists each, ${connections} connections`);
    console.log(`  ${'answers'.padEnd(12)} ${'req/s'.padStart(7)}  p50 ms  p99 ms  errors  CPU µs/req  statuses`);
    for (const [name, row] of [
      ['full', full],
      ['304', revalidated],
    ]) {
      console.log(
        `  ${name.padEnd(12)} ${row.rps.toFixed(0).padStart(7)}  ${String(row.p50).padStart(6)}  ${String(row.p99).padStart(6)}  ${String(row.errors).padStart(6)}  ${row.cpuPerRequest.toFixed(0).padStart(10)}  ${JSON.stringify(row.statuses)}`,
      );
    }
    return [
      { database: label, transport: 'TV start (full)', ...full },
      { database: label, transport: 'TV start (304)', ...revalidated },
    ];
  } finally {
    await server.stop();
  }
}
