import { z } from 'zod';
import { authSettings } from './auth/auth.settings';
import { contactSettings } from './contact/contact.settings';
import { bool, ConfigError, positiveInt, urlList, type SettingIssue, type SettingsContext } from './common/settings';
import { graphqlSettings } from './graphql/graphql.settings';
import { readSite, siteShape } from './http/site.settings';
import { maintenanceSettings } from './maintenance/maintenance.settings';
import { metricsSettings } from './metrics/metrics.settings';
import { paymentSettings } from './payments/payment.settings';
import { playlistSettings } from './playlist-check/playlist-check.settings';

export { ConfigError };

/**
 * Every setting the server reads, with its default. Values come from the environment; a bad one stops the start
 * with a message naming it. Each section's variables are written next to the code that uses them
 * (`<domain>/<domain>.settings.ts`), once: their zod schema, their checks and how they are read. The server's
 * own (address, database, log) are here. docs/configuration.md lists them all, and config.docs.test.ts holds the
 * two together.
 */
const serverShape = {
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
  MIGRATE_ON_START: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false'),
  ALLOWED_ORIGINS: z.string().default(''),
};

/** The sections, in the order docs/configuration.md lists them. */
const SECTIONS = [
  authSettings,
  graphqlSettings,
  contactSettings,
  playlistSettings,
  paymentSettings,
  maintenanceSettings,
  metricsSettings,
] as const;
type Section = (typeof SECTIONS)[number];

/** Every member of a union at once: the sections' variables, or their settings, side by side. */
type AllOf<U> = (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void ? I : never;

const envSchema = z
  .object({
    ...serverShape,
    ...siteShape,
    ...(Object.assign({}, ...SECTIONS.map((section) => section.shape)) as AllOf<Section['shape']>),
  })
  .superRefine((env, ctx) => {
    const issue: SettingIssue = (name, message) => ctx.addIssue({ code: 'custom', path: [name], message });
    // Each section's checks see the whole environment, typed as its own part of it.
    for (const section of SECTIONS) section.check?.(env as never, env.NODE_ENV, issue);
  });

/** The name of every variable the server reads (besides PRICE_<CODE> for a further currency). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

type ServerEnv = z.infer<z.ZodObject<typeof serverShape>>;

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // a subnet list such as "loopback, 10.0.0.0/8", as Express understands it
}

/** The server's own settings: where it listens, its public address, database and log. */
function readServer(env: ServerEnv) {
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
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    dbPoolSize: env.DB_POOL_SIZE,
    /** false: an operator runs `npm run migrate` as a deploy step; a started server refuses pending migrations. */
    migrateOnStart: env.MIGRATE_ON_START,
    logLevel: env.LOG_LEVEL as string,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowedOrigins,
  };
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
export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `  ${name} ${issue.message}${shownValue(name, source[name])}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const server = readServer(env);
  const site = readSite(env);
  const context: SettingsContext = { ...server, site: site.site };
  return {
    ...server,
    ...site,
    ...(Object.assign({}, ...SECTIONS.map((section) => section.read(env, context, source))) as AllOf<
      ReturnType<Section['read']>
    >),
  };
}

/** The whole configuration, as loadConfig reads it: the sections' settings side by side. */
export type Config = ReturnType<typeof loadConfig>;
