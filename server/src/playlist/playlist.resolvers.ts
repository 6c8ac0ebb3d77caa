import type { PlaylistType, Resolvers } from '../__generated__/resolvers-types';
import { messages } from '../../../common/messages';
import { requireDevice, type GraphQLContext } from '../graphql/context';
import { PLAYLIST_SAVED_MESSAGE, PLAYLIST_UNLOCKED_MESSAGE } from './playlist.service';
import { playlistDetails } from './playlist.view';

function caller(ctx: GraphQLContext) {
  return { deviceId: requireDevice(ctx).id, clientIp: ctx.clientIp };
}

export const playlistResolvers: Resolvers = {
  Query: {
    playlists: (_parent, { search }, ctx) => ctx.services.playlists.list(requireDevice(ctx), search),
    playlist: (_parent, { id }, ctx) => ctx.services.playlists.get(requireDevice(ctx).id, id),
  },
  Mutation: {
    createPlaylist: async (_parent, { input }, ctx) => ({
      playlist: await ctx.services.playlists.create(caller(ctx), input),
      message: PLAYLIST_SAVED_MESSAGE,
    }),
    updatePlaylist: async (_parent, { input }, ctx) => ({
      playlist: await ctx.services.playlists.update(caller(ctx), input),
      message: PLAYLIST_SAVED_MESSAGE,
    }),
    deletePlaylist: async (_parent, { input }, ctx) => ({
      id: await ctx.services.playlists.delete(caller(ctx), input),
      message: messages.playlist.deleted,
    }),
    unlockPlaylist: async (_parent, { input }, ctx) => ({
      playlist: await ctx.services.playlists.unlock(caller(ctx), input),
      message: PLAYLIST_UNLOCKED_MESSAGE,
    }),
  },
  Playlist: {
    id: (view) => view.entity.id,
    name: (view) => view.entity.name,
    type: (view) => view.entity.type.toUpperCase() as PlaylistType,
    isProtected: (view) => view.entity.isProtected,
    locked: (view) => playlistDetails(view).locked,
    url: (view) => playlistDetails(view).url,
    epgUrl: (view) => playlistDetails(view).epgUrl,
    username: (view) => playlistDetails(view).username,
    password: (view) => playlistDetails(view).password,
    playlistCode: (view) => playlistDetails(view).playlistCode,
    lastCheck: (view) => playlistDetails(view).lastCheck,
    createdAt: (view) => view.entity.createdAt,
    updatedAt: (view) => view.entity.updatedAt,
  },
};
