import type { Resolvers } from '../__generated__/resolvers-types';
import { CONTACT_THANKS } from './contact.service';

export const contactResolvers: Resolvers = {
  Mutation: {
    sendContactMessage: async (_parent, { input }, ctx) => {
      await ctx.services.contact.submit(input, ctx.clientIp);
      return { success: true, message: CONTACT_THANKS };
    },
  },
};
