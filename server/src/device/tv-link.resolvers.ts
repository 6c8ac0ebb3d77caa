import type { Resolvers } from '../__generated__/resolvers-types';
import { callingTv, requireOwner } from '../auth/caller';

export const tvLinkResolvers: Resolvers = {
  Query: {
    tvLink: (_parent, { input }, ctx) => ctx.services.tvLinks.show(requireOwner(ctx), input, ctx.clientIp),
  },
  Mutation: {
    // A TV's own token proves it holds its MAC address's record; a portal session proves nothing about a TV.
    requestTvLink: (_parent, { input }, ctx) => ctx.services.tvLinks.request(input, ctx.clientIp, callingTv(ctx)),
    pollTvLink: (_parent, { input }, ctx) => ctx.services.tvLinks.poll(input),
    approveTvLink: (_parent, { input }, ctx) => ctx.services.tvLinks.approve(requireOwner(ctx), input, ctx.clientIp),
    refuseTvLink: (_parent, { input }, ctx) => ctx.services.tvLinks.refuse(requireOwner(ctx), input, ctx.clientIp),
  },
};
