import type {
  ActivationStatusResolvers,
  PaymentDisputeStateResolvers,
  PaymentMethodResolvers,
  Resolvers,
} from '../__generated__/resolvers-types';
import { isOwnerOf, requireOwner } from '../auth/caller';
import { storedAmount } from './currency';
import { localizer } from '../i18n/localizer';
import { siteBaseFor } from './return-urls';

/**
 * The graph's payment enums and the values the services and the database spell them with (codegen.yml's
 * `enumValues`): the schema maps one to the other, so resolvers hand over `'partial'` and the graph says
 * `PARTIALLY_PAID`, with no cast.
 */
const PaymentMethod: PaymentMethodResolvers = {
  IBOSTORE: 'ibostore',
  OPAY: 'opay',
  OPAY1: 'opay1',
  COWPAY: 'cowpay',
  CRYPTO: 'crypto',
  PAYPAL: 'paypal',
};
const ActivationStatus: ActivationStatusResolvers = {
  PENDING: 'pending',
  PAID: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
  PARTIALLY_PAID: 'partial',
  REFUNDED: 'refunded',
  REVERSED: 'reversed',
};
const PaymentDisputeState: PaymentDisputeStateResolvers = { OPEN: 'open', WON: 'won', LOST: 'lost' };

export const paymentResolvers: Resolvers = {
  PaymentMethod,
  ActivationStatus,
  PaymentDisputeState,
  Query: {
    activationEligibility: (_parent, _args, ctx) => ctx.services.payments.eligibility(requireOwner(ctx)),
    // No sign-in: whoever has the link may pay with it at Cowpay, and learns here only whether it is still open.
    cardCheckout: async (_parent, { input }, ctx) => ({
      status: await ctx.services.payments.cardCheckoutStatus(input.frameCode, input.token),
    }),
  },
  Mutation: {
    startActivation: (_parent, { input }, ctx) =>
      ctx.services.payments.start(requireOwner(ctx), input, {
        siteBase: siteBaseFor(ctx.req, ctx.config),
        locale: localizer().ofRequest(ctx.req),
      }),
    createPayPalOrder: (_parent, _args, ctx) => ctx.services.payments.createPayPalOrder(requireOwner(ctx)),
    capturePayPalOrder: (_parent, { orderId }, ctx) =>
      ctx.services.payments.capturePayPalOrder(requireOwner(ctx), orderId),
  },
  Device: {
    payments: (device, { first, after }, ctx) => {
      // Only the owner's session sees the device's payments (payments are the portal's); any other caller, a TV
      // included, sees none. Never an error: a TV that has just registered (or an owner just signing in) is not
      // yet the caller, and an error here would answer a registration that has happened as a failure, its key
      // and token lost.
      if (!isOwnerOf(ctx, device.id)) return [];
      return ctx.services.payments.history(device.id, { first, after });
    },
    lastPayment: (device, _args, ctx) => (isOwnerOf(ctx, device.id) ? ctx.services.payments.lastPaid(device.id) : null),
    paymentCount: (device, _args, ctx) => {
      if (!isOwnerOf(ctx, device.id)) return 0;
      return ctx.services.payments.historyCount(device.id);
    },
  },
  Activation: {
    // The licence's end after this payment, while its days count: a payment taken back gave none.
    licenceExpiresAt: (a) => (a.status === 'refunded' || a.status === 'reversed' ? null : a.licenceExpiresAt),
    // In the currency's own decimals (ISO 4217): '8.99' EUR, '1500' JPY, '4.500' KWD.
    amount: (a) => storedAmount(a.amountMinor, a.currency),
    partialPayment: (a) =>
      a.status === 'partial' && a.partialPayment
        ? { ...a.partialPayment, missing: missingAmount(a.partialPayment) }
        : null,
    takenBackAt: (a) => (a.status === 'refunded' || a.status === 'reversed' ? a.takenBackAt : null),
    refunded: (a) => (a.refundedMinor > 0 ? storedAmount(Math.min(a.refundedMinor, a.amountMinor), a.currency) : null),
    dispute: (a) => (a.dispute && a.disputedAt ? { state: a.dispute, openedAt: a.disputedAt } : null),
  },
};

/**
 * Expected minus received, written with the decimals the provider used (coins have up to 18): exact, in integers
 * scaled to the longer of the two, never floating point. '0' when nothing is missing.
 */
export function missingAmount(partial: { received: string; expected: string }): string {
  const decimals = (text: string) => (text.split('.')[1] ?? '').length;
  const places = Math.max(decimals(partial.received), decimals(partial.expected));
  const scaled = (text: string): bigint | null => {
    if (!/^\d{1,30}(\.\d{1,30})?$/.test(text)) return null;
    const [whole = '0', fraction = ''] = text.split('.');
    return BigInt(whole + fraction.padEnd(places, '0'));
  };
  const expected = scaled(partial.expected);
  const received = scaled(partial.received);
  if (expected === null || received === null) return '';
  const missing = expected > received ? expected - received : 0n;
  if (places === 0) return missing.toString();
  const digits = missing.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`.replace(/\.?0+$/, '') || '0';
}
