import type { DataSource } from 'typeorm';
import type { Retention } from './maintenance.settings';
import type { JobResult } from './scheduled-jobs';

/** Rows deleted per statement: short statements, short locks, whatever the table's size. */
const BATCH = 5_000;

/** Rate-limit counters, sessions, captchas and link codes past their expiry are kept this long (support). */
const EXPIRED_GRACE = '1 day';
/** Signed-out and idle-expired TV tokens are kept this long after they stopped working (support). */
const DEAD_TOKEN_DAYS = 30;
/** A provider's event ids are remembered this long against its retries (they retry for days, not months). */
const PROCESSED_EVENT_DAYS = 180;

/**
 * The prune: every table that grows with use keeps what support and the ledger need, and loses the rest
 * (docs/operations.md, "What each table keeps"). Each kind is deleted in batches of BATCH rows by statements of
 * their own, so no lock is held long on a big table. Returns how many rows of each kind went.
 */
export async function prune(
  dataSource: DataSource,
  retention: Retention,
  options: { tokenIdleDays: number },
): Promise<JobResult> {
  const gone: JobResult = {};
  const sweep = async (kind: string, table: string, where: string, params: unknown[] = []) => {
    let total = 0;
    for (;;) {
      const [{ n }] = (await dataSource.query(
        `WITH gone AS (
           DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${where} LIMIT ${BATCH}))
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        params,
      )) as [{ n: number }];
      total += n;
      if (n < BATCH) break;
    }
    gone[kind] = total;
  };

  // Counters of rate-limiter-flexible: one row per client address and per MAC guessed, real or not. Their
  // expiry is milliseconds since 1970 (the library's column).
  await sweep(
    'rateLimits',
    'rate_limits',
    `expire < (extract(epoch FROM now() - interval '${EXPIRED_GRACE}') * 1000)::bigint`,
  );
  await sweep('captchas', 'captcha_challenges', `expires_at < now() - interval '${EXPIRED_GRACE}'`);
  // Portal sessions past their expiry (connect-pg-simple would prune in every instance; this runs once).
  await sweep('sessions', 'sessions', `expire < now() - interval '${EXPIRED_GRACE}'`);
  await sweep('tvLinks', 'tv_links', `expires_at < now() - interval '${EXPIRED_GRACE}'`);
  // Claims of checks that ended without releasing them (an instance stopped mid-check): lapsed already.
  await sweep('checkClaims', 'check_claims', `expires_at < now()`);
  // Form checks whose playlist was never saved (a saved one takes its check within the hour).
  await sweep('formChecks', 'form_checks', `checked_at < now() - interval '${EXPIRED_GRACE}'`);
  await sweep(
    'deviceTokens',
    'device_tokens',
    `(revoked_at IS NOT NULL AND revoked_at < now() - make_interval(days => $1))
      OR last_used_at < now() - make_interval(days => $2)`,
    [DEAD_TOKEN_DAYS, options.tokenIdleDays + DEAD_TOKEN_DAYS],
  );
  await sweep(
    'processedPaymentEvents',
    'processed_payment_events',
    `processed_at < now() - make_interval(days => $1)`,
    [PROCESSED_EVENT_DAYS],
  );
  // Deliveries about no checkout of ours (forged, unreadable, another shop's): kept briefly, for support.
  await sweep(
    'refusedDeliveries',
    'payment_events',
    `activation_id IS NULL AND created_at < now() - make_interval(days => $1)`,
    [retention.refusedDeliveryDays],
  );
  // The audit trail of checkouts and payments: kept as long as a dispute or chargeback can come.
  await sweep('paymentEvents', 'payment_events', `created_at < now() - make_interval(days => $1)`, [
    retention.paymentEventDays,
  ]);
  // Checkouts that never took money (failed, cancelled, left pending): nothing of them is a payment record.
  await sweep(
    'unpaidCheckouts',
    'activations a',
    `a.status IN ('pending', 'failed', 'cancelled')
       AND a.created_at < now() - make_interval(days => $1)
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.activation_id = a.id)`,
    [retention.unpaidCheckoutDays],
  );
  await sweep(
    'contactMessages',
    'contact_messages',
    `forwarded_at IS NOT NULL AND created_at < now() - make_interval(days => $1)`,
    [retention.contactMessageDays],
  );
  // Trial devices nobody has used for the whole period: never paid, no checkout kept, no TV token used and no
  // portal session within it. Their playlists, tokens and link codes go with them (ON DELETE CASCADE).
  await sweep(
    'abandonedDevices',
    'devices d',
    `d.licence_expires_at IS NULL AND NOT d.licence_lifetime
       AND d.updated_at < now() - make_interval(days => $1) AND d.created_at < now() - make_interval(days => $1)
       AND NOT EXISTS (SELECT 1 FROM activations a WHERE a.device_id = d.id)
       AND NOT EXISTS (SELECT 1 FROM device_tokens t WHERE t.device_id = d.id AND t.revoked_at IS NULL
                         AND t.last_used_at >= now() - make_interval(days => $1))
       AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.sess ->> 'deviceId' = d.id::text)`,
    [retention.abandonedDeviceDays],
  );
  return gone;
}
