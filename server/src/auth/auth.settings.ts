import { z } from 'zod';
import { bool, positiveInt, settingsSection } from '../common/settings';

/** Sessions, sign-in, captchas, TV tokens and the trial (docs/configuration.md, "Sessions and sign-in"). */
export const authSettings = settingsSection({
  shape: {
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_IDLE_MINUTES: positiveInt.default(30),
    SESSION_ABSOLUTE_HOURS: positiveInt.default(12),
    SERVED_OVER_HTTPS: bool.optional(),
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
    // A TV's link code: how long it lives, and the wait between the TV's polls it is first given (RFC 8628).
    TV_LINK_TTL_SECONDS: positiveInt.max(3600, 'must be at most 3600').default(900),
    TV_LINK_INTERVAL_SECONDS: positiveInt.max(60, 'must be at most 60').default(5),
    // The oldest TV app version still supported (appConfig.minimumAppVersion): dotted numbers, e.g. 2.4.0.
    MIN_APP_VERSION: z
      .string()
      .regex(/^\d+(\.\d+){0,3}$/, 'must be a version of dotted numbers, e.g. 2.4.0')
      .optional(),
  },
  check(env, mode, issue) {
    if (mode === 'production' && env.CAPTCHA_TEST_ANSWER)
      issue('CAPTCHA_TEST_ANSWER', 'is for tests only and must not be set when NODE_ENV=production');
    // The cost of hashing device keys and PINs (server/src/common/secrets.ts) is lowered only for test runs.
    if (mode !== 'test' && env.SCRYPT_TEST_COST !== undefined)
      issue('SCRYPT_TEST_COST', 'is for tests only and must not be set unless NODE_ENV=test');
    if (mode === 'production' && !env.SESSION_SECRET) issue('SESSION_SECRET', 'is required when NODE_ENV=production');
  },
  read: (env, { isProduction }) => ({
    /** Undefined outside production when unset: the server then keeps a generated one in DATA_DIR. */
    sessionSecret: env.SESSION_SECRET,
    /** Public traffic arrives over HTTPS: Secure `__Host-` session cookie, HSTS, upgrade-insecure-requests. */
    servedOverHttps: env.SERVED_OVER_HTTPS ?? isProduction,
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    trialDays: env.TRIAL_DAYS,
    captchaTtlMs: env.CAPTCHA_TTL_SECONDS * 1000,
    captchaTestAnswer: env.CAPTCHA_TEST_ANSWER,
    loginLimits: {
      perMac: env.LOGIN_MAX_FAILURES_PER_MAC,
      perIp: env.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
    },
    registerMaxPerIpPerHour: env.REGISTER_MAX_PER_IP_PER_HOUR,
    /** A TV token unused for this many days has expired (its last use is written at most once a day). */
    deviceTokenIdleDays: env.DEVICE_TOKEN_IDLE_DAYS,
    /** A TV's link code lives this long; the TV first polls this often (docs/tv-api.md, step 6). */
    tvLink: { ttlSeconds: env.TV_LINK_TTL_SECONDS, intervalSeconds: env.TV_LINK_INTERVAL_SECONDS },
    /** The oldest TV app version still supported; undefined when any is. */
    minimumAppVersion: env.MIN_APP_VERSION,
  }),
});
