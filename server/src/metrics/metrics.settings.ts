import { z } from 'zod';
import { settingsSection } from '../common/settings';

/** Unset and empty are the same: no value. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/**
 * Who may read /metrics, and where (docs/configuration.md, "Metrics"; docs/operations.md, "Metrics"). Neither set:
 * nobody; the counters are still kept, in memory, for nothing to read.
 */
export const metricsSettings = settingsSection({
  shape: {
    METRICS_TOKEN: z.preprocess(
      unsetWhenEmpty,
      z
        .string()
        .regex(/^[\x21-\x7e]{16,512}$/, 'must be 16 to 512 printable characters without spaces')
        .optional(),
    ),
    METRICS_PORT: z.preprocess(
      unsetWhenEmpty,
      z.coerce
        .number({ error: 'must be a port number' })
        .int('must be a port number')
        .min(0, 'must be a port number')
        .max(65535, 'must be a port number')
        .optional(),
    ),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  },
  read: (env) => ({
    metrics: {
      /** `Authorization: Bearer <token>` opens /metrics on the main port; unset, /metrics there answers 404. */
      token: env.METRICS_TOKEN,
      /** A listener of its own serving /metrics without a token (0: any free port, for tests); unset, none. */
      port: env.METRICS_PORT,
      host: env.METRICS_HOST,
      /** Whether anything can read the metrics: only then are the process's own (event loop, memory, GC) watched. */
      served: env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined,
    },
  }),
});
