import { z } from 'zod';
import { positiveInt, settingsSection } from '../common/settings';

/** Days, at least one: how long a kind of row is kept. */
const days = (fallback: number) => positiveInt.max(36_500, 'must be at most 36500 days').default(fallback);

/**
 * Work that runs once per period across every instance, and how long each growing table keeps its rows
 * (docs/configuration.md, "Maintenance"; docs/operations.md, "What each table keeps").
 */
export const maintenanceSettings = settingsSection({
  shape: {
    PRUNE_INTERVAL_MINUTES: z.coerce
      .number({ error: 'must be a whole number of minutes (0 turns pruning off)' })
      .int('must be a whole number of minutes (0 turns pruning off)')
      .min(0, 'must be a whole number of minutes (0 turns pruning off)')
      .max(10_080, 'must be at most 10080 minutes (a week)')
      .default(60),
    DEVICE_ABANDONED_DAYS: days(365),
    PAYMENT_EVENTS_KEEP_DAYS: days(730),
    REFUSED_DELIVERIES_KEEP_DAYS: days(30),
    UNPAID_CHECKOUTS_KEEP_DAYS: days(365),
    CONTACT_MESSAGES_KEEP_DAYS: days(730),
  },
  read: (env) => ({
    maintenance: {
      /** How often the prune runs (once across every instance); 0: never. */
      pruneIntervalMs: env.PRUNE_INTERVAL_MINUTES * 60_000,
      retention: {
        abandonedDeviceDays: env.DEVICE_ABANDONED_DAYS,
        paymentEventDays: env.PAYMENT_EVENTS_KEEP_DAYS,
        refusedDeliveryDays: env.REFUSED_DELIVERIES_KEEP_DAYS,
        unpaidCheckoutDays: env.UNPAID_CHECKOUTS_KEEP_DAYS,
        contactMessageDays: env.CONTACT_MESSAGES_KEEP_DAYS,
      },
    },
  }),
});

export type Retention = ReturnType<typeof maintenanceSettings.read>['maintenance']['retention'];
