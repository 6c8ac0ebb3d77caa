import type { PaymentMethod, Resolvers } from '../__generated__/resolvers-types';
import { pricingFrom } from './pricing.service';

export const pricingResolvers: Resolvers = {
  Query: {
    pricing: (_parent, _args, ctx) => pricingFrom(ctx.config),
  },
  Pricing: {
    methods: (pricing) => pricing.methods.map((method) => method.toUpperCase() as PaymentMethod),
  },
};
