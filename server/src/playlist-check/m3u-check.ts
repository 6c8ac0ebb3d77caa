import { createHash } from 'node:crypto';
import { checkMessages, english, said, type Said } from './check-messages';
import {
  CheckFailure,
  clip,
  GUIDE_URL_MAX,
  KINDS_MAX,
  LOGO_URL_MAX,
  OTHER_KINDS,
  GROUP_NAMES_KEPT,
  groupNamesOf,
  type CannotOpen,
  type ChannelSample,
  type M3uCheckResult,
} from './check-result';
import { LOCKED_GROUPS_LIMITS } from '../../../common/validation';
import { ChannelKeys } from './guide-match';
import { M3uParser, kodiStreamHeaders, type M3uEntry } from '../../../common/m3u-parser';
import type { SafeFetchOptions } from './safe-fetch';
import { checkFailureOf, open } from './sources';
import { ChannelPicker, type StreamPick } from './stream-sample';

const SAMPLE_SIZE = 12;
/** Distinct groups remembered; past this the count is a lower bound (no real playlist comes close). */
const MAX_GROUPS = 50_000;
/** How much of the start of a body is looked at to tell a web page or binary data from text. */
const SNIFF_BYTES = 1024;
const EXAMPLES = 3;
/** Kinds of address a TV cannot open told apart while reading; past this, new kinds count as OTHER_KINDS. */
const KINDS_TRACKED = 1_000;
/** A group name longer than this is remembered by its digest (a 60 KB name costs 27 bytes). */
const GROUP_KEY_MAX = 64;

/** Address schemes of streams a TV player opens (HLS, DASH and MPEG-TS over HTTP above all). */
const STREAM_SCHEMES = new Set([
  'http',
  'https',
  'rtmp',
  'rtmps',
  'rtmpt',
  'rtmpe',
  'rtsp',
  'rtsps',
  'rtp',
  'udp',
  'mms',
  'mmsh',
  'srt',
]);

const { reasons } = checkMessages;
/** What a TV cannot open, in words for the owner, by kind. */
const CANNOT_OPEN_REASONS: Record<string, Said> = {
  'no address': said(reasons.noAddress),
  'plugin://': said(reasons.plugin),
  'pipe://': said(reasons.pipe),
  'file://': said(reasons.file),
  'acestream://': said(reasons.acestream),
  'sop://': said(reasons.sopcast),
  'magnet:': said(reasons.magnet),
  [OTHER_KINDS]: said(reasons.otherKinds),
};

/** Why a TV cannot open a kind of address, said (a result's `reason` is its English). */
export function cannotOpenReason(kind: string): Said {
  return Object.hasOwn(CANNOT_OPEN_REASONS, kind) ? CANNOT_OPEN_REASONS[kind]! : said(reasons.other, { kind });
}

/** The kind of address a TV cannot open ('pipe://', 'no address', ...), or null for a stream it can open. */
function unplayableKind(url: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]{0,31}):/i.exec(url);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    if (STREAM_SCHEMES.has(name)) return null;
    if (name.length === 1) return 'file://'; // C:\Videos\...
    if (name === 'magnet') return 'magnet:';
    return `${name}://`;
  }
  if (url.startsWith('//')) return null; // same scheme as the playlist
  // No scheme: a relative address (read against the playlist's, as VLC does), unless it is a note.
  if (/\s/.test(url) || /^[[<({]/.test(url)) return 'no address';
  return null;
}

/** Films and series (Xtream Codes /movie/ and /series/ paths, video files): guides do not list them. */
function isVod(url: string, entry: M3uEntry): boolean {
  if (url.includes('/movie/') || url.includes('/series/')) return true;
  if (entry.attributes.media === 'true') return true;
  return /\.(mp4|mkv|avi|mov|m4v|wmv|mpe?g)$/i.test(url.split('?')[0]!);
}

/** What the start of a body says it is, before parsing: a web page, XML, binary data, or text. */
function sniff(start: Buffer): 'html' | 'xml' | 'binary' | 'text' {
  const n = Math.min(start.length, SNIFF_BYTES);
  const text = start
    .toString('utf8', 0, n)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<?xml') || text.startsWith('<tv')) return /<html[\s>]/.test(text) ? 'html' : 'xml';
  // An M3U never starts with markup; a web page always does.
  if (/^<[a-z!]/.test(text)) return 'html';
  let control = 0;
  for (let i = 0; i < n; i += 1) {
    const b = start[i] as number;
    if (b < 9 || (b > 13 && b < 32 && b !== 27)) control += 1;
  }
  return n > 0 && control / n > 0.1 ? 'binary' : 'text';
}

function loginPage(status: number): CheckFailure {
  return new CheckFailure('LOGIN_PAGE', said(checkMessages.m3u.loginPage), status, true);
}

/** Whether an entry carries any #EXTINF attribute (tvg-*, group-title...). */
function hasAttributes(entry: M3uEntry): boolean {
  for (const key in entry.attributes) if (key) return true;
  return false;
}

export interface M3uCheckOutcome {
  result: M3uCheckResult;
  httpStatus: number;
  /** The live channels, for matching with a guide. */
  liveChannels: ChannelKeys;
  /** Channels to open to see what they answer, spread over the groups (as many as asked for, at most). */
  picks: StreamPick[];
}

/** A channel's name as the result keeps it: cut short (a hostile playlist's names run to 60 KB). */
function nameOf(entry: M3uEntry): string {
  return clip(entry.name || entry.attributes['tvg-name'] || '');
}

function groupOf(entry: M3uEntry): string | null {
  const group = entry.groups[0];
  return group === undefined ? null : clip(group);
}

/** A group as counted: its name, or the digest of a long one (the count stays exact, the memory small). */
function groupKey(group: string): string {
  const key = group.toLowerCase();
  return key.length <= GROUP_KEY_MAX ? key : createHash('sha256').update(key).digest('base64');
}

/** The kinds a TV cannot open, most common first: KINDS_MAX of them by name, the rest counted together. */
function capKinds(kinds: Iterable<CannotOpen>): CannotOpen[] {
  const sorted = [...kinds].sort((a, b) => b.count - a.count);
  const named = sorted.filter((kind) => kind.kind !== OTHER_KINDS).slice(0, KINDS_MAX);
  let others = 0;
  for (const kind of sorted) if (!named.includes(kind)) others += kind.count;
  if (others === 0) return named;
  return [...named, { kind: OTHER_KINDS, reason: english(cannotOpenReason(OTHER_KINDS)), count: others, examples: [] }];
}

/**
 * A header a playlist gives a channel (`url|User-Agent=…`, any case), else its #EXTVLCOPT option, else its
 * #KODIPROP inputstream.adaptive.stream_headers (as Kodi sends them).
 */
function headerOf(entry: M3uEntry, name: string, vlcOption: string): string | undefined {
  for (const [key, value] of Object.entries(entry.headers)) if (key.toLowerCase() === name) return value;
  if (entry.vlcOptions[vlcOption] !== undefined) return entry.vlcOptions[vlcOption];
  for (const [key, value] of Object.entries(kodiStreamHeaders(entry))) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** A channel as the sampler opens it: with the User-Agent and Referer the playlist gives it. */
function pickOf(entry: M3uEntry, address: string): StreamPick {
  const headers: Record<string, string> = {};
  const referer = headerOf(entry, 'referer', 'http-referrer');
  const origin = headerOf(entry, 'origin', 'http-origin');
  if (referer) headers.referer = referer;
  if (origin) headers.origin = origin;
  return {
    name: nameOf(entry),
    group: groupOf(entry),
    url: address,
    userAgent: headerOf(entry, 'user-agent', 'http-user-agent'),
    headers,
  };
}

/** A channel's address as the TV opens it: relative ones against the playlist's own (as VLC reads them). */
function absolute(address: string, playlistUrl: string): string | null {
  try {
    return new URL(address, playlistUrl).href;
  } catch {
    return null;
  }
}

/**
 * Fetches an M3U playlist and reads it as it arrives, never holding it whole: channels the TV can open, groups,
 * entries without a stream, what a TV cannot open, backup addresses, declared guide URLs and a sample of
 * channels with logos. What the body is (a playlist, a web page, a single HLS stream) is decided by its content,
 * not by its content type.
 */
export async function checkM3u(url: string, options: SafeFetchOptions, samples: number): Promise<M3uCheckOutcome> {
  const res = await open(url, options);
  const picker = new ChannelPicker(samples);
  const groups = new Set<string>();
  // Names as the TV lists them (exact, unlike the count), for parental control: a few more than are kept, since
  // groupNamesOf leaves some out.
  const names = new Set<string>();
  const sample: ChannelSample[] = [];
  const cannotOpen = new Map<string, CannotOpen>();
  const liveChannels = new ChannelKeys();
  let playable = 0;
  let withAttributes = 0;
  const parser = new M3uParser({
    onEntry: (entry) => {
      if (hasAttributes(entry)) withAttributes += 1;
      // Groups as the TV lists them: an entry it cannot play still shows in its group.
      for (const group of entry.groups) {
        if (groups.size < MAX_GROUPS) groups.add(groupKey(group));
        if (names.size < 2 * GROUP_NAMES_KEPT) names.add(group);
      }
      const address = entry.url;
      if (address === null) return;
      const kind = unplayableKind(address);
      if (kind !== null) {
        const tracked = cannotOpen.has(kind) || cannotOpen.size < KINDS_TRACKED ? kind : OTHER_KINDS;
        let found = cannotOpen.get(tracked);
        if (!found) {
          found = { kind: tracked, reason: english(cannotOpenReason(tracked)), count: 0, examples: [] };
          cannotOpen.set(tracked, found);
        }
        found.count += 1;
        const name = nameOf(entry);
        if (tracked === kind && found.examples.length < EXAMPLES && name && !found.examples.includes(name)) {
          found.examples.push(name);
        }
        return;
      }
      playable += 1;
      const live = !isVod(address, entry);
      if (live) liveChannels.add(entry.attributes['tvg-id'], entry.attributes['tvg-name'], entry.name);
      if (samples > 0) picker.add(pickOf(entry, address), live);
      const logo = entry.attributes['tvg-logo'];
      if (sample.length < SAMPLE_SIZE && logo && logo.length <= LOGO_URL_MAX) {
        sample.push({ name: nameOf(entry), logo, group: groupOf(entry) });
      }
    },
  });
  // The start of the body, gathered over as many chunks as it takes, to tell a page or binary data from text.
  let head: Buffer | null = null;
  let decided = false;
  let received = 0;
  const decide = (start: Buffer) => {
    decided = true;
    const kind = sniff(start);
    if (kind === 'html') throw loginPage(res.status);
    if (kind !== 'text') throw new CheckFailure('NOT_M3U', said(checkMessages.m3u[kind]), res.status, true);
  };
  try {
    for await (const chunk of res.body) {
      received += chunk.length;
      if (!decided) {
        head = head === null ? chunk : Buffer.concat([head, chunk]);
        if (head.length >= SNIFF_BYTES) {
          decide(head);
          head = null;
        }
      }
      parser.push(chunk);
    }
    if (!decided && head !== null) decide(head);
  } catch (err) {
    throw checkFailureOf(err);
  } finally {
    res.close();
  }
  const { header, stats } = parser.end();
  const type = String(res.headers['content-type'] ?? '').toLowerCase();

  if (
    (stats.hlsMediaTags > 0 || stats.hlsVariantTags > 0) &&
    withAttributes * 2 < stats.entries + (stats.entries === 0 ? 1 : 0)
  ) {
    const what =
      stats.hlsVariantTags > 0
        ? said(checkMessages.m3u.hlsVariants, { count: stats.hlsVariantTags })
        : said(checkMessages.m3u.hlsSegments, { count: stats.entries });
    throw new CheckFailure('SINGLE_STREAM', said(checkMessages.m3u.singleStream, { what }), res.status, true);
  }
  if (!header.isM3u && stats.entries === 0) {
    if (received === 0) {
      throw new CheckFailure('EMPTY', said(checkMessages.m3u.nothing), res.status, true);
    }
    if (type.includes('text/html')) throw loginPage(res.status);
    throw new CheckFailure('NOT_M3U', said(checkMessages.m3u.notM3u), res.status, true);
  }
  if (stats.withUrl === 0) {
    throw new CheckFailure('EMPTY', said(checkMessages.m3u.noStreams), res.status, true);
  }
  const unplayable = capKinds(cannotOpen.values());
  if (playable === 0) {
    throw new CheckFailure(
      'EMPTY',
      unplayable[0]
        ? said(checkMessages.m3u.nonePlayable, { count: stats.withUrl, reason: cannotOpenReason(unplayable[0].kind) })
        : said(checkMessages.m3u.nonePlayableBare, { count: stats.withUrl }),
      res.status,
      true,
    );
  }
  // Up to 5, and no more of them than one long address's worth (the first is the one the guide is read from).
  let guideChars = 0;
  const guideUrls = [header.attributes['x-tvg-url'], header.attributes['url-tvg'], header.attributes['tvg-url']]
    .flatMap((value) => (value ? value.split(',') : []))
    .map((value) => value.trim())
    .filter(
      (value, index, all) =>
        value.length <= GUIDE_URL_MAX && /^https?:\/\/\S+$/i.test(value) && all.indexOf(value) === index,
    )
    .slice(0, 5)
    .filter((value) => (guideChars += value.length) <= GUIDE_URL_MAX);
  const picks = picker.picks().flatMap((pick) => {
    const address = absolute(pick.url, res.url);
    return address ? [{ ...pick, url: address }] : [];
  });
  return {
    httpStatus: res.status,
    liveChannels,
    picks,
    result: {
      channels: playable,
      groups: groups.size,
      entriesWithoutUrl: stats.withoutUrl,
      backupUrls: stats.backupUrls,
      cannotOpen: unplayable,
      guideUrls,
      sample,
      groupNames: groupNamesOf(names, LOCKED_GROUPS_LIMITS.length),
    },
  };
}
