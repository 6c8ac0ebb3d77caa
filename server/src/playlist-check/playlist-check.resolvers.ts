import type { Resolvers } from '../__generated__/resolvers-types';
import { requireOwner } from '../auth/caller';
import { currentLocale } from '../i18n/request-locale';
import { sayIn } from './check-messages';
import type { CheckResult, EpgCheckResult, M3uCheckResult, XcLineState } from './check-result';
import { cannotOpenReason } from './m3u-check';

/**
 * The check's sentences in the language of the request (its Accept-Language), whenever the result was made: a
 * result keeps them language-neutral (`said`). One kept before that is shown in the English it was kept in.
 */
/** The guide's part, its note said (with what results kept before some fields existed lack, as EpgCheck says). */
function epgOf(epg: EpgCheckResult | null, locale: string) {
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
function m3uOf(m3u: M3uCheckResult | null, locale: string) {
  if (!m3u) return null;
  return {
    ...m3u,
    backupUrls: m3u.backupUrls ?? 0,
    cannotOpen: (m3u.cannotOpen ?? []).map((kind) => ({
      ...kind,
      reason: sayIn(locale, cannotOpenReason(kind.kind)) ?? kind.reason,
    })),
  };
}

function warningsOf(result: CheckResult, locale: string): string[] {
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
  };
}

/** The state of a line stored by a check made before the state was reported: from the panel's word. */
function stateOfStatus(status: string): XcLineState {
  switch (status.trim().toLowerCase()) {
    case 'active':
      return 'ACTIVE';
    case 'expired':
      return 'EXPIRED';
    case 'banned':
      return 'BANNED';
    case 'disabled':
      return 'DISABLED';
    default:
      return 'OTHER';
  }
}

export const playlistCheckResolvers: Resolvers = {
  Mutation: {
    checkPlaylist: (_parent, { input }, ctx) =>
      ctx.services.playlistChecks.checkSaved({ deviceId: requireOwner(ctx).id, clientIp: ctx.clientIp }, input),
    checkPlaylistValues: (_parent, { input }, ctx) =>
      ctx.services.playlistChecks.checkValues({ deviceId: requireOwner(ctx).id, clientIp: ctx.clientIp }, input),
  },
  PlaylistCheck: {
    checkedAt: (result) => new Date(result.checkedAt),
    message: (result) => (result.said ? sayIn(currentLocale(), result.said.message) : null) ?? result.message,
    warnings: (result) => warningsOf(result, currentLocale()),
    // The guide's note and what a TV cannot open, said here: the graph resolves PlaylistCheck's own fields.
    epg: (result) => epgOf(result.epg, currentLocale()),
    m3u: (result) => m3uOf(result.m3u, currentLocale()),
  },
  // Results stored as a playlist's last check before these fields existed lack them.
  M3uCheck: {
    backupUrls: (m3u) => m3u.backupUrls ?? 0,
    cannotOpen: (m3u) => m3u.cannotOpen ?? [],
  },
  XcCheck: {
    expiresAt: (xc) => (xc.expiresAt ? new Date(xc.expiresAt) : null),
    state: (xc) => xc.state ?? stateOfStatus(xc.status),
    allowedFormats: (xc) => xc.allowedFormats ?? null,
  },
  EpgCheck: {
    source: (epg) => epg.source ?? null,
    channelsWithProgrammes: (epg) => epg.channelsWithProgrammes ?? null,
    coverage: (epg) => epg.coverage ?? null,
  },
};
