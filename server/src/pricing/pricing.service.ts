import type { Config } from '../config';

/** The payment methods of spec section 4, in the order the portal offers them. */
export const PAYMENT_METHODS = ['ibostore', 'opay', 'opay1', 'cowpay', 'crypto', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface Coin {
  code: string;
  name: string;
}

/** What a licence costs and how it can be paid; all configuration. */
export interface PricingTerms {
  /** Euro, two decimals. */
  price: string;
  currency: 'EUR';
  /** Null for a lifetime licence. */
  licenceDays: number | null;
  methods: PaymentMethod[];
  coins: Coin[];
  paypalClientId: string | null;
}

export function pricingFrom(config: Pick<Config, 'pricing'>): PricingTerms {
  const { pricing } = config;
  // ibostore (the spec's show_mdls) is always offered.
  const methods = PAYMENT_METHODS.filter(
    (method) =>
      method === 'ibostore' ||
      (pricing.methods.includes(method) && (method !== 'paypal' || Boolean(pricing.paypalClientId))),
  );
  return {
    price: pricing.priceEur,
    currency: 'EUR',
    licenceDays: pricing.licenceDays,
    methods,
    coins: pricing.coins,
    paypalClientId: methods.includes('paypal') ? pricing.paypalClientId : null,
  };
}

/** The pricing fields of GET /frontend/device/playlists, as spec section 3 names them. */
export function legacyPricing(pricing: PricingTerms) {
  const flag = (method: PaymentMethod) => (pricing.methods.includes(method) ? 1 : 0);
  return {
    price: pricing.price,
    coin_list: pricing.coins,
    show_opay: flag('opay'),
    show_opay1: flag('opay1'),
    show_mdls: 1,
    show_cowpay: flag('cowpay'),
    show_coin: flag('crypto'),
    show_paypal: flag('paypal'),
    paypal_client_id: pricing.paypalClientId ?? '',
  };
}
