import type { Resolvers } from '../__generated__/resolvers-types';
import { CONTACT_THANKS } from './contact.service';
import { sayTo } from '../i18n/localizer';

export const contactResolvers: Resolvers = {
  Mutation: {
    sendContactMessage: async (_parent, { input }, ctx) => {
      await ctx.services.contact.submit(input, ctx.clientIp);
      return { success: true, message: sayTo(ctx.req, CONTACT_THANKS) };
    },
  },
};
