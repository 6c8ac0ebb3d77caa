import type { Resolvers } from '../__generated__/resolvers-types';
import { messages } from '../../../common/messages';
import { requireDevice, type GraphQLContext } from '../graphql/context';
import { PLAYLIST_SAVED_MESSAGE, PLAYLIST_UNLOCKED_MESSAGE } from './playlist.service';
import { graphPlaylist } from './playlist.view';

function caller(ctx: GraphQLContext) {
  return { deviceId: requireDevice(ctx).id, clientIp: ctx.clientIp };
}

export const playlistResolvers: Resolvers = {
  Query: {
    playlists: async (_parent, { search }, ctx) =>
      (await ctx.services.playlists.list(requireDevice(ctx), search)).map(graphPlaylist),
    playlist: async (_parent, { id }, ctx) =>
      graphPlaylist(await ctx.services.playlists.get(requireDevice(ctx).id, id)),
  },
  Mutation: {
    createPlaylist: async (_parent, { input }, ctx) => ({
      playlist: graphPlaylist(await ctx.services.playlists.create(caller(ctx), input)),
      message: PLAYLIST_SAVED_MESSAGE,
    }),
    updatePlaylist: async (_parent, { input }, ctx) => ({
      playlist: graphPlaylist(await ctx.services.playlists.update(caller(ctx), input)),
      message: PLAYLIST_SAVED_MESSAGE,
    }),
    deletePlaylist: async (_parent, { input }, ctx) => ({
      id: await ctx.services.playlists.delete(caller(ctx), input),
      message: messages.playlist.deleted,
    }),
    unlockPlaylist: async (_parent, { input }, ctx) => ({
      playlist: graphPlaylist(await ctx.services.playlists.unlock(caller(ctx), input)),
      message: PLAYLIST_UNLOCKED_MESSAGE,
    }),
  },
};
