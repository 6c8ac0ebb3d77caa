import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { playlistSchema, type PlaylistValues } from '../../../common/validation';
import type { RateLimits } from '../auth/rate-limits';
import { DomainError } from '../common/errors';
import { validate } from '../common/validate';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import { rememberFormCheck } from '../playlist/form-check';
import type { PlaylistCaller, PlaylistInput, PlaylistService, PlaylistWithPin } from '../playlist/playlist.service';
import { checkMessages, english, said, saidDate, saidList, type Said, type SaidValue } from './check-messages';
import { CheckClaims, type Claim } from './check-claims';
import {
  bounded,
  CheckFailure,
  OTHER_KINDS,
  type CheckResult,
  type GuideSource,
  type StreamsCheckResult,
} from './check-result';
import { checkEpg } from './epg-check';
import type { ChannelKeys } from './guide-match';
import { checkM3u } from './m3u-check';
import type { SafeFetchOptions } from './safe-fetch';
import { notSampled, sampleStreams, streamsVerdict, type StreamPick } from './stream-sample';
import {
  allConnectionsInUse,
  checkXc,
  expiryWarning,
  lineConnections,
  xcBaseUrl,
  xcGuideUrl,
  xcStreamPicks,
} from './xc-check';
import { channelLineOf, lineKey, xtreamLineOf, type XtreamLine } from './xtream-line';
import { messages } from '../../../common/messages';
import { lockDevice } from '../device/device-lock';

/** What a check fetches: an M3U URL, or an Xtream Codes account; either with a guide URL. */
type Source =
  | { kind: 'm3u'; url: string; epgUrl: string | null }
  | { kind: 'xc'; host: string; username: string; password: string; epgUrl: string | null };

/** What the cache of recent results may hold, in bytes (each result is at most RESULT_MAX_BYTES). */
const CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** Kept past a stage's own time by a claim, so that a slow release never lets a second check in early. */
const CLAIM_MARGIN_MS = 30_000;

/**
 * Checks playlists as the TV would open them (issue "Playlist check"): the safe fetcher, the streaming M3U
 * parser, the Xtream Codes API and the guide. Limited per device (PostgreSQL counters, every instance) and per
 * process (a fixed number at once); a result for the same source is reused for a short while, so a provider is
 * not polled (providers ban accounts that poll too often). Credentials never reach a message or a log.
 */
export class PlaylistCheckService {
  private readonly recent: LRUCache<string, CheckResult>;
  private running = 0;
  /** An owner's running check and the Xtream Codes lines being sampled, claimed in PostgreSQL (every instance). */
  private readonly claims: CheckClaims;

  constructor(
    private readonly dataSource: DataSource,
    private readonly playlists: PlaylistService,
    private readonly rateLimits: RateLimits,
    private readonly settings: Config['playlistCheck'],
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {
    this.recent = new LRUCache({
      maxSize: CACHE_MAX_BYTES,
      sizeCalculation: (result) => Buffer.byteLength(JSON.stringify(result)),
      ttl: Math.max(1, settings.cacheMs),
      allowStale: false,
    });
    this.claims = new CheckClaims(dataSource);
  }

  /** Checks a saved playlist (a protected one with its PIN) and keeps the result as its last check. */
  async checkSaved(caller: PlaylistCaller, input: PlaylistWithPin): Promise<CheckResult> {
    const { entity } = await this.playlists.unlock(caller, { id: input.id, pin: input.pin });
    const result = await this.run(caller.deviceId, sourceOf(entity));
    await this.dataSource.transaction(async (manager) => {
      // The device first, as every change to what it owns (the playlists' trigger writes to its row).
      await lockDevice(manager, caller.deviceId);
      await manager.query(
        `UPDATE playlists SET last_check = $3, last_checked_at = now() WHERE id = $1 AND device_id = $2`,
        [entity.id, caller.deviceId, JSON.stringify(result)],
      );
    });
    return result;
  }

  /**
   * Checks a form's values before they are saved: the same validation as saving. The result is kept for this
   * owner and this exact source, as the last check of the playlist saved with it (form-check.ts).
   */
  async checkValues(caller: PlaylistCaller, input: PlaylistInput): Promise<CheckResult> {
    // The source fields are validated as for saving; the name and protection do not matter before saving.
    const raw: Partial<PlaylistInput> = input && typeof input === 'object' ? input : {};
    const values = validate(playlistSchema, {
      ...raw,
      name: typeof raw.name === 'string' && raw.name.trim() ? raw.name : 'Unsaved playlist',
      isProtected: false,
      pin: undefined,
    });
    const result = await this.run(caller.deviceId, sourceOf(values));
    await rememberFormCheck(this.dataSource, caller.deviceId, values, result);
    return result;
  }

  /**
   * One check of an owner at a time on every instance (so an owner holds at most one of an instance's slots), a
   * slot of this instance, then the owner's hourly quota: a try refused for want of a slot, or while the owner's
   * other check runs, is not counted as a check.
   */
  private async run(deviceId: string, source: Source): Promise<CheckResult> {
    const key = createHash('sha256').update(JSON.stringify(source)).digest('base64url');
    const cached = this.settings.cacheMs > 0 ? this.recent.get(key) : undefined;
    if (cached) return cached;
    const owner = await this.claims.take(`owner:${deviceId}`, this.longestCheckMs());
    if (!owner) throw new DomainError('RATE_LIMITED', messages.rateLimit.checkRunning, undefined, 5);
    try {
      if (this.running >= this.settings.concurrency) {
        throw new DomainError('RATE_LIMITED', messages.rateLimit.checksBusy, undefined, 5);
      }
      this.running += 1;
      const started = Date.now();
      let verdict = 'ERROR'; // a fault of ours, logged by check()
      try {
        await this.rateLimits.countPlaylistCheck(deviceId);
        const result = bounded(await this.check(source));
        verdict = result.verdict;
        if (this.settings.cacheMs > 0) this.recent.set(key, result);
        return result;
      } finally {
        this.running -= 1;
        this.metrics?.playlistChecked(verdict, (Date.now() - started) / 1000);
      }
    } finally {
      await owner.release();
    }
  }

  /** The longest a check can take: its fetches (the playlist or the panel, then the guide) and its streams. */
  private longestCheckMs(): number {
    return 4 * this.settings.timeoutMs + this.settings.streams.totalMs + CLAIM_MARGIN_MS;
  }

  /** Opens the picked channels, one at a time, within the time left until `deadline`. */
  private sample(picks: StreamPick[], deadline: number) {
    const { streams, userAgent, allow } = this.settings;
    return sampleStreams(picks, { userAgent, allow }, { ...streams, totalMs: Math.max(0, deadline - Date.now()) });
  }

  /**
   * Claims each Xtream Codes line (one check samples a line at a time, on every instance) and asks its panel how
   * many of its connections are free, before any of its streams is opened; waits for a line another check holds
   * until `deadline`. The lines that may be sampled now (a connection free, one at a time), the claims to release
   * once they are, and why the others may not.
   */
  private async openLines(
    lines: XtreamLine[],
    deadline: number,
    options: SafeFetchOptions,
    /** Lines read from a stream address alone: where no panel answers at all, they are plain streams. */
    inferred: ReadonlySet<XtreamLine> = new Set(),
  ): Promise<{ open: Set<string>; claims: Claim[]; why: Said | null; full: boolean }> {
    const { streams: words } = checkMessages;
    const open = new Set<string>();
    const claims: Claim[] = [];
    let why: Said | null = null;
    let full = false;
    for (const line of lines) {
      const key = lineKey(line);
      const holdMs = Math.max(0, deadline - Date.now()) + CLAIM_MARGIN_MS;
      const claim = await this.claims.takeBy(key, holdMs, deadline);
      if (!claim) {
        why ??= said(words.notSampledLineBusy);
        continue;
      }
      claims.push(claim);
      const left = deadline - Date.now();
      const connections =
        left > 0
          ? await lineConnections(line.base, line.username, line.password, {
              ...options,
              timeoutMs: Math.min(options.timeoutMs, left),
            })
          : null;
      if (connections === 'not a panel' && inferred.has(line)) {
        open.add(key);
      } else if (connections === null || connections === 'not a panel') {
        why ??= left > 0 ? said(words.notSampledPanel) : said(words.notSampledTime);
      } else if (connections.free !== null && connections.free < 1) {
        full = true;
        why ??= said(words.notSampledConnections);
      } else {
        open.add(key);
      }
    }
    return { open, claims, why, full };
  }

  /**
   * Samples a playlist's picked channels; those of an Xtream Codes line (its get.php link, or its /live/
   * addresses) only after its panel was asked and while the line is claimed. `given`: the line the playlist's own
   * address names (a get.php link), whose panel answers for the streams it lists.
   */
  private async sampleGuarded(
    picks: StreamPick[],
    deadline: number,
    given: XtreamLine | null,
    options: SafeFetchOptions,
  ): Promise<{ streams: StreamsCheckResult; full: boolean }> {
    const lineOfPick = new Map<StreamPick, string>();
    const lines = new Map<string, XtreamLine>();
    for (const pick of picks) {
      const line = channelLineOf(pick.url, given);
      if (!line) continue;
      const key = lineKey(line);
      lineOfPick.set(pick, key);
      if (!lines.has(key)) lines.set(key, line);
    }
    if (lines.size === 0) return { streams: await this.sample(picks, deadline), full: false };
    const inferred = new Set([...lines.values()].filter((line) => line !== given));
    const { open, claims, why, full } = await this.openLines([...lines.values()], deadline, options, inferred);
    try {
      const chosen = picks.filter((pick) => !lineOfPick.has(pick) || open.has(lineOfPick.get(pick)!));
      if (chosen.length === 0) return { streams: notSampled(why ?? said(checkMessages.streams.notSampledTime)), full };
      return { streams: await this.sample(chosen, deadline), full };
    } finally {
      await Promise.all(claims.map((claim) => claim.release()));
    }
  }

  /** Samples an Xtream Codes line's channels, listed once the line is claimed and its panel said one is free. */
  private async sampleLine(
    line: XtreamLine,
    picksBy: (deadline: number) => Promise<StreamPick[]>,
    options: SafeFetchOptions,
  ): Promise<StreamsCheckResult> {
    const deadline = Date.now() + this.settings.streams.totalMs;
    const { open, claims, why } = await this.openLines([line], deadline, options);
    try {
      if (open.size === 0) return notSampled(why ?? said(checkMessages.streams.notSampledTime));
      return await this.sample(await picksBy(deadline), deadline);
    } finally {
      await Promise.all(claims.map((claim) => claim.release()));
    }
  }

  private async check(source: Source): Promise<CheckResult> {
    const started = Date.now();
    const { timeoutMs, maxBytes, userAgent, allow } = this.settings;
    const options: SafeFetchOptions = { timeoutMs, maxBytes, userAgent, allow };
    const warnings: SaidValue[] = [];
    const { warning } = checkMessages;
    const base = { m3u: null, xc: null, epg: null, httpStatus: null, streams: null } as Pick<
      CheckResult,
      'm3u' | 'xc' | 'epg' | 'httpStatus' | 'streams'
    >;
    let guide: string | null = source.epgUrl;
    let guideSource: GuideSource = 'TYPED';
    let liveChannels: ChannelKeys | null = null;
    const sampling = this.settings.streams;
    try {
      if (source.kind === 'm3u') {
        const outcome = await checkM3u(source.url, options, sampling.samples);
        const result = outcome.result;
        base.m3u = result;
        base.httpStatus = outcome.httpStatus;
        liveChannels = outcome.liveChannels;
        if (!guide && result.guideUrls[0]) {
          guide = result.guideUrls[0];
          guideSource = 'PLAYLIST';
        }
        if (result.entriesWithoutUrl > 0) {
          warnings.push(said(warning.withoutUrl, { count: result.entriesWithoutUrl }));
        }
        const cannot = result.cannotOpen.reduce((sum, kind) => sum + kind.count, 0);
        if (cannot > 0) {
          const kinds = saidList(result.cannotOpen.map((kind) => cannotOpenWords(kind.kind, kind.count)));
          warnings.push(said(warning.cannotOpen, { count: cannot, kinds }));
        }
        if (sampling.samples > 0) {
          const deadline = Date.now() + sampling.totalMs;
          const given = xtreamLineOf(source.url);
          const sampled = await this.sampleGuarded(outcome.picks, deadline, given, options);
          base.streams = sampled.streams;
          if (sampled.full) warnings.push(said(warning.allConnections));
        }
      } else {
        const { result, httpStatus, liveCategories } = await checkXc(
          source.host,
          source.username,
          source.password,
          options,
        );
        base.xc = result;
        base.httpStatus = httpStatus;
        const expiry = expiryWarning(result.expiresAt);
        if (expiry) warnings.push(expiry);
        const allInUse = allConnectionsInUse(result);
        if (allInUse) warnings.push(said(warning.allConnections));
        if (sampling.samples > 0) {
          // A sample takes one of the line's connections for a moment: never when the panel says all are in use,
          // and one check of the line at a time on every instance, the panel asked again once it is ours.
          base.streams = allInUse
            ? notSampled(said(checkMessages.streams.notSampledConnections))
            : await this.sampleLine(
                { base: xcBaseUrl(source.host), username: source.username, password: source.password },
                (deadline) =>
                  xcStreamPicks(
                    source.host,
                    source.username,
                    source.password,
                    result,
                    liveCategories,
                    sampling.samples,
                    options,
                    deadline,
                  ),
                options,
              );
        }
        if (!guide) {
          // Xtream Codes panels serve the line's guide at xmltv.php with the same credentials.
          guide = xcGuideUrl(source.host, source.username, source.password);
          guideSource = 'PANEL';
        }
      }
      const streams = base.streams ? streamsVerdict(base.streams) : null;
      if (streams?.failed || streams?.slow) warnings.push(base.streams!.said);
      if (guide) {
        base.epg = await checkEpg(guide, options, {
          source: guideSource,
          channels: liveChannels,
          label: said(guideSource === 'PANEL' ? checkMessages.guide.panelLabel : checkMessages.guide.label),
        });
        if (base.epg.message) warnings.push(base.epg.said ?? base.epg.message);
      } else {
        warnings.push(said(warning.noGuide));
      }
      if (streams?.allGone) {
        const sampled = base.streams!.samples;
        const status = [...new Set(sampled.map((s) => s.httpStatus))].join(', ');
        throw new CheckFailure(
          'STREAMS_GONE',
          said(checkMessages.streams.allGone, { sampled: sampled.length, status }),
          base.httpStatus,
          true,
        );
      }
      const message = summary(base);
      return {
        ...base,
        checkedAt: new Date().toISOString(),
        durationMs: Date.now() - started,
        verdict: warnings.length ? 'WARNING' : 'OK',
        reachable: true,
        problem: null,
        message: english(message),
        warnings: warnings.map(english),
        said: { message, warnings },
      };
    } catch (err) {
      if (!(err instanceof CheckFailure)) {
        this.logger.error({ err, kind: source.kind }, 'playlist check failed unexpectedly');
        throw err;
      }
      return {
        ...base,
        checkedAt: new Date().toISOString(),
        durationMs: Date.now() - started,
        verdict: 'FAILED',
        reachable: err.reachable,
        problem: err.problem,
        message: err.message,
        warnings: warnings.map(english),
        said: { message: err.said, warnings },
        xc: err.xc ?? base.xc,
        httpStatus: err.httpStatus ?? base.httpStatus,
      };
    }
  }
}

/** A kind of address a TV cannot open, counted, in a few words for the warning. */
function cannotOpenWords(kind: string, count: number): Said {
  const { kinds } = checkMessages;
  switch (kind) {
    case 'no address':
      return said(kinds.noAddress, { count });
    case 'plugin://':
      return said(kinds.plugin, { count });
    case 'pipe://':
      return said(kinds.pipe, { count });
    case 'file://':
      return said(kinds.file, { count });
    case OTHER_KINDS:
      return said(kinds.otherKinds, { count });
    default:
      return said(kinds.other, { count, kind });
  }
}

function summary(base: Pick<CheckResult, 'm3u' | 'xc'>): Said {
  const { summary: words } = checkMessages;
  if (base.m3u) {
    const { channels, groups, backupUrls } = base.m3u;
    if (!groups) {
      return backupUrls
        ? said(words.m3uWithBackupsNoGroups, { channels, backups: backupUrls })
        : said(words.m3uNoGroups, { channels });
    }
    return backupUrls
      ? said(words.m3uWithBackups, { channels, backups: backupUrls, groups })
      : said(words.m3u, { channels, groups });
  }
  if (base.xc) {
    const { liveCategories, vodCategories, seriesCategories, expiresAt } = base.xc;
    // The counts as the panel's lists are long, without grouping ('1200 live'), as ever.
    const counts = { live: String(liveCategories), films: String(vodCategories), series: String(seriesCategories) };
    return expiresAt ? said(words.xcUntil, { date: saidDate(expiresAt), ...counts }) : said(words.xcNoEnd, counts);
  }
  return said(words.checked);
}

function sourceOf(values: Pick<PlaylistValues, 'type' | 'url' | 'epgUrl' | 'username' | 'password'>): Source {
  if (values.type === 'code' || !values.url)
    throw new DomainError('BAD_USER_INPUT', messages.playlist.codeNotCheckable);
  if (values.type === 'xc') {
    return {
      kind: 'xc',
      host: values.url,
      username: values.username ?? '',
      password: values.password ?? '',
      epgUrl: values.epgUrl,
    };
  }
  return { kind: 'm3u', url: values.url, epgUrl: values.epgUrl };
}
