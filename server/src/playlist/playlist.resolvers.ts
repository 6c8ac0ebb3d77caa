import type { Resolvers } from '../__generated__/resolvers-types';
import { messages } from '../../../common/messages';
import type { GraphQLContext } from '../graphql/context';
import { requireOwner, requireTvOrOwner } from '../auth/caller';
import { PLAYLIST_SAVED_MESSAGE, PLAYLIST_UNLOCKED_MESSAGE } from './playlist.service';
import { graphPlaylist } from './playlist.view';
import { sayTo } from '../i18n/localizer';
import { selects } from '../graphql/selection';
import type { CheckResult } from '../playlist-check/check-result';

/** The owner, who adds, changes and deletes playlists. */
function owner(ctx: GraphQLContext) {
  return { deviceId: requireOwner(ctx).id, clientIp: ctx.clientIp };
}

/** The owner or a TV, which read and unlock them. */
function ownerOrTv(ctx: GraphQLContext) {
  return { deviceId: requireTvOrOwner(ctx).id, clientIp: ctx.clientIp };
}

export const playlistResolvers: Resolvers = {
  Query: {
    playlists: async (_parent, { search, first, after }, ctx, info) =>
      (
        await ctx.services.playlists.list(
          requireTvOrOwner(ctx),
          search,
          { first, after },
          { lastCheck: selects(info, 'lastCheck') },
        )
      ).map(graphPlaylist),
    playlistCount: (_parent, { search }, ctx) => ctx.services.playlists.count(requireTvOrOwner(ctx), search),
    playlist: async (_parent, { id }, ctx) =>
      graphPlaylist(await ctx.services.playlists.get(requireTvOrOwner(ctx).id, id)),
  },
  // Read here, only when asked for, for a playlist whose answer did not read it with the list.
  Playlist: {
    lastCheck: async (playlist, _args, ctx) =>
      playlist.lastCheck !== undefined
        ? playlist.lastCheck
        : ((await ctx.services.playlists.lastCheckOf(requireTvOrOwner(ctx).id, playlist.id)) as CheckResult | null),
  },
  Mutation: {
    createPlaylist: async (_parent, { input }, ctx) => ({
      playlist: graphPlaylist(await ctx.services.playlists.create(owner(ctx), input)),
      message: sayTo(ctx.req, PLAYLIST_SAVED_MESSAGE),
    }),
    updatePlaylist: async (_parent, { input }, ctx) => ({
      playlist: graphPlaylist(await ctx.services.playlists.update(owner(ctx), input)),
      message: sayTo(ctx.req, PLAYLIST_SAVED_MESSAGE),
    }),
    deletePlaylist: async (_parent, { input }, ctx) => ({
      id: await ctx.services.playlists.delete(owner(ctx), input),
      message: sayTo(ctx.req, messages.playlist.deleted),
    }),
    setPlaylistLockedGroups: async (_parent, { input }, ctx) => ({
      playlist: graphPlaylist(await ctx.services.playlists.setLockedGroups(owner(ctx), input)),
      message: sayTo(ctx.req, messages.lockedGroups.saved),
    }),
    unlockPlaylist: async (_parent, { input }, ctx) => ({
      playlist: graphPlaylist(await ctx.services.playlists.unlock(ownerOrTv(ctx), input)),
      message: sayTo(ctx.req, PLAYLIST_UNLOCKED_MESSAGE),
    }),
  },
};
