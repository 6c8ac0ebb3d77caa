import { readFileSync } from 'node:fs';
import path from 'node:path';
import { codecName, codecNames, tsStreamName } from './codecs';
import { sniffStream, type StreamSniff } from './stream-kind';

/**
 * What a stream is, from the first bytes of real material (tests/fixtures/streams/, sources in
 * tests/fixtures/README.md): ExoPlayer's (androidx/media) test streams, whose expected codecs its own extractor
 * dumps name, and video.js's m3u8-parser HLS fixtures.
 */

const FIXTURES = path.join(__dirname, '../../../tests/fixtures');
const stream = (name: string) => readFileSync(path.join(FIXTURES, 'streams', name));
const playlist = (name: string) => readFileSync(path.join(FIXTURES, 'playlists', name));

/** Feeds the bytes as a network would, in pieces, until the sniffer knows; then as a whole body. */
function sniffInPieces(bytes: Buffer, piece = 1460, headers = {}): { early: StreamSniff | null; read: number } {
  for (let read = piece; ; read += piece) {
    const start = bytes.subarray(0, Math.min(read, bytes.length));
    const answer = sniffStream(start, headers, read >= bytes.length);
    if (answer) return { early: answer, read: start.length };
  }
}

describe('MPEG-TS, with the codecs its programme table names', () => {
  it.each([
    // ExoPlayer's extractor dumps: video/avc + audio/mpeg-L2, video/hevc, audio/ac3, audio/eac3.
    ['media3-sample_h264_mpeg_audio.ts', ['H.264', 'MPEG audio']],
    ['media3-sample_h265.ts', ['HEVC']],
    ['media3-sample_ac3.ts', ['AC-3']],
    ['media3-sample_eac3.head.ts', ['E-AC-3']],
  ])('%s is MPEG-TS (%j), known from its first packets', (name, codecs) => {
    const bytes = stream(name);
    const { early, read } = sniffInPieces(bytes);
    expect(early).toEqual({ format: 'MPEG_TS', codecs });
    // The programme table comes first: a few packets, not the file.
    expect(read).toBeLessThanOrEqual(4 * 1460);
  });

  it('finds the packets of a stream joined mid-packet', () => {
    const bytes = stream('media3-sample_h264_mpeg_audio.ts').subarray(100);
    expect(sniffStream(bytes, {}, true)).toMatchObject({ format: 'MPEG_TS' });
  });

  it('waits for more than one packet before calling bytes TS, and never calls text TS', () => {
    const one = stream('media3-sample_h265.ts').subarray(0, 188);
    expect(sniffStream(one, {}, false)).toBeNull();
    expect(sniffStream(Buffer.from('G'.repeat(2000)), {}, true)).toMatchObject({ format: 'NOT_VIDEO' });
  });
});

describe('HLS, with the codecs its CODECS attributes name (m3u8-parser)', () => {
  it('names a master playlist, its qualities and its codecs', () => {
    const master = sniffStream(stream('videojs-master-fmp4.m3u8'), {}, true);
    expect(master).toEqual({ format: 'HLS_MASTER', codecs: ['H.264', 'AAC', 'AC-3', 'E-AC-3'], count: 24 });
    const hevc = sniffStream(stream('videojs-iFramePlaylist.m3u8'), {}, true);
    expect(hevc).toMatchObject({ format: 'HLS_MASTER', codecs: ['HEVC', 'Dolby Vision'] });
    const media3 = sniffStream(stream('media3-multivariant.m3u8'), {}, true);
    expect(media3).toEqual({ format: 'HLS_MASTER', codecs: ['H.264', 'AAC'], count: 4 });
  });

  it('names a media playlist, its segments and whether they are fragmented MP4', () => {
    expect(sniffStream(stream('media3-hls-fmp4-media.m3u8'), {}, true)).toEqual({
      format: 'HLS_MEDIA',
      codecs: [],
      count: 2,
      variant: 'fmp4',
    });
    expect(sniffStream(playlist('videojs-liveStart30sBefore.m3u8'), {}, true)).toMatchObject({
      format: 'HLS_MEDIA',
      variant: 'ts',
    });
  });

  it('reads a master playlist with a comment before #EXTM3U, and waits for its end', () => {
    const master = playlist('videojs-master.m3u8');
    expect(sniffStream(master, {}, false)).toBeNull();
    expect(sniffStream(master, {}, true)).toMatchObject({ format: 'HLS_MASTER', count: 4 });
  });

  it('calls a list of channels another playlist, not a stream', () => {
    const list = Buffer.from('#EXTM3U\n#EXTINF:-1 tvg-id="a" group-title="News",A\nhttp://x.invalid/a.ts\n');
    expect(sniffStream(list, {}, true)).toEqual({ format: 'NOT_VIDEO', codecs: [], variant: 'playlist' });
  });
});

describe('DASH, MP4, Matroska, FLV and audio', () => {
  it('names a DASH manifest and its codecs (mpd-parser)', () => {
    expect(sniffStream(stream('media3-dash-multi-track.mpd'), {}, true)).toEqual({ format: 'DASH', codecs: ['H.264'] });
    expect(sniffStream(stream('media3-sample_mpd_dolby.mpd'), {}, true)).toEqual({
      format: 'DASH',
      codecs: ['Dolby Vision'],
    });
  });

  it('reads no document type or entity in a manifest', () => {
    const hostile = `<?xml version="1.0"?><!DOCTYPE MPD [<!ENTITY a "aaaaaaaa">]><MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><Period><AdaptationSet><Representation codecs="avc1.4d401f"/></AdaptationSet></Period></MPD>`;
    expect(sniffStream(Buffer.from(hostile), {}, true)).toEqual({ format: 'DASH', codecs: [] });
  });

  it('names an fMP4 init segment by its moov (mvex) and its sample entries', () => {
    // ExoPlayer's sample_fragmented.mp4 up to its first moof: avc1.64001F and mp4a.40.2.
    const { early } = sniffInPieces(stream('media3-sample_fragmented.init.mp4'), 512);
    expect(early).toEqual({ format: 'FRAGMENTED_MP4', codecs: ['H.264', 'AAC'] });
  });

  it('names a plain MP4 film from its first bytes', () => {
    expect(sniffStream(stream('media3-sample.head.mp4'), {}, false)).toEqual({
      format: 'MP4',
      codecs: ['H.264', 'AAC'],
    });
  });

  it('names Matroska, FLV, and AAC and MP3 radio', () => {
    expect(sniffStream(stream('media3-sample_with_opus_audio.mkv'), {}, true)).toEqual({
      format: 'MATROSKA',
      codecs: ['Opus'],
    });
    expect(sniffStream(stream('media3-sample.head.flv'), {}, false)).toEqual({
      format: 'FLV',
      codecs: ['H.264', 'AAC'],
    });
    expect(sniffStream(stream('media3-sample.head.adts'), {}, false)).toMatchObject({
      format: 'AUDIO',
      codecs: ['AAC'],
    });
    expect(sniffStream(stream('media3-test-cbr-info-header.mp3'), {}, false)).toMatchObject({
      format: 'AUDIO',
      codecs: ['MP3'],
    });
  });
});

describe('what is not video', () => {
  it.each([
    ['a login page', '<!DOCTYPE html><html><body><form>Sign in</form></body></html>', 'WEB_PAGE'],
    ['a block page without a doctype', '\n\n<html><head><title>Blocked</title></head></html>', 'WEB_PAGE'],
    ['an error in JSON', '{"error":"not allowed"}', 'NOT_VIDEO'],
    ['an XML document that is not a manifest', '<?xml version="1.0"?><tv></tv>', 'NOT_VIDEO'],
    ['nothing', '', 'EMPTY'],
  ])('calls %s what it is', (_what, body, format) => {
    expect(sniffStream(Buffer.from(body), {}, true)).toMatchObject({ format });
  });
});

describe('codec names', () => {
  it('names RFC 6381 codec strings as owners know them', () => {
    expect(codecNames(['avc1.64001f,mp4a.40.2', 'hvc1.2.4.L123.B0,ec-3', 'hev1.1.6.L93.B0,ac-3', 'mp4a.69'])).toEqual([
      'H.264',
      'AAC',
      'HEVC',
      'E-AC-3',
      'AC-3',
      'MP3',
    ]);
    expect(codecName('stpp.ttml.im1t')).toBeNull();
  });

  it('names TS stream types, and DVB private data by its descriptor', () => {
    expect(tsStreamName(0x1b)).toBe('H.264');
    expect(tsStreamName(0x24)).toBe('HEVC');
    expect(tsStreamName(0x06, [0x6a])).toBe('AC-3');
    expect(tsStreamName(0x06, [0x7a])).toBe('E-AC-3');
    expect(tsStreamName(0x06, [0x59])).toBeNull(); // DVB subtitles
  });
});
