import type { Config } from '../config';
import { sandboxMethods as methodsOnSandbox } from '../payments/providers';

/** The payment methods, in the order the portal offers them. */
export const PAYMENT_METHODS = ['ibostore', 'opay', 'opay1', 'cowpay', 'crypto', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface Coin {
  code: string;
  name: string;
}

/** What one method charges for a licence: its account's currency, at that currency's configured price. */
export interface PricedMethod {
  method: Exclude<PaymentMethod, 'ibostore'>;
  /** In the currency's own decimals (ISO 4217): '8.99' EUR, '1500' JPY, '4.500' KWD. */
  price: string;
  currency: string;
}

/** What a licence costs and how it can be paid; all configuration. */
export interface PricingTerms {
  /** Euro, two decimals: the price the portal shows ('Price: 8.99€'). */
  price: string;
  currency: 'EUR';
  /** What each offered method (ibostore aside) charges, in its own currency. */
  methodPrices: PricedMethod[];
  /** Null for a lifetime licence. */
  licenceDays: number | null;
  methods: PaymentMethod[];
  coins: Coin[];
  paypalClientId: string | null;
  /** PayPal's browser SDK with the client id and PayPal's currency in its query; null when PayPal is off. */
  paypalSdkUrl: string | null;
  /** The app store's activation page, `{mac}` to be replaced; null when ibostore is not offered (IBOSTORE_URL unset). */
  ibostoreUrl: string | null;
  /**
   * Cowpay's card frame for an iframe token, without the token (the /cowpay/checkout page appends it):
   * `{COWPAY_API_URL}/api/v1/iframe/load/`, or its stand-in on this site when Cowpay has no credentials.
   */
  cowpayFrameUrl: string;
  /** Methods running against the local stand-in of their provider: no money moves. */
  sandboxMethods: PaymentMethod[];
  /** The operator says the payments taken are tests (PAYMENTS_ARE_TESTS): every payment page says so. */
  testPayments: boolean;
}

export function pricingFrom(config: Pick<Config, 'pricing' | 'providers'>): PricingTerms {
  const { pricing } = config;
  const onSandbox: PaymentMethod[] = methodsOnSandbox(config);
  // ibostore (the spec's show_mdls) is offered when its store's page is configured (IBOSTORE_URL). A method with
  // no credentials is offered on its sandbox stand-in only where sandboxes are allowed (never in production).
  const methods = PAYMENT_METHODS.filter((method) =>
    method === 'ibostore'
      ? Boolean(pricing.ibostoreUrl)
      : pricing.methods.includes(method) &&
        (method !== 'paypal' || Boolean(pricing.paypalClientId)) &&
        (pricing.sandboxAllowed || !onSandbox.includes(method)),
  );
  const paypalOn = methods.includes('paypal');
  // PayPal's SDK must be loaded with the currency its orders are made in (PayPal refuses a mismatch).
  const sdkQuery = `client-id=${encodeURIComponent(pricing.paypalClientId)}&currency=${encodeURIComponent(config.providers.paypal.currency)}&intent=capture`;
  const methodPrices = methods
    .filter((method): method is PricedMethod['method'] => method !== 'ibostore')
    .map((method) => {
      const { currency } = config.providers[method];
      // loadConfig refuses a method currency without a price; a hand-built config gets the euro price.
      return { method, currency, price: pricing.prices?.[currency] ?? pricing.priceEur };
    });
  return {
    price: pricing.priceEur,
    currency: 'EUR',
    methodPrices,
    licenceDays: pricing.licenceDays,
    methods,
    coins: pricing.coins,
    paypalClientId: paypalOn ? pricing.paypalClientId : null,
    paypalSdkUrl: !paypalOn
      ? null
      : onSandbox.includes('paypal')
        ? `/sandbox/paypal/sdk/js?${sdkQuery}`
        : `${config.providers.paypal.sdkUrl}?${sdkQuery}`,
    ibostoreUrl: pricing.ibostoreUrl,
    cowpayFrameUrl: onSandbox.includes('cowpay')
      ? '/sandbox/cowpay/api/v1/iframe/load/'
      : config.providers.cowpay.frameUrl,
    sandboxMethods: methods.filter((method) => onSandbox.includes(method)),
    testPayments: pricing.testPayments ?? false,
  };
}
