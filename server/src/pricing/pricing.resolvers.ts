import type { Resolvers } from '../__generated__/resolvers-types';

// Methods are handed over as the services spell them ('opay'); the schema maps them to PaymentMethod's names
// (codegen.yml's enumValues, payment.resolvers.ts).
export const pricingResolvers: Resolvers = {
  Query: {
    pricing: (_parent, _args, ctx) => ctx.services.pricing,
  },
};
