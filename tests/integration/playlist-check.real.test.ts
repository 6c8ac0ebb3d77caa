import { readFileSync } from 'node:fs';
import { formatDisplayDate } from '../../common/dates';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { generateM3u } from '../support/m3u-samples';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * The playlist check against real material (tests/fixtures/*, sources in each folder's README.md): public
 * playlists (Free-TV/IPTV, Kodi's IPTV Simple README), HLS playlists from videojs/m3u8-parser's fixtures, XMLTV
 * guides from iptv-org/epg's fixtures, and a fake Xtream Codes panel that answers as classic Xtream Codes and
 * XUI-derived panels do (player_api.php of Vateron-Media/Xtream_main and chadb3887/XCMS): strings where MySQL
 * gives strings, auth 0, XUI's fake nginx 404 page and its debug-mode error page. Everything is served from
 * 127.0.0.1; no fixture address is ever fetched.
 */

const FIXTURES = path.join(__dirname, '../fixtures');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** Fake panel lines: what a panel's database holds for each (exp_date as MySQL gives it: a string or null). */
interface Line {
  status: 'Active' | 'Banned' | 'Disabled' | 'Expired';
  exp: () => string | null;
  formats?: string[];
}
const PASSWORD = 'S3cret.Pass';
const LINES: Record<string, Line> = {
  alice: { status: 'Active', exp: () => String(now() + 200 * DAY), formats: ['m3u8', 'ts', 'rtmp'] },
  banned: { status: 'Banned', exp: () => String(now() + 200 * DAY), formats: ['m3u8', 'ts'] },
  disabled: { status: 'Disabled', exp: () => String(now() + 90 * DAY), formats: ['m3u8', 'ts'] },
  // The panel still says Active, but the end date has passed (a cached answer, or a panel that does not judge).
  lapsed: { status: 'Active', exp: () => String(now() - 3 * DAY), formats: ['m3u8', 'ts'] },
  noformats: { status: 'Active', exp: () => String(now() + 30 * DAY), formats: [] },
  rtmponly: { status: 'Active', exp: () => String(now() + 30 * DAY), formats: ['rtmp'] },
  soon: { status: 'Active', exp: () => String(now() + 6 * 3600), formats: ['m3u8', 'ts'] },
  forever: { status: 'Active', exp: () => null, formats: ['ts'] },
};

/** user_info as classic Xtream Codes prints it (player_api.php): numbers as strings, status by the line's flags. */
function classicUserInfo(username: string, line: Line) {
  const exp = line.exp();
  const status =
    line.status === 'Active' || line.status === 'Banned' || line.status === 'Disabled' ? line.status : 'Expired';
  return {
    user_info: {
      username,
      password: PASSWORD,
      message: 'Welcome',
      auth: 1,
      status,
      exp_date: exp,
      is_trial: '0',
      active_cons: '0',
      created_at: String(now() - 400 * DAY),
      max_connections: '1',
      allowed_output_formats: line.formats ?? [],
    },
    server_info: {
      url: 'panel.example',
      port: '8080',
      https_port: '25463',
      server_protocol: 'http',
      rtmp_port: '25462',
      timezone: 'Europe/London',
      timestamp_now: now(),
      time_now: new Date().toISOString().slice(0, 19).replace('T', ' '),
    },
  };
}

let provider: http.Server;
let base = '';
const requests: string[] = [];

function send(res: http.ServerResponse, body: string | Buffer, type = 'text/plain', status = 200) {
  res.statusCode = status;
  res.setHeader('content-type', type);
  res.end(body);
}

/** Writes a body in pieces (a small first one), as a slow or chunked server does. */
function sendInPieces(res: http.ServerResponse, body: Buffer, type: string, first = 7) {
  res.setHeader('content-type', type);
  res.write(body.subarray(0, first));
  setTimeout(() => res.end(body.subarray(first)), 20);
}

/** 16,196 channels (Xtream get.php-shaped) and a guide, in iptv-org/epg's output shape, covering 127 of them. */
const BIG_CHANNELS = 16_196;
const BIG_PLAYLIST = generateM3u({ entries: BIG_CHANNELS, seed: 11 });
function bigGuide(): string {
  const countries = ['uk', 'us', 'ae', 'fr', 'de', 'cn', 'tr', 'in'];
  const channels: string[] = [];
  const programmes: string[] = [];
  for (let n = 1; n <= 127; n += 1) {
    const id = `ch${n}.${countries[n % countries.length]}`;
    channels.push(`<channel id="${id}"><display-name>Guide ${n}</display-name></channel>`);
    programmes.push(
      `<programme start="20260101000000 +0000" stop="20260101010000 +0000" channel="${id}"><title lang="en">News</title></programme>`,
    );
  }
  // Guides list more than the playlist has; these match nothing.
  for (let n = 1; n <= 300; n += 1)
    channels.push(`<channel id="Other${n}.xx"><display-name>Other ${n}</display-name></channel>`);
  return `<?xml version="1.0" encoding="UTF-8" ?><tv date="20260101">\r\n${channels.join('\r\n')}\r\n${programmes.join('\r\n')}\r\n</tv>\r\n`;
}
const BIG_GUIDE = bigGuide();

/** A playlist for iptv-org's base guide: by tvg-id, by tvg-name (spaces as underscores), by name, and no match. */
const GUIDE_MATCH_PLAYLIST = [
  '#EXTM3U',
  '#EXTINF:-1 tvg-id="Channel1.us@HD",Channel 1 HD',
  'http://stream.example/1.m3u8',
  '#EXTINF:-1 tvg-id="Channel2.us",Channel 2',
  'http://stream.example/2.m3u8',
  '#EXTINF:-1 tvg-name="Channel_3",Channel Three',
  'http://stream.example/3.m3u8',
  '#EXTINF:-1,channel 1',
  'http://stream.example/1b.m3u8',
  '#EXTINF:-1 tvg-id="Nothing.xx",Unknown',
  'http://stream.example/x.m3u8',
  '#EXTINF:-1 group-title="Movies",A Film',
  'http://line.example:8080/movie/u/p/77.mkv',
  '',
].join('\n');

function startProvider(): Promise<void> {
  const japan = fixture('playlists/free-tv-japan.m3u8');
  provider = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${url.pathname}${url.search}`);
    const q = (name: string) => url.searchParams.get(name) ?? '';
    switch (url.pathname) {
      // 1. HLS
      case '/hls/master.m3u8':
        return send(res, fixture('playlists/videojs-master.m3u8'), 'application/vnd.apple.mpegurl');
      case '/hls/media.m3u8':
        return send(res, fixture('playlists/videojs-absoluteUris.m3u8'), 'application/vnd.apple.mpegurl');
      case '/hls/live.m3u8':
        return send(res, fixture('playlists/videojs-liveStart30sBefore.m3u8'), 'audio/mpegurl');
      // 5. guide coverage
      case '/big.m3u':
        return send(res, BIG_PLAYLIST, 'audio/x-mpegurl');
      case '/big-guide.xml':
        return send(res, BIG_GUIDE, 'application/xml');
      case '/match.m3u':
        return send(res, GUIDE_MATCH_PLAYLIST, 'audio/x-mpegurl');
      case '/epg/base.guide.xml':
        return send(res, fixture('xmltv/iptv-org-epg-base.guide.xml'), 'application/xml');
      case '/epg/base.guide.xml.xz':
        return send(res, fixture('xmltv/iptv-org-epg-base.guide.xml.xz'), 'application/octet-stream');
      case '/epg/base.guide.xml.gz':
        return send(res, gzipSync(fixture('xmltv/iptv-org-epg-base.guide.xml')), 'application/gzip');
      case '/epg/iptv-org.guide.xml.gz':
        return send(res, fixture('xmltv/iptv-org-epg-gzip.guide.xml.gz'), 'application/gzip');
      case '/epg/damaged.xml.xz':
        return send(res, fixture('xmltv/iptv-org-epg-base.guide.xml.xz').subarray(0, 60), 'application/octet-stream');
      // 6. content sniffing: the real playlist without its #EXTM3U line, served as a web page in pieces
      case '/japan-as-html':
        return sendInPieces(res, japan.subarray(japan.indexOf('\n') + 1), 'text/html; charset=utf-8');
      case '/login-in-pieces':
        return sendInPieces(
          res,
          Buffer.from('\n\n<!DOCTYPE html><html><body><form action="/login">Sign in</form></body></html>'),
          'text/html',
          3,
        );
      // 7. counts
      case '/japan.m3u8':
        return send(res, japan, 'application/x-mpegurl');
      case '/tvheadend.m3u':
        return send(res, fixture('playlists/tvheadend-pipe-and-backups.m3u'), 'audio/x-mpegurl');
      case '/kodi.m3u':
        return send(res, fixture('playlists/kodi-iptvsimple-readme.m3u'), 'audio/x-mpegurl');
      // 8. #EXTGRP as Kodi reads it
      case '/extgrp.m3u':
        return send(
          res,
          [
            '#EXTM3U',
            '#EXTGRP:Radio',
            '#EXTINF:-1 tvg-logo="http://logo.example/r1.png",Radio One',
            'http://stream.example/r1.aac',
            '#EXTINF:-1 tvg-logo="http://logo.example/r2.png",Radio Two',
            'http://stream.example/r2.aac',
            '#EXTINF:-1 tvg-logo="http://logo.example/a.png" group-title="Sport",Arena',
            '#EXTGRP:Football',
            'http://stream.example/a.m3u8',
            '',
          ].join('\n'),
          'audio/x-mpegurl',
        );
      // 2-4. Xtream Codes panels
      case '/xc/player_api.php':
      case '/xui/player_api.php':
      case '/xui-debug/player_api.php': {
        const flavour = url.pathname.split('/')[1]!;
        const line = q('password') === PASSWORD ? LINES[q('username')] : undefined;
        const refused = !line || line.status !== 'Active' || (line.exp() !== null && Number(line.exp()) < now());
        if (flavour !== 'xc' && refused) {
          // XUI never tells: generate404(), or generateError(CODE) in debug mode (HTTP 200).
          if (flavour === 'xui') return send(res, fixture('xtream/xui-404.html'), 'text/html', 404);
          const code = !line ? 'INVALID_CREDENTIALS' : line.status === 'Active' ? 'EXPIRED' : line.status.toUpperCase();
          const page = (() => {
            try {
              return fixture(`xtream/xui-debug-${code}.html`);
            } catch {
              return Buffer.from(`<html><body><h2>${code}</h2></body></html>`);
            }
          })();
          return send(res, page, 'text/html');
        }
        if (!line) return send(res, JSON.stringify({ user_info: { auth: 0 } }), 'application/json');
        switch (q('action')) {
          case 'get_live_categories':
            return send(
              res,
              JSON.stringify([{ category_id: '1', category_name: 'News', parent_id: 0 }]),
              'application/json',
            );
          case 'get_vod_categories':
          case 'get_series_categories':
            return send(res, '[]', 'application/json');
          default: {
            const info = classicUserInfo(q('username'), line);
            if (flavour !== 'xc') info.user_info.status = 'Active'; // XUI answers only for valid lines
            return send(res, JSON.stringify(info), 'application/json');
          }
        }
      }
      case '/xc/xmltv.php':
      case '/xui/xmltv.php':
        // The classic panel serves every line's guide; the XUI one has its guide turned off but for alice.
        if (
          q('password') === PASSWORD &&
          (q('username') === 'alice' || (url.pathname === '/xc/xmltv.php' && LINES[q('username')]))
        ) {
          return send(res, fixture('xmltv/iptv-org-epg-base.guide.xml'), 'application/xml');
        }
        return send(res, fixture('xtream/xui-404.html'), 'text/html', 404);
      case '/plain-nginx/player_api.php':
        // A real nginx 404 for a path that is not there: no MSIE padding for a non-MSIE client.
        return send(
          res,
          '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
          'text/html',
          404,
        );
      default:
        return send(res, 'not here', 'text/plain', 404);
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
    PLAYLIST_CHECK_TIMEOUT_SECONDS: '10',
    PLAYLIST_CHECK_CACHE_SECONDS: '0',
    PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
  });
});
afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => provider.close(resolve));
});

const FIELDS = `verdict reachable problem message warnings httpStatus
  m3u { channels groups entriesWithoutUrl backupUrls cannotOpen { kind reason count examples } guideUrls sample { name logo group } }
  xc { status state allowedFormats expiresAt isTrial maxConnections activeConnections liveCategories vodCategories seriesCategories }
  epg { reachable xmltv channels message source channelsWithProgrammes coverage { channels covered byId byName } }`;
const CHECK = `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { ${FIELDS} } }`;

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];
let client: Client;
beforeAll(async () => {
  ({ client } = await signedInDevice(server));
});

async function checkM3u(pathname: string, epgPath?: string) {
  const res = await client.gql(CHECK, {
    input: { name: '', type: 'GENERAL', url: `${base}${pathname}`, epgUrl: epgPath ? `${base}${epgPath}` : undefined },
  });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.checkPlaylistValues;
}

async function checkXc(host: string, username: string, epgPath?: string) {
  const res = await client.gql(CHECK, {
    input: {
      name: '',
      type: 'XC',
      url: host,
      username,
      password: PASSWORD,
      epgUrl: epgPath ? `${base}${epgPath}` : undefined,
    },
  });
  expect(res.json.errors).toBeUndefined();
  // The password never comes back, in any message.
  expect(res.text).not.toContain(PASSWORD);
  return res.json.data.checkPlaylistValues;
}

describe('1. an HLS stream is not a playlist of channels', () => {
  it.each([
    ['a master playlist with a comment before #EXTM3U (videojs master.m3u8)', '/hls/master.m3u8', /4 qualities/],
    ['a media playlist of segments (videojs absoluteUris.m3u8)', '/hls/media.m3u8', /4 video segments/],
    ['a live media playlist (videojs liveStart30sBefore.m3u8)', '/hls/live.m3u8', /9 video segments/],
  ])('says %s is a single stream to add as a channel', async (_what, pathname, detail) => {
    const check = await checkM3u(pathname);
    expect(check).toMatchObject({ verdict: 'FAILED', problem: 'SINGLE_STREAM', reachable: true, m3u: null });
    expect(check.message).toMatch(/single stream/);
    expect(check.message).toMatch(detail);
    expect(check.message).toMatch(/Add it as a channel inside an M3U playlist/);
  });

  it("still reads Kodi's channel list with #EXT-X-PLAYLIST-TYPE:VOD as a playlist", async () => {
    const check = await checkM3u('/kodi.m3u', '/epg/base.guide.xml');
    expect(check.problem).toBeNull();
    expect(check.m3u.channels).toBeGreaterThan(10);
  });
});

describe('2. the Xtream Codes line as it really is (classic panel)', () => {
  it('reports an active line with its formats, and no guide warning', async () => {
    const check = await checkXc(`${base}/xc`, 'alice');
    expect(check.verdict).toBe('OK');
    expect(check.xc).toMatchObject({ status: 'Active', state: 'ACTIVE', allowedFormats: ['m3u8', 'ts', 'rtmp'] });
    // Written as the portal writes dates ('15 Jan. 2031').
    expect(check.message).toMatch(/^The account is active until \d{1,2} [A-Z][a-z]{2}\. \d{4}/);
  });

  it('says a banned or disabled line is banned or disabled, not "expired on" a future date', async () => {
    const banned = await checkXc(`${base}/xc`, 'banned');
    expect(banned).toMatchObject({ verdict: 'FAILED', problem: 'XC_INACTIVE' });
    expect(banned.message).toMatch(/has banned this line/);
    expect(banned.message).not.toMatch(/expired/);
    expect(banned.xc).toMatchObject({ status: 'Banned', state: 'BANNED' });
    const disabled = await checkXc(`${base}/xc`, 'disabled');
    expect(disabled.message).toMatch(/has disabled this line/);
    expect(disabled.message).not.toMatch(/expired/);
    expect(disabled.xc.state).toBe('DISABLED');
  });

  it('fails an "Active" line whose end date has passed, saying when it expired', async () => {
    const check = await checkXc(`${base}/xc`, 'lapsed');
    expect(check).toMatchObject({ verdict: 'FAILED', problem: 'XC_INACTIVE' });
    const day = formatDisplayDate(new Date(Date.now() - 3 * DAY * 1000));
    expect(check.message).toContain(`expired on ${day}`);
    expect(check.message).not.toMatch(/active until/);
    expect(check.warnings.join(' ')).not.toMatch(/expires in 0 days/);
    expect(check.xc).toMatchObject({ status: 'Active', state: 'EXPIRED' });
  });

  it('fails a line allowed no format the TV plays', async () => {
    const none = await checkXc(`${base}/xc`, 'noformats');
    expect(none).toMatchObject({ verdict: 'FAILED', problem: 'XC_NO_FORMAT' });
    expect(none.message).toMatch(/no stream format/);
    const rtmp = await checkXc(`${base}/xc`, 'rtmponly');
    expect(rtmp).toMatchObject({ verdict: 'FAILED', problem: 'XC_NO_FORMAT' });
    expect(rtmp.message).toMatch(/only RTMP/);
    expect(rtmp.xc.allowedFormats).toEqual(['rtmp']);
  });

  it('warns in hours, not "0 days", for a line ending today; an endless line is fine', async () => {
    const soon = await checkXc(`${base}/xc`, 'soon');
    expect(soon.verdict).toBe('WARNING');
    expect(soon.warnings).toContainEqual(expect.stringMatching(/^The line expires in less than a day/));
    const forever = await checkXc(`${base}/xc`, 'forever');
    expect(forever.verdict).toBe('OK');
    expect(forever.message).toMatch(/with no end date/);
  });

  it('takes a pasted get.php link in the host field for its panel, as established players do', async () => {
    const check = await checkXc(
      `${base}/xc/get.php?username=alice&password=${PASSWORD}&type=m3u_plus&output=ts`,
      'alice',
    );
    expect(check).toMatchObject({ verdict: 'OK', xc: { state: 'ACTIVE' } });
    const api = await checkXc(`${base}/xc/player_api.php`, 'alice');
    expect(api.verdict).toBe('OK');
  });

  it('says wrong credentials are wrong (auth: 0)', async () => {
    const res = await client.gql(CHECK, {
      input: { name: '', type: 'XC', url: `${base}/xc`, username: 'alice', password: 'Wrong.Pass1' },
    });
    expect(res.json.data.checkPlaylistValues).toMatchObject({ verdict: 'FAILED', problem: 'XC_AUTH' });
  });
});

describe('3. XUI-derived panels that hide why', () => {
  it.each(['nobody', 'banned', 'lapsed'])(
    'reads the fake nginx 404 for %s as a line the panel did not accept',
    async (username) => {
      const check = await checkXc(`${base}/xui`, username);
      expect(check).toMatchObject({ verdict: 'FAILED', problem: 'XC_LINE_REFUSED', httpStatus: 404 });
      expect(check.message).toMatch(/did not accept this line/);
      expect(check.message).not.toMatch(/check the URL/);
      expect(check.xc.state).toBe('NOT_ACCEPTED');
    },
  );

  it('reads the debug-mode page (HTTP 200) by its error code', async () => {
    const wrong = await checkXc(`${base}/xui-debug`, 'nobody');
    expect(wrong).toMatchObject({ verdict: 'FAILED', problem: 'XC_AUTH', httpStatus: 200 });
    expect(wrong.message).toMatch(/username or password is wrong \(it answered INVALID_CREDENTIALS\)/);
    expect(wrong.message).not.toMatch(/host URL/);
    const banned = await checkXc(`${base}/xui-debug`, 'banned');
    expect(banned).toMatchObject({ problem: 'XC_INACTIVE', xc: { state: 'BANNED' } });
    const expired = await checkXc(`${base}/xui-debug`, 'lapsed');
    expect(expired).toMatchObject({ problem: 'XC_INACTIVE', xc: { state: 'EXPIRED' } });
  });

  it('still answers a valid line, and keeps a plain nginx 404 (no XUI padding) an address problem', async () => {
    const ok = await checkXc(`${base}/xui`, 'alice');
    expect(ok).toMatchObject({ verdict: 'OK', xc: { state: 'ACTIVE' } });
    const plain = await checkXc(`${base}/plain-nginx`, 'alice');
    expect(plain).toMatchObject({ verdict: 'FAILED', problem: 'HTTP_STATUS', httpStatus: 404 });
    expect(plain.message).toMatch(/check the host URL/);
  });
});

describe("4. an Xtream Codes account's guide", () => {
  it("uses the panel's xmltv.php with the line's credentials when no guide URL was typed", async () => {
    const before = requests.filter((r) => r.startsWith('/xc/xmltv.php')).length;
    const check = await checkXc(`${base}/xc`, 'alice');
    expect(requests.filter((r) => r.startsWith('/xc/xmltv.php')).length - before).toBe(1);
    expect(requests.at(-1)).toBe(`/xc/xmltv.php?username=alice&password=${PASSWORD}`);
    expect(check.warnings.join(' ')).not.toMatch(/No guide/);
    expect(check.epg).toMatchObject({ source: 'PANEL', reachable: true, xmltv: true, channels: 4, message: null });
  });

  it('prefers a typed guide URL, and says when the panel has no guide', async () => {
    const typed = await checkXc(`${base}/xc`, 'alice', '/big-guide.xml');
    expect(typed.epg).toMatchObject({ source: 'TYPED', channels: 427 });
    const none = await checkXc(`${base}/xui`, 'forever');
    expect(none.verdict).toBe('WARNING');
    expect(none.epg).toMatchObject({ source: 'PANEL', reachable: true, xmltv: false });
    expect(none.warnings).toContainEqual(expect.stringMatching(/^The panel’s guide \(xmltv.php\) could not be read/));
  });
});

describe('5. how many channels the guide covers', () => {
  it('warns when a 16,196-channel playlist has a guide for 127 of them', async () => {
    const check = await checkM3u('/big.m3u', '/big-guide.xml');
    expect(check.m3u.channels).toBe(BIG_CHANNELS);
    expect(check.epg).toMatchObject({
      xmltv: true,
      channels: 427,
      channelsWithProgrammes: 127,
      coverage: { channels: BIG_CHANNELS, covered: 127, byId: 127, byName: 0 },
    });
    expect(check.verdict).toBe('WARNING');
    expect(check.warnings).toContain(
      'The guide has programmes for only 127 of the playlist’s 16,196 channels: most will show no programme information.',
    );
  });

  it("matches iptv-org's guide by tvg-id, then by name as players fall back; a listed channel without programmes is not covered", async () => {
    const check = await checkM3u('/match.m3u', '/epg/base.guide.xml');
    // 6 entries, of which a film (not in guides): 5 live channels. Channel2.us is listed without programmes.
    expect(check.epg.coverage).toEqual({ channels: 5, covered: 3, byId: 1, byName: 2 });
    expect(check.epg.channelsWithProgrammes).toBe(3);
    expect(check.verdict).toBe('OK');
  });
});

describe('6. deciding by the content', () => {
  it('reads a real playlist without #EXTM3U first, served as text/html in small pieces', async () => {
    const check = await checkM3u('/japan-as-html', '/epg/base.guide.xml');
    expect(check.problem).toBeNull();
    expect(check.m3u.channels).toBe(43);
  });

  it('still calls a login page a login page, however it is cut', async () => {
    const check = await checkM3u('/login-in-pieces');
    expect(check).toMatchObject({ verdict: 'FAILED', problem: 'LOGIN_PAGE' });
  });

  it('tells a guide given as the playlist', async () => {
    const check = await checkM3u('/epg/base.guide.xml');
    expect(check).toMatchObject({ verdict: 'FAILED', problem: 'NOT_M3U' });
    expect(check.message).toMatch(/XML document/);
  });
});

describe('7. counts an owner can trust', () => {
  it('leaves [NO PUBLIC STREAM] entries of the Free-TV list out of the channels, and lists them apart', async () => {
    const check = await checkM3u('/japan.m3u8', '/epg/base.guide.xml');
    expect(check.m3u.channels).toBe(43);
    expect(check.m3u.cannotOpen).toEqual([
      {
        kind: 'no address',
        reason: expect.stringMatching(/\[NO PUBLIC STREAM\]/),
        count: 9,
        examples: ['NHK BSP4K', 'WOWOWプライム', 'WOWOWライブ'],
      },
    ]);
    expect(check.verdict).toBe('WARNING');
    expect(check.warnings).toContain(
      '9 entries cannot be opened on a TV (9 with a note instead of an address): they are not counted as channels.',
    );
  });

  it('counts backup URLs as backups, and pipe:// and plugin:// as what a TV cannot open', async () => {
    const check = await checkM3u('/tvheadend.m3u', '/epg/base.guide.xml');
    expect(check.m3u).toMatchObject({ channels: 2, backupUrls: 3 });
    expect(check.m3u.cannotOpen.map((c: { kind: string; count: number }) => [c.kind, c.count])).toEqual([
      ['pipe://', 1],
      ['plugin://', 1],
      ['no address', 1],
    ]);
    expect(check.message).toBe('The playlist opens: 2 channels (with 3 backup addresses) in 2 groups.');
    expect(check.warnings).toContain(
      '3 entries cannot be opened on a TV (1 programs to run (pipe://), 1 Kodi add-on links, 1 with a note instead of an address): they are not counted as channels.',
    );
  });

  it("leaves the plugin:// entry of Kodi's example out", async () => {
    const check = await checkM3u('/kodi.m3u', '/epg/base.guide.xml');
    expect(check.m3u.cannotOpen).toEqual([
      expect.objectContaining({ kind: 'plugin://', count: 1, examples: ['Channel K'] }),
    ]);
    // 19 entries with an address (Channel X to Channel O), one of them an add-on link.
    expect(check.m3u.channels).toBe(18);
  });
});

describe('8. groups and compressed guides as Kodi reads them', () => {
  it('applies #EXTGRP to the entries that follow, and lets it replace a group-title', async () => {
    const check = await checkM3u('/extgrp.m3u', '/epg/base.guide.xml');
    expect(check.m3u.sample).toEqual([
      { name: 'Radio One', logo: 'http://logo.example/r1.png', group: 'Radio' },
      { name: 'Radio Two', logo: 'http://logo.example/r2.png', group: 'Radio' },
      { name: 'Arena', logo: 'http://logo.example/a.png', group: 'Football' },
    ]);
    expect(check.m3u.groups).toBe(2);
  });

  it('reads an XMLTV guide compressed with xz (.xml.xz) like the plain one, and gzip too', async () => {
    const plain = await checkM3u('/match.m3u', '/epg/base.guide.xml');
    const xz = await checkM3u('/match.m3u', '/epg/base.guide.xml.xz');
    const gz = await checkM3u('/match.m3u', '/epg/base.guide.xml.gz');
    expect(xz.epg).toEqual(plain.epg);
    expect(gz.epg).toEqual(plain.epg);
    expect(xz.epg).toMatchObject({ xmltv: true, channels: 4, message: null });
    // iptv-org's own gzip guide: Channel1.us (by name "Channel 1", since no tvg-id here is Channel1.us).
    const real = await checkM3u('/match.m3u', '/epg/iptv-org.guide.xml.gz');
    expect(real.epg).toMatchObject({ xmltv: true, channels: 3 });
  });

  it('says a damaged xz guide is damaged', async () => {
    const check = await checkM3u('/match.m3u', '/epg/damaged.xml.xz');
    expect(check.epg).toMatchObject({ reachable: true, xmltv: false });
    expect(check.epg.message).toMatch(/compressed \(xz\) but its data is damaged/);
    expect(check.verdict).toBe('WARNING');
  });
});
