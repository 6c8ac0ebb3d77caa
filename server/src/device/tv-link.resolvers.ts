import type { Resolvers } from '../__generated__/resolvers-types';
import { messages } from '../../../common/messages';
import { requireOwner } from '../graphql/context';

export const tvLinkResolvers: Resolvers = {
  Query: {
    tvLink: (_parent, { input }, ctx) => ctx.services.tvLinks.show(requireOwner(ctx), input, ctx.clientIp),
  },
  Mutation: {
    requestTvLink: (_parent, { input }, ctx) => ctx.services.tvLinks.request(input, ctx.clientIp),
    pollTvLink: (_parent, { input }, ctx) => ctx.services.tvLinks.poll(input),
    approveTvLink: async (_parent, { input }, ctx) => {
      await ctx.services.tvLinks.approve(requireOwner(ctx), input, ctx.clientIp);
      return { message: messages.link.approved };
    },
    refuseTvLink: async (_parent, { input }, ctx) => {
      await ctx.services.tvLinks.refuse(requireOwner(ctx), input, ctx.clientIp);
      return { message: messages.link.refused };
    },
  },
};
