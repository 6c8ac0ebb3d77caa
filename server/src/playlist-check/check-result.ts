/** A playlist check's result: the GraphQL PlaylistCheck type, stored as the playlist's last_check (jsonb). */

import { english, type Said, type SaidValue } from './check-messages';
import type { StreamFormat } from './stream-kind';

export type CheckVerdict = 'OK' | 'WARNING' | 'FAILED';

export type CheckProblem =
  | 'INVALID_URL'
  | 'DNS'
  | 'CONNECTION'
  | 'TLS'
  | 'TIMEOUT'
  | 'HTTP_STATUS'
  | 'BLOCKED_ADDRESS'
  | 'TOO_MANY_REDIRECTS'
  | 'TOO_LARGE'
  | 'LOGIN_PAGE'
  | 'NOT_M3U'
  | 'EMPTY'
  | 'XC_AUTH'
  | 'XC_INACTIVE'
  | 'XC_NOT_API'
  | 'SINGLE_STREAM'
  | 'XC_LINE_REFUSED'
  | 'XC_NO_FORMAT'
  | 'STREAMS_GONE';

export interface ChannelSample {
  name: string;
  logo: string | null;
  group: string | null;
}

/** Entries whose address a TV cannot open, by kind (pipe://, plugin://, no address...). */
export interface CannotOpen {
  kind: string;
  reason: string;
  count: number;
  /** Up to 3 channel names. */
  examples: string[];
}

export interface M3uCheckResult {
  /** Channels a TV can open: entries with a stream address it plays (backup addresses not counted). */
  channels: number;
  groups: number;
  entriesWithoutUrl: number;
  /** Extra addresses under one #EXTINF: backups of a channel, not channels. */
  backupUrls: number;
  cannotOpen: CannotOpen[];
  guideUrls: string[];
  sample: ChannelSample[];
  /** Group names for parental control (groupNamesOf); absent in results stored before they were kept. */
  groupNames?: string[];
}

/** The Xtream Codes line as the TV will find it. */
export type XcLineState = 'ACTIVE' | 'EXPIRED' | 'BANNED' | 'DISABLED' | 'NOT_ACCEPTED' | 'OTHER';

export interface XcCheckResult {
  status: string;
  state: XcLineState;
  /** The stream formats the panel allows this line (`ts`, `m3u8`, `rtmp`); null when the panel does not say. */
  allowedFormats: string[] | null;
  /** ISO date, or null for an account without an end. */
  expiresAt: string | null;
  isTrial: boolean;
  maxConnections: number | null;
  activeConnections: number | null;
  liveCategories: number;
  /** Live category names for parental control (groupNamesOf); absent in results stored before they were kept. */
  liveCategoryNames?: string[];
  vodCategories: number;
  seriesCategories: number;
}

export type GuideSource = 'TYPED' | 'PLAYLIST' | 'PANEL';

export interface GuideCoverageResult {
  /** The playlist's live channels (films and series left out: guides do not list them). */
  channels: number;
  /** Channels with programmes in the guide. */
  covered: number;
  byId: number;
  /** Found by tvg-name or the channel's name, as players fall back. */
  byName: number;
}

export interface EpgCheckResult {
  reachable: boolean;
  xmltv: boolean;
  channels: number;
  message: string | null;
  /** The message, to be said in the reader's language (absent in results stored before it was kept). */
  said?: SaidValue | null;
  /** Where the guide address came from (absent in results stored before it was reported). */
  source?: GuideSource;
  /** Guide channels with at least one programme (null when the guide was read only to its first programme). */
  channelsWithProgrammes?: number | null;
  /** How many of the playlist's channels the guide covers (null without a playlist to match). */
  coverage?: GuideCoverageResult | null;
}

/** What a sampled channel answered with, or why it did not (stream-kind.ts names the formats). */
export type StreamKind =
  | StreamFormat
  | 'REFUSED'
  | 'GONE'
  | 'LEGAL_BLOCK'
  | 'HTTP_ERROR'
  | 'NO_ANSWER'
  | 'UNREACHABLE'
  | 'OTHER_SCHEME'
  | 'PRIVATE_ADDRESS';

/** One channel the check opened: what its first bytes were. Never its address (it can hold credentials). */
export interface StreamSampleResult {
  name: string;
  group: string | null;
  kind: StreamKind;
  /** The HTTP status of its final answer; null when there was none (no answer, not tried). */
  httpStatus: number | null;
  /** Codecs by name ('H.264', 'AAC'), as far as its first bytes said. */
  codecs: string[];
  /** What it answered, in English; `said` says it in the reader's language. */
  message: string;
  said: SaidValue;
  /** It plays, but arrived slower than it plays (a warning). */
  slow?: boolean;
}

/** The channels the check opened, one at a time, reading only their first bytes. */
export interface StreamsCheckResult {
  /** Channels picked and looked at (those not tried, such as rtmp:// ones, included). */
  sampled: number;
  /** Of those, how many answered with video (or audio) the TV plays. */
  playable: number;
  samples: StreamSampleResult[];
  /** One sentence about them all, in English; `said` says it in the reader's language. */
  message: string;
  said: SaidValue;
}

export interface CheckResult {
  /** ISO date. */
  checkedAt: string;
  durationMs: number;
  verdict: CheckVerdict;
  reachable: boolean;
  problem: CheckProblem | null;
  message: string;
  warnings: string[];
  httpStatus: number | null;
  m3u: M3uCheckResult | null;
  xc: XcCheckResult | null;
  epg: EpgCheckResult | null;
  /** The channels the check opened; absent in results stored before streams were sampled, null when none. */
  streams?: StreamsCheckResult | null;
  /**
   * The message and warnings, to be said in the reader's language (check-messages.ts); `message` and `warnings`
   * are their English. Absent in results stored before it was kept: those are shown as they were stored.
   */
  said?: { message: SaidValue; warnings: SaidValue[] };
}

// What a result may hold, whatever the playlist (docs/architecture.md, "Limits and Xtream lines"). A result is kept
// as the playlist's last check and in the cache, read by the portal's lists: it stays tens of KB.

/** The most a result takes as JSON; anything a provider wrote is cut to fit before it is kept. */
export const RESULT_MAX_BYTES = 32 * 1024;
/** A name, a group or a word of the provider's, at most (longer ones end in '…'). */
export const TEXT_MAX = 200;
/** A logo's address at most (a longer one is left out); a guide address may be as long as a playlist's. */
export const LOGO_URL_MAX = 2048;
export const GUIDE_URL_MAX = 8192;
/** Kinds of address a TV cannot open, named one by one; the rest are counted together as OTHER_KINDS. */
export const KINDS_MAX = 10;
export const OTHER_KINDS = 'other kinds';

/** `text` cut to `max` characters (its last one '…'), never splitting a surrogate pair. */
export function clip(text: string, max = TEXT_MAX): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function bytesOf(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** Every string of a (small, bounded-depth) value cut to `max`. */
function clipAll<T>(value: T, max: number): T {
  if (typeof value === 'string') return clip(value, max) as T;
  if (Array.isArray(value)) return value.map((item) => clipAll(item, max) as unknown) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clipAll(inner, max)])) as T;
  }
  return value;
}

/**
 * A result within RESULT_MAX_BYTES. Its parts are capped where they are made (names, lists, kinds), so this is
 * the last guard: longer strings cut short, then the examples and samples left out, counts always kept.
 */
export function bounded(result: CheckResult): CheckResult {
  if (bytesOf(result) <= RESULT_MAX_BYTES) return result;
  let fitted = clipAll(result, 512);
  if (bytesOf(fitted) <= RESULT_MAX_BYTES) return fitted;
  fitted = {
    ...fitted,
    m3u: fitted.m3u
      ? {
          ...fitted.m3u,
          sample: [],
          guideUrls: [],
          cannotOpen: fitted.m3u.cannotOpen.map((k) => ({ ...k, examples: [] })),
        }
      : null,
    streams: fitted.streams ? { ...fitted.streams, samples: [] } : fitted.streams,
  };
  return bytesOf(fitted) <= RESULT_MAX_BYTES ? fitted : clipAll(fitted, 64);
}

/** At most this many group names are kept with a check, and at most GROUP_NAMES_CHARACTERS characters in all. */
export const GROUP_NAMES_KEPT = 300;
const GROUP_NAMES_CHARACTERS = 6_000;

/**
 * The group names a check keeps for the owner to lock some (parental control): distinct, trimmed, in the order
 * met, as many as fit the bounds (a stored check stays small; the owner can type any other). Names longer than
 * a locked group may be are left out.
 */
export function groupNamesOf(names: Iterable<string>, maxLength: number): string[] {
  const kept = new Set<string>();
  let characters = 0;
  for (const raw of names) {
    const name = raw.trim();
    if (!name || name.length > maxLength || kept.has(name)) continue;
    if (kept.size >= GROUP_NAMES_KEPT || characters + name.length > GROUP_NAMES_CHARACTERS) break;
    kept.add(name);
    characters += name.length;
  }
  return [...kept];
}

/** A failure found while checking: becomes a FAILED result with this problem and message. */
export class CheckFailure extends Error {
  constructor(
    readonly problem: CheckProblem,
    /** The message, to be said in the reader's language. */
    readonly said: string | Said,
    readonly httpStatus: number | null = null,
    readonly reachable = false,
    /** What the account said about itself before it failed (a banned or expired line), for the owner to see. */
    readonly xc: XcCheckResult | null = null,
  ) {
    super(typeof said === 'string' ? said : english(said));
    this.name = 'CheckFailure';
  }
}
