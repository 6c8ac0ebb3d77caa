import { z } from 'zod';
import { bool, ConfigError, httpsUrl, positiveInt, secret, settingsSection, urlList } from '../common/settings';
import { amountIn, currencyDigits } from './currency';
import { PAYPAL_CURRENCIES, PAYPAL_WHOLE_AMOUNTS } from './providers/paypal-currencies';

/**
 * A licence's price in one currency: 8.99, 499, 499.00, 1500 or 4.500. How many decimals it may have is the
 * currency's (ISO 4217), checked with the currency in pricesFrom.
 */
const priceAmount = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,4})?$/, 'must be an amount such as 8.99')
  .refine((value) => Number(value) > 0, 'must be above 0');
/** An ISO 4217 currency code: what a payment method charges in. */
const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR or EGP')
  .refine((code) => currencyDigits(code) !== null, 'must be an ISO 4217 currency code such as EUR or EGP');

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
  // Only what PayPal lists (providers/paypal-currencies.ts, from PayPal's "Currency codes" page).
  PAYPAL_CURRENCY: z
    .enum(PAYPAL_CURRENCIES, {
      error: `must be one of the currencies PayPal takes (developer.paypal.com/api/rest/reference/currency-codes): ${PAYPAL_CURRENCIES.join(', ')}`,
    })
    .default('EUR'),
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
  // No longer read: the card frame is Cowpay's own page under COWPAY_API_URL (refused when set, see check).
  COWPAY_IFRAME_PLUGIN_URL: z.string().optional(),
  // Unset: OPay's live host for OPAY_COUNTRY (see opayApiUrl).
  OPAY_API_URL: httpsUrl.optional(),
  OPAY_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .default('EG'),
  OPAY_CALLBACK_MAX_AGE_SECONDS: positiveInt.max(86_400).default(600),
  OPAY_MERCHANT_ID: secret.optional(),
  OPAY_PUBLIC_KEY: secret.optional(),
  OPAY_SECRET_KEY: secret.optional(),
  OPAY1_MERCHANT_ID: secret.optional(),
  OPAY1_PUBLIC_KEY: secret.optional(),
  OPAY1_SECRET_KEY: secret.optional(),
  PAYMENT_SANDBOX: bool.optional(),
  // Production with providers' sandbox hosts: the operator says the payments taken are tests (see PROVIDER_URLS).
  PAYMENTS_ARE_TESTS: bool.default(false),
  // The external store's activation page. No default: without it, ibostore is not offered (a placeholder host
  // would send owners to a page that does not exist).
  IBOSTORE_URL: z
    .string()
    .regex(/^https:\/\/\S*\{mac\}\S*$/, 'must be an https:// URL with {mac} where the MAC address goes')
    .optional(),
  PAYMENT_MAX_PENDING_PER_HOUR: positiveInt.max(1000).default(10),
  WEBHOOK_REFUSALS_PER_IP_PER_HOUR: positiveInt.max(100_000).default(20),
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

/** The variables that say where a provider's API (or script) is: what production checks. */
const PROVIDER_URLS = ['PAYPAL_API_URL', 'PAYPAL_SDK_URL', 'CRYPTO_API_URL', 'COWPAY_API_URL', 'OPAY_API_URL'] as const;

/**
 * The providers' test hosts, as each publishes them: PayPal's sandbox (api-m.sandbox.paypal.com, and every host
 * under sandbox.paypal.com: developer.paypal.com, "Sandbox testing guide"); NOWPayments' sandbox
 * (api-sandbox.nowpayments.io: its "Sandbox" docs); Cowpay's staging (staging.cowpay.me: its API docs);
 * OPay's sandboxes (sandboxapi / testapi.opaycheckout.com: see OPAY_HOSTS below).
 */
const SANDBOX_HOSTS = [
  /(^|\.)sandbox\.paypal\.com$/,
  /^(api-)?sandbox\.nowpayments\.io$/,
  /^staging\.cowpay\.me$/,
  /^(sandboxapi|testapi|sandboxcashier)\.opaycheckout\.com$/,
];

/** Hosts no provider can be at: this machine, a private network, a link-local or local-only name. */
const NON_PUBLIC_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[.*\])$/;

/**
 * Why a provider URL cannot take real money, or null when it can: not https, not a public host, or a provider's
 * sandbox or staging host.
 */
export function notLive(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null; // Its own schema names a malformed URL.
  }
  const host = parsed.hostname.toLowerCase();
  if (SANDBOX_HOSTS.some((pattern) => pattern.test(host))) return `${host} is a provider's sandbox (test) host`;
  if (NON_PUBLIC_HOST.test(host)) return `${host} is not a public host`;
  if (parsed.protocol !== 'https:') return `${host} is not reached over https`;
  return null;
}

/** How a price must be written in a currency, for the message that refuses one. */
function priceRule(currency: string, digits: number): string {
  return digits === 0
    ? `must be a whole amount in ${currency}, which has no decimals (ISO 4217), such as 1500`
    : `must be an amount in ${currency} with at most ${digits} decimals (ISO 4217), such as 10.${'5'.padEnd(digits, '0')}`;
}

/**
 * Each payment method charges in its account's currency at that currency's configured price: PRICE_EUR and
 * PRICE_EGP have defaults, any other currency a method is set to needs its PRICE_<CODE>. A method without a
 * price for its currency is a configuration error, not a checkout refused later. Each price is written with its
 * currency's decimals (ISO 4217: 1500 JPY, 8.99 EUR, 4.500 KWD); a price with more decimals than its currency has
 * is refused, and so is a price with decimals for a currency PayPal takes whole (HUF, JPY, TWD) when PayPal
 * charges in it.
 */
function pricesFrom(source: NodeJS.ProcessEnv, env: PaymentsEnv): Record<string, string> {
  const given: Record<string, string> = { EUR: env.PRICE_EUR, EGP: env.PRICE_EGP };
  const problems: string[] = [];
  for (const [name, value] of Object.entries(source)) {
    const code = PRICE_SETTING.exec(name)?.[1];
    if (!code || code === 'EUR' || code === 'EGP' || value === undefined) continue;
    const checked = priceAmount.safeParse(value);
    if (checked.success) given[code] = checked.data;
    else problems.push(`  ${name} must be an amount such as 8.99 (got "${value.slice(0, 20)}")`);
  }
  const prices: Record<string, string> = {};
  for (const [code, value] of Object.entries(given)) {
    const digits = currencyDigits(code);
    if (digits === null) {
      problems.push(`  PRICE_${code} names no ISO 4217 currency: ${code} is not one`);
      continue;
    }
    const exact = amountIn(value, code);
    if (exact === null) problems.push(`  PRICE_${code} ${priceRule(code, digits)} (got "${value}")`);
    else prices[code] = exact;
  }
  for (const name of ['PAYPAL_CURRENCY', 'CRYPTO_CURRENCY', 'COWPAY_CURRENCY', 'OPAY_CURRENCY'] as const) {
    if (!given[env[name]]) problems.push(`  ${name} is ${env[name]}, but PRICE_${env[name]} is not set`);
  }
  // PayPal refuses decimals in HUF, JPY and TWD (DECIMALS_NOT_SUPPORTED), though ISO 4217 gives HUF and TWD two.
  const paypal = env.PAYPAL_CURRENCY;
  const paypalPrice = prices[paypal];
  if (
    urlList(env.PAYMENT_METHODS).includes('paypal') &&
    PAYPAL_WHOLE_AMOUNTS.has(paypal) &&
    paypalPrice !== undefined &&
    /\.\d*[1-9]/.test(paypalPrice)
  ) {
    problems.push(
      `  PRICE_${paypal} must be a whole amount: PayPal takes ${paypal} without decimals (PAYPAL_CURRENCY is ${paypal}; got "${given[paypal]}")`,
    );
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return prices;
}

/**
 * OPay's hosts per country, as OPay publishes them: its Egypt pages (doc.opaycheckout.com, e.g. "Create Payments
 * Using OPay Cashier" and "COD Payment API") name api.opaycheckout.com live and sandboxapi.opaycheckout.com for the
 * sandbox; its Nigeria pages (documentation.opaycheckout.com) liveapi.opaycheckout.com and testapi.opaycheckout.com.
 * OPay's Flutter SDK picks them the same way (opay_online_flutter_sdk, lib/src/http/http_manager.dart: "EG" → api /
 * sandboxapi, any other country → liveapi / testapi).
 */
const OPAY_HOSTS = {
  EG: { live: 'https://api.opaycheckout.com', sandbox: 'https://sandboxapi.opaycheckout.com' },
  other: { live: 'https://liveapi.opaycheckout.com', sandbox: 'https://testapi.opaycheckout.com' },
} as const;

/** OPAY_API_URL, or OPay's live host for the accounts' country. */
function opayApiUrl(env: PaymentsEnv): string {
  return env.OPAY_API_URL ?? (env.OPAY_COUNTRY === 'EG' ? OPAY_HOSTS.EG : OPAY_HOSTS.other).live;
}

/** One OPay account (OPay and OPay 1 share the API, country and currency). */
function opayAccount(env: PaymentsEnv, prefix: 'OPAY' | 'OPAY1') {
  return {
    apiUrl: opayApiUrl(env),
    /** How old a signed-headers callback's RequestTimestamp may be. */
    callbackMaxAgeMs: env.OPAY_CALLBACK_MAX_AGE_SECONDS * 1000,
    country: env.OPAY_COUNTRY,
    currency: env.OPAY_CURRENCY,
    merchantId: env[`${prefix}_MERCHANT_ID`],
    publicKey: env[`${prefix}_PUBLIC_KEY`],
    secretKey: env[`${prefix}_SECRET_KEY`],
  };
}

/**
 * What a licence costs, which methods are on, and each provider's account (docs/configuration.md, "Pricing and
 * payments"). A provider without credentials runs against this site's sandbox stand-in.
 */
export const paymentSettings = settingsSection({
  shape,
  check(env, mode, issue) {
    if (env.COWPAY_IFRAME_PLUGIN_URL !== undefined) {
      issue(
        'COWPAY_IFRAME_PLUGIN_URL',
        "is no longer read: the card frame is Cowpay's own page, {COWPAY_API_URL}/api/v1/iframe/load/{token}, as Cowpay's plugin loads it (unset it)",
      );
    }
    // Every method without credentials would run on a local stand-in whose Pay button takes no money.
    if (mode === 'production' && env.PAYMENT_SANDBOX === true) {
      issue(
        'PAYMENT_SANDBOX',
        'must not be true when NODE_ENV=production: methods without credentials would run on local stand-ins that take no money (unset it, or set it to false)',
      );
    }
    // Production takes real money: a provider's sandbox, or a URL that is not a public https one, would activate
    // devices with test payments, unless the operator says these payments are tests.
    if (mode === 'production' && !env.PAYMENTS_ARE_TESTS) {
      for (const name of PROVIDER_URLS) {
        const why = env[name] === undefined ? null : notLive(env[name]);
        if (why) {
          issue(
            name,
            `points at ${why}: production takes real payments (use the provider's live host, or set PAYMENTS_ARE_TESTS=true if the payments taken here are tests)`,
          );
        }
      }
    }
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
      priceEur: amountIn(env.PRICE_EUR, 'EUR') ?? env.PRICE_EUR,
      /** The price per currency, in its decimals (ISO 4217), from PRICE_EUR, PRICE_EGP and any PRICE_<CODE>. */
      prices: pricesFrom(source, env),
      licenceDays: env.LICENCE_DAYS === 'lifetime' ? null : Number(env.LICENCE_DAYS),
      methods: urlList(env.PAYMENT_METHODS),
      coins: urlList(env.CRYPTO_COINS).map((pair) => {
        const [code = '', name = ''] = pair.split(':');
        return { code: code.toUpperCase(), name: name.trim() };
      }),
      paypalClientId: env.PAYPAL_CLIENT_ID ?? 'sb',
      /** The external store's activation page; null when IBOSTORE_URL is unset (ibostore is then not offered). */
      ibostoreUrl: env.IBOSTORE_URL ?? null,
      maxPendingPerHour: env.PAYMENT_MAX_PENDING_PER_HOUR,
      /** Webhook deliveries refused as not the provider's that one address may make in an hour. */
      webhookRefusalsPerIpPerHour: env.WEBHOOK_REFUSALS_PER_IP_PER_HOUR,
      /** Whether methods with no credentials run against the sandbox stand-ins (never in production). */
      sandboxAllowed: !isProduction && (env.PAYMENT_SANDBOX ?? true),
      /** PAYMENTS_ARE_TESTS: the providers' accounts are test ones; every payment page says "test payment". */
      testPayments: env.PAYMENTS_ARE_TESTS,
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
        /**
         * Cowpay's card frame for an iframe token, without the token: the page Cowpay's own plugin loads,
         * `{host}/api/v1/iframe/load/{token}` (github.com/cowpay-me/woocommerce, class-woo-cowpay-api.php).
         */
        frameUrl: `${env.COWPAY_API_URL}/api/v1/iframe/load/`,
      },
      opay: opayAccount(env, 'OPAY'),
      opay1: opayAccount(env, 'OPAY1'),
    },
  }),
});
