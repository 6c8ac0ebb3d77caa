/**
 * HLS and DASH are chains: a master playlist names its qualities (variants), a variant's media playlist names its
 * segments (with an EXT-X-MAP initialisation segment for fragmented MP4, an EXT-X-KEY for AES-128), a DASH
 * manifest names an initialisation and media segments. A player plays only when every link answers with media,
 * so the check follows the chain the way a TV's player starts it, and this file says which links those are. It
 * only reads the manifests (video.js's m3u8-parser and mpd-parser) and decrypts; stream-sample.ts opens the links.
 *
 * Which quality a player starts with: the first variant listed. That is Apple's rule (HLS Authoring
 * Specification for Apple Devices: "the first entry in the multivariant playlist is the one the client starts
 * with") and hls.js's when it has no bandwidth estimate yet (AbrController.firstAutoLevel falls back to
 * hls.firstLevel, the first level listed). When that quality's playlist does not answer, players move on to the
 * next one (hls.js's level-load error handling), so the check tries the next ones too, a few at most.
 *
 * Which segment a player starts with: the first of a finished (VOD) playlist; on a live one, three target
 * durations from its end (hls.js `liveSyncDurationCount: 3`; ExoPlayer starts live HLS three target durations
 * from the edge too), which a live server still serves, unlike the oldest segments it is about to drop.
 */
import { createDecipheriv } from 'node:crypto';
import { Parser as M3u8Parser } from 'm3u8-parser';
import { parse as parseMpd } from 'mpd-parser';

/** How many qualities of a master are tried before the chain is said broken. */
export const MAX_VARIANTS = 3;
/** Live: the segment this many from the end (hls.js liveSyncDurationCount). */
const LIVE_SYNC_SEGMENTS = 3;

/** One address to open, with the byte range (EXT-X-BYTERANGE, DASH indexRange) a player asks for. */
export interface ChainLink {
  url: string;
  /** `bytes=a-b`: sent as a Range header. */
  range?: string;
}

export interface HlsVariant {
  link: ChainLink;
  /** BANDWIDTH, bits per second: what it needs to arrive at. */
  bandwidth: number | null;
  codecs: string | undefined;
}

/** The segment a player starts with, and what it needs first. */
export interface SegmentPlan {
  segment: ChainLink;
  /** EXT-X-MAP / DASH initialisation segment. */
  init?: ChainLink;
  /** AES-128: the key's address and the IV (16 bytes) for this segment. */
  key?: { link: ChainLink; iv: Buffer };
  /** Bits per second the segment's quality needs, when the manifest says it. */
  bandwidth: number | null;
}

function resolve(uri: string, base: string): string | null {
  try {
    return new URL(uri, base).href;
  } catch {
    return null;
  }
}

function rangeOf(byterange: { length: number; offset?: number } | undefined): string | undefined {
  if (!byterange || !Number.isFinite(byterange.length) || byterange.length <= 0) return undefined;
  const offset = byterange.offset ?? 0;
  return `bytes=${offset}-${offset + byterange.length - 1}`;
}

function parseHls(text: string) {
  const parser = new M3u8Parser();
  parser.push(text);
  parser.end();
  return parser.manifest;
}

/** A master playlist's qualities in the order a player tries them (first listed first), each address once. */
export function hlsVariants(text: string, base: string): HlsVariant[] {
  const seen = new Set<string>();
  const variants: HlsVariant[] = [];
  for (const playlist of parseHls(text).playlists ?? []) {
    const url = playlist.uri ? resolve(playlist.uri, base) : null;
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const bandwidth = Number(playlist.attributes?.BANDWIDTH);
    variants.push({
      link: { url },
      bandwidth: Number.isFinite(bandwidth) && bandwidth > 0 ? bandwidth : null,
      codecs: playlist.attributes?.CODECS,
    });
  }
  return variants;
}

/** The segment of a media playlist a player starts with; null when it lists none. */
export function hlsSegment(text: string, base: string, bandwidth: number | null): SegmentPlan | null {
  const manifest = parseHls(text);
  const segments = (manifest.segments ?? []).filter((segment) => segment.uri);
  if (segments.length === 0) return null;
  const live = !manifest.endList;
  const index = live ? Math.max(0, segments.length - LIVE_SYNC_SEGMENTS) : 0;
  const segment = segments[index]!;
  const url = resolve(segment.uri, base);
  if (!url) return null;
  const plan: SegmentPlan = { segment: { url, range: rangeOf(segment.byterange) }, bandwidth };
  if (segment.map?.uri) {
    const init = resolve(segment.map.uri, base);
    if (init) plan.init = { url: init, range: rangeOf(segment.map.byterange) };
  }
  if (segment.key && segment.key.method === 'AES-128' && segment.key.uri) {
    const keyUrl = resolve(segment.key.uri, base);
    if (keyUrl) {
      // RFC 8216 5.2: without an IV attribute, the IV is the segment's media sequence number, big-endian.
      const iv = Buffer.alloc(16);
      if (segment.key.iv) for (let i = 0; i < 4; i += 1) iv.writeUInt32BE(segment.key.iv[i]! >>> 0, i * 4);
      else iv.writeBigUInt64BE(BigInt((manifest.mediaSequence ?? 0) + index), 8);
      plan.key = { link: { url: keyUrl }, iv };
    }
  }
  return plan;
}

interface MpdSegment {
  resolvedUri?: string;
  byterange?: { length: number; offset: number };
  map?: { resolvedUri?: string; byterange?: { length: number; offset: number } };
}

interface MpdPlaylist {
  attributes?: { BANDWIDTH?: number };
  segments?: MpdSegment[];
  sidx?: { resolvedUri?: string; map?: MpdSegment['map'] };
  endList?: boolean;
}

/**
 * The most segments a DASH manifest may describe for it to be parsed. mpd-parser lists every segment a
 * SegmentTemplate or SegmentTimeline implies, so a manifest of 2,000 hours of 10 ms segments would have it build
 * an array of 720 million (V8 aborts the whole process on it). 50,000 is a day of 2 s segments.
 */
export const MAX_DASH_SEGMENTS = 50_000;

/** An ISO 8601 duration (PT1H2M3.5S, P1DT2H) in seconds; NaN when it is not one. */
function isoSeconds(value: string | undefined): number {
  const m =
    /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      (value ?? '').trim(),
    );
  if (!m) return NaN;
  const [years, months, days, hours, minutes, secs] = m.slice(1).map((n) => Number(n ?? 0)) as number[];
  return (((years! * 365 + months! * 30 + days!) * 24 + hours!) * 60 + minutes!) * 60 + secs!;
}

/**
 * Whether a DASH manifest describes few enough segments to be parsed (MAX_DASH_SEGMENTS), counted from its
 * text before any parser runs, erring high: its whole span (a static manifest's duration; a live one's time
 * since it became available, or its time-shift window) at the finest timescale and shortest segment duration
 * it names, for each representation.
 */
export function dashWithinReach(text: string, now = Date.now()): boolean {
  const values = (name: string) =>
    [...text.matchAll(new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'g'))].map((m) => m[1]!);
  let span: number;
  if (/\btype\s*=\s*"dynamic"/.test(text)) {
    const start = Date.parse(values('availabilityStartTime')[0] ?? '');
    const since = Math.max(0, (now - (Number.isFinite(start) ? start : 0)) / 1000);
    const window = isoSeconds(values('timeShiftBufferDepth')[0]);
    span =
      Math.min(since, Number.isFinite(window) ? window : Infinity) +
      (isoSeconds(values('minimumUpdatePeriod')[0]) || 0);
  } else {
    const periods = values('duration').map(isoSeconds).filter(Number.isFinite);
    span = Math.max(
      0,
      isoSeconds(values('mediaPresentationDuration')[0]) || 0,
      periods.reduce((a, b) => a + b, 0),
    );
  }
  const timescale = Math.max(1, ...values('timescale').map(Number).filter(Number.isFinite));
  const perDuration = (d: number) => (d > 0 ? (span * timescale) / d : Infinity);
  let count = 0;
  // SegmentTemplate@duration (numbers; a Period's ISO duration is not one).
  for (const d of values('duration').filter((v) => /^\s*[\d.]+\s*$/.test(v))) count += perDuration(Number(d));
  for (const [, attributes] of text.matchAll(/<S\b([^>]*)>/g)) {
    const d = Number(/\bd\s*=\s*"([^"]*)"/.exec(attributes!)?.[1]);
    const r = Number(/\br\s*=\s*"([^"]*)"/.exec(attributes!)?.[1] ?? 0);
    count += r < 0 ? perDuration(d) : r + 1;
  }
  const representations = Math.max(1, text.match(/<Representation\b/g)?.length ?? 0);
  return Number.isFinite(count) && count * representations <= MAX_DASH_SEGMENTS;
}

/**
 * The segments a DASH player starts with: of the first video representation listed (the first audio one when
 * there is no video), its initialisation segment and its first media segment (three from the end when live).
 * A representation addressed by a single file (SegmentBase) is that file, read from its start. null: none listed.
 */
export function dashSegment(text: string, base: string): SegmentPlan | null | 'too-many' {
  if (!dashWithinReach(text)) return 'too-many';
  const manifest = parseMpd(text, { manifestUri: base, NOW: Date.now(), clientOffset: 0 }) as {
    playlists?: MpdPlaylist[];
    mediaGroups?: { AUDIO?: Record<string, Record<string, { playlists?: MpdPlaylist[] }>> };
  };
  let playlist = manifest.playlists?.[0];
  if (!playlist) {
    for (const group of Object.values(manifest.mediaGroups?.AUDIO ?? {})) {
      playlist ??= Object.values(group).find((rendition) => rendition.playlists?.length)?.playlists?.[0];
    }
  }
  if (!playlist) return null;
  const bandwidth = Number(playlist.attributes?.BANDWIDTH) || null;
  const segments = (playlist.segments ?? []).filter((segment) => segment.resolvedUri);
  if (segments.length > 0) {
    const index = playlist.endList === false ? Math.max(0, segments.length - LIVE_SYNC_SEGMENTS) : 0;
    const segment = segments[index]!;
    const plan: SegmentPlan = { segment: { url: segment.resolvedUri!, range: rangeOf(segment.byterange) }, bandwidth };
    if (segment.map?.resolvedUri) plan.init = { url: segment.map.resolvedUri, range: rangeOf(segment.map.byterange) };
    return plan;
  }
  if (playlist.sidx?.resolvedUri) return { segment: { url: playlist.sidx.resolvedUri }, bandwidth };
  return null;
}

/**
 * The start of an AES-128 segment, decrypted (AES-128-CBC, RFC 8216 4.3.2.4): whole blocks only, no padding
 * removed (the end is not there yet). null when the key is not 16 bytes.
 */
export function decryptStart(data: Buffer, key: Buffer, iv: Buffer): Buffer | null {
  if (key.length !== 16) return null;
  const whole = data.subarray(0, data.length - (data.length % 16));
  if (whole.length === 0) return Buffer.alloc(0);
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(whole), decipher.final()]);
}
