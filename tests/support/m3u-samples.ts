/**
 * Real-world shaped M3U playlists for tests, benchmarks and integration tests: what IPTV providers serve
 * (an #EXTM3U header with the EPG address, #EXTINF lines with tvg-* attributes, groups, catch-up, #EXTGRP,
 * #EXTVLCOPT, long tokenised URLs, `|User-Agent=...` suffixes, entries without a URL, Arabic / CJK / emoji names).
 *
 * Deterministic for a given seed. `m3uSampleEntries` yields, for the same options, the entries a correct parser
 * must read from the text, so a test can compare a parse with the truth rather than with another parse.
 */
import type { M3uEntry } from '../../common/m3u-parser';

export interface M3uSampleOptions {
  entries: number;
  /** CRLF line ends (default LF). */
  crlf?: boolean;
  /** A UTF-8 byte order mark first. */
  bom?: boolean;
  /** Every Nth entry (N, 2N, ...) has no URL line. */
  withoutUrlEvery?: number;
  seed?: number;
}

/** The #EXTM3U attributes of every sample. */
export const M3U_SAMPLE_HEADER_ATTRIBUTES: Readonly<Record<string, string>> = {
  'x-tvg-url': 'http://epg.example.com/guide.xml.gz',
  'url-tvg': 'http://epg.example.com/guide.xml.gz',
};

const NAMES = [
  (n: number) => `Channel ${n} HD`,
  (n: number) => `قناة الأخبار ${n}`,
  (n: number) => `🎬 Movies ${n} 🍿`,
  (n: number) => `Sport ${n} FHD`,
  (n: number) => `BBC One ${n} (UK)`,
  (n: number) => `Das Erste ${n} — Ü`,
  (n: number) => `新闻频道 ${n}`,
  (n: number) => `News, Weather & Traffic ${n}`,
];
const COUNTRIES = ['uk', 'us', 'ae', 'fr', 'de', 'cn', 'tr', 'in'];
/** group-title values: several groups (';'), commas and blanks inside quotes, duplicates, non-Latin scripts. */
const GROUP_TITLES = [
  'News',
  'Sports;UK',
  'News, World',
  'Movies',
  'أفلام عربية',
  'Kids 🎈',
  'Music; Live ;Music',
  'Documentary, Nature;Science',
  'Entertainment',
  'Sports',
];
const EXTGRP_NAMES = ['Favourites', 'News', 'VIP 🇬🇧'];
const USER_AGENTS = [
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 TV Safari/537.36',
  'VLC/3.0.20 LibVLC/3.0.20',
  'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0 Safari/537.36 WebAppManager',
];
const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** mulberry32: a small, fast, seedable PRNG. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function splitGroups(title: string, groups: string[]): void {
  for (const part of title.split(';')) {
    const g = part.trim();
    if (g && !groups.includes(g)) groups.push(g);
  }
}

/** The entries of the sample, as a correct parser reads them, in order. */
export function* m3uSampleEntries(options: M3uSampleOptions): Generator<M3uEntry> {
  const rnd = random(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  // Long tokens are slices of one random pool (fast to make, still incompressible-looking).
  let pool = '';
  for (let i = 0; i < 4096; i += 1) pool += TOKEN_ALPHABET[Math.floor(rnd() * 64)];
  const token = (length: number) => {
    const from = Math.floor(rnd() * (pool.length - length));
    return pool.slice(from, from + length);
  };
  // Kodi reads #EXTGRP as a begin directive: the entry after one gets its group too, with its own group-title.
  let extgrp: string | null = null;
  for (let n = 1; n <= options.entries; n += 1) {
    const name = NAMES[n % NAMES.length]!(n);
    const groupTitle = pick(GROUP_TITLES);
    const attributes: Record<string, string> = {
      'tvg-id': `ch${n}.${COUNTRIES[n % COUNTRIES.length]}`,
      'tvg-name': name,
      'tvg-logo': `http://logos.example.com/img/${n % 5000}/${token(12)}.png`,
      'group-title': groupTitle,
    };
    if (n % 5 === 0) {
      attributes.catchup = 'shift';
      attributes['catchup-days'] = String(1 + (n % 7));
      attributes['catchup-source'] = '?utc={utc}&lutc={lutc}';
    }
    let groups: string[] = extgrp === null ? [] : [extgrp];
    splitGroups(groupTitle, groups);
    extgrp = null;
    if (n % 7 === 0) {
      // The #EXTGRP line after this #EXTINF replaces its groups, and stays for the next entry.
      extgrp = pick(EXTGRP_NAMES);
      groups = [extgrp];
    }
    const vlcOptions: Record<string, string> = {};
    if (n % 6 === 0) {
      vlcOptions['http-user-agent'] = pick(USER_AGENTS);
      if (n % 12 === 0) vlcOptions['http-referrer'] = 'https://www.example.com/';
    }
    let url: string | null = null;
    let headers: Record<string, string> = {};
    if (!options.withoutUrlEvery || n % options.withoutUrlEvery !== 0) {
      if (n % 40 === 0) {
        url = `https://cdn${n % 9}.example-cdn.net/live/${n}/index.m3u8?token=${token(2000 + Math.floor(rnd() * 600))}&e=${1700000000 + n}`;
      } else if (n % 2 === 0) {
        url = `http://line.example-iptv.com:8080/live/user${n % 97}/p4ss${n % 89}/${n}.ts`;
      } else {
        url = `https://cdn${n % 9}.example-cdn.net/hls/${n}/playlist.m3u8?token=${token(32)}`;
      }
      if (n % 10 === 3) headers = { 'User-Agent': pick(USER_AGENTS), Referer: 'https://portal.example.com/?a=1&b=2' };
    }
    yield { name, duration: n % 25 === 0 ? 5400 : -1, url, headers, attributes, groups, vlcOptions };
  }
}

/** Counts a parse of the sample must find. */
export function m3uSampleCounts(options: M3uSampleOptions): { entries: number; withUrl: number; withoutUrl: number } {
  const withoutUrl = options.withoutUrlEvery ? Math.floor(options.entries / options.withoutUrlEvery) : 0;
  return { entries: options.entries, withUrl: options.entries - withoutUrl, withoutUrl };
}

function headerText(eol: string, bom: boolean): string {
  let line = bom ? '\ufeff#EXTM3U' : '#EXTM3U';
  for (const [key, value] of Object.entries(M3U_SAMPLE_HEADER_ATTRIBUTES)) line += ` ${key}="${value}"`;
  return line + eol;
}

function entryText(entry: M3uEntry, n: number, eol: string): string {
  let text = `#EXTINF:${entry.duration}`;
  for (const [key, value] of Object.entries(entry.attributes)) text += ` ${key}="${value}"`;
  text += `,${entry.name}${eol}`;
  // #EXTGRP after the #EXTINF (every 7th entry): its only group (Kodi's reading).
  if (n % 7 === 0) text += `#EXTGRP:${entry.groups[entry.groups.length - 1]}${eol}`;
  for (const [key, value] of Object.entries(entry.vlcOptions)) text += `#EXTVLCOPT:${key}=${value}${eol}`;
  if (entry.url !== null) {
    text += entry.url;
    const pairs = Object.entries(entry.headers);
    if (pairs.length) text += `|${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
    text += eol;
  }
  return text;
}

/** The sample playlist in pieces of about `chunkSize` characters (default 64 KiB), e.g. for a streaming server. */
export function* generateM3uChunks(options: M3uSampleOptions & { chunkSize?: number }): Generator<string> {
  const eol = options.crlf ? '\r\n' : '\n';
  const chunkSize = options.chunkSize ?? 64 * 1024;
  let parts: string[] = [headerText(eol, options.bom ?? false)];
  let size = parts[0]!.length;
  let n = 0;
  for (const entry of m3uSampleEntries(options)) {
    n += 1;
    const text = entryText(entry, n, eol);
    parts.push(text);
    size += text.length;
    if (size >= chunkSize) {
      yield parts.join('');
      parts = [];
      size = 0;
    }
  }
  if (parts.length) yield parts.join('');
}

/** The whole sample playlist as one string. */
export function generateM3u(options: M3uSampleOptions): string {
  const eol = options.crlf ? '\r\n' : '\n';
  const parts: string[] = [headerText(eol, options.bom ?? false)];
  let n = 0;
  for (const entry of m3uSampleEntries(options)) {
    n += 1;
    parts.push(entryText(entry, n, eol));
  }
  return parts.join('');
}
