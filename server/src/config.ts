import { z } from 'zod';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../../common/site';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// The type's message is for a value that is not a number at all: a check's own issue (.max() without a message,
// say) keeps zod's wording of that limit, in words, rather than falling back to "must be a whole number".
const positiveInt = z.coerce
  .number({
    // zod types this as the type's own issue, but hands it the checks' issues that have no message too.
    error: (issue) => {
      const { code, maximum } = issue as { code: string; maximum?: unknown };
      if (code === 'too_big') return `must be at most ${String(maximum)}`;
      return code === 'too_small' ? 'must be above 0' : 'must be a whole number';
    },
  })
  .int('must be a whole number')
  .positive('must be above 0');

function urlList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Every setting the server reads, with its default. docs/configuration.md mirrors this list.
 * Values come from the environment; a bad one stops the start with a message naming it.
 */
/** A provider credential: printable, no spaces, never logged. */
const secret = z.string().regex(/^[\x21-\x7e]{4,300}$/, 'must be 4 to 300 printable characters without spaces');
/** A licence's price in one currency: 8.99, 499 or 499.00. */
const priceAmount = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount such as 8.99')
  .refine((value) => Number(value) > 0, 'must be above 0');
/** An ISO 4217 currency code: what a payment method charges in. */
const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR or EGP');
/** Providers' API bases: https, or http only for a local stand-in (tests and development). */
const httpsUrl = z
  .string()
  .regex(/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?)[^\s]*$/, 'must be an https:// URL')
  .transform((url) => url.replace(/\/$/, ''));

/** Credentials that only make sense together (the first names the provider). */
const PROVIDER_CREDENTIALS = [
  ['PAYPAL_CLIENT_SECRET'],
  ['CRYPTO_API_KEY', 'CRYPTO_IPN_SECRET'],
  ['COWPAY_MERCHANT_CODE', 'COWPAY_HASH_KEY', 'COWPAY_API_TOKEN'],
  ['OPAY_MERCHANT_ID', 'OPAY_PUBLIC_KEY', 'OPAY_SECRET_KEY'],
  ['OPAY1_MERCHANT_ID', 'OPAY1_PUBLIC_KEY', 'OPAY1_SECRET_KEY'],
] as const;

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int()
      .min(0)
      .max(65535, 'must be a port number')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    DATA_DIR: z.string().min(1).default('./data'),
    DB_POOL_SIZE: positiveInt.max(100, 'must be at most 100').default(10),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_IDLE_MINUTES: positiveInt.default(30),
    SESSION_ABSOLUTE_HOURS: positiveInt.default(12),
    SERVED_OVER_HTTPS: bool.optional(),
    TRUST_PROXY: z.string().default('false'),
    ALLOWED_ORIGINS: z.string().default(''),
    TRIAL_DAYS: positiveInt.default(7),
    CAPTCHA_TTL_SECONDS: positiveInt.default(300),
    CAPTCHA_TEST_ANSWER: z
      .string()
      .regex(/^[A-Za-z0-9]{1,12}$/, 'must be 1 to 12 letters or digits')
      .optional(),
    SCRYPT_TEST_COST: z.coerce
      .number({ error: 'must be a power of two from 2 to 16384' })
      .int('must be a power of two from 2 to 16384')
      .min(2, 'must be a power of two from 2 to 16384')
      .max(16384, 'must be a power of two from 2 to 16384')
      .refine((n) => (n & (n - 1)) === 0, 'must be a power of two from 2 to 16384')
      .optional(),
    LOGIN_MAX_FAILURES_PER_MAC: positiveInt.default(5),
    LOGIN_MAX_FAILURES_PER_IP: positiveInt.default(30),
    LOGIN_WINDOW_MINUTES: positiveInt.default(15),
    REGISTER_MAX_PER_IP_PER_HOUR: positiveInt.default(20),
    DEVICE_TOKEN_IDLE_DAYS: positiveInt.max(3650, 'must be at most 3650').default(90),
    GRAPHQL_INTROSPECTION: bool.optional(),
    // Limits on one GraphQL document (see graphql/limits.ts for what the portal's own operations measure).
    GRAPHQL_MAX_DEPTH: positiveInt.max(100, 'must be at most 100').default(10),
    GRAPHQL_MAX_ALIASES: positiveInt.max(1000, 'must be at most 1000').default(15),
    GRAPHQL_MAX_TOKENS: positiveInt.max(100_000, 'must be at most 100000').default(1000),
    GRAPHQL_MAX_COST: positiveInt.max(1_000_000, 'must be at most 1000000').default(2000),
    BRAND_NAME: z.string().trim().min(1).max(60).default(DEFAULT_SITE_CONFIG.productName),
    CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(DEFAULT_SITE_CONFIG.contactEmail),
    CONTACT_PHONE: z.string().trim().max(40).default(DEFAULT_SITE_CONFIG.contactPhone),
    // The oldest TV app version still supported (appConfig.minimumAppVersion): dotted numbers, e.g. 2.4.0.
    MIN_APP_VERSION: z
      .string()
      .regex(/^\d+(\.\d+){0,3}$/, 'must be a version of dotted numbers, e.g. 2.4.0')
      .optional(),
    CHAT_NUMBER: z
      .string()
      .regex(/^\d{6,15}$/, 'must be the messaging number in digits with its country code, e.g. 201000000000')
      .default(DEFAULT_SITE_CONFIG.chatNumber),
    LIVE_CHAT_SCRIPT_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
    LIVE_CHAT_ORIGINS: z
      .string()
      .default('')
      .refine(
        (value) => urlList(value).every((origin) => /^(https|wss):\/\/[^/]+$/.test(origin)),
        'must be a comma-separated list of https:// or wss:// origins, such as wss://chat.example.com',
      ),
    INTRO_VIDEO_ID: z
      .string()
      .regex(/^[A-Za-z0-9_-]{6,20}$/, 'must be a video id (letters, digits, - and _)')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.com:465')
      .optional(),
    SMTP_FROM: z.string().min(3).optional(),
    CONTACT_TO: z.email({ error: 'must be an e-mail address' }).optional(),
    CONTACT_MAX_PER_IP_PER_HOUR: positiveInt.default(10),
    PLAYLIST_MAX_PER_DEVICE: positiveInt.max(100_000, 'must be at most 100000').default(1000),
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
    PLAYLIST_CHECK_TIMEOUT_SECONDS: positiveInt.max(120, 'must be at most 120').default(15),
    PLAYLIST_CHECK_MAX_MB: positiveInt.max(1024, 'must be at most 1024').default(200),
    PLAYLIST_CHECK_USER_AGENT: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .default('M3UPlayer-Check/1.0 (like a smart-TV player)'),
    PLAYLIST_CHECK_ALLOW: z.string().default(''),
    PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: positiveInt.max(10_000).default(30),
    PLAYLIST_CHECK_CONCURRENCY: positiveInt.max(100).default(4),
    PLAYLIST_CHECK_CACHE_SECONDS: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(3600, 'must be at most 3600')
      .default(120),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.CAPTCHA_TEST_ANSWER) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_TEST_ANSWER'],
        message: 'is for tests only and must not be set when NODE_ENV=production',
      });
    }
    // The cost of hashing device keys and PINs (server/src/common/secrets.ts) is lowered only for test runs.
    if (env.NODE_ENV !== 'test' && env.SCRYPT_TEST_COST !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SCRYPT_TEST_COST'],
        message: 'is for tests only and must not be set unless NODE_ENV=test',
      });
    }
    for (const [id, ...rest] of PROVIDER_CREDENTIALS) {
      const given = [id, ...rest].filter((name) => env[name] !== undefined);
      if (given.length && given.length !== rest.length + 1) {
        ctx.addIssue({
          code: 'custom',
          path: [[id, ...rest].find((name) => env[name] === undefined) ?? id],
          message: `is needed with ${given.join(', ')} (set all of ${[id, ...rest].join(', ')} or none)`,
        });
      }
    }
    // Real PayPal credentials: the app's own client id (PayPal's 'sb' placeholder is for its sandbox buttons
    // only), and the id of the webhook registered for this site, without which no webhook can be verified.
    if (env.PAYPAL_CLIENT_SECRET !== undefined) {
      if (env.PAYPAL_CLIENT_ID === undefined || env.PAYPAL_CLIENT_ID === 'sb') {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYPAL_CLIENT_ID'],
          message: "is required with PAYPAL_CLIENT_SECRET: the REST app's client id, not the sandbox placeholder sb",
        });
      }
      if (!env.PAYPAL_WEBHOOK_ID.trim()) {
        ctx.addIssue({
          code: 'custom',
          path: ['PAYPAL_WEBHOOK_ID'],
          message:
            "is required with PAYPAL_CLIENT_SECRET: the id PayPal gave the webhook registered for this site's /webhooks/paypal",
        });
      }
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
  });

export type Env = z.input<typeof envSchema>;

/**
 * The name of every variable the server reads, as docs/configuration.md lists them (config.docs.test.ts holds the
 * two together), besides PRICE_<CODE> for any further currency (pricesFrom).
 */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);
/** PRICE_<CODE>: the price in one more currency, read by pricesFrom. */
export const PRICE_SETTING = /^PRICE_([A-Z]{3})$/;

export interface ProviderSettings {
  /** Unset credentials: the provider runs against this site's sandbox stand-in. */
  sandbox: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** The oldest TV app version still supported; undefined when any is. */
  minimumAppVersion: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  logLevel: string;
  /** Undefined outside production when unset: the server then keeps a generated one in DATA_DIR. */
  sessionSecret: string | undefined;
  /** Public traffic arrives over HTTPS: Secure `__Host-` session cookie, HSTS, upgrade-insecure-requests. On in production by default. */
  servedOverHttps: boolean;
  /** Further origins the live-chat widget loads from or connects to, allowed by the pages' CSP. */
  liveChatOrigins: string[];
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  trustProxy: boolean | number | string;
  allowedOrigins: string[];
  trialDays: number;
  captchaTtlMs: number;
  captchaTestAnswer: string | undefined;
  loginLimits: { perMac: number; perIp: number; windowMs: number };
  registerMaxPerIpPerHour: number;
  /** A TV token unused for this many days has expired (its last use is written at most once a day). */
  deviceTokenIdleDays: number;
  graphqlIntrospection: boolean;
  /** What one GraphQL document may ask for; anything over is refused before it runs (graphql/limits.ts). */
  graphqlLimits: GraphQLLimits;
  /** Brand and contact values shown by the site (sent to the browser: nothing secret here). */
  site: SiteConfig;
  /** Forwarding of contact messages; `smtpUrl` undefined means they are only stored. */
  contact: { smtpUrl: string | undefined; from: string; to: string; maxPerIpPerHour: number };
  playlistMaxPerDevice: number;
  /** What a licence costs and which payment methods are on (see pricing/pricing.service). */
  pricing: {
    priceEur: string;
    /** The price per currency (two decimals), from PRICE_EUR, PRICE_EGP and any PRICE_<CODE>. */
    prices: Record<string, string>;
    licenceDays: number | null;
    methods: string[];
    coins: { code: string; name: string }[];
    paypalClientId: string;
    ibostoreUrl: string;
    maxPendingPerHour: number;
    /** Whether methods with no credentials run against the sandbox stand-ins (never by default in production). */
    sandboxAllowed: boolean;
  };
  /** The playlist check's fetcher and limits (see playlist-check/). */
  playlistCheck: {
    timeoutMs: number;
    maxBytes: number;
    userAgent: string;
    /** Internal hosts, addresses or CIDRs the check may fetch anyway (tests, private deployments). */
    allow: string[];
    perDevicePerHour: number;
    concurrency: number;
    cacheMs: number;
  };
  /** Payment providers; a provider without credentials uses the local stand-in (sandbox). */
  providers: {
    paypal: { apiUrl: string; sdkUrl: string; clientSecret: string | undefined; webhookId: string; currency: string };
    crypto: { apiUrl: string; apiKey: string | undefined; ipnSecret: string | undefined; currency: string };
    cowpay: {
      apiUrl: string;
      currency: string;
      merchantCode: string | undefined;
      hashKey: string | undefined;
      apiToken: string | undefined;
      frameCode: string;
      /** Cowpay's iframe plugin script, which shows the card frame on the /cowpay/checkout page. */
      pluginUrl: string;
    };
    opay: OpayAccount;
    opay1: OpayAccount;
  };
}

export interface GraphQLLimits {
  /** Nesting of fields (fragments do not add a level). */
  maxDepth: number;
  /** Aliased fields in one operation. */
  maxAliases: number;
  /** Lexical tokens in the document (checked while parsing, so a huge document is not even parsed). */
  maxTokens: number;
  /** graphql-armor's static cost: 1 per scalar field, 2 per object field, times 1.5 per level of nesting. */
  maxCost: number;
}

export interface OpayAccount {
  apiUrl: string;
  country: string;
  currency: string;
  merchantId: string | undefined;
  publicKey: string | undefined;
  secretKey: string | undefined;
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // a subnet list such as "loopback, 10.0.0.0/8", as Express understands it
}

// Variables whose values are secrets: an error names them but never prints what they hold.
const SECRET_NAME = /SECRET|PASSWORD|_KEY$|_TOKEN$/;

/**
 * What a configuration error shows of a bad value: enough to recognise a typo, nothing of a secret. Errors go to
 * the terminal and the orchestrator's logs, where a key or a database password must not end up.
 */
function shownValue(name: string, raw: string | undefined): string {
  if (raw === undefined) return '';
  if (SECRET_NAME.test(name)) return ` (got ${raw.length} character${raw.length === 1 ? '' : 's'}, not shown)`;
  let value = raw;
  try {
    const url = new URL(raw);
    if (url.password) {
      url.password = '***';
      value = url.toString();
    }
  } catch {
    // Not a URL: nothing in it to hide.
  }
  return ` (got "${value.length > 60 ? `${value.slice(0, 60)}…` : value}")`;
}

/** Reads and validates the whole configuration. Throws ConfigError naming every bad variable. */
/**
 * Each payment method charges in its account's currency at that currency's configured price: PRICE_EUR and
 * PRICE_EGP have defaults, any other currency a method is set to needs its PRICE_<CODE>. A method without a
 * price for its currency is a configuration error, not a checkout refused later.
 */
function pricesFrom(source: NodeJS.ProcessEnv, env: z.infer<typeof envSchema>): Record<string, string> {
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

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name} ${issue.message}${shownValue(name, source[name])}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const prices = pricesFrom(source, env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  // In development the Vite dev server (npm run dev) serves the pages from port 5173.
  const devOrigins = env.NODE_ENV === 'development' ? ['http://localhost:5173'] : [];
  const allowedOrigins = [...new Set([new URL(publicUrl).origin, ...devOrigins, ...urlList(env.ALLOWED_ORIGINS)])];
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(
        `Invalid configuration:\n  ALLOWED_ORIGINS has "${origin}", which is not an origin such as https://example.com`,
      );
    }
  }
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    minimumAppVersion: env.MIN_APP_VERSION,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    dbPoolSize: env.DB_POOL_SIZE,
    logLevel: env.LOG_LEVEL,
    sessionSecret: env.SESSION_SECRET,
    servedOverHttps: env.SERVED_OVER_HTTPS ?? env.NODE_ENV === 'production',
    liveChatOrigins: urlList(env.LIVE_CHAT_ORIGINS),
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowedOrigins,
    trialDays: env.TRIAL_DAYS,
    captchaTtlMs: env.CAPTCHA_TTL_SECONDS * 1000,
    captchaTestAnswer: env.CAPTCHA_TEST_ANSWER,
    loginLimits: {
      perMac: env.LOGIN_MAX_FAILURES_PER_MAC,
      perIp: env.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
    },
    registerMaxPerIpPerHour: env.REGISTER_MAX_PER_IP_PER_HOUR,
    deviceTokenIdleDays: env.DEVICE_TOKEN_IDLE_DAYS,
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION ?? env.NODE_ENV !== 'production',
    graphqlLimits: {
      maxDepth: env.GRAPHQL_MAX_DEPTH,
      maxAliases: env.GRAPHQL_MAX_ALIASES,
      maxTokens: env.GRAPHQL_MAX_TOKENS,
      maxCost: env.GRAPHQL_MAX_COST,
    },
    site: {
      productName: env.BRAND_NAME,
      contactEmail: env.CONTACT_EMAIL,
      contactPhone: env.CONTACT_PHONE,
      chatNumber: env.CHAT_NUMBER,
      liveChatScriptUrl: env.LIVE_CHAT_SCRIPT_URL ?? '',
      introVideoId: env.INTRO_VIDEO_ID ?? '',
    },
    contact: {
      smtpUrl: env.SMTP_URL,
      from: env.SMTP_FROM ?? `${env.BRAND_NAME} website <no-reply@${new URL(publicUrl).hostname}>`,
      to: env.CONTACT_TO ?? env.CONTACT_EMAIL,
      maxPerIpPerHour: env.CONTACT_MAX_PER_IP_PER_HOUR,
    },
    playlistMaxPerDevice: env.PLAYLIST_MAX_PER_DEVICE,
    pricing: {
      priceEur: Number(env.PRICE_EUR).toFixed(2),
      prices,
      licenceDays: env.LICENCE_DAYS === 'lifetime' ? null : Number(env.LICENCE_DAYS),
      methods: urlList(env.PAYMENT_METHODS),
      coins: urlList(env.CRYPTO_COINS).map((pair) => {
        const [code = '', name = ''] = pair.split(':');
        return { code: code.toUpperCase(), name: name.trim() };
      }),
      paypalClientId: env.PAYPAL_CLIENT_ID ?? 'sb',
      ibostoreUrl: env.IBOSTORE_URL,
      maxPendingPerHour: env.PAYMENT_MAX_PENDING_PER_HOUR,
      sandboxAllowed: env.PAYMENT_SANDBOX ?? env.NODE_ENV !== 'production',
    },
    playlistCheck: {
      timeoutMs: env.PLAYLIST_CHECK_TIMEOUT_SECONDS * 1000,
      maxBytes: env.PLAYLIST_CHECK_MAX_MB * 1024 * 1024,
      userAgent: env.PLAYLIST_CHECK_USER_AGENT,
      allow: urlList(env.PLAYLIST_CHECK_ALLOW),
      perDevicePerHour: env.PLAYLIST_CHECK_PER_DEVICE_PER_HOUR,
      concurrency: env.PLAYLIST_CHECK_CONCURRENCY,
      cacheMs: env.PLAYLIST_CHECK_CACHE_SECONDS * 1000,
    },
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
        currency: env.CRYPTO_CURRENCY,
      },
      cowpay: {
        apiUrl: env.COWPAY_API_URL,
        currency: env.COWPAY_CURRENCY,
        merchantCode: env.COWPAY_MERCHANT_CODE,
        hashKey: env.COWPAY_HASH_KEY,
        apiToken: env.COWPAY_API_TOKEN,
        frameCode: env.COWPAY_FRAME_CODE,
        pluginUrl: env.COWPAY_IFRAME_PLUGIN_URL ?? `${env.COWPAY_API_URL}/js/plugins/CCIframePlugin.js`,
      },
      opay: {
        apiUrl: env.OPAY_API_URL,
        country: env.OPAY_COUNTRY,
        currency: env.OPAY_CURRENCY,
        merchantId: env.OPAY_MERCHANT_ID,
        publicKey: env.OPAY_PUBLIC_KEY,
        secretKey: env.OPAY_SECRET_KEY,
      },
      opay1: {
        apiUrl: env.OPAY_API_URL,
        country: env.OPAY_COUNTRY,
        currency: env.OPAY_CURRENCY,
        merchantId: env.OPAY1_MERCHANT_ID,
        publicKey: env.OPAY1_PUBLIC_KEY,
        secretKey: env.OPAY1_SECRET_KEY,
      },
    },
  };
}
