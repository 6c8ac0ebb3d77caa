import type { PaymentMethod, Resolvers } from '../__generated__/resolvers-types';

export const pricingResolvers: Resolvers = {
  Query: {
    pricing: (_parent, _args, ctx) => ctx.services.pricing,
  },
  Pricing: {
    methods: (pricing) => pricing.methods.map((method) => method.toUpperCase() as PaymentMethod),
    sandboxMethods: (pricing) => pricing.sandboxMethods.map((method) => method.toUpperCase() as PaymentMethod),
  },
  MethodPrice: {
    method: (price) => price.method.toUpperCase() as PaymentMethod,
  },
};
