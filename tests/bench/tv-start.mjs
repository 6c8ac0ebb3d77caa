// A TV fleet starting up (part of npm run bench:load): many TVs, each with its own token, each asking for its status
// and playlists as it starts, by the safelisted TvStart operation sent as a GET (schema/operations/TvStart.graphql).
// Measured twice: every answer in full (TVs that remember nothing), and every TV revalidating with the ETag it
// kept (If-None-Match), which the server answers 304 with no body while nothing changed: most starts.
// Prints req/s, p50/p99, errors and the server's CPU time per request for both; asserts nothing.
// Run on its own (npm run bench:tv-start), it compares a fleet whose playlists were never checked with one whose
// playlist is a checked 200,000-channel playlist (its last check stored): the start-up read never loads a check,
// so the two should not differ (issue 52). BENCH_TVS (default 50), BENCH_SECONDS (default 10); DATABASE_URL for
// PostgreSQL, else the embedded engine.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { cpuMicros, gql, signInOwner, startSeeder, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const START = readFileSync(path.join(root, 'schema/operations/TvStart.graphql'), 'utf8').trim();
const START_ID = createHash('sha256').update(START).digest('hex');
const START_PATH = `/graphql?${new URLSearchParams({
  operationName: 'TvStart',
  extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: START_ID } }),
})}`;

async function seed(base, tvs, playlists, checkedUrl) {
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
      // With `checkedUrl`, the first playlist is that one, checked (its result kept as its last check).
      const url = checkedUrl && p === 0 ? checkedUrl : `https://provider.example.com/get.php?u=${n}&n=${p}`;
      const { createPlaylist } = await gql(
        base,
        'mutation($i: PlaylistInput!) { createPlaylist(input: $i) { playlist { id } } }',
        { i: { name: `List ${p}`, type: 'GENERAL', url } },
        { ...headers, cookie },
      );
      if (url === checkedUrl) {
        await gql(
          base,
          'mutation($i: CheckPlaylistInput!) { checkPlaylist(input: $i) { verdict } }',
          { i: { id: createPlaylist.playlist.id } },
          { ...headers, cookie },
        );
      }
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
export async function tvStartup(label, env, { tvs, playlists, connections, seconds, checkedUrl }) {
  // One data directory for the seeder and the measured server (unused on PostgreSQL).
  // Each TV comes from an address of its own (X-Forwarded-For through a trusted proxy), as a fleet does.
  const shared = { TRUST_PROXY: 'loopback', ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'm3u-bench-tv-')) };
  const seeder = await startSeeder(shared);
  let fleet;
  try {
    fleet = await seed(seeder.base, tvs, playlists, checkedUrl);
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

/** `channels` channels in groups of 100, as a big provider's list (the check reads it whole). */
function bigPlaylist(channels) {
  const lines = ['#EXTM3U'];
  for (let n = 0; n < channels; n += 1) {
    lines.push(
      `#EXTINF:-1 tvg-id="ch${n}.uk" tvg-logo="http://logo.example/${n}.png" group-title="Group ${Math.floor(n / 100)}",Channel ${n}`,
      `http://stream.example/live/u/p/${n}.ts`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** `work` on a database of its own: a scratch PostgreSQL database when DATABASE_URL is set, else the embedded engine. */
async function onDatabase(label, work) {
  const url = process.env.DATABASE_URL;
  if (!url) return work({});
  const { default: pg } = await import('pg');
  const name = `bench_tv_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const own = new URL(url);
    own.pathname = `/${name}`;
    return await work({ DATABASE_URL: own.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const tvs = Number(process.env.BENCH_TVS ?? 50);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const body = bigPlaylist(200_000);
  const provider = http.createServer((_req, res) => res.end(body));
  await new Promise((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const checkedUrl = `http://127.0.0.1:${provider.address().port}/get.php?username=u&password=p&type=m3u_plus`;
  const env = {
    PLAYLIST_CHECK_ALLOW: '127.0.0.1',
    // Every TV's playlist is the same source: checked once, the result kept for each from the check's cache.
    PLAYLIST_CHECK_CACHE_SECONDS: '3600',
    PLAYLIST_CHECK_STREAM_SAMPLES: '0',
  };
  console.log(
    `${new Date().toISOString()} · Node ${process.version} · ${os.cpus()[0]?.model ?? 'unknown CPU'} · ` +
      `${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB · load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} · ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded engine'}`,
  );
  try {
    const shape = { tvs, playlists: 3, connections: 10, seconds };
    const rows = [
      ...(await onDatabase('never', (db) => tvStartup('never checked', { ...env, ...db }, shape))),
      ...(await onDatabase('checked', (db) =>
        tvStartup('checked 200,000-channel playlist', { ...env, ...db }, { ...shape, checkedUrl }),
      )),
    ];
    console.log('\nTV start-up (full answers): p50 / p99 ms, req/s');
    for (const row of rows.filter((r) => r.transport === 'TV start (full)')) {
      console.log(`  ${row.database.padEnd(34)} ${row.p50} / ${row.p99} ms  ${row.rps.toFixed(0)} req/s`);
    }
  } finally {
    provider.close();
  }
}
