import type { Resolvers } from '../__generated__/resolvers-types';
import { requireOwner } from '../graphql/context';

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
  XcCheck: {
    expiresAt: (xc) => (xc.expiresAt ? new Date(xc.expiresAt) : null),
  },
};
