import { sayIn } from './check-messages';
import type { CheckResult, EpgCheckResult, M3uCheckResult, StreamsCheckResult } from './check-result';
import { cannotOpenReason } from './m3u-check';

// A check result as the transports show it. A result keeps its sentences language-neutral (`said`); they are said
// here in the language of the request (its Accept-Language), whenever the result was made. One kept before that
// is shown in the English it was kept in.

/** The guide's part, its note said (with what results kept before some fields existed lack, as EpgCheck says). */
export function epgOf(epg: EpgCheckResult | null, locale: string) {
  if (!epg) return null;
  const { said, ...rest } = epg;
  return {
    ...rest,
    source: epg.source ?? null,
    channelsWithProgrammes: epg.channelsWithProgrammes ?? null,
    coverage: epg.coverage ?? null,
    message: (said ? sayIn(locale, said) : null) ?? epg.message,
  };
}

/** Why a TV cannot open each kind of address: a function of the kind, for results kept before as for new ones. */
export function m3uOf(m3u: M3uCheckResult | null, locale: string) {
  if (!m3u) return null;
  return {
    ...m3u,
    backupUrls: m3u.backupUrls ?? 0,
    groupNames: m3u.groupNames ?? null,
    cannotOpen: (m3u.cannotOpen ?? []).map((kind) => ({
      ...kind,
      reason: sayIn(locale, cannotOpenReason(kind.kind)) ?? kind.reason,
    })),
  };
}

/**
 * The sampled channels, each one's message and the sentence about them all said in `locale`, without the
 * language-neutral form they are kept in. Null for results made before streams were sampled.
 */
export function streamsOf(streams: StreamsCheckResult | null | undefined, locale: string) {
  if (!streams) return null;
  return {
    sampled: streams.sampled,
    playable: streams.playable,
    message: sayIn(locale, streams.said) ?? streams.message,
    samples: streams.samples.map(({ said, ...sample }) => ({
      ...sample,
      message: sayIn(locale, said) ?? sample.message,
    })),
  };
}

export function warningsOf(result: CheckResult, locale: string): string[] {
  const said = result.said?.warnings;
  if (!said || said.length !== result.warnings.length) return result.warnings;
  return said.map((warning, i) => sayIn(locale, warning) ?? result.warnings[i]!);
}

/**
 * A check result as REST sends it: its sentences said in `locale` (the request's Accept-Language), and without the
 * language-neutral form they are kept in, which is the server's own business.
 */
export function checkSaidIn(result: CheckResult, locale: string) {
  const { said, ...rest } = result;
  return {
    ...rest,
    message: (said ? sayIn(locale, said.message) : null) ?? result.message,
    warnings: warningsOf(result, locale),
    epg: epgOf(result.epg, locale),
    m3u: m3uOf(result.m3u, locale),
    streams: streamsOf(result.streams, locale),
  };
}
