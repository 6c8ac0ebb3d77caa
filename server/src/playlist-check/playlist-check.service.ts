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
import type { PlaylistCaller, PlaylistInput, PlaylistService, PlaylistWithPin } from '../playlist/playlist.service';
import { checkMessages, english, said, saidDate, saidList, type Said, type SaidValue } from './check-messages';
import { CheckFailure, type CheckResult, type GuideSource } from './check-result';
import { checkEpg } from './epg-check';
import type { ChannelKeys } from './guide-match';
import { checkM3u } from './m3u-check';
import type { SafeFetchOptions } from './safe-fetch';
import { notSampled, sampleStreams, streamsVerdict, type StreamPick } from './stream-sample';
import { checkXc, expiryWarning, xcBaseUrl, xcGuideUrl, xcStreamPicks } from './xc-check';
import { messages } from '../../../common/messages';
import { lockDevice } from '../device/device-lock';

/** What a check fetches: an M3U URL, or an Xtream Codes account; either with a guide URL. */
type Source =
  | { kind: 'm3u'; url: string; epgUrl: string | null }
  | { kind: 'xc'; host: string; username: string; password: string; epgUrl: string | null };

/**
 * Checks playlists as the TV would open them (issue "Playlist check"): the safe fetcher, the streaming M3U
 * parser, the Xtream Codes API and the guide. Limited per device (PostgreSQL counters, every instance) and per
 * process (a fixed number at once); a result for the same source is reused for a short while, so a provider is
 * not polled (providers ban accounts that poll too often). Credentials never reach a message or a log.
 */
export class PlaylistCheckService {
  private readonly recent: LRUCache<string, CheckResult>;
  private running = 0;
  /** Stream samples of one Xtream Codes line in this process, one after another (each takes a connection). */
  private readonly lineSampling = new Map<string, Promise<unknown>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly playlists: PlaylistService,
    private readonly rateLimits: RateLimits,
    private readonly settings: Config['playlistCheck'],
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {
    this.recent = new LRUCache({ max: 5000, ttl: Math.max(1, settings.cacheMs), allowStale: false });
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

  /** Checks a form's values before they are saved: the same validation as saving; nothing is stored. */
  async checkValues(caller: PlaylistCaller, input: PlaylistInput): Promise<CheckResult> {
    // The source fields are validated as for saving; the name and protection do not matter before saving.
    const raw: Partial<PlaylistInput> = input && typeof input === 'object' ? input : {};
    const values = validate(playlistSchema, {
      ...raw,
      name: typeof raw.name === 'string' && raw.name.trim() ? raw.name : 'Unsaved playlist',
      isProtected: false,
      pin: undefined,
    });
    return this.run(caller.deviceId, sourceOf(values));
  }

  private async run(deviceId: string, source: Source): Promise<CheckResult> {
    const key = createHash('sha256').update(JSON.stringify(source)).digest('base64url');
    const cached = this.settings.cacheMs > 0 ? this.recent.get(key) : undefined;
    if (cached) return cached;
    await this.rateLimits.countPlaylistCheck(deviceId);
    if (this.running >= this.settings.concurrency) {
      throw new DomainError('RATE_LIMITED', messages.rateLimit.checksBusy, undefined, 5);
    }
    this.running += 1;
    const started = Date.now();
    let verdict = 'ERROR'; // a fault of ours, logged by check()
    try {
      const result = await this.check(source);
      verdict = result.verdict;
      if (this.settings.cacheMs > 0) this.recent.set(key, result);
      return result;
    } finally {
      this.running -= 1;
      this.metrics?.playlistChecked(verdict, (Date.now() - started) / 1000);
    }
  }

  /** Opens the picked channels, one at a time, within the time left until `deadline`. */
  private sample(picks: StreamPick[], deadline: number) {
    const { streams, userAgent, allow } = this.settings;
    return sampleStreams(picks, { userAgent, allow }, { ...streams, totalMs: Math.max(0, deadline - Date.now()) });
  }

  /** Runs `task` after any other task under the same key has finished (this process only). */
  private async oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.lineSampling.get(key) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(task);
    this.lineSampling.set(key, run);
    try {
      return await run;
    } finally {
      if (this.lineSampling.get(key) === run) this.lineSampling.delete(key);
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
        if (sampling.samples > 0) base.streams = await this.sample(outcome.picks, Date.now() + sampling.totalMs);
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
        const allInUse =
          result.maxConnections !== null &&
          result.activeConnections !== null &&
          result.activeConnections >= result.maxConnections;
        if (allInUse) warnings.push(said(warning.allConnections));
        if (sampling.samples > 0) {
          // A sample takes one of the line's connections for a moment: never when the panel says all are in use,
          // and never two at once, even for two checks of the same line.
          base.streams = allInUse
            ? notSampled(said(checkMessages.streams.notSampledConnections))
            : await this.oneAtATime(`${xcBaseUrl(source.host)}\n${source.username}`, async () => {
                const deadline = Date.now() + sampling.totalMs;
                const picks = await xcStreamPicks(
                  source.host,
                  source.username,
                  source.password,
                  result,
                  liveCategories,
                  sampling.samples,
                  { ...options, timeoutMs: Math.max(1, Math.min(options.timeoutMs, deadline - Date.now())) },
                );
                return this.sample(picks, deadline);
              });
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
