import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { generateM3u } from '../support/m3u-samples';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * The playlist check through the real server, against a local provider: M3U playlists, an Xtream Codes panel
 * and XMLTV guides, and the ways they go wrong. The test server may fetch 127.0.0.1 only because the
 * allow-list says so; every other internal address stays refused.
 */

const XC_USER = 'alice';
const XC_PASS = 'S3cret.Pass';
const EXPIRES = Math.floor(Date.UTC(2031, 0, 15) / 1000);

function xmltv(channels: number): string {
  const list = Array.from(
    { length: channels },
    (_, i) => `<channel id="c${i}"><display-name>C${i}</display-name></channel>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<tv generator-info-name="test">${list.join('\n')}<programme start="20260101000000 +0000" channel="c0"><title>T</title></programme></tv>`;
}

let provider: http.Server;
let base = '';
const seen: string[] = [];

function startProvider(): Promise<void> {
  const playlist = generateM3u({ entries: 500, withoutUrlEvery: 100, seed: 7 });
  provider = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url.pathname);
    switch (url.pathname) {
      case '/good.m3u':
        res.setHeader('content-type', 'audio/x-mpegurl');
        return void res.end(playlist);
      case '/plain.m3u':
        return void res.end(
          '#EXTM3U\n#EXTINF:-1 tvg-logo="http://logo.example/a.png" group-title="News",News One\nhttp://stream.example/1.ts\n',
        );
      case '/html-panel/player_api.php':
      case '/login':
        res.setHeader('content-type', 'text/html');
        return void res.end('<!DOCTYPE html><html><body><form>Login</form></body></html>');
      case '/binary':
        return void res.end(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
      case '/text':
        return void res.end('just some words, not a playlist\n');
      case '/empty':
        return void res.end('');
      case '/no-channels.m3u':
        return void res.end('#EXTM3U\n#EXTINF:-1,Nothing here\n');
      case '/missing':
        res.statusCode = 404;
        return void res.end('no');
      case '/loop':
        res.statusCode = 302;
        res.setHeader('location', '/loop');
        return void res.end();
      case '/to-metadata':
        res.statusCode = 302;
        res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
        return void res.end();
      case '/endless':
        res.setHeader('content-type', 'audio/x-mpegurl');
        res.write('#EXTM3U\n');
        {
          const line = `#EXTINF:-1,Channel\nhttp://stream.example/${'x'.repeat(200)}.ts\n`.repeat(100);
          const pump = () => {
            while (res.write(line)) {
              /* fill the buffer */
            }
          };
          res.on('drain', pump);
          pump();
          req.on('close', () => res.off('drain', pump));
        }
        return;
      case '/huge-line.m3u':
        // A 10 MB single line (a broken export) between real entries: skipped without being held.
        res.write('#EXTM3U\n#EXTINF:-1,Before\nhttp://stream.example/before.ts\n');
        res.write(`#EXTINF:-1,${'x'.repeat(10 * 1024 * 1024)}\n`);
        return void res.end('http://stream.example/huge.ts\n#EXTINF:-1,After\nhttp://stream.example/after.ts\n');
      case '/slow.m3u': {
        // Slow drip: a byte every 300 ms, far slower than the check's time limit allows.
        res.write('#EXTM3U\n');
        const timer = setInterval(() => res.write('#'), 300);
        req.on('close', () => clearInterval(timer));
        return;
      }
      case '/kodi-bits.m3u':
        // Two channels a TV plays, and what only a computer running Kodi or Tvheadend opens.
        return void res.end(
          [
            '#EXTM3U',
            '#EXTINF:-1,One',
            'http://stream.example/1.ts',
            '#EXTINF:-1,Two',
            'http://stream.example/2.ts',
            '#EXTINF:-1,Tuner',
            'pipe:///usr/bin/ffmpeg -i /dev/dvb0 -f mpegts pipe:1',
            '#EXTINF:-1,Add-on A',
            'plugin://plugin.video.a/?channel=1',
            '#EXTINF:-1,Add-on B',
            'plugin://plugin.video.b/?channel=2',
            '',
          ].join('\n'),
        );
      case '/guide.xml':
        return void res.end(xmltv(42));
      case '/guide.xml.gz':
        return void res.end(gzipSync(xmltv(7)));
      case '/player_api.php': {
        res.setHeader('content-type', 'application/json');
        const ok = url.searchParams.get('username') === XC_USER && url.searchParams.get('password') === XC_PASS;
        const expired = url.searchParams.get('username') === 'bob' && url.searchParams.get('password') === XC_PASS;
        if (expired) {
          return void res.end(JSON.stringify({ user_info: { auth: 1, status: 'Expired', exp_date: '1600000000' } }));
        }
        if (!ok) return void res.end(JSON.stringify({ user_info: { auth: 0 } }));
        const action = url.searchParams.get('action');
        if (action === 'get_live_categories') return void res.end(JSON.stringify([{}, {}, {}]));
        if (action === 'get_vod_categories') return void res.end(JSON.stringify([{}, {}]));
        if (action === 'get_series_categories') return void res.end(JSON.stringify([{}]));
        return void res.end(
          JSON.stringify({
            user_info: {
              auth: 1,
              status: 'Active',
              exp_date: String(EXPIRES),
              is_trial: '0',
              active_cons: '0',
              max_connections: '2',
            },
            server_info: { url: 'line.example', port: '8080' },
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
    PLAYLIST_CHECK_TIMEOUT_SECONDS: '5',
    PLAYLIST_CHECK_MAX_MB: '20',
    PLAYLIST_CHECK_CACHE_SECONDS: '0',
    PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
  });
});
afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => provider.close(resolve));
});

const CHECK_FIELDS = `verdict reachable problem message warnings httpStatus
  m3u { channels groups entriesWithoutUrl guideUrls sample { name logo group } }
  xc { status expiresAt isTrial maxConnections activeConnections liveCategories vodCategories seriesCategories }
  epg { reachable xmltv channels message }`;
const CHECK_VALUES = `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { ${CHECK_FIELDS} } }`;
const CHECK_SAVED = `mutation($input: CheckPlaylistInput!) { checkPlaylist(input: $input) { ${CHECK_FIELDS} } }`;
const CREATE = 'mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }';

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

async function checkUrl(client: Client, url: string, epgUrl?: string) {
  const res = await client.gql(CHECK_VALUES, { input: { name: '', type: 'GENERAL', url, epgUrl } });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.checkPlaylistValues;
}

describe('checking an M3U playlist', () => {
  it('counts channels, groups, entries without a stream, and samples channels with logos', async () => {
    const { client } = await signedInDevice(server);
    const check = await checkUrl(client, `${base}/good.m3u`, `${base}/guide.xml`);
    expect(check.reachable).toBe(true);
    expect(check.httpStatus).toBe(200);
    expect(check.m3u.channels).toBe(495);
    expect(check.m3u.entriesWithoutUrl).toBe(5);
    expect(check.m3u.groups).toBeGreaterThan(1);
    expect(check.m3u.sample.length).toBeGreaterThan(0);
    expect(check.m3u.sample[0].logo).toMatch(/^https?:\/\//);
    // This guide (ids c0...c41) matches none of the playlist's channels (ids ch1.uk...): the owner is told. (It
    // was read only to its first programme and passed unremarked before guides were matched with playlists.)
    const noCoverage =
      'The guide has no programmes for any of the playlist’s 495 channels: the TV will show them without programme information. Check that it is the guide meant for this playlist.';
    expect(check.epg).toEqual({ reachable: true, xmltv: true, channels: 42, message: noCoverage });
    expect(check.verdict).toBe('WARNING');
    expect(check.warnings).toEqual(['5 entries have no stream address and will not play.', noCoverage]);
    expect(check.message).toBe(`The playlist opens: 495 channels in ${check.m3u.groups} groups.`);
  });

  it('reads a gzip-compressed guide, and says when there is no guide at all', async () => {
    const { client } = await signedInDevice(server);
    const withGz = await checkUrl(client, `${base}/plain.m3u`, `${base}/guide.xml.gz`);
    // Read through gzip: its 7 channels. None is the playlist's one channel, so it is a warning now (was OK
    // before guides were matched with playlists).
    expect(withGz.epg).toEqual({
      reachable: true,
      xmltv: true,
      channels: 7,
      message:
        'The guide has no programmes for the playlist’s channel: the TV will show it without programme information. Check that it is the guide meant for this playlist.',
    });
    expect(withGz.verdict).toBe('WARNING');
    expect(withGz.m3u.sample).toEqual([{ name: 'News One', logo: 'http://logo.example/a.png', group: 'News' }]);
    const without = await checkUrl(client, `${base}/plain.m3u`);
    expect(without.verdict).toBe('WARNING');
    expect(without.warnings).toEqual(['No guide (EPG) URL: the TV will show channels without programme information.']);
    const notAGuide = await checkUrl(client, `${base}/plain.m3u`, `${base}/login`);
    expect(notAGuide.epg).toMatchObject({ reachable: true, xmltv: false });
  });

  it.each([
    ['a login page', '/login', 'LOGIN_PAGE', true],
    ['binary garbage', '/binary', 'NOT_M3U', true],
    ['plain text', '/text', 'NOT_M3U', true],
    ['an empty answer', '/empty', 'EMPTY', true],
    ['a playlist without streams', '/no-channels.m3u', 'EMPTY', true],
    ['a 404', '/missing', 'HTTP_STATUS', true],
    ['a redirect loop', '/loop', 'TOO_MANY_REDIRECTS', false],
    ['a redirect to the cloud metadata address', '/to-metadata', 'BLOCKED_ADDRESS', false],
    ['an endless body', '/endless', 'TOO_LARGE', true],
    ['a slow-drip server', '/slow.m3u', 'TIMEOUT', true],
  ])('fails clearly on %s', async (_what, path, problem, reachable) => {
    const { client } = await signedInDevice(server);
    const check = await checkUrl(client, `${base}${path}`);
    expect(check).toMatchObject({ verdict: 'FAILED', problem, reachable });
    expect(check.message.length).toBeGreaterThan(10);
  });

  it('reads past a 10 MB single line, and the server stays healthy after every bad source', async () => {
    const { client } = await signedInDevice(server);
    const check = await checkUrl(client, `${base}/huge-line.m3u`);
    // The overlong #EXTINF is skipped; its stream URL still counts, as a channel without a name.
    expect(check.m3u.channels).toBe(3);
    expect(check.verdict).toBe('WARNING');
    const ready = await client.request('GET', '/readyz');
    expect(ready.status).toBe(200);
  });

  it('refuses internal addresses that are not on the allow-list, without connecting', async () => {
    const { client } = await signedInDevice(server);
    for (const url of ['http://10.0.0.1/list.m3u', 'http://169.254.169.254/latest/', 'http://[::1]:9/x.m3u']) {
      const check = await checkUrl(client, url);
      expect(check).toMatchObject({ verdict: 'FAILED', problem: 'BLOCKED_ADDRESS', reachable: false });
    }
  });

  it('validates the values like saving does, and cannot check a playlist code', async () => {
    const { client } = await signedInDevice(server);
    const bad = await client.gql(CHECK_VALUES, { input: { name: '', type: 'GENERAL', url: 'not a url' } });
    expect(bad.json.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { url: 'Invalid URL Format' },
    });
    const code = await client.gql(CHECK_VALUES, { input: { name: 'x', type: 'CODE', playlistCode: '123456' } });
    expect(code.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('checking an Xtream Codes account', () => {
  it('reports the status, expiry, connections and category counts, never the password', async () => {
    const { client } = await signedInDevice(server);
    const res = await client.gql(CHECK_VALUES, {
      input: { name: '', type: 'XC', url: base, username: XC_USER, password: XC_PASS, epgUrl: `${base}/guide.xml` },
    });
    const check = res.json.data.checkPlaylistValues;
    expect(check.xc).toEqual({
      status: 'Active',
      expiresAt: new Date(EXPIRES * 1000).toISOString(),
      isTrial: false,
      maxConnections: 2,
      activeConnections: 0,
      liveCategories: 3,
      vodCategories: 2,
      seriesCategories: 1,
    });
    expect(check.verdict).toBe('OK');
    expect(res.text).not.toContain(XC_PASS);
  });

  it('says when the credentials are wrong or the account has expired', async () => {
    const { client } = await signedInDevice(server);
    const wrong = await client.gql(CHECK_VALUES, {
      input: { name: '', type: 'XC', url: base, username: XC_USER, password: 'Wrong.Pass1' },
    });
    expect(wrong.json.data.checkPlaylistValues).toMatchObject({ verdict: 'FAILED', problem: 'XC_AUTH' });
    expect(wrong.text).not.toContain('Wrong.Pass1');
    const expired = await client.gql(CHECK_VALUES, {
      input: { name: '', type: 'XC', url: base, username: 'bob', password: XC_PASS },
    });
    expect(expired.json.data.checkPlaylistValues).toMatchObject({ verdict: 'FAILED', problem: 'XC_INACTIVE' });
    expect(expired.json.data.checkPlaylistValues.message).toContain('expired');
    const notPanel = await client.gql(CHECK_VALUES, {
      input: { name: '', type: 'XC', url: `${base}/html-panel`, username: XC_USER, password: XC_PASS },
    });
    expect(notPanel.json.data.checkPlaylistValues.problem).toBe('XC_NOT_API');
  });
});

describe('checking a saved playlist', () => {
  it('keeps the result as its last check, shown in both lists', async () => {
    const { client } = await signedInDevice(server);
    const created = await client.gql(CREATE, { input: { name: 'Home', type: 'GENERAL', url: `${base}/plain.m3u` } });
    const id = created.json.data.createPlaylist.playlist.id;
    const before = await client.gql('{ playlists { id lastCheck { verdict } } }');
    expect(before.json.data.playlists).toEqual([{ id, lastCheck: null }]);
    const checked = await client.gql(CHECK_SAVED, { input: { id } });
    expect(checked.json.data.checkPlaylist.m3u.channels).toBe(1);
    const after = await client.gql('{ playlists { id lastCheck { verdict m3u { channels } } } }');
    expect(after.json.data.playlists).toEqual([{ id, lastCheck: { verdict: 'WARNING', m3u: { channels: 1 } } }]);
    const rest = await client.request('GET', '/frontend/device/playlists');
    expect(rest.json.playlists[0].last_check).toMatchObject({ verdict: 'WARNING', m3u: { channels: 1 } });
    const byRest = await client.request('POST', `/frontend/device/checkPlaylist/${id}`, { body: {} });
    expect(byRest.status).toBe(200);
    expect(byRest.json.check.m3u.channels).toBe(1);
  });

  it("needs a protected playlist's PIN, and never checks another device's playlist", async () => {
    const owner = await signedInDevice(server);
    const other = await signedInDevice(server);
    const created = await owner.client.gql(CREATE, {
      input: { name: 'Kids', type: 'GENERAL', url: `${base}/plain.m3u`, isProtected: true, pin: '4321' },
    });
    const id = created.json.data.createPlaylist.playlist.id;
    const withoutPin = await owner.client.gql(CHECK_SAVED, { input: { id } });
    expect(withoutPin.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const wrongPin = await owner.client.gql(CHECK_SAVED, { input: { id, pin: '0000' } });
    expect(wrongPin.json.errors[0]).toMatchObject({ message: 'Wrong PIN!', extensions: { code: 'FORBIDDEN' } });
    const right = await owner.client.gql(CHECK_SAVED, { input: { id, pin: '4321' } });
    expect(right.json.data.checkPlaylist.m3u.channels).toBe(1);
    // Locked in the list: its last check names what is at the address, so it stays hidden too.
    const list = await owner.client.gql('{ playlists { id locked lastCheck { verdict } } }');
    expect(list.json.data.playlists).toEqual([{ id, locked: true, lastCheck: null }]);
    const stranger = await other.client.gql(CHECK_SAVED, { input: { id, pin: '4321' } });
    expect(stranger.json.errors[0].extensions.code).toBe('NOT_FOUND');
    const strangerRest = await other.client.request('POST', `/frontend/device/checkPlaylist/${id}`, {
      body: { pin: '4321' },
    });
    expect(strangerRest.status).toBe(404);
  });

  it('refuses when signed out', async () => {
    const res = await server
      .client()
      .gql(CHECK_VALUES, { input: { name: '', type: 'GENERAL', url: `${base}/plain.m3u` } });
    expect(res.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('limits', () => {
  it('limits checks per device per hour', async () => {
    const limited = await startTestServer({
      PLAYLIST_CHECK_ALLOW: '127.0.0.1',
      PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '2',
      PLAYLIST_CHECK_CACHE_SECONDS: '0',
    });
    try {
      const { client } = await signedInDevice(limited);
      const answers = [];
      for (let i = 0; i < 3; i += 1) {
        answers.push(
          await client.gql(CHECK_VALUES, { input: { name: '', type: 'GENERAL', url: `${base}/plain.m3u` } }),
        );
      }
      expect(answers.slice(0, 2).every((a) => a.json.data?.checkPlaylistValues.m3u.channels === 1)).toBe(true);
      expect(answers[2]?.json.errors[0].extensions.code).toBe('RATE_LIMITED');
    } finally {
      await limited.stop();
    }
  });

  it('answers a repeated check of the same source from a short cache, without asking the provider again', async () => {
    const cached = await startTestServer({ PLAYLIST_CHECK_ALLOW: '127.0.0.1', PLAYLIST_CHECK_CACHE_SECONDS: '60' });
    try {
      const { client } = await signedInDevice(cached);
      const before = seen.filter((p) => p === '/plain.m3u').length;
      for (let i = 0; i < 3; i += 1) {
        const res = await client.gql(CHECK_VALUES, { input: { name: '', type: 'GENERAL', url: `${base}/plain.m3u` } });
        expect(res.json.data.checkPlaylistValues.m3u.channels).toBe(1);
      }
      expect(seen.filter((p) => p === '/plain.m3u').length - before).toBe(1);
    } finally {
      await cached.stop();
    }
  });
});

describe('in the language of the request', () => {
  const AR = { 'accept-language': 'ar' };
  const FIELDS = `verdict problem message warnings m3u { channels groups cannotOpen { kind reason count } }
    xc { state } epg { message }`;
  const VALUES = `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { ${FIELDS} } }`;

  async function check(client: Client, input: Record<string, unknown>, headers?: Record<string, string>) {
    const res = await client.gql(VALUES, { input: { name: '', type: 'GENERAL', ...input } }, headers);
    expect(res.json.errors).toBeUndefined();
    return res.json.data.checkPlaylistValues;
  }

  it('says the verdict, the warnings and the guide’s note in Arabic, and the same check in English as ever', async () => {
    const { client } = await signedInDevice(server);
    const input = { url: `${base}/good.m3u`, epgUrl: `${base}/guide.xml` };
    const english = await check(client, input);
    const arabic = await check(client, input, AR);
    const noCoverage =
      'The guide has no programmes for any of the playlist’s 495 channels: the TV will show them without programme information. Check that it is the guide meant for this playlist.';
    expect(english.message).toBe(`The playlist opens: 495 channels in ${english.m3u.groups} groups.`);
    expect(english.warnings).toEqual(['5 entries have no stream address and will not play.', noCoverage]);
    expect(english.epg.message).toBe(noCoverage);

    expect(arabic.verdict).toBe('WARNING');
    expect(arabic.m3u).toEqual(english.m3u);
    expect(arabic.message).toMatch(/^تفتح قائمة التشغيل: 495 قناة في /);
    const arabicNote =
      'لا يتضمن دليل البرامج برامج لأيٍّ من قنوات قائمة التشغيل الـ495: سيعرضها التلفزيون دون معلومات البرامج. تأكّد من أنه الدليل المخصّص لقائمة التشغيل هذه.';
    expect(arabic.warnings).toEqual(['5 إدخالات بلا رابط بث، ولن تعمل.', arabicNote]);
    expect(arabic.epg.message).toBe(arabicNote);
  });

  it('answers the REST check in the language of its Accept-Language, in the shape REST always had', async () => {
    const { client } = await signedInDevice(server);
    const body = { playlist_type: 'general', playlist_url: `${base}/good.m3u`, xml_url: `${base}/guide.xml` };
    const english = await client.request('POST', '/frontend/device/checkPlaylist', { body });
    const arabic = await client.request('POST', '/frontend/device/checkPlaylist', { body, headers: AR });
    expect(english.status).toBe(200);
    expect(english.json.check.message).toMatch(/^The playlist opens: 495 channels in /);
    expect(arabic.json.check.message).toMatch(/^تفتح قائمة التشغيل: 495 قناة في /);
    expect(arabic.json.check.verdict).toBe(english.json.check.verdict);
    // How the server keeps the sentences to say them later is its own business, not part of the answer.
    for (const answer of [english, arabic]) {
      expect(answer.json.check).not.toHaveProperty('said');
      expect(answer.json.check.epg).not.toHaveProperty('said');
    }
  });

  it('names what a TV cannot open, and why, in Arabic', async () => {
    const { client } = await signedInDevice(server);
    const english = await check(client, { url: `${base}/kodi-bits.m3u` });
    const arabic = await check(client, { url: `${base}/kodi-bits.m3u` }, AR);
    expect(english.warnings[0]).toBe(
      '3 entries cannot be opened on a TV (2 Kodi add-on links, 1 programs to run (pipe://)): they are not counted as channels.',
    );
    expect(english.m3u.cannotOpen[0]).toEqual({
      kind: 'plugin://',
      reason: 'These are links to Kodi add-ons (plugin://): only Kodi with that add-on installed can open them.',
      count: 2,
    });
    expect(arabic.warnings[0]).toBe(
      'لا يمكن فتح 3 إدخالات على التلفزيون (رابطان لإضافات Kodi، أمر واحد لتشغيل برنامج (pipe://))، ولذلك لا تُحتسب ضمن القنوات.',
    );
    expect(arabic.warnings[1]).toBe('لا يوجد رابط لدليل البرامج (EPG): سيعرض التلفزيون القنوات دون معلومات البرامج.');
    // Its channels name no group: said so, in both languages, not "in 0 groups".
    expect(english.message).toBe('The playlist opens: 2 channels, without groups.');
    expect(arabic.message).toBe('تفتح قائمة التشغيل: قناتان، دون مجموعات.');
    expect(arabic.m3u.cannotOpen.map((kind: { reason: string }) => kind.reason)).toEqual([
      'هذه روابط لإضافات Kodi ‏(plugin://): لا يفتحها إلا Kodi المثبّتة عليه تلك الإضافة.',
      'هذه أوامر تشغّل برنامجًا على الحاسوب الذي يقرأ قائمة التشغيل (pipe://)، كما يُعدّها Tvheadend وKodi: ولا يستطيع التلفزيون تشغيلها.',
    ]);
  });

  it('says failures in Arabic, with the same problem and the provider’s words kept', async () => {
    const { client } = await signedInDevice(server);
    const missing = await check(client, { url: `${base}/missing` }, AR);
    expect(missing).toMatchObject({ verdict: 'FAILED', problem: 'HTTP_STATUS' });
    expect(missing.message).toBe('ردّ الخادم برمز HTTP \u2068404\u2069 (غير موجود: تحقّق من الرابط).');
    const english = await check(client, { url: `${base}/missing` });
    expect(english.message).toBe('The server answered HTTP 404 (not found: check the URL).');
    const expired = await check(client, { type: 'XC', url: base, username: 'bob', password: XC_PASS }, AR);
    expect(expired).toMatchObject({ verdict: 'FAILED', problem: 'XC_INACTIVE', xc: { state: 'EXPIRED' } });
    expect(expired.message).toMatch(/^انتهى الاشتراك في \d{1,2} سبتمبر 2020: جدّده لدى المزوّد\.$/);
    const loop = await check(client, { url: `${base}/loop` }, AR);
    expect(loop.problem).toBe('TOO_MANY_REDIRECTS');
    expect(loop.message).toMatch(/^أُعيد توجيه العنوان أكثر من 5 مرات \(آخرها إلى /);
  });

  it('says a saved playlist’s last check in the language of whoever reads it', async () => {
    const { client } = await signedInDevice(server);
    const created = await client.gql(CREATE, { input: { name: 'Home', type: 'GENERAL', url: `${base}/plain.m3u` } });
    const id = created.json.data.createPlaylist.playlist.id;
    const checked = await client.gql(CHECK_SAVED, { input: { id } });
    expect(checked.json.data.checkPlaylist.message).toBe('The playlist opens: 1 channel in 1 group.');
    const read = (headers?: Record<string, string>) =>
      client.gql('{ playlists { lastCheck { message warnings } } }', undefined, headers);
    const inArabic = await read(AR);
    expect(inArabic.json.data.playlists[0].lastCheck).toEqual({
      message: 'تفتح قائمة التشغيل: قناة واحدة في مجموعة واحدة.',
      warnings: ['لا يوجد رابط لدليل البرامج (EPG): سيعرض التلفزيون القنوات دون معلومات البرامج.'],
    });
    const inEnglish = await read();
    expect(inEnglish.json.data.playlists[0].lastCheck).toEqual({
      message: 'The playlist opens: 1 channel in 1 group.',
      warnings: ['No guide (EPG) URL: the TV will show channels without programme information.'],
    });
  });
});
