import { allClosed, startStreamProvider, type StreamProvider } from '../../../tests/support/stream-provider';
import { english, sayIn } from './check-messages';
import { ChannelPicker, sampleStream, sampleStreams, streamsVerdict, type StreamPick } from './stream-sample';

/**
 * Opening one channel and saying what it is, against a local provider (127.0.0.1, allowed as tests allow it)
 * that serves real stream bytes (tests/fixtures/streams/) and fails the ways providers fail.
 */

let provider: StreamProvider;
beforeAll(async () => {
  provider = await startStreamProvider();
});
afterAll(() => provider.close());

const BASE = { userAgent: 'test-agent', allow: ['127.0.0.1'] };
const LIMITS = { timeoutMs: 1500, maxBytes: 256 * 1024 };
const pick = (path: string, extra: Partial<StreamPick> = {}): StreamPick => ({
  name: path,
  group: null,
  url: path.includes('://') ? path : `${provider.url}/s/${path}`,
  ...extra,
});

describe('one channel, said by what it sends', () => {
  it.each([
    ['ts-h264', 'MPEG_TS', 200, ['H.264', 'MPEG audio'], 'Answered with an MPEG-TS stream (H.264, MPEG audio).'],
    ['ts-hevc', 'MPEG_TS', 200, ['HEVC'], 'Answered with an MPEG-TS stream (HEVC).'],
    ['ts-ac3', 'MPEG_TS', 200, ['AC-3'], 'Answered with an MPEG-TS stream (AC-3).'],
    ['ts-eac3', 'MPEG_TS', 200, ['E-AC-3'], 'Answered with an MPEG-TS stream (E-AC-3).'],
    // Manifests whose next links are served nowhere: what a player meets when a provider drops them.
    [
      'hls-master',
      'GONE',
      404,
      ['H.264', 'AAC', 'AC-3', 'E-AC-3'],
      'Answered with an HLS playlist in 24 qualities, but its qualities are not there (HTTP 404).',
    ],
    [
      'hls-master-hevc',
      'GONE',
      404,
      ['HEVC', 'Dolby Vision'],
      'Answered with an HLS playlist in 9 qualities, but its qualities are not there (HTTP 404).',
    ],
    [
      'hls-media-fmp4',
      'GONE',
      404,
      [],
      'Answered with an HLS playlist of 2 fragmented MP4 segments, but its initialisation segment is not there (HTTP 404).',
    ],
    [
      'hls-media-ts',
      'GONE',
      404,
      [],
      'Answered with an HLS playlist of 9 MPEG-TS segments, but its segments are not there (HTTP 404).',
    ],
    [
      'dash',
      'GONE',
      404,
      ['H.264'],
      'Answered with an MPEG-DASH manifest, but its initialisation segment is not there (HTTP 404).',
    ],
    ['fmp4-init', 'FRAGMENTED_MP4', 200, ['H.264', 'AAC'], 'Answered with fragmented MP4 (H.264, AAC).'],
    ['film', 'MP4', 200, ['H.264', 'AAC'], 'Answered with an MP4 file (H.264, AAC).'],
    ['mkv', 'MATROSKA', 200, ['Opus'], 'Answered with a Matroska (MKV or WebM) stream (Opus).'],
    ['aac', 'AUDIO', 200, ['AAC'], 'Answered with an audio-only stream (AAC).'],
    ['mp3', 'AUDIO', 200, ['MP3'], 'Answered with an audio-only stream (MP3).'],
    ['flv', 'FLV', 200, ['H.264', 'AAC'], 'Answered with FLV video (H.264, AAC), which many TV players do not play.'],
    ['login', 'WEB_PAGE', 200, [], expect.stringMatching(/^Answered with a web page instead of video/)],
    ['json-error', 'NOT_VIDEO', 200, [], 'Answered with something that is not a video format the TV plays.'],
    ['channels', 'NOT_VIDEO', 200, [], 'Answered with another playlist of channels, not a stream.'],
    ['empty', 'EMPTY', 200, [], 'Answered, but sent nothing.'],
    ['401', 'REFUSED', 401, [], expect.stringMatching(/^Refused: the account.*Try it on the TV\.$/)],
    ['403', 'REFUSED', 403, [], expect.stringMatching(/block this server’s network or country/)],
    ['xui-404', 'REFUSED', 404, [], expect.stringMatching(/as XUI-based panels do/)],
    // The status is the badge's beside the sentence (CheckResultCard): the sentence does not repeat it.
    ['404', 'GONE', 404, [], 'Not there: the provider no longer serves this channel at this address.'],
    ['410', 'GONE', 410, [], expect.stringMatching(/^Not there: /)],
    ['451', 'LEGAL_BLOCK', 451, [], expect.stringMatching(/legal reasons where this server is/)],
    ['503', 'HTTP_ERROR', 503, [], 'The server answered HTTP 503 instead of video.'],
    ['stall', 'NO_ANSWER', 200, [], 'Answered, but sent no video in 1.5 s.'],
    // One byte a second: no video in the time it had, not "not video".
    ['drip', 'NO_ANSWER', 200, [], 'Answered, but sent no video in 1.5 s.'],
    // Shoutcast v1 radio: "ICY 200 OK" read as HTTP/1.0, as VLC and ExoPlayer read it.
    ['icy', 'AUDIO', 200, ['MP3'], 'Answered with an audio-only stream (MP3).'],
    // nginx's own 404, unpadded for a User-Agent that is not MSIE or Chrome: not XUI's.
    ['nginx-404', 'GONE', 404, [], 'Not there: the provider no longer serves this channel at this address.'],
    ['silent', 'NO_ANSWER', null, [], 'Did not answer in 1.5 s.'],
  ])('%s: %s', async (path, kind, httpStatus, codecs, message) => {
    const outcome = await sampleStream(pick(path), BASE, LIMITS);
    expect({ kind: outcome.kind, httpStatus: outcome.httpStatus, codecs: outcome.codecs }).toEqual({
      kind,
      httpStatus,
      codecs,
    });
    expect(english(outcome.said)).toEqual(message);
    // Every connection is let go of at once, a live stream's and a film's included.
    expect(await allClosed(provider)).toBe(true);
  });

  it('says codec names of words in Arabic, technical names as they are, and a status only in its badge', async () => {
    const ts = await sampleStream(pick('ts-h264'), BASE, LIMITS);
    expect(sayIn('ar', ts.said)).toContain('H.264، صوت MPEG');
    expect(sayIn('ar', ts.said)).not.toMatch(/MPEG audio/);
    const gone = await sampleStream(pick('404'), BASE, LIMITS);
    expect(sayIn('ar', gone.said)).toBe('غير موجودة: لم يعد المزوّد يقدّم هذه القناة على هذا العنوان.');
  });

  it.each([
    ['rtmp://live.invalid/app/news', 'rtmp://'],
    ['rtsp://192.0.2.1/stream', 'rtsp://'],
    ['udp://@239.0.0.1:1234', 'udp://'],
    ['rtp://239.0.0.1:5004', 'rtp://'],
  ])('does not try %s, and says so rather than calling it dead', async (url, scheme) => {
    const outcome = await sampleStream(pick(url), BASE, LIMITS);
    expect(outcome).toMatchObject({ kind: 'OTHER_SCHEME', httpStatus: null, scheme });
  });

  it('does not open private addresses, nor a redirect to one; says where a redirect to rtmp:// leads', async () => {
    const before = provider.requests.length;
    expect(await sampleStream(pick('http://10.1.2.3/live.ts'), BASE, LIMITS)).toMatchObject({
      kind: 'PRIVATE_ADDRESS',
    });
    expect(await sampleStream(pick('http://192.168.1.20:8000/x.ts'), BASE, LIMITS)).toMatchObject({
      kind: 'PRIVATE_ADDRESS',
    });
    // Not on the allow-list: 127.0.0.2 is loopback like the provider, and is refused before connecting.
    expect(await sampleStream(pick('http://127.0.0.2:9/x.ts'), BASE, LIMITS)).toMatchObject({
      kind: 'PRIVATE_ADDRESS',
    });
    expect(provider.requests.length).toBe(before);
    expect(await sampleStream(pick('to-metadata'), BASE, LIMITS)).toMatchObject({ kind: 'PRIVATE_ADDRESS' });
    expect(await sampleStream(pick('to-rtmp'), BASE, LIMITS)).toMatchObject({
      kind: 'OTHER_SCHEME',
      scheme: 'rtmp://',
    });
    expect(await sampleStream(pick('loop'), BASE, LIMITS)).toMatchObject({ kind: 'UNREACHABLE' });
  });

  it('reads no more than its size limit of a live stream', async () => {
    // Five packets of a stream that never ends: enough to tell, and all that is read.
    const outcome = await sampleStream(pick('ts-hevc'), BASE, { timeoutMs: 1500, maxBytes: 5 * 188 });
    expect(outcome.kind).toBe('MPEG_TS');
    expect(await allClosed(provider)).toBe(true);
  });

  it("sends the playlist's User-Agent and Referer for the channel, as the TV's player does", async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    provider.route((req, res, url) => {
      if (url.pathname !== '/needs-agent.ts') return false;
      seen = req.headers;
      res.statusCode = req.headers['user-agent'] === 'VLC/3.0.20' ? 200 : 403;
      res.end();
      return true;
    });
    const outcome = await sampleStream(
      pick(`${provider.url}/needs-agent.ts`, { userAgent: 'VLC/3.0.20', headers: { Referer: 'https://tv.example/' } }),
      BASE,
      LIMITS,
    );
    expect(outcome.kind).toBe('EMPTY');
    expect(seen['user-agent']).toBe('VLC/3.0.20');
    expect(seen.referer).toBe('https://tv.example/');
    expect(seen['accept-encoding']).toBe('identity');
  });
});

describe('HLS and DASH, followed to their first media segment as a player starts them', () => {
  const chain = (path: string) => pick(`${provider.url}/c/${path}`);

  it.each([
    [
      'hls-ts/ok/manifest.m3u8',
      'HLS_MASTER',
      200,
      ['H.264', 'AAC'],
      'Answered with an HLS playlist in 1 quality, and its first segment with an MPEG-TS stream (H.264, AAC).',
      ['manifest.m3u8', 'sd-hls.m3u8', 'sd-hls0000000000.ts'],
    ],
    [
      'hls-fmp4/ok/playlist.m3u8',
      'HLS_MEDIA',
      200,
      ['HEVC', 'AAC'],
      'Answered with an HLS playlist of 2 fragmented MP4 segments, and its first segment with fragmented MP4 (HEVC, AAC).',
      ['playlist.m3u8', 'init.mp4', 'playlist0.m4s'],
    ],
    [
      'hls-aes/ok/crypt.m3u8',
      'HLS_MEDIA',
      200,
      ['H.264', 'AAC'],
      'Answered with an HLS playlist of 1 MPEG-TS segment, and its first segment with an MPEG-TS stream (H.264, AAC).',
      ['crypt.m3u8', 'key.bin', 'sd-hls0000000000.ts'],
    ],
    [
      'dash/ok/manifest.mpd',
      'DASH',
      200,
      ['H.264'],
      'Answered with an MPEG-DASH manifest, and its first segment with fragmented MP4 (H.264).',
      ['manifest.mpd', 'video_init.mp4', 'video_1.m4s'],
    ],
    [
      'hls-ts/seg403/manifest.m3u8',
      'REFUSED',
      403,
      ['H.264', 'AAC'],
      'Answered with an HLS playlist in 1 quality, but its segments are refused (HTTP 403).',
      ['manifest.m3u8', 'sd-hls.m3u8', 'sd-hls0000000000.ts'],
    ],
    [
      'hls-ts/var404/manifest.m3u8',
      'GONE',
      404,
      ['H.264', 'AAC'],
      'Answered with an HLS playlist in 1 quality, but its qualities are not there (HTTP 404).',
      ['manifest.m3u8', 'sd-hls.m3u8'],
    ],
    [
      'hls-ts/empty/manifest.m3u8',
      'EMPTY',
      200,
      ['H.264', 'AAC'],
      'Answered with an HLS playlist in 1 quality, but it lists no segments.',
      ['manifest.m3u8', 'sd-hls.m3u8'],
    ],
    [
      'hls-fmp4/init404/playlist.m3u8',
      'GONE',
      404,
      [],
      'Answered with an HLS playlist of 2 fragmented MP4 segments, but its initialisation segment is not there (HTTP 404).',
      ['playlist.m3u8', 'init.mp4'],
    ],
    [
      'hls-aes/key403/crypt.m3u8',
      'REFUSED',
      403,
      [],
      'Answered with an HLS playlist of 1 MPEG-TS segment, but the key to its segments is refused (HTTP 403).',
      ['crypt.m3u8', 'key.bin'],
    ],
    [
      'dash/seg403/manifest.mpd',
      'REFUSED',
      403,
      ['H.264', 'AAC'],
      'Answered with an MPEG-DASH manifest, but its segments are refused (HTTP 403).',
      ['manifest.mpd', 'video_init.mp4', 'video_1.m4s'],
    ],
  ])('%s: %s', async (path, kind, httpStatus, codecs, message, opened) => {
    const before = provider.requests.length;
    const outcome = await sampleStream(chain(path), BASE, LIMITS);
    expect({ kind: outcome.kind, httpStatus: outcome.httpStatus, codecs: outcome.codecs }).toEqual({
      kind,
      httpStatus,
      codecs,
    });
    expect(english(outcome.said)).toEqual(message);
    // Each link opened once, in a player's order, and let go of.
    const dir = path.slice(0, path.lastIndexOf('/') + 1);
    expect(provider.requests.slice(before)).toEqual(opened.map((file) => `/c/${dir}${file}`));
    expect(await allClosed(provider)).toBe(true);
  });

  it('never lets a DASH manifest make the parser list millions of segments (it aborted the process)', async () => {
    const template = (attributes: string, segment: string) =>
      `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" ${attributes}><Period><AdaptationSet mimeType="video/mp4"><Representation id="v" bandwidth="1000" codecs="avc1.4d401e">${segment}</Representation></AdaptationSet></Period></MPD>`;
    const bombs: Record<string, string> = {
      // 2,000 hours of 10 ms segments: 720 million.
      '/bomb/static.mpd': template(
        'type="static" mediaPresentationDuration="PT2000H"',
        '<SegmentTemplate timescale="1000" duration="10" media="s$Number$.m4s" initialization="i.mp4"/>',
      ),
      // Live since 1970, 1 ms segments repeated to the live edge.
      '/bomb/live.mpd': template(
        'type="dynamic" availabilityStartTime="1970-01-01T00:00:00Z"',
        '<SegmentTemplate timescale="1000" media="s$Time$.m4s" initialization="i.mp4"><SegmentTimeline><S t="0" d="1" r="-1"/></SegmentTimeline></SegmentTemplate>',
      ),
      '/bomb/repeat.mpd': template(
        'type="static" mediaPresentationDuration="PT1S"',
        '<SegmentTemplate timescale="1000" media="s$Time$.m4s" initialization="i.mp4"><SegmentTimeline><S t="0" d="1" r="900000000"/></SegmentTimeline></SegmentTemplate>',
      ),
    };
    provider.route((_req, res, url) => {
      const body = bombs[url.pathname];
      if (!body) return false;
      res.setHeader('content-type', 'application/dash+xml');
      return (void res.end(body), true);
    });
    for (const path of Object.keys(bombs)) {
      const outcome = await sampleStream(pick(`${provider.url}${path}`), BASE, LIMITS);
      // Named by its manifest, as before the chain was followed; nothing listed, nothing more opened.
      expect(outcome).toMatchObject({ kind: 'DASH', codecs: ['H.264'] });
    }
  });

  it('tries a few qualities of a master whose qualities are gone, within the one budget, each once', async () => {
    const before = provider.requests.length;
    await sampleStream(pick('hls-master'), BASE, LIMITS);
    const asked = provider.requests.slice(before);
    expect(asked).toHaveLength(4);
    expect(new Set(asked).size).toBe(4);
  });

  it('shares one size limit along the chain: a segment past it is not read', async () => {
    // The master and its media playlist fit; nothing is left for the 285 KB segment's programme table.
    const outcome = await sampleStream(chain('hls-ts/ok/manifest.m3u8'), BASE, { timeoutMs: 1500, maxBytes: 500 });
    expect(outcome.kind).not.toBe('HLS_MASTER');
    expect(await allClosed(provider)).toBe(true);
  });

  it("says a stream too slow to keep up, against its quality's BANDWIDTH, as a warning that still plays", async () => {
    const outcome = await sampleStream(chain('hls-ts/slow/manifest.m3u8'), BASE, {
      timeoutMs: 4000,
      maxBytes: LIMITS.maxBytes,
    });
    expect(outcome.kind).toBe('HLS_MASTER');
    expect(english(outcome.said)).toMatch(
      /^Answered with an HLS playlist in 1 quality, and its first segment with an MPEG-TS stream \(H\.264, AAC\)\. It arrived too slowly to play smoothly \(\d+ of 927 kbit\/s\)\.$/,
    );
    expect(outcome.speed?.needed).toBe(927);
    const live = await sampleStream(pick('ts-slow'), BASE, { timeoutMs: 4000, maxBytes: LIMITS.maxBytes });
    expect(english(live.said)).toMatch(/It arrived too slowly to play smoothly \(\d+ of 500 kbit\/s\)\.$/);
    expect(await allClosed(provider)).toBe(true);
  });
});

describe('what a provider answers, read as players read it', () => {
  it('names XUI only from its own signature: a padded 404 for a Chrome User-Agent is plain nginx', async () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    // nginx pads its own 404 for Chrome: the same bytes as XUI's, so they say nothing about XUI.
    const nginx = await sampleStream(pick('nginx-404', { userAgent: chrome }), BASE, LIMITS);
    expect(nginx).toMatchObject({ kind: 'GONE', httpStatus: 404 });
    // XUI pads for any player; for the check's own User-Agent only XUI does.
    expect(await sampleStream(pick('xui-404'), BASE, LIMITS)).toMatchObject({ kind: 'REFUSED', httpStatus: 404 });
  });
});

describe('sampling several channels', () => {
  it('opens them one at a time and says what it found as an owner needs it', async () => {
    const before = provider.stats();
    const result = await sampleStreams(
      ['ts-h264', 'ts-hevc', 'ts-ac3', '403', 'silent'].map((path) => pick(path)),
      BASE,
      { samples: 5, perSampleMs: 1000, maxBytes: 256 * 1024, totalMs: 20_000 },
    );
    expect(result.sampled).toBe(5);
    expect(result.playable).toBe(3);
    expect(result.message).toBe(
      '3 of 5 sampled channels answered with video the TV plays (MPEG-TS); 1 was refused (HTTP 403: the provider may block this server’s network or country, so try it on the TV); 1 did not answer in 1 s.',
    );
    expect(provider.stats().mostAtOnce).toBe(Math.max(before.mostAtOnce, 1));
    expect(await allClosed(provider)).toBe(true);
  });

  it('opens no more than it may, and none once the time for them all is spent', async () => {
    const silent = Array.from({ length: 8 }, (_, i) => pick(`silent/${i}`));
    // 700 ms for all, 300 ms each: a third channel would start with too little time left.
    const result = await sampleStreams(silent, BASE, { samples: 5, perSampleMs: 300, maxBytes: 1024, totalMs: 700 });
    expect(result.sampled).toBeGreaterThanOrEqual(1);
    expect(result.sampled).toBeLessThanOrEqual(2);
    expect(result.samples.every((s) => s.kind === 'NO_ANSWER')).toBe(true);
    const capped = await sampleStreams(
      ['ts-h264', 'ts-hevc', 'ts-ac3', 'aac', 'mp3', 'dash', 'mkv'].map((path) => pick(path)),
      BASE,
      { samples: 3, perSampleMs: 1000, maxBytes: 64 * 1024, totalMs: 20_000 },
    );
    expect(capped.sampled).toBe(3);
    expect(capped.message).toBe('3 of 3 sampled channels answered with video the TV plays (MPEG-TS).');
  });

  it('says which arrived too slowly to play smoothly, as a warning', async () => {
    const result = await sampleStreams([pick('ts-h264'), pick('ts-slow')], BASE, {
      samples: 5,
      perSampleMs: 3000,
      maxBytes: 256 * 1024,
      totalMs: 20_000,
    });
    expect(result.playable).toBe(2);
    expect(result.message).toMatch(
      /^2 of 2 sampled channels answered with video the TV plays \(MPEG-TS\); 1 arrived too slowly to play smoothly \(\d+ of 500 kbit\/s\): the TV may stall on it\.$/,
    );
    expect(streamsVerdict(result)).toEqual({ failed: false, slow: true, allGone: false });
  });

  it('says addresses it does not open as such, and not as failures', async () => {
    const result = await sampleStreams(
      [
        pick(`${provider.url}/c/hls-ts/ok/manifest.m3u8`),
        pick('rtmp://live.invalid/a'),
        pick('udp://@239.0.0.1:1234'),
        pick('http://10.0.0.9/x'),
      ],
      BASE,
      { samples: 5, perSampleMs: 1000, maxBytes: 64 * 1024, totalMs: 20_000 },
    );
    expect(result.message).toBe(
      '1 of 4 sampled channels answered with video the TV plays (HLS); 2 are addresses this server does not open (rtmp://, udp://), so they were not tried: the TV’s player may open them; 1 is on a private network, which this server does not open: a TV on that network may play it.',
    );
  });
});

describe('picking channels spread over the groups', () => {
  const channel = (n: number, group: string): StreamPick => ({ name: `C${n}`, group, url: `http://x.invalid/${n}` });

  it('takes the first channel of groups spread over the list, live before films', () => {
    const picker = new ChannelPicker(5);
    for (let n = 0; n < 20_000; n += 1) picker.add(channel(n, `G${Math.floor(n / 100)}`), true);
    for (let n = 0; n < 50; n += 1) picker.add(channel(100_000 + n, 'Films'), false);
    const picks = picker.picks();
    expect(picks.map((p) => p.group)).toEqual(['G0', 'G40', 'G80', 'G120', 'G160']);
  });

  it('fills from the whole list when there are fewer groups, and takes films only when live channels are few', () => {
    const picker = new ChannelPicker(5);
    for (let n = 0; n < 1000; n += 1) picker.add(channel(n, n < 500 ? 'A' : 'B'), true);
    const picks = picker.picks();
    expect(picks).toHaveLength(5);
    expect(new Set(picks.map((p) => p.name)).size).toBe(5);
    expect(picks.slice(0, 2).map((p) => p.name)).toEqual(['C0', 'C500']);
    const films = new ChannelPicker(3);
    films.add(channel(1, 'Live'), true);
    films.add(channel(2, 'Films'), false);
    films.add(channel(3, 'Series'), false);
    expect(films.picks().map((p) => p.name)).toEqual(['C1', 'C2', 'C3']);
  });
});
