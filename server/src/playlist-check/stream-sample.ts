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
import { sniffStream, type StreamSniff } from './stream-kind';
import { isXuiNotFound } from './sources';

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

function isPlayable(kind: StreamKind): boolean {
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
  const codecs = sniff.codecs.join(', ');
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
 * Opens one channel and reads its first bytes until it is clear what they are (or the size or time limit is
 * reached), then closes the connection at once.
 */
export async function sampleStream(
  pick: StreamPick,
  base: Pick<SafeFetchOptions, 'userAgent' | 'allow'>,
  limits: { timeoutMs: number; maxBytes: number },
): Promise<Outcome> {
  const { sample } = checkMessages;
  const scheme = otherScheme(pick.url);
  if (scheme) return otherSchemeOutcome(scheme);
  let res: SafeResponse;
  try {
    res = await safeFetch(pick.url, {
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      truncate: true,
      userAgent: pick.userAgent && HEADER_VALUE.test(pick.userAgent) ? pick.userAgent : base.userAgent,
      allow: base.allow,
      headers: headersOf(pick),
    });
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    return failedFetch(err, limits.timeoutMs);
  }
  const status = res.status;
  if (status >= 300) {
    const page = status === 404 ? (await readStart(res, PAGE_BYTES)).toString('utf8') : (res.close(), '');
    if (status === 401 || status === 403) {
      return outcome('REFUSED', status, said(sample.refused, { status: String(status) }));
    }
    if (status === 404 && isXuiNotFound(page)) return outcome('REFUSED', status, said(sample.refusedXui));
    if (status === 404 || status === 410) return outcome('GONE', status, said(sample.gone, { status: String(status) }));
    if (status === 451) return outcome('LEGAL_BLOCK', status, said(sample.legal));
    return outcome('HTTP_ERROR', status, said(sample.httpError, { status: String(status) }));
  }
  let start: Buffer = Buffer.alloc(0);
  let sniff: StreamSniff | null = null;
  let timedOut = false;
  try {
    for await (const chunk of res.body) {
      start = start.length === 0 ? chunk : Buffer.concat([start, chunk]);
      sniff = safeSniff(start, res.headers, false);
      if (sniff) break;
    }
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    timedOut = err.failure === 'timeout';
    if (start.length === 0 && !timedOut) return failedFetch(err, limits.timeoutMs);
  } finally {
    res.close();
  }
  if (!sniff && start.length === 0 && timedOut) {
    return outcome('NO_ANSWER', status, said(sample.noBytes, { seconds: seconds(limits.timeoutMs) }));
  }
  sniff ??= safeSniff(start, res.headers, true)!;
  return { kind: sniff.format, httpStatus: status, codecs: sniff.codecs, said: sniffSaid(sniff) };
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
    samples.push(result);
  }
  if (samples.length === 0) {
    const none = said(picks.length === 0 ? checkMessages.streams.notSampledNone : checkMessages.streams.notSampledTime);
    return notSampled(none);
  }
  const summary = summarize(samples, schemes, noAnswerMs.length ? Math.max(...noAnswerMs) : limits.perSampleMs);
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
function summarize(samples: StreamSampleResult[], schemes: Map<StreamSampleResult, string>, noAnswerMs: number): Said {
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
  const joined = parts.reduceRight((rest, first) => said(streams.join, { first, rest }));
  return said(streams.sentence, { parts: joined });
}

/** Whether every channel that was opened failed or was not tried (a warning), and whether all are gone. */
export function streamsVerdict(streams: StreamsCheckResult): { failed: boolean; allGone: boolean } {
  const tried = streams.samples.filter((s) => !NOT_TRIED.has(s.kind));
  const failed = tried.some((s) => !isPlayable(s.kind));
  const allGone = streams.samples.length > 0 && streams.samples.every((s) => s.kind === 'GONE');
  return { failed, allGone };
}
