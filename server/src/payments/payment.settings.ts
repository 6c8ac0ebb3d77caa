import { z } from 'zod';
import { bool, ConfigError, httpsUrl, positiveInt, secret, settingsSection, urlList } from '../common/settings';

/** A licence's price in one currency: 8.99, 499 or 499.00. */
const priceAmount = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount such as 8.99')
  .refine((value) => Number(value) > 0, 'must be above 0');
/** An ISO 4217 currency code: what a payment method charges in. */
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR or EGP');

/** PRICE_<CODE>: the price in one more currency, read by pricesFrom. */
export const PRICE_SETTING = /^PRICE_([A-Z]{3})$/;

/** Credentials that only make sense together (the first names the provider). */
const PROVIDER_CREDENTIALS = [
  ['PAYPAL_CLIENT_SECRET'],
  ['CRYPTO_API_KEY', 'CRYPTO_IPN_SECRET'],
  ['CRYPTO_EMAIL', 'CRYPTO_PASSWORD'],
  ['COWPAY_MERCHANT_CODE', 'COWPAY_HASH_KEY', 'COWPAY_API_TOKEN'],
  ['OPAY_MERCHANT_ID', 'OPAY_PUBLIC_KEY', 'OPAY_SECRET_KEY'],
  ['OPAY1_MERCHANT_ID', 'OPAY1_PUBLIC_KEY', 'OPAY1_SECRET_KEY'],
] as const;

const shape = {
  PRICE_EUR: priceAmount.default('8.99'),
  // What the Egyptian accounts (Cowpay, OPay) charge; other currencies by PRICE_<CODE> (see pricesFrom).
  PRICE_EGP: priceAmount.default('499.00'),
  LICENCE_DAYS: z
    .string()
    .regex(/^(lifetime|[1-9]\d{0,4})$/, 'must be a number of days (1 to 99999) or "lifetime"')
    .default('365'),
  PAYMENT_METHODS: z
    .string()
    .refine(
      (value) => urlList(value).every((m) => ['opay', 'opay1', 'cowpay', 'crypto', 'paypal'].includes(m)),
      'must be a comma-separated list of opay, opay1, cowpay, crypto, paypal',
    )
    .default('opay,opay1,cowpay,crypto,paypal'),
  CRYPTO_COINS: z
    .string()
    .regex(
      /^[A-Za-z0-9]{2,15}:[^,:]{1,40}(,[A-Za-z0-9]{2,15}:[^,:]{1,40})*$/,
      'must be a list of CODE:Name pairs such as BTC:Bitcoin,ETH:Ethereum',
    )
    .default('BTC:Bitcoin,ETH:Ethereum,USDTTRC20:Tether (TRC-20),LTC:Litecoin'),
  // Unset: 'sb' on the local stand-in only; with PAYPAL_CLIENT_SECRET it must be set (checked below).
  PAYPAL_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{2,100}$/, 'must be a PayPal REST app client id')
    .optional(),
  PAYPAL_CLIENT_SECRET: secret.optional(),
  PAYPAL_API_URL: httpsUrl.default('https://api-m.paypal.com'),
  PAYPAL_SDK_URL: httpsUrl.default('https://www.paypal.com/sdk/js'),
  PAYPAL_WEBHOOK_ID: z.string().max(100).default(''),
  PAYPAL_CURRENCY: currencyCode.default('EUR'),
  CRYPTO_CURRENCY: currencyCode.default('EUR'),
  COWPAY_CURRENCY: currencyCode.default('EGP'),
  OPAY_CURRENCY: currencyCode.default('EGP'),
  CRYPTO_API_URL: httpsUrl.default('https://api.nowpayments.io'),
  CRYPTO_API_KEY: secret.optional(),
  CRYPTO_IPN_SECRET: secret.optional(),
  // The NOWPayments account's login: "Get list of payments" (an invoice's payments, for reconciliation) needs its JWT.
  CRYPTO_EMAIL: z.email({ error: 'must be the e-mail address of the NOWPayments account' }).optional(),
  CRYPTO_PASSWORD: secret.optional(),
  COWPAY_API_URL: httpsUrl.default('https://cowpay.me'),
  COWPAY_MERCHANT_CODE: secret.optional(),
  COWPAY_HASH_KEY: secret.optional(),
  // The "authorization token" of the Cowpay dashboard's API settings: sent as `Authorization: Bearer`.
  COWPAY_API_TOKEN: secret.optional(),
  COWPAY_FRAME_CODE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,60}$/, 'must be the frame code from the Cowpay dashboard')
    .default('sandbox'),
  // Cowpay's iframe plugin (the loader defining COWPAYIFRAMEDIALOG); by default under COWPAY_API_URL.
  COWPAY_IFRAME_PLUGIN_URL: httpsUrl.optional(),
  OPAY_API_URL: httpsUrl.default('https://liveapi.opaycheckout.com'),
  OPAY_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .default('EG'),
  OPAY_MERCHANT_ID: secret.optional(),
  OPAY_PUBLIC_KEY: secret.optional(),
  OPAY_SECRET_KEY: secret.optional(),
  OPAY1_MERCHANT_ID: secret.optional(),
  OPAY1_PUBLIC_KEY: secret.optional(),
  OPAY1_SECRET_KEY: secret.optional(),
  PAYMENT_SANDBOX: bool.optional(),
  IBOSTORE_URL: z
    .string()
    .regex(/^https:\/\/.*\{mac\}/, 'must be an https:// URL with {mac} where the MAC address goes')
    .default('https://ibostore.example/activate?mac={mac}'),
  PAYMENT_MAX_PENDING_PER_HOUR: positiveInt.max(1000).default(10),
  // Reconciliation (payment-reconciler.ts): a checkout still pending this long after it started is asked about.
  PAYMENT_RECONCILE_AFTER_MINUTES: positiveInt.max(1440).default(5),
  // How often each instance looks for checkouts due to be asked; 0 turns the schedule off (the CLI still asks).
  PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 (off) or more')
    .max(3600, 'must be at most 3600')
    .default(60),
  // A checkout still not paid this long after it started is asked once more, then ends cancelled (expired).
  PAYMENT_RECONCILE_GIVE_UP_HOURS: positiveInt.max(720).default(24),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof shape>>;

/**
 * Each payment method charges in its account's currency at that currency's configured price: PRICE_EUR and
 * PRICE_EGP have defaults, any other currency a method is set to needs its PRICE_<CODE>. A method without a
 * price for its currency is a configuration error, not a checkout refused later.
 */
function pricesFrom(source: NodeJS.ProcessEnv, env: PaymentsEnv): Record<string, string> {
  const prices: Record<string, string> = { EUR: env.PRICE_EUR, EGP: env.PRICE_EGP };
  const problems: string[] = [];
  for (const [name, value] of Object.entries(source)) {
    const code = PRICE_SETTING.exec(name)?.[1];
    if (!code || code === 'EUR' || code === 'EGP' || value === undefined) continue;
    const checked = priceAmount.safeParse(value);
    if (checked.success) prices[code] = checked.data;
    else problems.push(`  ${name} must be an amount such as 8.99`);
  }
  const methodCurrencies: Record<string, string> = {
    PAYPAL_CURRENCY: env.PAYPAL_CURRENCY,
    CRYPTO_CURRENCY: env.CRYPTO_CURRENCY,
    COWPAY_CURRENCY: env.COWPAY_CURRENCY,
    OPAY_CURRENCY: env.OPAY_CURRENCY,
  };
  for (const [name, currency] of Object.entries(methodCurrencies)) {
    if (!prices[currency]) problems.push(`  ${name} is ${currency}, but PRICE_${currency} is not set`);
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return Object.fromEntries(Object.entries(prices).map(([code, amount]) => [code, Number(amount).toFixed(2)]));
}

/** One OPay account (OPay and OPay 1 share the API, country and currency). */
function opayAccount(env: PaymentsEnv, prefix: 'OPAY' | 'OPAY1') {
  return {
    apiUrl: env.OPAY_API_URL,
    country: env.OPAY_COUNTRY,
    currency: env.OPAY_CURRENCY,
    merchantId: env[`${prefix}_MERCHANT_ID`],
    publicKey: env[`${prefix}_PUBLIC_KEY`],
    secretKey: env[`${prefix}_SECRET_KEY`],
  };
}

export type OpayAccount = ReturnType<typeof opayAccount>;

/**
 * What a licence costs, which methods are on, and each provider's account (docs/configuration.md, "Pricing and
 * payments"). A provider without credentials runs against this site's sandbox stand-in.
 */
export const paymentSettings = settingsSection({
  shape,
  check(env, _mode, issue) {
    for (const [id, ...rest] of PROVIDER_CREDENTIALS) {
      const given = [id, ...rest].filter((name) => env[name] !== undefined);
      if (given.length && given.length !== rest.length + 1) {
        issue(
          [id, ...rest].find((name) => env[name] === undefined) ?? id,
          `is needed with ${given.join(', ')} (set all of ${[id, ...rest].join(', ')} or none)`,
        );
      }
    }
    // Real PayPal credentials: the app's own client id (PayPal's 'sb' placeholder is for its sandbox buttons
    // only), and the id of the webhook registered for this site, without which no webhook can be verified.
    if (env.PAYPAL_CLIENT_SECRET !== undefined) {
      if (env.PAYPAL_CLIENT_ID === undefined || env.PAYPAL_CLIENT_ID === 'sb')
        issue(
          'PAYPAL_CLIENT_ID',
          "is required with PAYPAL_CLIENT_SECRET: the REST app's client id, not the sandbox placeholder sb",
        );
      if (!env.PAYPAL_WEBHOOK_ID.trim())
        issue(
          'PAYPAL_WEBHOOK_ID',
          "is required with PAYPAL_CLIENT_SECRET: the id PayPal gave the webhook registered for this site's /webhooks/paypal",
        );
    }
  },
  read: (env, { isProduction }, source) => ({
    /** What a licence costs and which payment methods are on (see pricing/pricing.service). */
    pricing: {
      priceEur: Number(env.PRICE_EUR).toFixed(2),
      /** The price per currency (two decimals), from PRICE_EUR, PRICE_EGP and any PRICE_<CODE>. */
      prices: pricesFrom(source, env),
      licenceDays: env.LICENCE_DAYS === 'lifetime' ? null : Number(env.LICENCE_DAYS),
      methods: urlList(env.PAYMENT_METHODS),
      coins: urlList(env.CRYPTO_COINS).map((pair) => {
        const [code = '', name = ''] = pair.split(':');
        return { code: code.toUpperCase(), name: name.trim() };
      }),
      paypalClientId: env.PAYPAL_CLIENT_ID ?? 'sb',
      ibostoreUrl: env.IBOSTORE_URL,
      maxPendingPerHour: env.PAYMENT_MAX_PENDING_PER_HOUR,
      /** Whether methods with no credentials run against the sandbox stand-ins (never by default in production). */
      sandboxAllowed: env.PAYMENT_SANDBOX ?? !isProduction,
    },
    /** Reconciliation: asking the providers about checkouts whose callback never came (payment-reconciler.ts). */
    reconciliation: {
      afterMinutes: env.PAYMENT_RECONCILE_AFTER_MINUTES,
      /** 0: no schedule (`npm run device -- reconcile` still asks). */
      intervalMs: env.PAYMENT_RECONCILE_INTERVAL_SECONDS * 1000,
      giveUpHours: env.PAYMENT_RECONCILE_GIVE_UP_HOURS,
    },
    /** Payment providers; a provider without credentials uses the local stand-in (sandbox). */
    providers: {
      paypal: {
        apiUrl: env.PAYPAL_API_URL,
        sdkUrl: env.PAYPAL_SDK_URL,
        clientSecret: env.PAYPAL_CLIENT_SECRET,
        webhookId: env.PAYPAL_WEBHOOK_ID,
        currency: env.PAYPAL_CURRENCY,
      },
      crypto: {
        apiUrl: env.CRYPTO_API_URL,
        apiKey: env.CRYPTO_API_KEY,
        ipnSecret: env.CRYPTO_IPN_SECRET,
        email: env.CRYPTO_EMAIL,
        password: env.CRYPTO_PASSWORD,
        currency: env.CRYPTO_CURRENCY,
      },
      cowpay: {
        apiUrl: env.COWPAY_API_URL,
        currency: env.COWPAY_CURRENCY,
        merchantCode: env.COWPAY_MERCHANT_CODE,
        hashKey: env.COWPAY_HASH_KEY,
        apiToken: env.COWPAY_API_TOKEN,
        frameCode: env.COWPAY_FRAME_CODE,
        /** Cowpay's iframe plugin script, which shows the card frame on the /cowpay/checkout page. */
        pluginUrl: env.COWPAY_IFRAME_PLUGIN_URL ?? `${env.COWPAY_API_URL}/js/plugins/CCIframePlugin.js`,
      },
      opay: opayAccount(env, 'OPAY'),
      opay1: opayAccount(env, 'OPAY1'),
    },
  }),
});
