import type http from 'node:http';
import { createTestDatabase } from '../support/database';
import { startStreamProvider, streamFixture, type StreamProvider } from '../support/stream-provider';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';
import { CheckClaims } from '../../server/src/playlist-check/check-claims';
import { lineKey } from '../../server/src/playlist-check/xtream-line';

/**
 * An owner's Xtream Codes line is never overdrawn (issue 52, part 2): however the line is given (the panel's
 * get.php link, as providers hand it out, or its /live/ addresses inside another playlist), the check asks the
 * panel (player_api.php's user_info) before opening any of its streams, opens nothing when every connection is
 * in use, and across owners, checks and instances samples one line with one check at a time: a claim in
 * PostgreSQL that two server instances share. The panel answers as classic Xtream Codes panels do
 * (tests/fixtures/README.md, "xtream/"): user_info with `active_cons` counting the line's open streams (ours
 * included), and get.php's M3U of `/live/{username}/{password}/{stream_id}.ts` addresses.
 */

const PASSWORD = 'S3cret.Pass';
const LINES = {
  // One connection, none in use: a line two owners share.
  one: { password: PASSWORD, maxConnections: 1, busy: 0, formats: ['ts'] },
  // One connection, in use by the owner's TV.
  full: { password: PASSWORD, maxConnections: 1, busy: 1, formats: ['ts'] },
  // One connection, free: given only as /live/ addresses inside a playlist served elsewhere.
  inside: { password: PASSWORD, maxConnections: 1, busy: 0, formats: ['ts'] },
};
type LineName = keyof typeof LINES;

let provider: StreamProvider;
/** Each panel request and stream opening, in order: [kind, line]. */
const events: [string, string][] = [];

function userInfo(username: LineName) {
  const line = LINES[username];
  return {
    user_info: {
      username,
      password: PASSWORD,
      message: '',
      auth: 1,
      status: 'Active',
      exp_date: String(Math.floor(Date.now() / 1000) + 200 * 86_400),
      is_trial: '0',
      active_cons: String(line.busy + provider.lineStats(username).open),
      created_at: '1700000000',
      max_connections: String(line.maxConnections),
      allowed_output_formats: line.formats,
    },
    server_info: { url: '127.0.0.1', port: '80', https_port: '443', server_protocol: 'http' },
  };
}

/** get.php as Xtream Codes writes it for type=m3u_plus&output=ts: six live channels in two categories. */
function getPhp(username: LineName): string {
  const lines = ['#EXTM3U'];
  for (let n = 0; n < 6; n += 1) {
    const group = n % 2 === 0 ? 'News' : 'Sport';
    lines.push(
      `#EXTINF:-1 tvg-id="ch${n}.uk" tvg-name="${group} ${n}" tvg-logo="" group-title="${group}",${group} ${n}`,
      `${provider.url}/panel/live/${username}/${encodeURIComponent(PASSWORD)}/${100 + n}.ts`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function panel(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
  const username = url.searchParams.get('username') ?? '';
  const known = Object.hasOwn(LINES, username) && url.searchParams.get('password') === PASSWORD;
  if (url.pathname === '/panel/get.php') {
    if (!known) return (void ((res.statusCode = 401), res.end()), true);
    res.setHeader('content-type', 'audio/x-mpegurl');
    return (void res.end(getPhp(username as LineName)), true);
  }
  if (url.pathname === '/cdn/list.m3u') {
    // A CDN whose addresses look like a line's (/live/{name}/{quality}/{n}.ts), with no panel behind them.
    res.setHeader('content-type', 'audio/x-mpegurl');
    return (void res.end(`#EXTM3U\n#EXTINF:-1,News HD\n${provider.url}/cdn/live/news/720/1.ts\n`), true);
  }
  if (url.pathname.startsWith('/cdn/live/')) {
    res.setHeader('content-type', 'video/mp2t');
    return (void res.end(streamFixture('media3-sample_h264_mpeg_audio.ts')), true);
  }
  if (url.pathname === '/elsewhere/list.m3u') {
    res.setHeader('content-type', 'audio/x-mpegurl');
    return (void res.end(getPhp('inside')), true);
  }
  if (url.pathname !== '/panel/player_api.php') return false;
  res.setHeader('content-type', 'application/json');
  if (!known) return (void res.end(JSON.stringify({ user_info: { auth: 0 } })), true);
  if (!url.searchParams.get('action')) events.push(['user_info', username]);
  return (void res.end(JSON.stringify(userInfo(username as LineName))), true);
}

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const title = process.env.DATABASE_URL
  ? 'an Xtream Codes line, checked by two owners on two instances'
  : 'an Xtream Codes line, checked by two owners on two instances (SKIPPED: set DATABASE_URL, two instances share one PostgreSQL)';

describeOnPostgres(title, () => {
  let a: TestServer;
  let b: TestServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    provider = await startStreamProvider(LINES);
    provider.route(panel);
    // Every stream opened, in the order the panel saw them, beside the panel's answers.
    provider.route((_req, _res, url) => {
      const live = /\/live\/([^/]+)\//.exec(url.pathname);
      if (live) events.push(['stream', live[1]!]);
      return false;
    });
    database = await createTestDatabase({ empty: true });
    const env = {
      PLAYLIST_CHECK_ALLOW: '127.0.0.1',
      PLAYLIST_CHECK_CACHE_SECONDS: '0',
      PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '1000',
      PLAYLIST_CHECK_STREAM_SAMPLES: '3',
      PLAYLIST_CHECK_STREAM_SECONDS: '2',
      PLAYLIST_CHECK_STREAMS_TOTAL_SECONDS: '20',
    };
    [a, b] = await Promise.all([
      startTestServer(env, { databaseUrl: database.url }),
      startTestServer(env, { databaseUrl: database.url }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await provider?.close();
    await database?.drop();
  });

  const FIELDS = `verdict warnings streams { sampled playable message samples { kind } }`;
  const CHECK = `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { ${FIELDS} } }`;
  const getLink = (username: string) =>
    `${provider.url}/panel/get.php?username=${username}&password=${encodeURIComponent(PASSWORD)}&type=m3u_plus&output=ts`;

  async function check(server: TestServer, url: string) {
    const { client } = await signedInDevice(server);
    const res = await client.gql(CHECK, { input: { name: '', type: 'GENERAL', url } });
    expect(res.json.errors).toBeUndefined();
    expect(res.text).not.toContain(PASSWORD);
    return res.json.data.checkPlaylistValues;
  }

  it('given as get.php and checked by two owners at once on two instances: one stream open at any moment', async () => {
    events.length = 0;
    const [first, second] = await Promise.all([check(a, getLink('one')), check(b, getLink('one'))]);
    // Never two of the line's streams at once: the panel would have refused the second (403), and suspends
    // lines for less.
    expect(provider.lineStats('one').mostAtOnce).toBe(1);
    for (const result of [first, second]) {
      expect(result.streams.samples.map((s: { kind: string }) => s.kind)).toEqual(['MPEG_TS', 'MPEG_TS', 'MPEG_TS']);
    }
    // Each check asked the panel before it opened any of the line's streams, and only then.
    const mine = events.filter(([, line]) => line === 'one').map(([kind]) => kind);
    expect(mine).toEqual(['user_info', 'stream', 'stream', 'stream', 'user_info', 'stream', 'stream', 'stream']);
  }, 60_000);

  it('opens nothing of a get.php line whose every connection is in use', async () => {
    events.length = 0;
    const result = await check(a, getLink('full'));
    expect(provider.lineStats('full').opened).toBe(0);
    expect(events).toEqual([['user_info', 'full']]);
    expect(result.streams).toEqual({
      sampled: 0,
      playable: 0,
      samples: [],
      message:
        'No channel was opened: every connection the line allows is in use, and opening one would take a connection.',
    });
    expect(result.warnings).toContain(
      'Every connection the account allows is in use: the TV may be refused until one ends.',
    );
  });

  it('asks the panel of /live/ addresses found inside a playlist served from elsewhere', async () => {
    events.length = 0;
    const result = await check(b, `${provider.url}/elsewhere/list.m3u`);
    expect(events.map(([kind]) => kind)).toEqual(['user_info', 'stream', 'stream', 'stream']);
    expect(result.streams.playable).toBe(3);
  });

  it('opens a stream that only looks like a line’s when no panel answers there', async () => {
    const result = await check(a, `${provider.url}/cdn/list.m3u`);
    expect(result.streams.samples).toEqual([{ kind: 'MPEG_TS' }]);
  });

  it("a stopped instance's claim on a line lapses: the next check waits for it, then samples", async () => {
    // What an instance that stopped mid-sample leaves behind: the line's claim, never released, 2 s to run.
    const claims = new CheckClaims(a.db.dataSource);
    const left = await claims.take(lineKey({ base: `${provider.url}/panel`, username: 'one' }), 2_000);
    expect(left).not.toBeNull();
    events.length = 0;
    const result = await check(b, getLink('one'));
    expect(result.streams.sampled).toBe(3);
    expect(events.map(([kind]) => kind)).toEqual(['user_info', 'stream', 'stream', 'stream']);
    // The check released its own claims; the prune deletes lapsed ones.
    const [{ n }] = await a.db.dataSource.query(`SELECT count(*)::int AS n FROM check_claims WHERE expires_at > now()`);
    expect(n).toBe(0);
  }, 30_000);
});
