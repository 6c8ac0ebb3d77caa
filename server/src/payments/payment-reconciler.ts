import type { DataSource } from 'typeorm';
import { DomainError } from '../common/errors';
import { UUID } from '../db/constraints';
import { returningRows } from '../db/query';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import type { ActivationStatusValue, PaymentProviderName } from './activation.entity';
import type { Outcome, PaymentLedger } from './payment-ledger';
import type { PaymentService } from './payment.service';
import { ProviderError } from './provider';
import type { PaymentProviders } from './providers';

export interface ReconcileSettings {
  /** A checkout is first asked about this long after it started. */
  afterMinutes: number;
  /** A checkout not paid this long after it started is asked once more, then ends cancelled (expired). */
  giveUpHours: number;
  /** How often the schedule (the `reconcile` job of maintenance/scheduled-jobs.ts) asks; 0: no schedule. */
  intervalMs: number;
}

/** What asking about one checkout came to, for the log and the support tool. */
export interface Reconciled {
  reference: string;
  provider: PaymentProviderName;
  macAddress: string;
  /**
   * The ledger's outcome of the provider's answer, or: 'unanswered' (the provider could not be reached or answered
   * nothing readable), 'not-asked' (the provider has no status API), 'expired' (given up on: cancelled).
   */
  outcome: Outcome | 'unanswered' | 'not-asked' | 'expired';
  /** The provider's word (or why it said nothing). */
  providerStatus: string;
  /** What the checkout asked, and what the provider said was paid (null: it named no sum). */
  asked: { amountMinor: number; currency: string };
  paid: { amountMinor: number; currency: string } | null;
  /** The checkout as it is afterwards. */
  status: ActivationStatusValue;
  licenceExpiresAt: Date | null;
}

interface OpenCheckout {
  id: string;
  method: PaymentProviderName;
  status: ActivationStatusValue;
  provider_reference: string;
  amount_minor: number;
  currency: string;
  mac_address: string;
  device_id: string;
  created_at: Date;
}

const COLUMNS = `id, method, status, provider_reference, amount_minor, currency, mac_address, device_id, created_at`;
const BATCH = 20;
/** The longest pause between two questions about one checkout. */
const MAX_PAUSE_MINUTES = 6 * 60;
/** "Never again" for a partial payment given up on (its money arrived: support settles it). */
const NEVER = '9999-12-31T00:00:00Z';

/**
 * Reconciliation: a checkout whose callback never arrived is asked about at its provider's published status API
 * (each adapter's `lookup`), and the answer is applied by the ledger exactly as a webhook would be (kind
 * `reconcile` in the audit trail); a PayPal order found APPROVED is captured through the browser's own capture.
 *
 * On a schedule, exactly once across instances: the `reconcile` job of the one scheduler (scheduled-jobs.ts) runs
 * a pass on one instance per period, and each pass (the support tool's too) claims the due checkouts in one statement
 * (`FOR UPDATE SKIP LOCKED`) that also moves their next time on, so two instances never ask about the same
 * checkout at the same turn, and no transaction stays open while a provider is asked. A checkout is first asked
 * `afterMinutes` after it started, then after pauses that double (up to 6 hours); past `giveUpHours` it is asked
 * once more and, still unpaid, ends cancelled. Applying is exactly once whatever asks (the ledger), so the support
 * tool asking at the same moment changes nothing twice either.
 */
export class PaymentReconciler {
  private running: Promise<Reconciled[]> | undefined;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly providers: PaymentProviders,
    private readonly ledger: PaymentLedger,
    private readonly payments: PaymentService,
    private readonly settings: ReconcileSettings,
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {}

  /** Ends a pass under way after the checkout it is asking about (the process stops). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  /** Asks about every checkout that is due (one pass at a time per process); what each came to. */
  runDue(): Promise<Reconciled[]> {
    this.running ??= this.passDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async passDue(): Promise<Reconciled[]> {
    const methods = this.providers.withLookup();
    const windows = methods.map((method) => this.askableHours(method));
    const done: Reconciled[] = [];
    while (!this.stopped) {
      // Open checkouts, and those given up on (cancelled, still due) while their provider's window lasts.
      const batch = await returningRows<OpenCheckout>(
        this.dataSource,
        `UPDATE activations a
            SET reconcile_attempts = a.reconcile_attempts + 1,
                reconcile_next_at = now() + make_interval(
                  mins => LEAST($2::int * power(2, LEAST(a.reconcile_attempts, 12)), ${MAX_PAUSE_MINUTES})::int)
          WHERE a.id IN (SELECT c.id FROM activations c
                           JOIN unnest($1::text[], $3::int[]) AS w(method, hours) ON w.method = c.method
                          WHERE (c.status IN ('pending', 'partial')
                                 OR (c.status = 'cancelled' AND c.reconcile_next_at < $4::timestamptz
                                     AND c.created_at > now() - make_interval(hours => w.hours)))
                            AND c.provider_reference IS NOT NULL
                            AND c.created_at <= now() - make_interval(mins => $2::int)
                            AND (c.reconcile_next_at IS NULL OR c.reconcile_next_at <= now())
                          ORDER BY c.created_at LIMIT ${BATCH} FOR UPDATE OF c SKIP LOCKED)
          RETURNING ${COLUMNS.replace(/(\w+)/g, 'a.$1')}`,
        [methods, this.settings.afterMinutes, windows, NEVER],
      );
      for (const checkout of batch) {
        if (this.stopped) break;
        done.push(await this.ask(checkout, { giveUp: true }));
      }
      if (batch.length < BATCH) break;
    }
    return done;
  }

  /**
   * How long after it started a checkout is asked about: until the schedule gives up (`giveUpHours`), or, when the
   * provider's own payment window is longer (NOWPayments' 7 days), until that has passed: money that arrives late,
   * its callback lost, is still found.
   */
  private askableHours(method: PaymentProviderName): number {
    return Math.ceil(Math.max(this.settings.giveUpHours, this.providers.get(method).paymentWindowHours ?? 0));
  }

  /** On demand (`npm run device -- reconcile <reference>`): asks about one checkout now, whatever its age. */
  async reconcile(reference: string): Promise<Reconciled> {
    const [checkout] = UUID.test(reference)
      ? ((await this.dataSource.query(`SELECT ${COLUMNS} FROM activations WHERE id = $1`, [
          reference,
        ])) as OpenCheckout[])
      : [];
    if (!checkout) throw new DomainError('NOT_FOUND', `No payment has the reference ${reference.slice(0, 60)}.`);
    return this.ask(checkout, { giveUp: false });
  }

  /** On demand (`npm run device -- reconcile --pending`): asks about every checkout still open, oldest first. */
  async reconcilePending(): Promise<Reconciled[]> {
    const open = (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM activations WHERE status IN ('pending', 'partial') ORDER BY created_at`,
    )) as OpenCheckout[];
    const done: Reconciled[] = [];
    for (const checkout of open) done.push(await this.ask(checkout, { giveUp: false }));
    return done;
  }

  /** Asks the provider about one checkout, applies the answer, and says what it came to. */
  private async ask(checkout: OpenCheckout, options: { giveUp: boolean }): Promise<Reconciled> {
    const provider = this.providers.get(checkout.method);
    let outcome: Reconciled['outcome'];
    let providerStatus: string;
    let paid: Reconciled['paid'] = null;
    if (!provider.lookup || !checkout.provider_reference) {
      outcome = 'not-asked';
      providerStatus = provider.lookup ? 'the checkout never reached the provider' : 'no status API';
    } else if (checkout.status === 'paid' || checkout.status === 'refunded' || checkout.status === 'reversed') {
      // Paid already (a failed or cancelled checkout is still asked: a payment the provider took late activates).
      outcome = 'already-applied';
      providerStatus = `already ${checkout.status}: not asked`;
    } else {
      try {
        const known = (await this.dataSource.query(
          `SELECT DISTINCT payload->>'transactionId' AS id FROM payment_events
            WHERE activation_id = $1 AND provider = $2 AND payload->>'transactionId' IS NOT NULL`,
          [checkout.id, checkout.method],
        )) as { id: string }[];
        const lookup = await provider.lookup({
          reference: checkout.id,
          providerReference: checkout.provider_reference,
          amountMinor: checkout.amount_minor,
          currency: checkout.currency.trim(),
          knownTransactions: known.map((row) => row.id),
        });
        providerStatus = lookup.providerStatus;
        const { amountMinor, currency } = lookup.confirmation ?? {};
        if (amountMinor != null && currency) paid = { amountMinor, currency };
        if (lookup.confirmation) {
          outcome = await this.ledger.confirm(checkout.method, lookup.confirmation, 'reconcile', lookup.answer);
          if (lookup.confirmation.approvedOrder) {
            // An order the buyer approved and nobody captured: the browser's own capture, made here.
            outcome = await this.payments.captureApproved(lookup.confirmation.approvedOrder, checkout.id);
          }
        } else {
          outcome = 'pending';
          await this.ledger.record(checkout.method, 'reconcile', null, checkout.id, checkout.device_id, 'pending', {
            providerStatus,
            payload: lookup.answer,
          });
        }
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        outcome = 'unanswered';
        providerStatus = err.message;
      }
    }
    if (options.giveUp && outcome !== 'unanswered' && (await this.giveUpIfDue(checkout))) outcome = 'expired';
    const [after] = (await this.dataSource.query(
      `SELECT a.status, d.licence_expires_at FROM activations a JOIN devices d ON d.id = a.device_id WHERE a.id = $1`,
      [checkout.id],
    )) as { status: ActivationStatusValue; licence_expires_at: Date | null }[];
    const result: Reconciled = {
      reference: checkout.id,
      provider: checkout.method,
      macAddress: checkout.mac_address,
      outcome,
      providerStatus,
      asked: { amountMinor: checkout.amount_minor, currency: checkout.currency.trim() },
      paid,
      status: after?.status ?? checkout.status,
      licenceExpiresAt: after?.licence_expires_at ?? null,
    };
    this.metrics?.reconciled(checkout.method, outcome);
    const line = { ...result, licenceExpiresAt: undefined };
    if (outcome === 'unanswered') this.logger.warn(line, `reconciliation: ${checkout.method} did not answer`);
    else this.logger.info(line, `reconciliation: ${checkout.method} says ${providerStatus.slice(0, 80)} (${outcome})`);
    return result;
  }

  /**
   * Past `giveUpHours` the question stops: a checkout still pending ends cancelled ("expired"; a confirmation that
   * arrives later is still applied: a paid one activates), a partial one keeps what arrived for support. True when
   * the checkout was cancelled here.
   */
  private async giveUpIfDue(checkout: OpenCheckout): Promise<boolean> {
    const hours = this.settings.giveUpHours;
    const age = Date.now() - checkout.created_at.getTime();
    if (age < hours * 3_600_000) return false;
    // Within the provider's own window a checkout given up on is still asked about (on the claim's schedule).
    const askable = age < this.askableHours(checkout.method) * 3_600_000;
    return this.dataSource.transaction(async (m) => {
      const [row] = (await m.query(`SELECT status FROM activations WHERE id = $1 FOR UPDATE`, [checkout.id])) as {
        status: ActivationStatusValue;
      }[];
      if (row?.status === 'partial' || (row?.status === 'cancelled' && !askable)) {
        await m.query(`UPDATE activations SET reconcile_next_at = $2 WHERE id = $1`, [checkout.id, NEVER]);
        return false;
      }
      if (row?.status !== 'pending') return false;
      const reason = `no payment confirmed within ${hours} hours: EXPIRED`;
      await m.query(
        `UPDATE activations SET status = 'cancelled', failure_reason = $2,
                reconcile_next_at = CASE WHEN $4 THEN reconcile_next_at ELSE $3::timestamptz END, updated_at = now()
          WHERE id = $1`,
        [checkout.id, reason, NEVER, askable],
      );
      await this.ledger.record(
        checkout.method,
        'reconcile',
        'expired',
        checkout.id,
        checkout.device_id,
        'cancelled',
        { reason },
        m,
      );
      return true;
    });
  }
}
