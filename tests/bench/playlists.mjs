// Playlist list latency with 500 playlists on one device (npm run bench:playlists). Prints, asserts nothing.
// Target (issue 4): the GraphQL playlists query and GET /frontend/device/playlists each answer in under 50 ms
// at the 95th percentile with 20 concurrent clients, on the embedded engine and on PostgreSQL
// (BENCH_DATABASE_URL or DATABASE_URL).
import { createHash } from 'node:crypto';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gql, signInOwner, startSeeder, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const PLAYLISTS = 500;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

/**
 * A device with 500 playlists of every kind (a tenth protected), added by its owner on a seeding server, and its
 * TV token, which reads them.
 */
async function seed(base) {
  const mac = Array.from({ length: 6 }, (_, i) =>
    i === 0
      ? '02'
      : Math.floor(Math.random() * 256)
          .toString(16)
          .padStart(2, '0'),
  ).join(':');
  const { registerDevice } = await gql(
    base,
    'mutation($i: RegisterDeviceInput!) { registerDevice(input: $i) { deviceKey deviceToken } }',
    {
      i: { macAddress: mac },
    },
  );
  const auth = { authorization: `Bearer ${registerDevice.deviceToken}` };
  const owner = { cookie: await signInOwner(base, mac, registerDevice.deviceKey) };
  const create = 'mutation($i: PlaylistInput!) { createPlaylist(input: $i) { playlist { id } } }';
  for (let n = 0; n < PLAYLISTS; n += 1) {
    const kind = n % 3;
    const input =
      kind === 0
        ? {
            name: `Playlist ${n}`,
            type: 'GENERAL',
            url: `https://provider.example.com/get.php?username=u${n}&password=p&type=m3u_plus&output=ts&token=${'x'.repeat(200)}`,
            epgUrl: 'https://epg.example.com/guide.xml',
          }
        : kind === 1
          ? {
              name: `Playlist ${n}`,
              type: 'XC',
              url: 'http://line.example.com:8080',
              username: `user${n}`,
              password: 'secret.Pass1',
            }
          : { name: `Playlist ${n}`, type: 'CODE', playlistCode: String(100000 + n) };
    if (n % 10 === 0) Object.assign(input, { isProtected: true, pin: '1234' });
    await gql(base, create, { i: input }, owner);
  }
  return { auth };
}

/** An answer's body exactly as sent with gzip accepted (fetch would inflate it). */
function rawBytes(url, method = 'GET', headers = {}, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200 && res.headers['content-encoding'] === 'gzip'
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${url}: ${res.statusCode} ${res.headers['content-encoding']}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Drives one request shape with autocannon: raw sockets, no decompression, so the load generator (sharing the
 * machine's cores with the server) costs the server as little as it can. Each answer's status and size are
 * compared with the answer checked in full beforehand.
 */
async function load(
  label,
  { url, method = 'GET', headers, body, expectedBytes, setupRequest, status: expected = 200 },
) {
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const instance = autocannon({
    url,
    method,
    headers: { 'accept-encoding': 'gzip', ...headers },
    body,
    connections: CONCURRENCY,
    amount: REQUESTS,
    ...(setupRequest && { requests: [{ setupRequest }] }),
  });
  instance.on('response', (_client, status, bytes, responseTime) => {
    latencies.push(responseTime);
    // bytes counts the head too; a different body size means a different answer.
    if (status !== expected) errors += 1;
    else if (expected === 200 && (bytes < expectedBytes || bytes > expectedBytes + 1024)) errors += 1;
  });
  instance.on('reqError', () => {
    errors += 1;
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const f = (v) => v.toFixed(1).padStart(6);
  console.log(
    `  ${label.padEnd(34)} ${String(latencies.length).padStart(5)} req  ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s  p50 ${f(percentile(latencies, 50))} ms  p95 ${f(percentile(latencies, 95))} ms  p99 ${f(percentile(latencies, 99))} ms  errors ${errors + result.errors + result.timeouts}`,
  );
}

async function run(label, env) {
  console.log(`${label}: ${PLAYLISTS} playlists on one device, ${CONCURRENCY} concurrent clients`);
  const data = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'm3u-bench-')), ...env };
  const seeder = await startSeeder(data);
  let auth;
  try {
    ({ auth } = await seed(seeder.base));
  } finally {
    await seeder.stop();
  }
  const server = await startServer(data);
  try {
    const query = JSON.stringify({
      query: '{ playlists { id name type isProtected locked url epgUrl username password playlistCode } }',
    });
    // The first answer of each is checked in full; the load then compares every answer's size with its gzip size.
    const graph = {
      url: `${server.base}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: query,
    };
    const rest = { url: `${server.base}/frontend/device/playlists`, headers: auth };
    const checked = async (name, { url, method, headers, body }, count) => {
      const plain = await fetch(url, { method, headers: { ...headers, 'accept-encoding': 'identity' }, body });
      const text = await plain.text();
      if (!plain.ok || count(JSON.parse(text)) !== PLAYLISTS)
        throw new Error(`${name}: wrong answer ${text.slice(0, 200)}`);
      const zipped = await rawBytes(url, method, headers, body);
      if (gunzipSync(zipped).toString() !== text) throw new Error(`${name}: the gzip answer differs`);
      console.log(
        `  ${name}: ${(text.length / 1024).toFixed(0)} KB of JSON, ${(zipped.length / 1024).toFixed(0)} KB gzip-compressed`,
      );
      return zipped.length;
    };
    graph.expectedBytes = await checked('GraphQL answer', graph, (b) => b.data?.playlists.length);
    rest.expectedBytes = await checked('REST answer', rest, (b) => b.playlists.length);
    // Warm-up, so the first figures are not the JIT's.
    for (let i = 0; i < 20; i += 1)
      await Promise.all([
        rawBytes(graph.url, 'POST', graph.headers, graph.body),
        rawBytes(rest.url, 'GET', rest.headers),
      ]);
    await load('GraphQL playlists query', graph);
    await load('REST GET /frontend/device/playlists', rest);
    // A TV revalidating its start-up read (schema/operations/TvStart.graphql, by id) with the ETag it kept: 304.
    const start = readFileSync(path.join(root, 'schema/operations/TvStart.graphql'), 'utf8').trim();
    const extensions = { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(start).digest('hex') } };
    const tvStart = `${server.base}/graphql?${new URLSearchParams({ extensions: JSON.stringify(extensions) })}`;
    const tvHeaders = { ...auth, 'apollo-require-preflight': 'true' };
    const first = await fetch(tvStart, { headers: tvHeaders });
    if (!first.ok) throw new Error(`TvStart: ${first.status} ${(await first.text()).slice(0, 200)}`);
    await first.arrayBuffer();
    await load('TvStart by id, revalidated (304)', {
      url: tvStart,
      headers: { ...tvHeaders, 'if-none-match': first.headers.get('etag') },
      status: 304,
    });
  } finally {
    await server.stop();
  }
}

await run('embedded engine', {});
if (pgUrl) await run('PostgreSQL', { DATABASE_URL: pgUrl });
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or DATABASE_URL)');
