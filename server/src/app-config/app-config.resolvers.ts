import type { Resolvers } from '../__generated__/resolvers-types';

export const appConfigResolvers: Resolvers = {
  Query: {
    appConfig: (_parent, _args, { config }) => ({
      productName: config.site.productName,
      minimumAppVersion: config.minimumAppVersion ?? null,
      portalUrl: `${config.publicUrl}/device/login`,
      supportEmail: config.site.contactEmail,
      supportPhone: config.site.contactPhone || null,
    }),
  },
};
