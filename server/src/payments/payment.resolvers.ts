import type { ActivationStatus, PaymentMethod, Resolvers } from '../__generated__/resolvers-types';
import { requireDevice } from '../graphql/context';
import { decimalAmount } from './provider';
import { siteBaseFor } from './return-urls';

export const paymentResolvers: Resolvers = {
  Query: {
    activationEligibility: (_parent, _args, ctx) => ctx.services.payments.eligibility(requireDevice(ctx)),
  },
  Mutation: {
    startActivation: async (_parent, { input }, ctx) => {
      const started = await ctx.services.payments.start(requireDevice(ctx), input, {
        siteBase: siteBaseFor(ctx.req, ctx.config),
      });
      return { activation: started.activation, redirectUrl: started.redirectUrl };
    },
    createPayPalOrder: async (_parent, _args, ctx) => {
      const order = await ctx.services.payments.createPayPalOrder(requireDevice(ctx));
      return { id: order.id };
    },
    capturePayPalOrder: (_parent, { orderId }, ctx) =>
      ctx.services.payments.capturePayPalOrder(requireDevice(ctx), orderId),
  },
  Device: {
    payments: (device, _args, ctx) => {
      // Only the device itself sees its payments (the same rule as every device field); any other caller sees
      // none. Never an error: a TV that has just registered (or an owner just signing in) is not yet the caller,
      // and an error here would answer a registration that has happened as a failure, its key and token lost.
      if (ctx.device?.id !== device.id) return [];
      return ctx.services.payments.history(device.id);
    },
  },
  Activation: {
    method: (a) => a.method.toUpperCase() as PaymentMethod,
    status: (a) => a.status.toUpperCase() as ActivationStatus,
    amount: (a) => decimalAmount(a.amountMinor),
  },
};
