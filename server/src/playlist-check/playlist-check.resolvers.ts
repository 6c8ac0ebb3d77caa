import type { Resolvers } from '../__generated__/resolvers-types';
import { requireDevice } from '../graphql/context';

export const playlistCheckResolvers: Resolvers = {
  Mutation: {
    checkPlaylist: (_parent, { input }, ctx) =>
      ctx.services.playlistChecks.checkSaved({ deviceId: requireDevice(ctx).id, clientIp: ctx.clientIp }, input),
    checkPlaylistValues: (_parent, { input }, ctx) =>
      ctx.services.playlistChecks.checkValues({ deviceId: requireDevice(ctx).id, clientIp: ctx.clientIp }, input),
  },
  PlaylistCheck: {
    checkedAt: (result) => new Date(result.checkedAt),
  },
  XcCheck: {
    expiresAt: (xc) => (xc.expiresAt ? new Date(xc.expiresAt) : null),
  },
};
