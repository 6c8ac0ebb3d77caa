import type { Resolvers } from '../__generated__/resolvers-types';
import { requireOwner } from '../graphql/context';
import type { XcLineState } from './check-result';

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
