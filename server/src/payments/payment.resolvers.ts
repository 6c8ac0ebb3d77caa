import type { ActivationStatus, PaymentMethod, Resolvers } from '../__generated__/resolvers-types';
import { requireOwner } from '../graphql/context';
import { decimalAmount } from './provider';
import { siteBaseFor } from './return-urls';

export const paymentResolvers: Resolvers = {
  Query: {
    activationEligibility: (_parent, _args, ctx) => ctx.services.payments.eligibility(requireOwner(ctx)),
  },
  Mutation: {
    startActivation: async (_parent, { input }, ctx) => {
      const started = await ctx.services.payments.start(requireOwner(ctx), input, {
        siteBase: siteBaseFor(ctx.req, ctx.config),
      });
      return { activation: started.activation, redirectUrl: started.redirectUrl };
    },
    createPayPalOrder: async (_parent, _args, ctx) => {
      const order = await ctx.services.payments.createPayPalOrder(requireOwner(ctx));
      return { id: order.id };
    },
    capturePayPalOrder: (_parent, { orderId }, ctx) =>
      ctx.services.payments.capturePayPalOrder(requireOwner(ctx), orderId),
  },
  Device: {
    payments: (device, _args, ctx) => {
      // Only the owner's session sees the device's payments (payments are the portal's); any other caller, a TV
      // included, sees none. Never an error: a TV that has just registered (or an owner just signing in) is not
      // yet the caller, and an error here would answer a registration that has happened as a failure, its key
      // and token lost.
      if (ctx.via !== 'session' || ctx.device?.id !== device.id) return [];
      return ctx.services.payments.history(device.id);
    },
  },
  Activation: {
    method: (a) => a.method.toUpperCase() as PaymentMethod,
    status: (a) => a.status.toUpperCase() as ActivationStatus,
    amount: (a) => decimalAmount(a.amountMinor),
  },
};
