import { createHash } from 'node:crypto';
import dns from 'node:dns';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * No playlist can tip the check (issue 52, parts 4 and 5): whatever a provider serves, a check's stored result
 * stays under its stated size (32 KB) with its counts exact, reads that do not show the last check never load it,
 * one owner runs one check at a time and holds one of the instance's check slots, refused tries do not count
 * against the hour, every stage keeps to its stated time, and no message describes the server's own network.
 * The provider is local (127.0.0.1, allowed by PLAYLIST_CHECK_ALLOW); the hostile playlist is generated here, as
 * it streams out, never held whole.
 */

/** The stored result's stated limit (docs/architecture.md, "Limits and Xtream lines"). */
const RESULT_LIMIT_BYTES = 32 * 1024;
const HOSTILE_SCHEMES = 1_500;
const NAME_CHARS = 60_000;

let provider: http.Server;
let base = '';
/** Requests of the slow panel's channel lists, in order. */
const listings: number[] = [];
/** Released by a test to let the slow playlist answer. */
const slowWaiters: (() => void)[] = [];

/** A made-up name 60 KB long, different for each entry (so nothing is deduplicated away). */
function longName(n: number): string {
  return `${n} ${'Ω'.repeat(8)}${'x'.repeat(NAME_CHARS - 20)}`;
}

/**
 * The hostile playlist: 1,500 entries, each with a made-up scheme of its own and a 60 KB name (90 MB in all),
 * and three channels a TV opens with 60 KB names, groups and logos. Written as the client reads it.
 */
function streamHostile(res: http.ServerResponse): void {
  res.setHeader('content-type', 'audio/x-mpegurl');
  let n = 0;
  const longUrl = `http://guide.example/${'g'.repeat(20_000)}.xml`;
  const entry = (i: number): string => {
    if (i % 500 === 0) {
      const logo = `http://logo.example/${'l'.repeat(3_000)}.png`;
      return `#EXTINF:-1 tvg-logo="${logo}" group-title="${'G'.repeat(2_000)}${i}",${longName(i)}\nhttp://stream.example/${i}.ts\n`;
    }
    return `#EXTINF:-1,${longName(i)}\nmadeup${i}x://${'p'.repeat(100)}\n`;
  };
  const pump = () => {
    if (n === 0) res.write(`#EXTM3U x-tvg-url="${longUrl},${longUrl}2"\n`);
    while (n < HOSTILE_SCHEMES) {
      const more = res.write(entry(n));
      n += 1;
      if (!more) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}

function startProvider(): Promise<void> {
  provider = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/hostile.m3u':
        return streamHostile(res);
      case '/schemes.m3u': {
        // 12,000 entries, each of a scheme of its own (it overflowed the stack: HTTP 500).
        const lines = ['#EXTM3U', '#EXTINF:-1,Real', 'http://stream.example/real.ts'];
        for (let i = 0; i < 12_000; i += 1) lines.push(`#EXTINF:-1,Entry ${i}`, `s${i}x://a`);
        return void res.end(`${lines.join('\n')}\n`);
      }
      case '/plain.m3u':
        return void res.end('#EXTM3U\n#EXTINF:-1 group-title="News",News One\nhttp://stream.example/1.ts\n');
      case '/slow.m3u':
        // Answers when the test says so: a check of it holds its slot until then.
        slowWaiters.push(() => res.end('#EXTM3U\n#EXTINF:-1,Slow\nhttp://stream.example/slow.ts\n'));
        return;
      case '/slow-panel/player_api.php': {
        res.setHeader('content-type', 'application/json');
        const action = url.searchParams.get('action');
        if (action === 'get_live_categories') {
          return void res.end(
            JSON.stringify(
              Array.from({ length: 5 }, (_, i) => ({ category_id: String(i + 1), category_name: `C${i}` })),
            ),
          );
        }
        if (action === 'get_vod_categories' || action === 'get_series_categories') return void res.end('[]');
        if (action === 'get_live_streams') {
          // A slow panel: each category's list takes 3 s.
          listings.push(Date.now());
          const id = Number(url.searchParams.get('category_id'));
          const timer = setTimeout(
            () => res.end(JSON.stringify([{ stream_id: id * 10, name: `Live ${id}`, category_id: String(id) }])),
            3_000,
          );
          req.on('close', () => clearTimeout(timer));
          return;
        }
        return void res.end(
          JSON.stringify({
            user_info: {
              username: 'slow',
              auth: 1,
              status: 'Active',
              exp_date: String(Math.floor(Date.now() / 1000) + 200 * 86_400),
              is_trial: '0',
              active_cons: '0',
              max_connections: '1',
              allowed_output_formats: ['ts'],
            },
          }),
        );
      }
      default:
        res.statusCode = 404;
        return void res.end();
    }
  });
  return new Promise((resolve) =>
    provider.listen(0, '127.0.0.1', () => {
      base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

let server: TestServer;
beforeAll(async () => {
  await startProvider();
  server = await startTestServer({
    PLAYLIST_CHECK_ALLOW: '127.0.0.1',
    PLAYLIST_CHECK_CACHE_SECONDS: '0',
    PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '1000',
  });
});
afterAll(async () => {
  await server?.stop();
  for (const release of slowWaiters.splice(0)) release();
  await new Promise((resolve) => provider.close(resolve));
});

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

const CHECK_FIELDS = `verdict problem message warnings
  m3u { channels groups entriesWithoutUrl guideUrls cannotOpen { kind count examples } sample { name logo group } }`;
const CHECK_SAVED = `mutation($input: CheckPlaylistInput!) { checkPlaylist(input: $input) { ${CHECK_FIELDS} } }`;
const CHECK_VALUES = `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { ${CHECK_FIELDS} } }`;
const CREATE = 'mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }';

async function save(client: Client, url: string): Promise<string> {
  const created = await client.gql(CREATE, { input: { name: `List ${url.length}`, type: 'GENERAL', url } });
  expect(created.json.errors).toBeUndefined();
  return created.json.data.createPlaylist.playlist.id;
}

const operationsDir = path.resolve(__dirname, '../../schema/operations');
const tvStart = readFileSync(path.join(operationsDir, 'TvStart.graphql'), 'utf8').trim();

/** The TV's start-up read, as a TV sends it (the safelisted TvStart, by id, as a GET with its token). */
async function tvStartRead(token: string) {
  const search = new URLSearchParams({
    operationName: 'TvStart',
    extensions: JSON.stringify({
      persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(tvStart).digest('hex') },
    }),
  });
  const res = await fetch(`${server.url}/graphql?${search}`, {
    headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
  });
  return { status: res.status, json: (await res.json()) as any };
}

/** The SQL the server sends while `work` runs (TypeORM's Logger interface, which every query passes). */
async function queriesDuring(work: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(server.db.dataSource.logger, 'logQuery');
  try {
    await work();
    return spy.mock.calls.map(([query]) => query);
  } finally {
    spy.mockRestore();
  }
}

describe('a hostile playlist', () => {
  it('stores a result under the stated limit, with its counts exact; the TV start-up read never loads it', async () => {
    const { client, deviceToken } = await signedInDevice(server);
    const id = await save(client, `${base}/hostile.m3u`);
    const res = await client.gql(CHECK_SAVED, { input: { id } });
    expect(res.status).toBe(200);
    expect(res.json.errors).toBeUndefined();
    const check = res.json.data.checkPlaylist;
    // Exact counts: 3 channels a TV opens, 1,497 entries of 1,497 made-up kinds it cannot.
    expect(check.m3u.channels).toBe(3);
    const cannot = check.m3u.cannotOpen as { kind: string; count: number; examples: string[] }[];
    expect(cannot.reduce((sum, kind) => sum + kind.count, 0)).toBe(HOSTILE_SCHEMES - 3);
    expect(check.warnings[0]).toMatch(/^1,497 entries cannot be opened on a TV \(/);
    // Capped: a few kinds named, the rest together; names, logos, groups and addresses cut short.
    expect(cannot.length).toBeLessThanOrEqual(11);
    for (const text of [
      ...cannot.flatMap((kind) => kind.examples),
      ...check.m3u.sample.flatMap((s: { name: string; group: string }) => [s.name, s.group]),
    ]) {
      expect(text.length).toBeLessThanOrEqual(200);
    }
    for (const s of check.m3u.sample) expect(s.logo === null || s.logo.length <= 2048).toBe(true);
    for (const url of check.m3u.guideUrls) expect(url.length).toBeLessThanOrEqual(2048);

    const [stored] = await server.db.dataSource.query(
      'SELECT octet_length(last_check::text) AS bytes FROM playlists WHERE id = $1',
      [id],
    );
    expect(stored.bytes).toBeGreaterThan(1000);
    expect(stored.bytes).toBeLessThanOrEqual(RESULT_LIMIT_BYTES);

    // The TV's start-up read shows no last check, and does not load it.
    const startup = await queriesDuring(async () => {
      const read = await tvStartRead(deviceToken);
      expect(read.status).toBe(200);
      expect(read.json.data.playlists).toHaveLength(1);
    });
    expect(startup.some((sql) => /\bplaylists\b/i.test(sql))).toBe(true);
    expect(startup.filter((sql) => /\blast_check\b/.test(sql))).toEqual([]);
    // Nor does a list that omits it; a list that shows it does.
    const plain = await queriesDuring(() => client.gql('{ playlists { id name } playlist(id: "' + id + '") { id } }'));
    expect(plain.filter((sql) => /\blast_check\b/.test(sql))).toEqual([]);
    let shown: any;
    const full = await queriesDuring(async () => {
      shown = await client.gql('{ playlists { id lastCheck { verdict m3u { channels } } } }');
    });
    expect(full.some((sql) => /\blast_check\b/.test(sql))).toBe(true);
    expect(shown.json.data.playlists).toEqual([{ id, lastCheck: { verdict: 'WARNING', m3u: { channels: 3 } } }]);
    const one = await client.gql(`{ playlist(id: "${id}") { lastCheck { m3u { channels } } } }`);
    expect(one.json.data.playlist.lastCheck).toEqual({ m3u: { channels: 3 } });
    const rest = await client.request('GET', '/frontend/device/playlists');
    expect(rest.json.playlists[0].last_check.m3u.channels).toBe(3);
  }, 120_000);

  it('reads 12,000 different schemes without recursing over them: a result, not a server error', async () => {
    const { client } = await signedInDevice(server);
    const res = await client.gql(CHECK_VALUES, { input: { name: '', type: 'GENERAL', url: `${base}/schemes.m3u` } });
    expect(res.status).toBe(200);
    expect(res.json.errors).toBeUndefined();
    const check = res.json.data.checkPlaylistValues;
    expect(check.m3u.channels).toBe(1);
    expect(check.m3u.cannotOpen.reduce((sum: number, kind: { count: number }) => sum + kind.count, 0)).toBe(12_000);
    expect(check.warnings[0]).toMatch(/^12,000 entries cannot be opened on a TV \(/);
    expect(check.warnings[0]).toMatch(/of other kinds/);
  });
});

describe('one owner, one check', () => {
  it('runs one check of an owner at a time, holds one slot, and counts only checks that ran', async () => {
    const limited = await startTestServer({
      PLAYLIST_CHECK_ALLOW: '127.0.0.1',
      PLAYLIST_CHECK_CACHE_SECONDS: '0',
      PLAYLIST_CHECK_CONCURRENCY: '2',
      PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '2',
      PLAYLIST_CHECK_TIMEOUT_SECONDS: '20',
    });
    try {
      const owner = await signedInDevice(limited);
      const other = await signedInDevice(limited);
      const check = (client: Client, url: string) =>
        client.gql(CHECK_VALUES, { input: { name: '', type: 'GENERAL', url } });
      // The owner's first check waits on a slow provider; the owner's next tries are refused meanwhile.
      const first = check(owner.client, `${base}/slow.m3u`);
      while (slowWaiters.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const tries = await Promise.all(Array.from({ length: 4 }, () => check(owner.client, `${base}/plain.m3u`)));
      for (const refused of tries) {
        expect(refused.json.errors[0]).toMatchObject({
          message: 'A check of yours is still running: wait for its result, then check again.',
          extensions: { code: 'RATE_LIMITED' },
        });
      }
      // Another owner still finds a slot: one owner holds one.
      const others = await check(other.client, `${base}/plain.m3u`);
      expect(others.json.data.checkPlaylistValues.m3u.channels).toBe(1);
      slowWaiters.shift()!();
      expect((await first).json.data.checkPlaylistValues.m3u.channels).toBe(1);
      // The hour's quota (2) counted the one check that ran, not the four refused tries.
      const second = await check(owner.client, `${base}/plain.m3u`);
      expect(second.json.data.checkPlaylistValues.m3u.channels).toBe(1);
      const third = await check(owner.client, `${base}/plain.m3u`);
      expect(third.json.errors[0]).toMatchObject({
        message: 'This device has checked playlists many times in the last hour. Please try again later.',
        extensions: { code: 'RATE_LIMITED' },
      });
    } finally {
      for (const release of slowWaiters.splice(0)) release();
      await limited.stop();
    }
  }, 60_000);
});

describe('every stage keeps to its stated time', () => {
  it("stops listing a slow panel's channels when the sampling stage's time is spent", async () => {
    const timed = await startTestServer({
      PLAYLIST_CHECK_ALLOW: '127.0.0.1',
      PLAYLIST_CHECK_CACHE_SECONDS: '0',
      PLAYLIST_CHECK_STREAM_SAMPLES: '5',
      PLAYLIST_CHECK_STREAMS_TOTAL_SECONDS: '4',
      PLAYLIST_CHECK_TIMEOUT_SECONDS: '15',
    });
    try {
      const { client } = await signedInDevice(timed);
      const before = listings.length;
      const res = await client.gql(
        `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { verdict streams { sampled message } } }`,
        {
          input: {
            name: '',
            type: 'XC',
            url: `${base}/slow-panel`,
            username: 'slow',
            password: 'Pass.Word1',
            epgUrl: `${base}/none.xml`,
          },
        },
      );
      expect(res.json.errors).toBeUndefined();
      // Five categories of 3 s each do not fit in 4 s: the second list is cut off, the rest never asked for.
      expect(listings.length - before).toBeLessThanOrEqual(2);
      expect(res.json.data.checkPlaylistValues.streams.sampled).toBeLessThanOrEqual(1);
    } finally {
      await timed.stop();
    }
  }, 60_000);
});

describe("the server's own network", () => {
  // The attack through the graph: an owner types internal names as playlist addresses to map the network.
  it('says an internal name exactly as a name that does not exist, in both languages', async () => {
    const real = dns.lookup.bind(dns) as (...args: unknown[]) => void;
    const spy = jest.spyOn(dns, 'lookup').mockImplementation(((
      hostname: string,
      options: unknown,
      callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
    ) => {
      if (hostname === 'db.corp.example') {
        return void process.nextTick(() => callback(null, [{ address: '10.20.30.40', family: 4 }]));
      }
      if (hostname === 'nothing.corp.example') {
        const err = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
        return void process.nextTick(() => callback(err, []));
      }
      return real(hostname, options, callback);
    }) as never);
    try {
      const { client } = await signedInDevice(server);
      for (const headers of [undefined, { 'accept-language': 'ar' }]) {
        const said = async (host: string) => {
          const res = await client.gql(
            CHECK_VALUES,
            { input: { name: '', type: 'GENERAL', url: `http://${host}/get.php?username=a&password=b` } },
            headers,
          );
          const { verdict, problem, message } = res.json.data.checkPlaylistValues;
          expect(res.text).not.toContain('10.20.30.40');
          return { verdict, problem, message: (message as string).replaceAll(host, 'HOST') };
        };
        expect(await said('db.corp.example')).toEqual(await said('nothing.corp.example'));
      }
    } finally {
      spy.mockRestore();
    }
  });
});
