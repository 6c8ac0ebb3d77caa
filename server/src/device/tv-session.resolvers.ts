import type { Resolvers } from '../__generated__/resolvers-types';
import { messages } from '../../../common/messages';
import { isOwnerOf, requireOwner, requireTv } from '../auth/caller';
import { sayTo } from '../i18n/localizer';

export const tvSessionResolvers: Resolvers = {
  Mutation: {
    renewDeviceToken: (_parent, _args, ctx) => ctx.services.tokens.renew(requireTv(ctx, messages.tv.tvOnly).tokenId),
    reportAppVersion: async (_parent, { input }, ctx) => ({
      device: await ctx.services.tokens.reportAppVersion(requireTv(ctx, messages.tv.reportTvOnly), input),
      message: sayTo(ctx.req, messages.tv.appVersionRecorded),
      tvsSignedOut: null,
    }),
    revokeDeviceToken: async (_parent, { input }, ctx) => ({
      id: await ctx.services.tokens.revoke(requireOwner(ctx).id, input.id),
      message: sayTo(ctx.req, messages.tv.signedOut),
    }),
  },
  Device: {
    // The owner's session only, and never an error (as Device.payments): a TV reading its device, or the answer
    // to a registration, must not fail over this list.
    tvSessions: (device, _args, ctx) => (isOwnerOf(ctx, device.id) ? ctx.services.tokens.listSignedIn(device.id) : []),
  },
  TvSession: {
    lastSeenAt: (token) => token.lastUsedAt,
  },
};
