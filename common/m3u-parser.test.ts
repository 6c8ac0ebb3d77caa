import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';
import { type M3uEntry, M3uParser, kodiStreamHeaders, parseM3u } from './m3u-parser';
import {
  M3U_SAMPLE_HEADER_ATTRIBUTES,
  type M3uSampleOptions,
  generateM3u,
  generateM3uChunks,
  m3uSampleCounts,
  m3uSampleEntries,
} from '../tests/support/m3u-samples';

/** Parses chunks through the streaming API, collecting every entry. */
function parseChunks(chunks: Iterable<Buffer | string>, maxLineBytes?: number) {
  const entries: M3uEntry[] = [];
  const parser = new M3uParser({ onEntry: (e) => entries.push(e), maxLineBytes });
  for (const chunk of chunks) parser.push(chunk);
  return { ...parser.end(), entries };
}

function entry(partial: Partial<M3uEntry>): M3uEntry {
  return {
    name: '',
    duration: -1,
    url: null,
    headers: {},
    attributes: {},
    groups: [],
    vlcOptions: {},
    ...partial,
  };
}

/** A small deterministic PRNG for split offsets and garbage. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('M3uParser: header', () => {
  it('reads the #EXTM3U attributes, with lower-case keys', () => {
    const { header, entries } = parseM3u(
      '#EXTM3U x-tvg-url="http://epg.example.com/a.xml,http://epg.example.com/b.xml" URL-TVG="http://e/u.xml" tvg-url=http://e/t.xml catchup="append"\n',
    );
    expect(header).toEqual({
      isM3u: true,
      attributes: {
        'x-tvg-url': 'http://epg.example.com/a.xml,http://epg.example.com/b.xml',
        'url-tvg': 'http://e/u.xml',
        'tvg-url': 'http://e/t.xml',
        catchup: 'append',
      },
    });
    expect(entries).toEqual([]);
  });

  it('is case-insensitive and skips blank lines, blanks and a BOM before it', () => {
    expect(parseM3u('\ufeff\n  \r\n\t #extm3u\n#EXTINF:-1,A\nhttp://a/1\n').header).toEqual({
      isM3u: true,
      attributes: {},
    });
    expect(parseM3u('#ExtM3u tvg-shift="2"').header).toEqual({ isM3u: true, attributes: { 'tvg-shift': '2' } });
  });

  it('parses entries of a file without #EXTM3U (isM3u false)', () => {
    const { header, entries, stats } = parseM3u('#EXTINF:-1 tvg-id="a.uk",Channel A\nhttp://a/1.ts\n');
    expect(header).toEqual({ isM3u: false, attributes: {} });
    expect(entries).toEqual([entry({ name: 'Channel A', url: 'http://a/1.ts', attributes: { 'tvg-id': 'a.uk' } })]);
    expect(stats).toMatchObject({ entries: 1, withUrl: 1, withoutUrl: 0 });
  });

  it('is null until the first non-empty line is complete', () => {
    const parser = new M3uParser();
    expect(parser.header).toBeNull();
    parser.push('\n\r\n  \n#EXTM3U url-tvg="http://e/g');
    expect(parser.header).toBeNull();
    parser.push('.xml"\r');
    expect(parser.header).toEqual({ isM3u: true, attributes: { 'url-tvg': 'http://e/g.xml' } });
  });

  it('adds the attributes of a later #EXTM3U line that were not seen yet', () => {
    const { header, entries } = parseM3u(
      '#EXTM3U x-tvg-url="http://e/1.xml"\n#EXTINF:-1,A\nhttp://a/1\n#EXTM3U x-tvg-url="http://e/2.xml" catchup="shift"\n#EXTINF:-1,B\nhttp://b/1\n',
    );
    expect(header.attributes).toEqual({ 'x-tvg-url': 'http://e/1.xml', catchup: 'shift' });
    expect(entries.map((e) => e.name)).toEqual(['A', 'B']);
  });
});

describe('M3uParser: #EXTINF', () => {
  it('reads duration, every attribute (quoted, unquoted, single-quoted) and the title', () => {
    const { entries } = parseM3u(
      [
        '#EXTM3U',
        `#EXTINF:-1 tvg-id="bbc1.uk" tvg-name="BBC One" tvg-logo="http://logo.example.com/bbc1.png" group-title="UK" catchup="default" catchup-days="7" catchup-source="?utc={utc}&lutc={lutc}" tvg-chno=101 Radio='true' TVG-Shift="-2",BBC One HD`,
        'http://stream.example.com/bbc1.m3u8',
      ].join('\n'),
    );
    expect(entries).toEqual([
      entry({
        name: 'BBC One HD',
        url: 'http://stream.example.com/bbc1.m3u8',
        attributes: {
          'tvg-id': 'bbc1.uk',
          'tvg-name': 'BBC One',
          'tvg-logo': 'http://logo.example.com/bbc1.png',
          'group-title': 'UK',
          catchup: 'default',
          'catchup-days': '7',
          'catchup-source': '?utc={utc}&lutc={lutc}',
          'tvg-chno': '101',
          radio: 'true',
          'tvg-shift': '-2',
        },
        groups: ['UK'],
      }),
    ]);
  });

  it('does not split on a comma inside a quoted value; the title may contain commas', () => {
    const { entries } = parseM3u(
      '#EXTM3U\n#EXTINF:-1 tvg-name="News, World" group-title="News, World",  Movie, The (1999), HD  \nhttp://a/1\n',
    );
    expect(entries[0]).toMatchObject({
      name: 'Movie, The (1999), HD',
      attributes: { 'tvg-name': 'News, World', 'group-title': 'News, World' },
      groups: ['News, World'],
    });
  });

  it('reads durations: -1, 0, integers, decimals, missing or unreadable (-1)', () => {
    const durations = parseM3u(
      [
        '#EXTM3U',
        '#EXTINF:-1,A',
        'http://a/1',
        '#EXTINF:0,B',
        'http://a/2',
        '#EXTINF:5400 tvg-id="m",C',
        'http://a/3',
        '#EXTINF:10.5,D',
        'http://a/4',
        '#EXTINF:,E',
        'http://a/5',
        '#EXTINF:tvg-id="x",F',
        'http://a/6',
        '#EXTINF:--,G',
        'http://a/7',
        '#EXTINF: 12 ,H',
        'http://a/8',
      ].join('\n'),
    ).entries.map((e) => [e.name, e.duration]);
    expect(durations).toEqual([
      ['A', -1],
      ['B', 0],
      ['C', 5400],
      ['D', 10.5],
      ['E', -1],
      ['F', -1],
      ['G', -1],
      ['H', 12],
    ]);
  });

  it('reads attributes with blanks around values, values with spaces and unicode, and no title', () => {
    const { entries } = parseM3u(
      '#EXTM3U\n#EXTINF:-1   tvg-name= "قناة الأخبار 🎬"\ttvg-id=x.ae\n#EXTINF:-1 group-title="A" bare-word,Title\n',
    );
    expect(entries).toEqual([
      entry({ name: '', attributes: { 'tvg-name': 'قناة الأخبار 🎬', 'tvg-id': 'x.ae' } }),
      entry({ name: 'Title', attributes: { 'group-title': 'A' }, groups: ['A'] }),
    ]);
  });

  it('takes an unterminated quoted value to the end of the line', () => {
    const { entries } = parseM3u('#EXTM3U\n#EXTINF:-1 tvg-name="Broken, no title\nhttp://a/1\n');
    expect(entries).toEqual([entry({ url: 'http://a/1', attributes: { 'tvg-name': 'Broken, no title' } })]);
  });

  it('ignores lines that only look like #EXTINF', () => {
    const { entries } = parseM3u('#EXTM3U\n#EXTINFO:-1,Nope\n#EXTINF:-1,Yes\nhttp://a/1\n');
    expect(entries.map((e) => e.name)).toEqual(['Yes']);
  });
});

describe('M3uParser: groups, #EXTGRP, #EXTVLCOPT', () => {
  it('collects #KODIPROP lines like #EXTVLCOPT, and reads inputstream.adaptive.stream_headers as Kodi does', () => {
    const { entries } = parseM3u(
      [
        '#EXTM3U',
        '#EXTINF:-1,A',
        '#KODIPROP:inputstream.adaptive.manifest_type=hls',
        '#KODIPROP:inputstream.adaptive.stream_headers=User-Agent=Kodi%2F21.0&Referer=https%3A%2F%2Ftv.example%2F',
        'http://a/1.m3u8',
        '#KODIPROP:inputstream=inputstream.adaptive',
        '#EXTINF:-1,B',
        'http://a/2',
        '#EXTINF:-1,C',
        'http://a/3',
      ].join('\n'),
    );
    expect(entries.map((e) => e.kodiProps)).toEqual([
      {
        'inputstream.adaptive.manifest_type': 'hls',
        'inputstream.adaptive.stream_headers': 'User-Agent=Kodi%2F21.0&Referer=https%3A%2F%2Ftv.example%2F',
      },
      { inputstream: 'inputstream.adaptive' },
      undefined,
    ]);
    expect(kodiStreamHeaders(entries[0]!)).toEqual({ 'User-Agent': 'Kodi/21.0', Referer: 'https://tv.example/' });
    expect(kodiStreamHeaders(entries[2]!)).toEqual({});
  });

  // Changed with the Kodi reading of #EXTGRP: it used to add to the entry's group-title groups (A was
  // Sports, UK, Favourites; C had none); Kodi's PlaylistLoader replaces them and keeps #EXTGRP for what follows.
  it('splits group-title on ";", trims, drops empty and duplicate groups; #EXTGRP replaces and stays', () => {
    const { entries } = parseM3u(
      [
        '#EXTM3U',
        '#EXTINF:-1 group-title="Sports;UK",A',
        '#EXTGRP:Favourites',
        'http://a/1',
        '#EXTINF:-1 group-title=" Music; Live ;;Music; ",B',
        '#EXTGRP: Live ',
        '#EXTGRP:',
        '#extgrp:VIP 🇬🇧',
        'http://a/2',
        '#EXTINF:-1 group-title="",C',
        'http://a/3',
      ].join('\n'),
    );
    // C's empty group-title ends nothing (Kodi reads only a non-empty one): #EXTGRP:VIP still applies.
    expect(entries.map((e) => e.groups)).toEqual([['Favourites'], ['VIP 🇬🇧'], ['VIP 🇬🇧']]);
    expect(entries[1]!.attributes['group-title']).toBe(' Music; Live ;;Music; ');
    const { entries: plain } = parseM3u(
      '#EXTM3U\n#EXTINF:-1 group-title=" Music; Live ;;Music; ",B\nhttp://a/2\n#EXTINF:-1,C\nhttp://a/3\n',
    );
    expect(plain.map((e) => e.groups)).toEqual([['Music', 'Live'], []]);
  });

  it('collects #EXTVLCOPT options of the entry, lower-casing keys', () => {
    const { entries } = parseM3u(
      [
        '#EXTM3U',
        '#EXTINF:-1,A',
        '#EXTVLCOPT:http-user-agent=Mozilla/5.0 (SMART-TV; Linux) a=b',
        '#EXTVLCOPT:HTTP-Referrer = https://www.example.com/ ',
        '#EXTVLCOPT:no-video',
        'http://a/1',
        '#EXTINF:-1,B',
        'http://a/2',
      ].join('\n'),
    );
    expect(entries.map((e) => e.vlcOptions)).toEqual([
      {
        'http-user-agent': 'Mozilla/5.0 (SMART-TV; Linux) a=b',
        'http-referrer': 'https://www.example.com/',
        'no-video': '',
      },
      {},
    ]);
  });

  // Changed with the Kodi reading of #EXTGRP: B's groups were Cartoons, Kids (group-title first); Kodi puts the
  // #EXTGRP group in force first and adds the entry's group-title.
  it('gives #EXTGRP / #EXTVLCOPT lines met before an #EXTINF to the next entry', () => {
    const { entries } = parseM3u(
      [
        '#EXTM3U',
        '#EXTINF:-1,A',
        'http://a/1',
        '#EXTVLCOPT:http-user-agent=UA',
        '#EXTGRP:Kids',
        '#EXTINF:-1 group-title="Cartoons",B',
        'http://a/2',
        '#EXTGRP:Radio',
        'http://a/3',
      ].join('\n'),
    );
    expect(entries).toEqual([
      entry({ name: 'A', url: 'http://a/1' }),
      entry({
        name: 'B',
        url: 'http://a/2',
        attributes: { 'group-title': 'Cartoons' },
        groups: ['Kids', 'Cartoons'],
        vlcOptions: { 'http-user-agent': 'UA' },
      }),
      entry({ url: 'http://a/3', groups: ['Radio'] }),
    ]);
  });
});

describe('M3uParser: URL lines', () => {
  it('splits a |header suffix off the URL, URL-decoding the values', () => {
    const { entries } = parseM3u(
      [
        '#EXTM3U',
        '#EXTINF:-1,A',
        'https://a.example.com/live/1.m3u8?token=x&b=2|User-Agent=Mozilla%2F5.0%20(TV%3B%20Linux)&Referer=https%3A%2F%2Fportal.example.com%2F%3Fa%3D1%26b%3D2&X-Raw=100%&Origin=',
        '#EXTINF:-1,B',
        'http://b/1 |user-agent=VLC/3.0',
      ].join('\n'),
    );
    expect(entries.map((e) => [e.url, e.headers])).toEqual([
      [
        'https://a.example.com/live/1.m3u8?token=x&b=2',
        {
          'User-Agent': 'Mozilla/5.0 (TV; Linux)',
          Referer: 'https://portal.example.com/?a=1&b=2',
          'X-Raw': '100%',
          Origin: '',
        },
      ],
      ['http://b/1', { 'user-agent': 'VLC/3.0' }],
    ]);
  });

  it('gives null to an entry without a URL (another #EXTINF or the end follows)', () => {
    const { entries, stats } = parseM3u(
      '#EXTM3U\n#EXTINF:-1,Radio header\n#EXTINF:-1,A\n# a comment\n\nhttp://a/1\n#EXTINF:-1,Last\n#EXTVLCOPT:x=y\n',
    );
    expect(entries.map((e) => [e.name, e.url])).toEqual([
      ['Radio header', null],
      ['A', 'http://a/1'],
      ['Last', null],
    ]);
    expect(entries[2]!.vlcOptions).toEqual({ x: 'y' });
    expect(stats).toMatchObject({ entries: 3, withUrl: 1, withoutUrl: 2 });
  });

  // Changed with #KODIPROP: it was ignored as an unknown tag; Kodi gives it to the channel that follows.
  it('counts a URL line without #EXTINF as an entry named ""; ignores comments and unknown tags', () => {
    const { entries } = parseM3u(
      '#EXTM3U\n# comment\n#EXT-X-VERSION:3\n#KODIPROP:inputstream=adaptive\nhttp://a/1.ts\n  rtmp://b/live  \nrelative/path.ts\n',
    );
    expect(entries).toEqual([
      entry({ url: 'http://a/1.ts', kodiProps: { inputstream: 'adaptive' } }),
      entry({ url: 'rtmp://b/live' }),
      entry({ url: 'relative/path.ts' }),
    ]);
  });

  it('in a file without #EXTM3U, counts bare lines only when they start with a URL scheme', () => {
    const { header, entries } = parseM3u('http://a/1.ts\nnot a url\nudp://@239.0.0.1:1234\n#EXTINF:-1,X\nanything\n');
    expect(header.isM3u).toBe(false);
    expect(entries.map((e) => [e.name, e.url])).toEqual([
      ['', 'http://a/1.ts'],
      ['', 'udp://@239.0.0.1:1234'],
      ['X', 'anything'],
    ]);
  });

  it('keeps very long URLs under the line limit whole', () => {
    const token = 'aB3_-'.repeat(12_000); // 60,000 characters
    const { entries, stats } = parseM3u(
      `#EXTM3U\n#EXTINF:-1,Long\nhttps://cdn.example.com/live.m3u8?token=${token}|User-Agent=UA\n`,
    );
    expect(entries[0]!.url).toBe(`https://cdn.example.com/live.m3u8?token=${token}`);
    expect(entries[0]!.headers).toEqual({ 'User-Agent': 'UA' });
    expect(stats.overlongLines).toBe(0);
  });
});

describe('M3uParser: line ends, BOM, chunk boundaries', () => {
  const lfText =
    '#EXTM3U url-tvg="http://e/g.xml"\n#EXTINF:-1 tvg-id="a" group-title="News;World",Ä News\n#EXTVLCOPT:http-user-agent=UA\nhttp://a/1.ts|Referer=http%3A%2F%2Fr%2F\n\n#EXTINF:-1,B 🎬\n#EXTINF:5,C\nhttp://c/1\n';

  it('reads LF, CRLF, CR and mixed line ends alike', () => {
    const expected = parseM3u(lfText);
    expect(expected.entries).toHaveLength(3);
    expect(expected.stats.lines).toBe(8);
    for (const text of [
      lfText.replace(/\n/g, '\r\n'),
      lfText.replace(/\n/g, '\r'),
      lfText.replace(/\n/g, (_, i: number) => ['\r\n', '\n', '\r'][i % 3]!),
    ]) {
      const result = parseM3u(text);
      expect(result.entries).toEqual(expected.entries);
      expect(result.header).toEqual(expected.header);
      expect(result.stats.lines).toBe(8);
    }
  });

  it('counts a CRLF split across chunks as one line end', () => {
    const { entries, stats } = parseChunks(['#EXTM3U\r', '\n#EXTINF:-1,A\r', '\nhttp://a/1\r', '\n']);
    expect(entries).toEqual([entry({ name: 'A', url: 'http://a/1' })]);
    expect(stats.lines).toBe(3);
  });

  it('drops a UTF-8 BOM at the start (string, Buffer, BOM bytes split over chunks), keeps it nowhere else', () => {
    const bytes = Buffer.from(`\ufeff${lfText}`);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const expected = parseM3u(lfText);
    expect(parseM3u(`\ufeff${lfText}`).header.isM3u).toBe(true);
    expect(parseChunks([bytes]).entries).toEqual(expected.entries);
    const split = parseChunks([bytes.subarray(0, 1), bytes.subarray(1, 2), bytes.subarray(2, 5), bytes.subarray(5)]);
    expect(split.header).toEqual(expected.header);
    expect(split.entries).toEqual(expected.entries);
    expect(parseM3u('#EXTM3U\n#EXTINF:-1,\ufeffA\nhttp://a\n').entries[0]!.name).toBe('\ufeffA');
  });

  it('gives the same result for a small sample split at every byte offset', () => {
    const options: M3uSampleOptions = { entries: 8, crlf: true, bom: true, withoutUrlEvery: 3, seed: 3 };
    const text = generateM3u(options);
    const bytes = Buffer.from(text);
    const whole = parseM3u(text);
    expect(whole.entries).toEqual([...m3uSampleEntries(options)]);
    const failures: number[] = [];
    for (let at = 0; at <= bytes.length; at += 1) {
      const split = parseChunks([bytes.subarray(0, at), bytes.subarray(at)]);
      if (
        !isDeepStrictEqual(split.entries, whole.entries) ||
        !isDeepStrictEqual(split.header, whole.header) ||
        !isDeepStrictEqual(split.stats, whole.stats)
      )
        failures.push(at);
    }
    expect(failures).toEqual([]);
    // Also every UTF-16 offset of the string (splitting surrogate pairs of the emoji).
    for (let at = 0; at <= text.length; at += 1) {
      const split = parseChunks([text.slice(0, at), text.slice(at)]);
      if (!isDeepStrictEqual(split.entries, whole.entries) || !isDeepStrictEqual(split.stats, whole.stats))
        failures.push(at);
    }
    expect(failures).toEqual([]);
    // And one byte at a time.
    const single = parseChunks(Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)));
    expect(single.entries).toEqual(whole.entries);
    expect(single.stats).toEqual(whole.stats);
  });

  it('gives the same result for a larger sample split at random offsets, with any line end', () => {
    const rnd = random(42);
    for (const lineEnds of ['lf', 'crlf', 'cr'] as const) {
      const options: M3uSampleOptions = { entries: 300, crlf: lineEnds === 'crlf', withoutUrlEvery: 7, seed: 11 };
      let text = generateM3u(options);
      if (lineEnds === 'cr') text = text.replace(/\n/g, '\r');
      const bytes = Buffer.from(text);
      const expected = [...m3uSampleEntries(options)];
      expect(parseM3u(text).entries).toEqual(expected);
      for (let round = 0; round < 20; round += 1) {
        const chunks: Buffer[] = [];
        for (let at = 0; at < bytes.length;) {
          const size = 1 + Math.floor(rnd() * (round % 2 ? 50 : 5000));
          chunks.push(bytes.subarray(at, at + size));
          at += size;
        }
        const result = parseChunks(chunks);
        expect(isDeepStrictEqual(result.entries, expected)).toBe(true);
        expect(result.stats).toMatchObject({ ...m3uSampleCounts(options), bytes: bytes.length, overlongLines: 0 });
      }
    }
  });

  it('emits each entry as soon as its URL line is complete', () => {
    const seen: string[] = [];
    const parser = new M3uParser({ onEntry: (e) => seen.push(`${e.name} ${e.url}`) });
    parser.push('#EXTM3U\n#EXTINF:-1,A\nhttp://a/');
    expect(seen).toEqual([]);
    parser.push('1\n#EXTINF:-1,B\n');
    expect(seen).toEqual(['A http://a/1']);
    parser.push('#EXTINF:-1,C\nhttp://c/1');
    expect(seen).toEqual(['A http://a/1', 'B null']);
    parser.end();
    expect(seen).toEqual(['A http://a/1', 'B null', 'C http://c/1']);
  });
});

describe('M3uParser: generated samples', () => {
  it.each([
    { entries: 1000, seed: 1 },
    { entries: 1000, crlf: true, bom: true, withoutUrlEvery: 9, seed: 2 },
    { entries: 2500, withoutUrlEvery: 50, seed: 7 },
  ])('reads every entry of %o as generated', (options: M3uSampleOptions) => {
    const text = generateM3u(options);
    const { header, entries, stats } = parseM3u(text);
    expect(header).toEqual({ isM3u: true, attributes: M3U_SAMPLE_HEADER_ATTRIBUTES });
    expect(entries).toEqual([...m3uSampleEntries(options)]);
    expect(stats).toEqual({
      ...m3uSampleCounts(options),
      overlongLines: 0,
      lines: text.split(options.crlf ? '\r\n' : '\n').length - 1,
      bytes: Buffer.byteLength(text),
      backupUrls: 0,
      hlsMediaTags: 0,
      hlsVariantTags: 0,
      withExtinf: options.entries,
    });
    // The sample has what it promises: long URLs, |headers, multi-groups, quoted commas, #EXTGRP, options, unicode.
    expect(entries.some((e) => (e.url?.length ?? 0) > 2000)).toBe(true);
    expect(
      entries.some((e) => e.headers['User-Agent'] && e.headers.Referer === 'https://portal.example.com/?a=1&b=2'),
    ).toBe(true);
    expect(entries.some((e) => e.groups.includes('Sports') && e.groups.includes('UK'))).toBe(true);
    expect(entries.some((e) => e.attributes['group-title'] === 'News, World')).toBe(true);
    expect(entries.some((e) => e.groups.includes('Favourites'))).toBe(true);
    expect(entries.some((e) => e.vlcOptions['http-user-agent'])).toBe(true);
    expect(entries.some((e) => e.attributes.catchup === 'shift' && e.attributes['catchup-days'])).toBe(true);
    expect(entries.some((e) => /[\u0600-\u06ff]/.test(e.name))).toBe(true);
    expect(entries.some((e) => e.name.includes('🎬'))).toBe(true);
    expect(entries.some((e) => e.name.includes(','))).toBe(true);
  });

  it('generateM3uChunks yields the same text as generateM3u, in pieces', () => {
    const options = { entries: 500, crlf: true, bom: true, withoutUrlEvery: 4, seed: 5 };
    const chunks = [...generateM3uChunks({ ...options, chunkSize: 4096 })];
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.join('')).toBe(generateM3u(options));
    expect(parseChunks(chunks).entries).toEqual([...m3uSampleEntries(options)]);
  });
});

describe('M3uParser: overlong lines and memory', () => {
  it('skips a line over maxLineBytes (counted in UTF-8 bytes), keeps one at the limit', () => {
    const max = 100;
    const text = [
      '#EXTM3U',
      '#EXTINF:-1,A',
      `http://a/${'x'.repeat(max - 9)}`, // exactly 100 bytes: kept
      '#EXTINF:-1,B',
      `http://b/${'x'.repeat(max - 8)}`, // 101 bytes: skipped, B has no URL
      '#EXTINF:-1,C',
      `http://c/${'é'.repeat(46)}`, // 55 characters but 101 bytes: skipped
      '#EXTINF:-1,D',
      'http://d/1',
    ].join('\n');
    for (const result of [
      parseChunks([text], max),
      parseChunks(
        Array.from(Buffer.from(text), (byte) => Buffer.from([byte])),
        max,
      ),
    ]) {
      expect(result.entries.map((e) => [e.name, e.url?.length ?? null])).toEqual([
        ['A', 100],
        ['B', null],
        ['C', null],
        ['D', 10],
      ]);
      expect(result.stats).toMatchObject({ overlongLines: 2, lines: 9, entries: 4, withUrl: 2, withoutUrl: 2 });
    }
  });

  it('still sees the header when the first line is overlong', () => {
    const text = `  #EXTM3U x-tvg-url="${'u'.repeat(200)}"\n#EXTINF:-1,A\nhttp://a/1\n`;
    // In one chunk, and in 16-byte chunks (the line is dropped while still partial).
    for (const chunks of [
      [text],
      Array.from({ length: Math.ceil(text.length / 16) }, (_, i) => text.slice(i * 16, i * 16 + 16)),
    ]) {
      const result = parseChunks(chunks, 100);
      expect(result.header).toEqual({ isM3u: true, attributes: {} });
      expect(result.entries).toEqual([entry({ name: 'A', url: 'http://a/1' })]);
      expect(result.stats).toMatchObject({ overlongLines: 1, lines: 3 });
    }
    expect(parseChunks([`${'x'.repeat(200)}\n#EXTINF:-1,A\nhttp://a/1\n`], 100).header).toEqual({
      isM3u: false,
      attributes: {},
    });
  });

  /**
   * The heap the parser keeps alive, measured after a full garbage collection: the decoded chunks it dropped are
   * garbage until the collector runs, and when that is depends on the Node line (Node 24 left 46 MB of them
   * uncollected where Node 20 left under 30), so the heap as found measured the collector, not the parser.
   */
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  const liveHeap = () => {
    collect();
    return process.memoryUsage().heapUsed;
  };

  function pushLongLine(megabytes: number) {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const entries: M3uEntry[] = [];
    const parser = new M3uParser({ onEntry: (e) => entries.push(e) });
    parser.push('#EXTM3U\n#EXTINF:-1,Before\nhttp://before/1\n#EXTINF:-1,Huge\nhttp://huge/');
    const before = liveHeap();
    let peak = before;
    for (let i = 0; i < megabytes * 16; i += 1) {
      parser.push(chunk);
      if (i % 16 === 15) peak = Math.max(peak, liveHeap());
    }
    parser.push('\r\n#EXTINF:-1,After\nhttp://after/1\n');
    const { stats } = parser.end();
    return { entries, stats, growth: Math.max(peak, liveHeap()) - before };
  }

  it('skips a 10 MB single line pushed in 64 KB chunks without buffering it', () => {
    const { entries, stats, growth } = pushLongLine(10);
    expect(entries.map((e) => [e.name, e.url])).toEqual([
      ['Before', 'http://before/1'],
      ['Huge', null],
      ['After', 'http://after/1'],
    ]);
    expect(stats).toMatchObject({ overlongLines: 1, lines: 7, withUrl: 2, withoutUrl: 1 });
    expect(stats.bytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(growth).toBeLessThan(30 * 1024 * 1024);
  });

  it('keeps the heap bounded for a 100 MB single line (a buffering parser would need over 100 MB)', () => {
    const { stats, growth } = pushLongLine(100);
    expect(stats.overlongLines).toBe(1);
    expect(growth).toBeLessThan(30 * 1024 * 1024);
  });
});

describe('M3uParser: what is not a playlist', () => {
  it('reads an HTML login page as not an M3U, with no entries', () => {
    const html = `<!DOCTYPE html>\n<html lang="en">\n<head><title>Login</title></head>\n<body>\n<form action="/login" method="post">\n<input name="username"><input name="password" type="password">\n<a href="http://provider.example.com/help">Help</a>\n</form>\n</body>\n</html>\n`;
    const { header, entries, stats } = parseM3u(html);
    expect(header).toEqual({ isM3u: false, attributes: {} });
    expect(entries).toEqual([]);
    expect(stats).toMatchObject({ entries: 0, withUrl: 0, withoutUrl: 0, lines: 10, bytes: html.length });
  });

  it('reads empty and blank input as no header and nothing', () => {
    for (const text of ['', '\n', '  \r\n\t\r', '\ufeff']) {
      const { header, entries, stats } = parseM3u(text);
      expect(header).toEqual({ isM3u: false, attributes: {} });
      expect(entries).toEqual([]);
      expect(stats).toMatchObject({ entries: 0, overlongLines: 0, bytes: Buffer.byteLength(text) });
    }
    const parser = new M3uParser();
    expect(parser.end()).toEqual({
      header: { isM3u: false, attributes: {} },
      stats: {
        entries: 0,
        withUrl: 0,
        withoutUrl: 0,
        overlongLines: 0,
        lines: 0,
        bytes: 0,
        backupUrls: 0,
        hlsMediaTags: 0,
        hlsVariantTags: 0,
        withExtinf: 0,
      },
    });
  });

  it('survives binary garbage (random bytes, a gzip-compressed playlist served as is)', () => {
    const rnd = random(9);
    const garbage = Buffer.from(Array.from({ length: 256 * 1024 }, () => Math.floor(rnd() * 256)));
    const gzipped = gzipSync(generateM3u({ entries: 2000 }));
    for (const bytes of [garbage, gzipped]) {
      const chunks = [];
      for (let at = 0; at < bytes.length; at += 1000) chunks.push(bytes.subarray(at, at + 1000));
      const { header, entries, stats } = parseChunks(chunks);
      expect(header.isM3u).toBe(false);
      expect(entries).toEqual([]);
      expect(stats.bytes).toBe(bytes.length);
      expect(stats.lines).toBeGreaterThan(100);
    }
  });

  it('refuses a push after end; end can be called again', () => {
    const parser = new M3uParser();
    parser.push('#EXTM3U\n#EXTINF:-1,A\nhttp://a/1');
    const first = parser.end();
    expect(first.stats.withUrl).toBe(1);
    expect(() => parser.push('more')).toThrow('push after end');
    expect(parser.end()).toEqual(first);
  });
});

describe('M3uParser: real playlists (tests/fixtures/playlists, sources in its README.md)', () => {
  const read = (name: string) =>
    parseM3u(readFileSync(path.join(__dirname, '../tests/fixtures/playlists', name), 'utf8'));

  it("counts HLS tags: videojs's master playlist (a comment before #EXTM3U) and media playlists", () => {
    const master = read('videojs-master.m3u8');
    expect(master.header.isM3u).toBe(true);
    expect(master.stats).toMatchObject({ hlsVariantTags: 4, withExtinf: 0 });
    const media = read('videojs-absoluteUris.m3u8');
    expect(media.stats).toMatchObject({ hlsMediaTags: 2, hlsVariantTags: 0, withUrl: 4 });
    expect(read('videojs-liveStart30sBefore.m3u8').stats.hlsMediaTags).toBe(2);
  });

  it("reads Kodi's README example as Kodi does: #EXTGRP stays for the channels after it", () => {
    const { entries, stats } = read('kodi-iptvsimple-readme.m3u');
    expect(stats.hlsMediaTags).toBe(0); // #EXT-X-PLAYLIST-TYPE:VOD is Kodi's, in a channel list
    const groupsOf = Object.fromEntries(entries.map((e) => [e.name, e.groups]));
    expect(groupsOf['Channel X']).toEqual(['Entertainment']);
    expect(groupsOf['Channel X HD']).toEqual(['Entertainment', 'HD Channels']);
    // Channel Y's #EXTGRP comes after its #EXTINF, and no later channel has a group-title.
    for (const name of ['Channel Y', 'Channel Z', 'Channel K', 'Channel O']) {
      expect(groupsOf[name]).toEqual(['Entertainment']);
    }
  });

  it('counts backup addresses under one #EXTINF as backups, not channels', () => {
    const { entries, stats } = read('tvheadend-pipe-and-backups.m3u');
    expect(entries.map((e) => e.name)).toEqual(['Channel 1', 'Channel 2', 'Channel 3', 'Channel 4', 'Channel 5']);
    expect(stats).toMatchObject({ backupUrls: 3, withUrl: 5 });
  });
});
