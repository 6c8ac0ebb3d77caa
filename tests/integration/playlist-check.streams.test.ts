import type http from 'node:http';
import { allClosed, startStreamProvider, streamFixture, type StreamProvider } from '../support/stream-provider';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * "Will it play?" through the real server: after a playlist or an Xtream Codes line passes, the check opens a
 * few of its channels, one at a time, and says what each one is. The provider is local (127.0.0.1, allowed by
 * PLAYLIST_CHECK_ALLOW) and serves real stream bytes (tests/fixtures/streams/, sources in
 * tests/fixtures/README.md); the fake Xtream Codes panel counts each line's connections and refuses one over
 * its limit, as panels do.
 */

const PASSWORD = 'S3cret.Pass';
const STREAM_SECONDS = 2;

let provider: StreamProvider;
let server: TestServer;
type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];
let client: Client;

/** A playlist whose channels are the given stream paths (under /s/), each in its own group. */
function playlist(paths: string[], options: { tvgIds?: boolean } = {}): string {
  const lines = ['#EXTM3U'];
  paths.forEach((path, i) => {
    const address = path.includes('://') ? path : `${provider.url}/s/${path}`;
    const id = options.tvgIds ? ` tvg-id="ch${i}"` : '';
    lines.push(`#EXTINF:-1${id} group-title="Group ${i}",Channel ${i} (${path.split('/')[0]})`, address);
  });
  return `${lines.join('\n')}\n`;
}

/** A guide with programmes for ch0…chN, so a playlist's verdict depends on its streams alone. */
function guide(channels: number): string {
  const ids = Array.from({ length: channels }, (_, i) => `ch${i}`);
  return `<?xml version="1.0"?><tv>${ids.map((id) => `<channel id="${id}"><display-name>${id}</display-name></channel>`).join('')}${ids
    .map((id) => `<programme start="20260101000000 +0000" channel="${id}"><title>News</title></programme>`)
    .join('')}</tv>`;
}

const PLAYLISTS: Record<string, string> = {};
const BIG_CHANNELS = 200_000;
let bigPlaylist: Buffer;

/** Xtream Codes lines: alice may watch on 2 devices and none is in use; full has its one connection in use. */
const LINES = {
  alice: { password: PASSWORD, maxConnections: 2, busy: 0, formats: ['m3u8', 'ts'] },
  full: { password: PASSWORD, maxConnections: 1, busy: 1, formats: ['ts'] },
  tsonly: { password: PASSWORD, maxConnections: 1, busy: 0, formats: ['ts'] },
};

function panel(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
  if (url.pathname !== '/panel/player_api.php') return false;
  const username = url.searchParams.get('username') ?? '';
  const line = LINES[username as keyof typeof LINES];
  res.setHeader('content-type', 'application/json');
  if (!line || url.searchParams.get('password') !== PASSWORD) {
    return (void res.end(JSON.stringify({ user_info: { auth: 0 } })), true);
  }
  const categories = [
    { category_id: '11', category_name: 'News' },
    { category_id: '12', category_name: 'Sport' },
    { category_id: '13', category_name: 'Films' },
  ];
  switch (url.searchParams.get('action')) {
    case 'get_live_categories':
      return (void res.end(JSON.stringify(categories)), true);
    case 'get_vod_categories':
    case 'get_series_categories':
      return (void res.end('[]'), true);
    case 'get_live_streams': {
      const category = Number(url.searchParams.get('category_id'));
      const streams = [0, 1, 2].map((n) => ({
        num: n,
        name: `${categories.find((c) => Number(c.category_id) === category)?.category_name} ${n + 1}`,
        stream_type: 'live',
        stream_id: category * 10 + n,
        category_id: String(category),
      }));
      return (void res.end(JSON.stringify(streams)), true);
    }
    default:
      return (
        void res.end(
          JSON.stringify({
            user_info: {
              username,
              auth: 1,
              status: 'Active',
              exp_date: String(Math.floor(Date.now() / 1000) + 200 * 86_400),
              is_trial: '0',
              // What the panel says is in use: other players' connections, and ours while one is open.
              active_cons: String(line.busy + provider.lineStats(username).open),
              max_connections: String(line.maxConnections),
              allowed_output_formats: line.formats,
            },
            server_info: { url: '127.0.0.1', port: '80', server_protocol: 'http' },
          }),
        ),
        true
      );
  }
}

beforeAll(async () => {
  provider = await startStreamProvider(LINES);
  PLAYLISTS['/mixed.m3u'] = playlist(['ts-h264', 'ts-hevc', 'ts-ac3', '403', 'silent']);
  PLAYLISTS['/all-play.m3u'] = playlist(
    [
      'ts-h264',
      `${provider.url}/c/hls-ts/ok/manifest.m3u8`,
      `${provider.url}/c/dash/ok/manifest.mpd`,
      'fmp4-init',
      'aac',
    ],
    { tvgIds: true },
  );
  // HLS chains broken after their first playlist, at each link a player opens next.
  PLAYLISTS['/hls-broken.m3u'] = playlist(
    ['var404/manifest.m3u8', 'seg403/manifest.m3u8', 'empty/manifest.m3u8']
      .map((p) => `${provider.url}/c/hls-ts/${p}`)
      .concat(`${provider.url}/c/hls-aes/key403/crypt.m3u8`),
    { tvgIds: true },
  );
  // Kodi's way of giving a channel its headers.
  PLAYLISTS['/kodiprop.m3u'] = [
    '#EXTM3U',
    '#EXTINF:-1 tvg-id="ch0" group-title="News",Kodi News',
    '#KODIPROP:inputstream.adaptive.stream_headers=User-Agent=Kodi%2F21.0&Referer=https%3A%2F%2Ftv.example%2F',
    `${provider.url}/needs-kodi.ts`,
    '',
  ].join('\n');
  PLAYLISTS['/all-gone.m3u'] = playlist(['404', '410', '404/b'], { tvgIds: true });
  PLAYLISTS['/all-refused.m3u'] = playlist(['403', 'xui-404', 'login', '451', '503'], { tvgIds: true });
  PLAYLISTS['/not-here.m3u'] = playlist(
    [
      `${provider.url}/c/hls-ts/ok/manifest.m3u8`,
      'rtmp://live.invalid/app/news',
      'rtsp://live.invalid/x',
      'udp://@239.0.0.1:1234',
      'http://10.0.0.7/x.ts',
    ],
    { tvgIds: true },
  );
  PLAYLISTS['/guide.xml'] = guide(10);
  // 200,000 channels in 2,000 groups, every one of them silent: the time for the streams runs out.
  const big: string[] = ['#EXTM3U'];
  for (let n = 0; n < BIG_CHANNELS; n += 1) {
    big.push(
      `#EXTINF:-1 tvg-id="b${n}" group-title="Group ${Math.floor(n / 100)}",Big ${n}`,
      `${provider.url}/s/silent/${n}`,
    );
  }
  bigPlaylist = Buffer.from(`${big.join('\n')}\n`);
  provider.route((_req, res, url) => {
    if (url.pathname === '/big.m3u') return (void res.end(bigPlaylist), true);
    const body = PLAYLISTS[url.pathname];
    if (body === undefined) return false;
    res.end(body);
    return true;
  });
  provider.route(panel);
  server = await startTestServer({
    PLAYLIST_CHECK_ALLOW: '127.0.0.1',
    PLAYLIST_CHECK_CACHE_SECONDS: '0',
    PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '1000',
    PLAYLIST_CHECK_STREAM_SAMPLES: '5',
    PLAYLIST_CHECK_STREAM_SECONDS: String(STREAM_SECONDS),
    PLAYLIST_CHECK_STREAMS_TOTAL_SECONDS: '20',
  });
  ({ client } = await signedInDevice(server));
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

const FIELDS = `verdict problem message warnings m3u { channels groupNames }
  xc { state activeConnections maxConnections liveCategoryNames }
  streams { sampled playable message samples { name group kind httpStatus codecs message } }`;
const CHECK = `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { ${FIELDS} } }`;

async function check(input: Record<string, unknown>, headers?: Record<string, string>, by = client) {
  const res = await by.gql(CHECK, { input: { name: '', type: 'GENERAL', ...input } }, headers);
  expect(res.json.errors).toBeUndefined();
  expect(res.text).not.toContain(PASSWORD);
  return res.json.data.checkPlaylistValues;
}

const m3u = (path: string, withGuide = true) => ({
  url: `${provider.url}${path}`,
  epgUrl: withGuide ? `${provider.url}/guide.xml` : undefined,
});

describe('an M3U playlist’s channels', () => {
  it('says what each sampled channel answered, and sums it up as an owner needs it', async () => {
    const before = provider.stats();
    const result = await check(m3u('/mixed.m3u'));
    const sentence = `3 of 5 sampled channels answered with video the TV plays (MPEG-TS); 1 was refused (HTTP 403: the provider may block this server’s network or country, so try it on the TV); 1 did not answer in ${STREAM_SECONDS} s.`;
    expect(result.streams.message).toBe(sentence);
    expect(result.verdict).toBe('WARNING');
    expect(result.warnings).toContain(sentence);
    expect(result.streams).toMatchObject({ sampled: 5, playable: 3 });
    expect(result.streams.samples.map((s: { kind: string }) => s.kind)).toEqual([
      'MPEG_TS',
      'MPEG_TS',
      'MPEG_TS',
      'REFUSED',
      'NO_ANSWER',
    ]);
    expect(result.streams.samples[0]).toEqual({
      name: 'Channel 0 (ts-h264)',
      group: 'Group 0',
      kind: 'MPEG_TS',
      httpStatus: 200,
      codecs: ['H.264', 'MPEG audio'],
      message: 'Answered with an MPEG-TS stream (H.264, MPEG audio).',
    });
    expect(result.streams.samples[3]).toMatchObject({ kind: 'REFUSED', httpStatus: 403 });
    expect(result.streams.samples[4]).toMatchObject({ kind: 'NO_ANSWER', httpStatus: null });
    // One at a time, each let go of.
    const after = provider.stats();
    expect(after.opened - before.opened).toBe(5);
    expect(after.mostAtOnce).toBe(1);
    expect(await allClosed(provider)).toBe(true);
  });

  it('is OK when the sampled channels play: TS, HLS, DASH, fragmented MP4 and radio', async () => {
    const result = await check(m3u('/all-play.m3u'));
    expect(result.verdict).toBe('OK');
    expect(result.warnings).toEqual([]);
    expect(result.streams.message).toBe(
      '5 of 5 sampled channels answered with video the TV plays (MPEG-TS, HLS, MPEG-DASH, MP4, audio only).',
    );
    expect(result.streams.samples.map((s: { kind: string; codecs: string[] }) => [s.kind, s.codecs])).toEqual([
      ['MPEG_TS', ['H.264', 'MPEG audio']],
      ['HLS_MASTER', ['H.264', 'AAC']],
      ['DASH', ['H.264']],
      ['FRAGMENTED_MP4', ['H.264', 'AAC']],
      ['AUDIO', ['AAC']],
    ]);
  });

  it('does not call an HLS channel playable when a link after its playlist fails, and says which', async () => {
    const result = await check(m3u('/hls-broken.m3u'));
    expect(result.verdict).toBe('WARNING');
    expect(result.streams).toMatchObject({ sampled: 4, playable: 0 });
    expect(result.streams.samples.map((s: { message: string }) => s.message)).toEqual([
      'Answered with an HLS playlist in 1 quality, but its qualities are not there (HTTP 404).',
      'Answered with an HLS playlist in 1 quality, but its segments are refused (HTTP 403).',
      'Answered with an HLS playlist in 1 quality, but it lists no segments.',
      'Answered with an HLS playlist of 1 MPEG-TS segment, but the key to its segments is refused (HTTP 403).',
    ]);
    expect(await allClosed(provider)).toBe(true);
  });

  it('sends the headers #KODIPROP stream_headers give a channel, as Kodi does', async () => {
    let seen: http.IncomingHttpHeaders = {};
    provider.route((req, res, url) => {
      if (url.pathname !== '/needs-kodi.ts') return false;
      seen = req.headers;
      const ok = req.headers['user-agent'] === 'Kodi/21.0' && req.headers.referer === 'https://tv.example/';
      res.statusCode = ok ? 200 : 403;
      res.setHeader('content-type', 'video/mp2t');
      res.end(ok ? streamFixture('media3-sample_h264_mpeg_audio.ts') : '');
      return true;
    });
    const result = await check(m3u('/kodiprop.m3u'));
    expect(seen['user-agent']).toBe('Kodi/21.0');
    expect(result.streams.samples[0]).toMatchObject({ kind: 'MPEG_TS', httpStatus: 200 });
  });

  it('fails a playlist whose every sampled channel is gone, and says why', async () => {
    const result = await check(m3u('/all-gone.m3u'));
    expect(result).toMatchObject({ verdict: 'FAILED', problem: 'STREAMS_GONE', m3u: { channels: 3 } });
    expect(result.message).toBe(
      'None of the 3 sampled channels is at its address any more (HTTP 404, 410): the provider has moved or removed them. Ask the provider for an up-to-date playlist.',
    );
    expect(result.streams.samples.every((s: { kind: string }) => s.kind === 'GONE')).toBe(true);
  });

  it('only warns when every channel is refused or blocked here: the TV is elsewhere', async () => {
    const result = await check(m3u('/all-refused.m3u'));
    expect(result.verdict).toBe('WARNING');
    expect(result.problem).toBeNull();
    expect(result.streams.samples.map((s: { kind: string }) => s.kind)).toEqual([
      'REFUSED',
      'REFUSED',
      'WEB_PAGE',
      'LEGAL_BLOCK',
      'HTTP_ERROR',
    ]);
    expect(result.warnings[0]).toBe(
      'None of the 5 sampled channels answered with video the TV plays; 2 were refused (HTTP 403, 404: the provider may block this server’s network or country, so try them on the TV); 1 is unavailable for legal reasons where this server is (HTTP 451): the TV may be elsewhere; 1 answered with an error (HTTP 503); 1 answered with a web page (a login, error or block page) instead of video.',
    );
  });

  it('says rtmp://, rtsp://, udp:// and private addresses were not tried, never that they are dead', async () => {
    const before = provider.requests.length;
    const result = await check(m3u('/not-here.m3u'));
    expect(result.streams.samples.map((s: { kind: string }) => s.kind)).toEqual([
      'HLS_MASTER',
      'OTHER_SCHEME',
      'OTHER_SCHEME',
      'OTHER_SCHEME',
      'PRIVATE_ADDRESS',
    ]);
    expect(result.streams.message).toBe(
      '1 of 5 sampled channels answered with video the TV plays (HLS); 3 are addresses this server does not open (rtmp://, rtsp://, udp://), so they were not tried: the TV’s player may open them; 1 is on a private network, which this server does not open: a TV on that network may play it.',
    );
    // Not a failure: nothing was seen to fail.
    expect(result.verdict).toBe('OK');
    // The provider was asked for the playlist, the guide and the one http channel: nothing else was opened.
    expect(provider.requests.slice(before)).toEqual([
      '/not-here.m3u',
      '/c/hls-ts/ok/manifest.m3u8',
      '/c/hls-ts/ok/sd-hls.m3u8',
      '/c/hls-ts/ok/sd-hls0000000000.ts',
      '/guide.xml',
    ]);
  });

  it('keeps a 200,000-channel playlist’s check within its limits: five channels at most, over its groups', async () => {
    const limited = await startTestServer({
      PLAYLIST_CHECK_ALLOW: '127.0.0.1',
      PLAYLIST_CHECK_CACHE_SECONDS: '0',
      PLAYLIST_CHECK_STREAM_SAMPLES: '5',
      PLAYLIST_CHECK_STREAM_SECONDS: '2',
      PLAYLIST_CHECK_STREAMS_TOTAL_SECONDS: '5',
    });
    try {
      const owner = await signedInDevice(limited);
      const before = provider.stats();
      const res = await owner.client.gql(CHECK, {
        input: { name: '', type: 'GENERAL', url: `${provider.url}/big.m3u` },
      });
      const result = res.json.data.checkPlaylistValues;
      expect(result.m3u.channels).toBe(BIG_CHANNELS);
      // The group names kept for parental control: the first 300 of 2,000, in the playlist's order.
      expect(result.m3u.groupNames).toHaveLength(300);
      expect(result.m3u.groupNames.slice(0, 2)).toEqual(['Group 0', 'Group 1']);
      expect(result.verdict).toBe('WARNING');
      // Every channel is silent: 2 s each and 5 s for all of them leave room for two, and a short third.
      const opened = provider.stats().opened - before.opened;
      expect(result.streams.sampled).toBe(opened);
      expect(opened).toBeGreaterThanOrEqual(2);
      expect(opened).toBeLessThanOrEqual(3);
      expect(result.streams.samples.every((s: { kind: string }) => s.kind === 'NO_ANSWER')).toBe(true);
      // Spread over the 2,000 groups, not the first channels of the list.
      const groups = result.streams.samples.map((s: { group: string }) => Number(s.group.replace('Group ', '')));
      expect(groups[0]).toBe(0);
      expect(groups[1]).toBeGreaterThanOrEqual(300);
      expect(groups).toEqual([...groups].sort((a, b) => a - b));
      expect(provider.stats().mostAtOnce).toBe(1);
      expect(result.warnings[0]).toMatch(
        /^None of the \d sampled channels answered with video the TV plays; \d did not answer in 2 s\.$/,
      );
      expect(await allClosed(provider)).toBe(true);
    } finally {
      await limited.stop();
    }
  });
});

describe("an Xtream Codes line's live channels", () => {
  async function checkLine(username: string, headers?: Record<string, string>, by = client) {
    return check(
      { type: 'XC', url: `${provider.url}/panel`, username, password: PASSWORD, epgUrl: `${provider.url}/guide.xml` },
      headers,
      by,
    );
  }

  it("opens live streams the way the panel's get.php writes them, in the formats the line allows, one at a time", async () => {
    const before = provider.requests.length;
    const result = await checkLine('alice');
    const streamPaths = provider.requests.slice(before).filter((path) => path.includes('/live/'));
    // Three categories, one channel of each first, then the second of the first two: TS and HLS in turn.
    expect(streamPaths).toEqual([
      `/panel/live/alice/${encodeURIComponent(PASSWORD)}/110.ts`,
      `/panel/live/alice/${encodeURIComponent(PASSWORD)}/120.m3u8`,
      `/panel/live/alice/${encodeURIComponent(PASSWORD)}/130.ts`,
      `/panel/live/alice/${encodeURIComponent(PASSWORD)}/111.m3u8`,
      `/panel/live/alice/${encodeURIComponent(PASSWORD)}/121.ts`,
    ]);
    expect(
      result.streams.samples.map((s: { name: string; group: string; kind: string }) => [s.name, s.group, s.kind]),
    ).toEqual([
      ['News 1', 'News', 'MPEG_TS'],
      ['Sport 1', 'Sport', 'HLS_MEDIA'],
      ['Films 1', 'Films', 'MPEG_TS'],
      ['News 2', 'News', 'HLS_MEDIA'],
      ['Sport 2', 'Sport', 'MPEG_TS'],
    ]);
    // The panel's HLS output is followed to its segment, as any HLS is.
    expect(provider.requests.slice(before)).toContain('/hls/120/1.ts');
    expect(result.streams.samples[1].message).toMatch(/and its first segment with an MPEG-TS stream/);
    expect(result.verdict).toBe('OK');
    // The live categories by name, for the owner to lock some (parental control).
    expect(result.xc.liveCategoryNames).toEqual(['News', 'Sport', 'Films']);
    // Never more than one of the line's two connections, and each given back.
    expect(provider.lineStats('alice').mostAtOnce).toBe(1);
    expect(await allClosed(provider)).toBe(true);
  });

  it('never opens a stream of a line whose every connection is in use', async () => {
    const before = provider.lineStats('full').opened;
    const result = await checkLine('full');
    expect(provider.lineStats('full').opened).toBe(before);
    expect(result.xc).toMatchObject({ state: 'ACTIVE', activeConnections: 1, maxConnections: 1 });
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

  it('samples a one-connection line once at a time, even when two owners check it at once', async () => {
    // Two owners: one owner's checks run one at a time anyway.
    const other = (await signedInDevice(server)).client;
    const [first, second] = await Promise.all([checkLine('tsonly'), checkLine('tsonly', undefined, other)]);
    for (const result of [first, second]) {
      // Over its limit the panel would refuse with 403: every sample played.
      expect(result.streams.playable).toBe(5);
      expect(result.streams.samples.every((s: { kind: string }) => s.kind === 'MPEG_TS')).toBe(true);
    }
    expect(provider.lineStats('tsonly').mostAtOnce).toBe(1);
  });

  it('says the samples in Arabic, in the graph and in the REST answer', async () => {
    const AR = { 'accept-language': 'ar' };
    const result = await check(m3u('/mixed.m3u'), AR);
    expect(result.streams.message).toMatch(/^3 من 5 قنوات فُتحت ردّت بفيديو يشغّله التلفزيون/);
    // The sentence names the refusal; its status is on the sample's badge, not said twice.
    expect(result.streams.samples[3].message).toMatch(/^مرفوضة: /);
    expect(result.streams.samples[3].message).not.toMatch(/HTTP/);
    const rest = await client.request('POST', '/frontend/device/checkPlaylist', {
      body: {
        playlist_type: 'general',
        playlist_url: `${provider.url}/mixed.m3u`,
        xml_url: `${provider.url}/guide.xml`,
      },
      headers: AR,
    });
    expect(rest.status).toBe(200);
    expect(rest.json.check.streams).toMatchObject({ sampled: 5, playable: 3, message: result.streams.message });
    expect(rest.json.check.streams.samples[0]).toEqual({
      name: 'Channel 0 (ts-h264)',
      group: 'Group 0',
      kind: 'MPEG_TS',
      httpStatus: 200,
      codecs: ['H.264', 'MPEG audio'],
      message: result.streams.samples[0].message,
    });
    const english = await client.request('POST', '/frontend/device/checkPlaylist', {
      body: {
        playlist_type: 'general',
        playlist_url: `${provider.url}/mixed.m3u`,
        xml_url: `${provider.url}/guide.xml`,
      },
    });
    expect(english.json.check.streams.message).toMatch(/^3 of 5 sampled channels answered/);
    expect(english.json.check.streams.samples[0]).not.toHaveProperty('said');
  });
});
