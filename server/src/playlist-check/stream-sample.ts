/**
 * "Will it play?": the check opens a few of the playlist's channels, one at a time, and reads only their first
 * bytes (at most `maxBytes` and `perSampleMs` each, all of them within `totalMs`), through the safe fetcher like
 * every other fetch: private and internal addresses are not opened, redirects are limited and checked again.
 * The bytes are looked at (stream-kind.ts) and dropped; a sample keeps the channel's name, what it answered, the
 * HTTP status and codecs, never its address (an Xtream Codes stream's address holds the line's password).
 *
 * What the server sees is not always what the TV will see: a provider may refuse this server's network or
 * country and serve the TV. So a refusal, a block page or silence is said as what it was, with "try it on the
 * TV", never as a dead channel; only channels that are gone (404, 410) everywhere fail a playlist.
 */
import { checkMessages, english, said, saidList, type Said, type SaidValue } from './check-messages';
import type { StreamKind, StreamSampleResult, StreamsCheckResult } from './check-result';
import { FetchError, safeFetch, type SafeFetchOptions, type SafeResponse } from './safe-fetch';
import { codecNames } from './codecs';
import { isXuiNotFound } from './sources';
import { MAX_VARIANTS, dashSegment, decryptStart, hlsSegment, hlsVariants, type SegmentPlan } from './stream-chain';
import { sniffStream, type StreamFormat, type StreamSniff } from './stream-kind';

/** A channel to open: its address (absolute), the headers its playlist gives it, and how to name it. */
export interface StreamPick {
  name: string;
  group: string | null;
  url: string;
  /** From the playlist (`url|User-Agent=…&Referer=…`, #EXTVLCOPT): what the TV's player would send. */
  userAgent?: string;
  headers?: Record<string, string>;
}

interface StreamLimits {
  /** How many channels are opened at most. */
  samples: number;
  /** The time one channel has: to connect, answer and send its first bytes. */
  perSampleMs: number;
  /** The most bytes read of one channel. */
  maxBytes: number;
  /** The time all the channels have together. */
  totalMs: number;
}

/** A channel is not started with less time left than this (or than the time one has, if that is less). */
const MIN_SAMPLE_MS = 500;
/** How much of a 404 page is read to tell XUI's disguised refusal. */
const PAGE_BYTES = 4096;

const PLAYS = new Set<StreamKind>([
  'MPEG_TS',
  'HLS_MASTER',
  'HLS_MEDIA',
  'DASH',
  'MP4',
  'FRAGMENTED_MP4',
  'MATROSKA',
  'AUDIO',
]);
/** Not tried: the server cannot say anything about them. */
const NOT_TRIED = new Set<StreamKind>(['OTHER_SCHEME', 'PRIVATE_ADDRESS']);

/** Whether a sample's kind is video (or radio) the TV plays: the check's "plays". */
export function isPlayable(kind: StreamKind): boolean {
  return PLAYS.has(kind);
}

// ---------------------------------------------------------------------------------------------------------------
// Picking channels: spread over the groups, from a playlist read once and never held whole.

/**
 * Picks up to `wanted` channels of a playlist as it streams past: first channels of groups evenly spread over
 * all its groups, and, when there are fewer groups than wanted, channels evenly spread over the whole list
 * (every `step`-th kept, the step doubling as the list grows), so a 200,000-channel playlist keeps a few dozen. Live channels first; films and series
 * only when there are not enough live ones. Deterministic: the same playlist gives the same picks.
 */
export class ChannelPicker {
  private readonly live = new Spread();
  private readonly vod = new Spread();

  constructor(private readonly wanted: number) {}

  add(pick: StreamPick, live: boolean): void {
    if (this.wanted <= 0) return;
    (live ? this.live : this.vod).add(pick, this.wanted);
  }

  picks(): StreamPick[] {
    const chosen = this.live.choose(this.wanted);
    return chosen.concat(this.vod.choose(this.wanted - chosen.length));
  }
}

/** Distinct groups remembered to tell a new group from one seen (as m3u-check counts them). */
const MAX_GROUPS = 50_000;

class Spread {
  private readonly seenGroups = new Set<string>();
  private readonly groupFirsts = new Decimated<StreamPick>();
  private readonly all = new Decimated<StreamPick>();

  add(pick: StreamPick, wanted: number): void {
    const group = (pick.group ?? '').toLowerCase();
    if (!this.seenGroups.has(group)) {
      if (this.seenGroups.size < MAX_GROUPS) this.seenGroups.add(group);
      this.groupFirsts.add(pick, wanted * 8);
    }
    this.all.add(pick, wanted * 8);
  }

  choose(wanted: number): StreamPick[] {
    if (wanted <= 0) return [];
    const chosen = evenly(this.groupFirsts.items, wanted);
    if (chosen.length < wanted) {
      const rest = this.all.items.filter((pick) => !chosen.includes(pick));
      chosen.push(...evenly(rest, wanted - chosen.length));
    }
    return chosen;
  }
}

/** Every `step`-th item of a stream, the step doubling whenever more than `max` are kept: an even spread. */
class Decimated<T> {
  readonly items: T[] = [];
  private step = 1;
  private seen = 0;

  add(item: T, max: number): void {
    if (this.seen % this.step === 0) {
      this.items.push(item);
      if (this.items.length > max) {
        // Keep every other one: still evenly spread, over twice the distance.
        for (let i = 1, j = 2; j < this.items.length; i += 1, j += 2) this.items[i] = this.items[j]!;
        this.items.length = Math.ceil(this.items.length / 2);
        this.step *= 2;
      }
    }
    this.seen += 1;
  }
}

/** `count` items of a list, evenly spaced from its first. */
function evenly<T>(items: T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

// ---------------------------------------------------------------------------------------------------------------
// Opening one channel

const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]{1,1024}$/;
/** The headers a playlist may give a channel that are sent with the sample, as a TV player sends them. */
const PASSED_HEADERS = new Set(['referer', 'origin']);

function headersOf(pick: StreamPick): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': 'identity', accept: '*/*' };
  for (const [name, value] of Object.entries(pick.headers ?? {})) {
    const key = name.toLowerCase();
    if (PASSED_HEADERS.has(key) && HEADER_VALUE.test(value)) headers[key] = value;
  }
  return headers;
}

interface Outcome {
  kind: StreamKind;
  httpStatus: number | null;
  codecs: string[];
  said: SaidValue;
  /** An address not tried: its scheme ('rtmp://'). */
  scheme?: string;
  /** It plays, but arrived slower than it plays (kbit/s). */
  speed?: { kbps: number; needed: number };
}

/** An outcome without bytes to tell by. */
function outcome(kind: StreamKind, httpStatus: number | null, words: SaidValue): Outcome {
  return { kind, httpStatus, codecs: [], said: words };
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/** What a sniffed body says, for one channel. */
function sniffSaid(sniff: StreamSniff): Said {
  const { sample, formats } = checkMessages;
  const codecs = sniff.codecs.length ? codecsSaid(sniff.codecs) : null;
  const plays = (format: Said) =>
    codecs ? said(sample.playsCodecs, { format, codecs }) : said(sample.plays, { format });
  switch (sniff.format) {
    case 'MPEG_TS':
      return plays(said(formats.ts));
    case 'HLS_MASTER':
      return plays(said(formats.hlsMaster, { count: sniff.count ?? 0 }));
    case 'HLS_MEDIA':
      return plays(
        said(sniff.variant === 'fmp4' ? formats.hlsMediaFmp4 : formats.hlsMediaTs, { count: sniff.count ?? 0 }),
      );
    case 'DASH':
      return plays(said(formats.dash));
    case 'MP4':
      return plays(said(formats.mp4));
    case 'FRAGMENTED_MP4':
      return plays(said(formats.fmp4));
    case 'MATROSKA':
      return plays(said(formats.matroska));
    case 'AUDIO':
      return plays(said(formats.audio));
    case 'FLV':
      return codecs ? said(sample.flv, { codecs }) : said(sample.flvBare);
    case 'WEB_PAGE':
      return said(sample.webPage);
    case 'EMPTY':
      return said(sample.empty);
    case 'NOT_VIDEO':
      return said(sniff.variant === 'playlist' ? sample.playlist : sample.notVideo);
  }
}

async function readStart(res: SafeResponse, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
  } catch {
    // What arrived is enough to tell.
  } finally {
    res.close();
  }
  return Buffer.concat(chunks);
}

/** The scheme of an address that is not http(s): 'rtmp://', 'udp://'; null for http(s). */
function otherScheme(url: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]{0,31}):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || scheme === 'http' || scheme === 'https') return null;
  return `${scheme}://`;
}

/**
 * Whether nginx pads its error pages for this User-Agent, as XUI's generate404() always does: nginx adds its
 * "padding to disable MSIE and Chrome friendly error page" comments when the request comes from MSIE or Chrome
 * (ngx_http_special_response.c), as ngx_http_request.c tells them: "MSIE " (not Opera), or "Chrome/" (not
 * Opera, no "Gecko/"). For such a User-Agent a padded 404 is nginx's own, and says nothing about XUI.
 */
export function nginxPads(userAgent: string): boolean {
  if (userAgent.includes('Opera')) return false;
  const msie = userAgent.indexOf('MSIE ');
  if (msie !== -1 && msie + 7 < userAgent.length) return true;
  return !userAgent.includes('Gecko/') && userAgent.includes('Chrome/');
}

// ---------------------------------------------------------------------------------------------------------------
// Opening one link of a channel: its address, or a quality, key, initialisation or media segment of its chain

/** What one channel may still spend: every link of its chain shares its time and its bytes. */
interface Budget {
  deadline: number;
  bytesLeft: number;
  /** The channel's whole time, as said ("in 8 s"). */
  timeoutMs: number;
  /** The links opened (address and byte range): none is opened twice. */
  opened: Set<string>;
}

/** Formats whose speed tells whether they keep up: live streams and segments (a film's file is read ahead). */
const MEASURED = new Set<StreamFormat>(['MPEG_TS', 'AUDIO', 'FRAGMENTED_MP4']);
/** How long a stream's arrival is watched, from its first byte, to tell its speed. */
const MEASURE_MS = 2000;
/** Less than this watched says nothing about a speed. */
const MEASURE_MIN_MS = 200;
/**
 * What a live video channel needs when its playlist does not say (kbit/s): below every live SD channel's bitrate
 * (Apple's HLS authoring ladder puts 432p at 730 to 1,100 kbit/s and 540p at 2,000), so a stream arriving slower
 * is starved, not just light.
 */
export const LIVE_SD_KBPS = 500;
/** The same for radio when it does not say (ICY `icy-br`): below MP3 and AAC radio's usual 64 to 320 kbit/s. */
export const RADIO_KBPS = 48;
/** Formats a chain's media segment may be: what HLS and DASH players play. */
const SEGMENT_FORMATS = new Set<StreamFormat>(['MPEG_TS', 'FRAGMENTED_MP4', 'MP4', 'AUDIO', 'MATROSKA']);

type LinkRead =
  | { ok: false; outcome: Outcome }
  | {
      ok: true;
      status: number;
      /** Its address after redirects: what its chain's relative addresses are resolved against. */
      url: string;
      body: Buffer;
      sniff: StreamSniff;
      /** How fast it arrived, when it was watched long enough to say. */
      kbps: number | null;
      headers: SafeResponse['headers'];
    };

interface LinkOptions {
  range?: string;
  /** Read all of it (a playlist, a key), rather than stopping once its kind is known. */
  whole?: boolean;
  /** Keep reading a stream once it is known, to tell its speed. */
  measure?: boolean;
  /** AES-128: what arrives is decrypted before it is looked at. */
  decrypt?: { key: Buffer; iv: Buffer };
}

function linkKey(url: string, range?: string): string {
  return range ? `${url} ${range}` : url;
}

/** Opens one address within what the channel has left, reads it until it is clear what it is, and closes it. */
async function openLink(
  url: string,
  pick: StreamPick,
  base: Pick<SafeFetchOptions, 'userAgent' | 'allow'>,
  budget: Budget,
  options: LinkOptions = {},
): Promise<LinkRead> {
  const { sample } = checkMessages;
  const scheme = otherScheme(url);
  if (scheme) return { ok: false, outcome: otherSchemeOutcome(scheme) };
  const timeoutMs = budget.deadline - Date.now();
  if (timeoutMs <= 0 || budget.bytesLeft <= 0) {
    return {
      ok: false,
      outcome: outcome('NO_ANSWER', null, said(sample.noAnswer, { seconds: seconds(budget.timeoutMs) })),
    };
  }
  budget.opened.add(linkKey(url, options.range));
  const userAgent = pick.userAgent && HEADER_VALUE.test(pick.userAgent) ? pick.userAgent : base.userAgent!;
  const headers = headersOf(pick);
  if (options.range) headers.range = options.range;
  // Once a stream is known, its speed is watched for MEASURE_MS, and no longer.
  const watch = new AbortController();
  let res: SafeResponse;
  try {
    res = await safeFetch(url, {
      timeoutMs,
      maxBytes: budget.bytesLeft,
      truncate: true,
      userAgent,
      allow: base.allow,
      headers,
      signal: watch.signal,
      icy: true,
    });
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    return { ok: false, outcome: failedFetch(err, budget.timeoutMs) };
  }
  const status = res.status;
  if (status >= 300) {
    const page = status === 404 ? (await readStart(res, PAGE_BYTES)).toString('utf8') : (res.close(), '');
    budget.bytesLeft -= page.length;
    const failed = (o: Outcome): LinkRead => ({ ok: false, outcome: o });
    if (status === 401 || status === 403) {
      return failed(outcome('REFUSED', status, said(sample.refused)));
    }
    if (status === 404 && isXuiNotFound(page) && !nginxPads(userAgent)) {
      return failed(outcome('REFUSED', status, said(sample.refusedXui)));
    }
    if (status === 404 || status === 410) {
      return failed(outcome('GONE', status, said(sample.gone)));
    }
    if (status === 451) return failed(outcome('LEGAL_BLOCK', status, said(sample.legal)));
    return failed(outcome('HTTP_ERROR', status, said(sample.httpError, { status: String(status) })));
  }
  let body: Buffer = Buffer.alloc(0);
  let sniff: StreamSniff | null = null;
  let timedOut = false;
  let watched = false;
  const firstAt = Date.now();
  let lastAt = firstAt;
  let timer: NodeJS.Timeout | undefined;
  const visible = () => (options.decrypt ? decryptStart(body, options.decrypt.key, options.decrypt.iv) : body);
  try {
    for await (const chunk of res.body) {
      body = body.length === 0 ? chunk : Buffer.concat([body, chunk]);
      lastAt = Date.now();
      if (sniff || options.whole) continue;
      const seen = visible();
      sniff = seen ? safeSniff(seen, res.headers, false) : { format: 'NOT_VIDEO', codecs: [] };
      if (!sniff) continue;
      if (!options.measure || !MEASURED.has(sniff.format)) break;
      watched = true;
      const left = MEASURE_MS - (lastAt - firstAt);
      if (left <= 0) break;
      timer = setTimeout(() => watch.abort(), left);
    }
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    timedOut = err.failure === 'timeout';
    if (body.length === 0 && !timedOut) return { ok: false, outcome: failedFetch(err, budget.timeoutMs) };
  } finally {
    clearTimeout(timer);
    res.close();
  }
  budget.bytesLeft -= body.length;
  const decided = sniff !== null;
  if (!sniff) {
    const seen = visible();
    sniff = seen ? safeSniff(seen, res.headers, true)! : { format: 'NOT_VIDEO', codecs: [] };
  }
  // Bytes that never became anything within the time (a drip) are a stream that sent no video in time.
  if (timedOut && !decided && !options.whole && (sniff.format === 'NOT_VIDEO' || sniff.format === 'EMPTY')) {
    return {
      ok: false,
      outcome: outcome('NO_ANSWER', status, said(sample.noBytes, { seconds: seconds(budget.timeoutMs) })),
    };
  }
  const watchedMs = (timedOut ? Date.now() : lastAt) - firstAt;
  const kbps = watched && watchedMs >= MEASURE_MIN_MS ? Math.round((body.length * 8) / watchedMs) : null;
  return { ok: true, status, url: res.url, body, sniff, kbps, headers: res.headers };
}

/** The sniffer over bytes a stranger chose: anything it cannot read is not video, never a failed check. */
function safeSniff(start: Buffer, headers: SafeResponse['headers'], complete: boolean): StreamSniff | null {
  try {
    return sniffStream(start, headers, complete);
  } catch {
    return complete || start.length > 0 ? { format: 'NOT_VIDEO', codecs: [] } : null;
  }
}

function failedFetch(err: FetchError, timeoutMs: number): Outcome {
  const { sample } = checkMessages;
  switch (err.failure) {
    case 'blocked-address':
      return outcome('PRIVATE_ADDRESS', null, said(sample.private));
    case 'unsupported-protocol': {
      // Redirected to an rtmp:// or other address: the fetcher's words name its scheme ('rtmp:').
      const named = typeof err.said === 'string' ? undefined : err.said.values?.scheme;
      return otherSchemeOutcome(typeof named === 'string' && named !== 'other' ? `${named}//` : 'other');
    }
    case 'timeout':
      return outcome('NO_ANSWER', null, said(sample.noAnswer, { seconds: seconds(timeoutMs) }));
    default:
      return outcome('UNREACHABLE', null, err.said);
  }
}

function otherSchemeOutcome(scheme: string): Outcome {
  return { ...outcome('OTHER_SCHEME', null, said(checkMessages.sample.otherScheme, { scheme })), scheme };
}

// ---------------------------------------------------------------------------------------------------------------
// Opening one channel, to its first media segment

/**
 * Opens one channel and reads its first bytes until it is clear what they are (or the size or time limit is
 * reached), then closes the connection at once. An HLS or DASH channel is followed as a player starts it
 * (stream-chain.ts): its quality's playlist, its key, its initialisation segment and its first media segment,
 * one after another, all within the channel's one time and size limit; it plays only when each answers.
 */
export async function sampleStream(
  pick: StreamPick,
  base: Pick<SafeFetchOptions, 'userAgent' | 'allow'>,
  limits: { timeoutMs: number; maxBytes: number },
): Promise<Outcome> {
  const budget: Budget = {
    deadline: Date.now() + limits.timeoutMs,
    bytesLeft: limits.maxBytes,
    timeoutMs: limits.timeoutMs,
    opened: new Set(),
  };
  const first = await openLink(pick.url, pick, base, budget, { measure: true });
  if (!first.ok) return first.outcome;
  const { sniff } = first;
  if (sniff.format === 'HLS_MASTER' || sniff.format === 'HLS_MEDIA' || sniff.format === 'DASH') {
    return followChain(first, pick, base, budget);
  }
  const result: Outcome = {
    kind: sniff.format,
    httpStatus: first.status,
    codecs: sniff.codecs,
    said: sniffSaid(sniff),
  };
  return withSpeed(result, first.kbps, neededKbps(sniff, first.headers, null));
}

/** What a stream needs to arrive at (kbit/s): its quality's BANDWIDTH, a radio's icy-br, else the floors above. */
function neededKbps(sniff: StreamSniff, headers: SafeResponse['headers'], bandwidth: number | null): number {
  if (bandwidth) return Math.round(bandwidth / 1000);
  if (sniff.format === 'AUDIO') {
    const declared = Number(String(headers['icy-br'] ?? '').split(',')[0]);
    return Number.isFinite(declared) && declared > 0 && declared <= 10_000 ? declared : RADIO_KBPS;
  }
  return LIVE_SD_KBPS;
}

/** A stream that plays but arrived slower than it plays: said, as a warning. */
function withSpeed(result: Outcome, kbps: number | null, needed: number): Outcome {
  if (kbps === null || kbps >= needed) return result;
  const slow = said(checkMessages.sample.slow, { speed: String(kbps), needed: String(needed) });
  return {
    ...result,
    said: said(checkMessages.sentences, { first: result.said, second: slow }),
    speed: { kbps, needed },
  };
}

/** What a playlist, manifest or segment is, said after "Answered with" (its codecs with it). */
function formatSaid(sniff: StreamSniff, codecs: string[] = []): Said {
  const { formats, sample } = checkMessages;
  let format: Said;
  switch (sniff.format) {
    case 'HLS_MASTER':
      format = said(formats.hlsMaster, { count: sniff.count ?? 0 });
      break;
    case 'HLS_MEDIA':
      format = said(sniff.variant === 'fmp4' ? formats.hlsMediaFmp4 : formats.hlsMediaTs, { count: sniff.count ?? 0 });
      break;
    case 'DASH':
      format = said(formats.dash);
      break;
    case 'MPEG_TS':
      format = said(formats.ts);
      break;
    case 'MP4':
      format = said(formats.mp4);
      break;
    case 'FRAGMENTED_MP4':
      format = said(formats.fmp4);
      break;
    case 'MATROSKA':
      format = said(formats.matroska);
      break;
    default:
      format = said(formats.audio);
  }
  return codecs.length ? said(sample.formatCodecs, { format, codecs: codecsSaid(codecs) }) : format;
}

/** Codec names in the reader's language: those said in words translated, technical ones (H.264, AAC) as they are. */
function codecsSaid(names: string[]): SaidValue {
  const { codecs } = checkMessages;
  return saidList(names.map((name) => (Object.hasOwn(codecs, name) ? said(codecs[name]!) : name)));
}

/** How a link failed, for the chain's sentences: `failure` chooses the words, with its status or time. */
function failureValues(failed: Outcome, budget: Budget): Record<string, string> {
  const status = failed.httpStatus === null ? '' : String(failed.httpStatus);
  const seconds_ = seconds(budget.timeoutMs);
  const failure = (() => {
    switch (failed.kind) {
      case 'REFUSED':
        return 'refused';
      case 'GONE':
        return 'gone';
      case 'HTTP_ERROR':
      case 'LEGAL_BLOCK':
        return 'error';
      case 'NO_ANSWER':
        return 'silent';
      case 'UNREACHABLE':
        return 'unreachable';
      case 'PRIVATE_ADDRESS':
        return 'private';
      default:
        return 'other';
    }
  })();
  return { failure, status, seconds: seconds_ };
}

function union(...lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

/** Follows an HLS or DASH channel from its first playlist to its first media segment. */
async function followChain(
  first: Extract<LinkRead, { ok: true }>,
  pick: StreamPick,
  base: Pick<SafeFetchOptions, 'userAgent' | 'allow'>,
  budget: Budget,
): Promise<Outcome> {
  const { sample } = checkMessages;
  const playlist = formatSaid(first.sniff);
  const kind = first.sniff.format;
  const text = first.body.toString('utf8');
  const broken = (message: (typeof sample)['chainSegments'], failed: Outcome): Outcome => ({
    kind: failed.kind,
    httpStatus: failed.httpStatus,
    codecs: first.sniff.codecs,
    said: said(message, { what: playlist, ...failureValues(failed, budget) }),
  });
  /** A link that answered, but not with what the player wanted there. */
  const wrong = (read: Extract<LinkRead, { ok: true }>): Outcome =>
    outcome(read.sniff.format, read.status, said(sample.notVideo));
  const noSegments = (): Outcome => ({
    kind: 'EMPTY',
    httpStatus: first.status,
    codecs: first.sniff.codecs,
    said: said(sample.chainNoSegments, { what: playlist }),
  });

  let plan: SegmentPlan | null = null;
  let variantCodecs: string[] = [];
  try {
    if (kind === 'DASH') {
      const dash = dashSegment(text, first.url);
      // Too many segments to list (docs/playlist-check.md): judged by its manifest, as before the chain was followed.
      if (dash === 'too-many') {
        return { kind, httpStatus: first.status, codecs: first.sniff.codecs, said: sniffSaid(first.sniff) };
      }
      plan = dash;
    } else if (kind === 'HLS_MEDIA') plan = hlsSegment(text, first.url, null);
  } catch {
    plan = null;
  }
  if (kind === 'HLS_MASTER') {
    const variants = hlsVariants(text, first.url);
    if (variants.length === 0) return noSegments();
    let failed: Outcome | null = null;
    for (const variant of variants.slice(0, MAX_VARIANTS)) {
      if (budget.opened.has(linkKey(variant.link.url)) || Date.now() >= budget.deadline) continue;
      const read = await openLink(variant.link.url, pick, base, budget, { whole: true });
      if (read.ok && read.sniff.format === 'HLS_MEDIA') {
        plan = hlsSegment(read.body.toString('utf8'), read.url, variant.bandwidth);
        variantCodecs = codecNames([variant.codecs]);
        if (!plan) return noSegments();
        failed = null;
        break;
      }
      failed = read.ok ? wrong(read) : read.outcome;
    }
    if (!plan) return broken(sample.chainVariants, failed ?? outcome('NO_ANSWER', null, said(sample.notVideo)));
  }
  if (!plan) return noSegments();

  let decrypt: LinkOptions['decrypt'];
  if (plan.key) {
    const read = await openLink(plan.key.link.url, pick, base, budget, { whole: true });
    if (!read.ok) return broken(sample.chainKey, read.outcome);
    if (read.body.length !== 16)
      return broken(sample.chainKey, outcome('NOT_VIDEO', read.status, said(sample.notVideo)));
    decrypt = { key: read.body, iv: plan.key.iv };
  }
  let initCodecs: string[] = [];
  const segmentKey = linkKey(plan.segment.url, plan.segment.range);
  if (plan.init && linkKey(plan.init.url, plan.init.range) !== segmentKey) {
    const read = await openLink(plan.init.url, pick, base, budget, { range: plan.init.range });
    if (!read.ok) return broken(sample.chainInit, read.outcome);
    if (read.sniff.format !== 'MP4' && read.sniff.format !== 'FRAGMENTED_MP4') {
      return broken(sample.chainInit, wrong(read));
    }
    initCodecs = read.sniff.codecs;
  }
  if (budget.opened.has(segmentKey)) return noSegments();
  const segment = await openLink(plan.segment.url, pick, base, budget, {
    range: plan.segment.range,
    measure: true,
    decrypt,
  });
  if (!segment.ok) return broken(sample.chainSegments, segment.outcome);
  if (!SEGMENT_FORMATS.has(segment.sniff.format)) return broken(sample.chainSegments, wrong(segment));
  let codecs = union(initCodecs, segment.sniff.codecs);
  if (codecs.length === 0) codecs = variantCodecs.length ? variantCodecs : first.sniff.codecs;
  const result: Outcome = {
    kind,
    httpStatus: first.status,
    codecs,
    said: said(sample.chainPlays, { what: playlist, segment: formatSaid(segment.sniff, codecs) }),
  };
  return withSpeed(result, segment.kbps, neededKbps(segment.sniff, segment.headers, plan.bandwidth));
}

// ---------------------------------------------------------------------------------------------------------------
// Sampling a playlist's channels, one at a time

/**
 * Opens the picked channels one after another (never two at once: an Xtream Codes line counts each as one of
 * its connections), each within its own limits and all within `totalMs`; channels left when the time is up are
 * not opened.
 */
export async function sampleStreams(
  picks: StreamPick[],
  base: Pick<SafeFetchOptions, 'userAgent' | 'allow'>,
  limits: StreamLimits,
): Promise<StreamsCheckResult> {
  const deadline = Date.now() + limits.totalMs;
  const samples: StreamSampleResult[] = [];
  const schemes = new Map<StreamSampleResult, string>();
  const speeds = new Map<StreamSampleResult, { kbps: number; needed: number }>();
  const noAnswerMs: number[] = [];
  for (const pick of picks.slice(0, limits.samples)) {
    const left = deadline - Date.now();
    if (left < Math.min(MIN_SAMPLE_MS, limits.perSampleMs)) break;
    const timeoutMs = Math.min(limits.perSampleMs, left);
    const outcome = await sampleStream(pick, base, { timeoutMs, maxBytes: limits.maxBytes });
    if (outcome.kind === 'NO_ANSWER') noAnswerMs.push(timeoutMs);
    const result: StreamSampleResult = {
      name: pick.name,
      group: pick.group,
      kind: outcome.kind,
      httpStatus: outcome.httpStatus,
      codecs: outcome.codecs,
      message: english(outcome.said),
      said: outcome.said,
    };
    if (outcome.scheme) schemes.set(result, outcome.scheme);
    if (outcome.speed) {
      speeds.set(result, outcome.speed);
      result.slow = true;
    }
    samples.push(result);
  }
  if (samples.length === 0) {
    const none = said(picks.length === 0 ? checkMessages.streams.notSampledNone : checkMessages.streams.notSampledTime);
    return notSampled(none);
  }
  const summary = summarize(samples, schemes, speeds, noAnswerMs.length ? Math.max(...noAnswerMs) : limits.perSampleMs);
  return {
    sampled: samples.length,
    playable: samples.filter((s) => isPlayable(s.kind)).length,
    samples,
    message: english(summary),
    said: summary,
  };
}

/** The channels were not opened, and why. */
export function notSampled(why: Said): StreamsCheckResult {
  return { sampled: 0, playable: 0, samples: [], message: english(why), said: why };
}

/** The short name of a format that plays, for the summary ('MPEG-TS', 'HLS'). */
function shortName(kind: StreamKind): SaidValue {
  switch (kind) {
    case 'MPEG_TS':
      return 'MPEG-TS';
    case 'HLS_MASTER':
    case 'HLS_MEDIA':
      return 'HLS';
    case 'DASH':
      return 'MPEG-DASH';
    case 'MP4':
    case 'FRAGMENTED_MP4':
      return 'MP4';
    case 'MATROSKA':
      return 'MKV';
    default:
      return said(checkMessages.streams.audioOnly);
  }
}

function statuses(samples: StreamSampleResult[]): string {
  return [...new Set(samples.map((s) => s.httpStatus).filter((s) => s !== null))].join(', ');
}

/**
 * One sentence about them all, as an owner needs it: '3 of 5 sampled channels answered with video the TV plays
 * (MPEG-TS); 1 was refused (HTTP 403: …, so try it on the TV); 1 did not answer in 8 s.'
 */
function summarize(
  samples: StreamSampleResult[],
  schemes: Map<StreamSampleResult, string>,
  speeds: Map<StreamSampleResult, { kbps: number; needed: number }>,
  noAnswerMs: number,
): Said {
  const { streams } = checkMessages;
  const playable = samples.filter((s) => isPlayable(s.kind));
  const parts: SaidValue[] = [];
  if (playable.length > 0) {
    const formats: SaidValue[] = [];
    for (const sample of playable) {
      const name = shortName(sample.kind);
      if (!formats.some((known) => JSON.stringify(known) === JSON.stringify(name))) formats.push(name);
    }
    parts.push(
      said(streams.playable, { playable: playable.length, sampled: samples.length, formats: saidList(formats) }),
    );
  } else {
    parts.push(said(streams.nonePlayable, { sampled: samples.length }));
  }
  const of = (...kinds: StreamKind[]) => samples.filter((s) => kinds.includes(s.kind));
  const counted: [StreamSampleResult[], (list: StreamSampleResult[]) => Said][] = [
    [of('REFUSED'), (list) => said(streams.refused, { count: list.length, status: statuses(list) })],
    [of('GONE'), (list) => said(streams.gone, { count: list.length, status: statuses(list) })],
    [of('LEGAL_BLOCK'), (list) => said(streams.legal, { count: list.length })],
    [of('HTTP_ERROR'), (list) => said(streams.httpError, { count: list.length, status: statuses(list) })],
    [
      of('NO_ANSWER').filter((s) => s.httpStatus === null),
      (list) => said(streams.noAnswer, { count: list.length, seconds: seconds(noAnswerMs) }),
    ],
    [
      of('NO_ANSWER').filter((s) => s.httpStatus !== null),
      (list) => said(streams.noBytes, { count: list.length, seconds: seconds(noAnswerMs) }),
    ],
    [of('UNREACHABLE'), (list) => said(streams.unreachable, { count: list.length })],
    [of('WEB_PAGE'), (list) => said(streams.webPage, { count: list.length })],
    [of('EMPTY'), (list) => said(streams.empty, { count: list.length })],
    [of('NOT_VIDEO'), (list) => said(streams.notVideo, { count: list.length })],
    [of('FLV'), (list) => said(streams.flv, { count: list.length })],
    [
      of('OTHER_SCHEME'),
      (list) =>
        said(streams.otherScheme, {
          count: list.length,
          schemes: [...new Set(list.map((s) => schemes.get(s) ?? 'other'))].join(', '),
        }),
    ],
    [of('PRIVATE_ADDRESS'), (list) => said(streams.private, { count: list.length })],
  ];
  for (const [list, words] of counted) if (list.length > 0) parts.push(words(list));
  const slow = playable.filter((s) => speeds.has(s));
  if (slow.length > 0) {
    const list = saidList(
      slow.map((s) =>
        said(streams.speed, { speed: String(speeds.get(s)!.kbps), needed: String(speeds.get(s)!.needed) }),
      ),
    );
    parts.push(said(streams.slow, { count: slow.length, speeds: list }));
  }
  const joined = parts.reduceRight((rest, first) => said(streams.join, { first, rest }));
  return said(streams.sentence, { parts: joined });
}

/**
 * Whether a channel that was opened failed, or arrived too slowly to play smoothly (each a warning), and whether
 * all are gone.
 */
export function streamsVerdict(streams: StreamsCheckResult): { failed: boolean; slow: boolean; allGone: boolean } {
  const tried = streams.samples.filter((s) => !NOT_TRIED.has(s.kind));
  const failed = tried.some((s) => !isPlayable(s.kind));
  const slow = streams.samples.some((s) => s.slow === true);
  const allGone = streams.samples.length > 0 && streams.samples.every((s) => s.kind === 'GONE');
  return { failed, slow, allGone };
}
