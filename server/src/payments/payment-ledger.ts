import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { DataSource, EntityManager } from 'typeorm';
import { CHECKOUT_METHODS } from '../../../common/payment';
import { DomainError } from '../common/errors';
import type { RateLimits } from '../auth/rate-limits';
import { UUID } from '../db/constraints';
import { trialEndOf } from '../device/device-status';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics/metrics';
import {
  ActivationEntity,
  type ActivationStatusValue,
  type DisputeValue,
  type PaymentProviderName,
} from './activation.entity';
import { storedAmount } from './currency';
import { ProviderError, WebhookRefused, minorAmount, type Confirmation } from './provider';
import type { PaymentProviders } from './providers';

const DAY_MS = 86_400_000;
/** How much of a refused delivery's body the audit trail keeps. */
const REFUSED_EXCERPT = 500;

/**
 * What happened to one confirmation: written to the audit trail and deciding the webhook's answer. The `refused-`
 * ones are refusals (4xx); after any other the provider must not retry (2xx).
 */
export type Outcome =
  | 'activated'
  | 'duplicate'
  | 'already-applied'
  | 'pending'
  | 'failed'
  | 'cancelled'
  | 'partial'
  | 'refunded'
  | 'reversed'
  | 'partly-refunded'
  | 'disputed'
  | 'reinstated'
  | 'ignored'
  | 'above-paid'
  | 'refused-signature'
  | 'refused-malformed'
  | 'refused-unknown'
  | 'refused-mismatch'
  | 'refused-amount'
  | 'refused-currency';

export interface WebhookAnswer {
  status: number;
  body: { status: 'ok' | 'error'; outcome?: Outcome; message?: string };
  /** The verified delivery as read, when it was one (not sent back: PayPal's approved order is captured by it). */
  confirmation?: Confirmation;
}

/** How a confirmation reached the ledger, in the audit trail's `kind`. */
export type ConfirmationKind = 'webhook' | 'capture' | 'operator' | 'reconcile';

interface ActivationRow {
  id: string;
  device_id: string;
  method: PaymentProviderName;
  status: ActivationStatusValue;
  amount_minor: number;
  currency: string;
  licence_days: number | null;
  provider_reference: string | null;
  refunded_minor: number;
  dispute: DisputeValue | null;
}

const ACTIVATION_COLUMNS = `a.id, a.device_id, a.method, a.status, a.amount_minor, a.currency, a.licence_days,
  a.provider_reference, a.refunded_minor, a.dispute`;

/** The payment (money that arrived) a notice of money back or of a dispute is about, locked. */
interface PaymentRow {
  id: string;
  amount_minor: number;
  lifetime: boolean;
  licence_before: Date | null;
  taken_back_at: Date | null;
}

/** Records the outcome of a confirmation in the audit trail and answers it. */
type Done = (outcome: Outcome, detail?: Record<string, unknown>) => Promise<Outcome>;

/** Who did something by hand with the support tool, and why: kept in `support_actions`. */
export interface SupportHand {
  actor: string;
  note: string;
}

/**
 * The ledger: a confirmation, however it arrives (a webhook, PayPal's capture, retries, concurrently, an operator),
 * extends or shortens a licence in one transaction guarded by the unique (provider, provider reference) of
 * `payments`; every delivery and checkout is written to `payment_events`, the audit trail.
 */
export class PaymentLedger {
  constructor(
    private readonly dataSource: DataSource,
    private readonly providers: PaymentProviders,
    private readonly options: {
      /** The trial a new device gets: a licence bought during it starts when it ends. */
      trialDays: number;
    },
    private readonly logger: Logger,
    /** Counts each line of the audit trail once it is committed (refused webhook deliveries among them). */
    private readonly metrics?: Metrics,
    /** Limits refused deliveries per address (the webhooks are open to anyone). */
    private readonly rateLimits?: RateLimits,
  ) {}

  /**
   * A provider's webhook: verified over the raw body, then applied. Forged or unreadable deliveries are
   * refused (4xx) and recorded; a provider's API that cannot verify it answers 502. Anything thrown (the database
   * away, a fault) is answered by webhookRouter: 503 for the database only, so the provider retries.
   */
  async handleWebhook(
    name: string,
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
    from?: string,
  ): Promise<WebhookAnswer> {
    if (!(CHECKOUT_METHODS as readonly string[]).includes(name) && name !== 'paypal') {
      return { status: 404, body: { status: 'error', message: 'No such payment provider.' } };
    }
    const providerName = name as PaymentProviderName;
    let confirmation: Confirmation;
    try {
      confirmation = await this.providers.get(providerName).verifyWebhook(rawBody, headers);
    } catch (err) {
      // The provider's own API, which verifies its deliveries (PayPal's), could not be reached or refused us: 502,
      // and the provider retries. Anything else is no verdict on the delivery (webhookRouter answers it).
      if (err instanceof ProviderError) {
        this.logger.warn({ err, provider: providerName }, 'webhook verification failed');
        return { status: 502, body: { status: 'error', message: 'The payment provider could not be reached.' } };
      }
      if (!(err instanceof WebhookRefused)) throw err;
      // Anyone can post to a webhook: refused deliveries are recorded small (an excerpt, for support), and from an
      // address over its limit not at all, so the trail cannot be filled from outside.
      if (from !== undefined && this.rateLimits && !(await this.rateLimits.countRefusedDelivery(from))) {
        return {
          status: 429,
          body: { status: 'error', outcome: err.outcome, message: 'Too many refused deliveries.' },
        };
      }
      await this.record(providerName, 'webhook', null, null, null, err.outcome, {
        reason: err.message.slice(0, 200),
        body: rawBody.toString('utf8').slice(0, REFUSED_EXCERPT),
      });
      return {
        status: err.outcome === 'refused-signature' ? 401 : 400,
        body: { status: 'error', outcome: err.outcome, message: err.message },
      };
    }
    const outcome = await this.confirm(providerName, confirmation, 'webhook', safeJson(rawBody));
    return outcome.startsWith('refused-')
      ? { status: 422, body: { status: 'error', outcome, message: 'The confirmation does not match a payment.' } }
      : { status: 200, body: { status: 'ok', outcome }, confirmation };
  }

  /**
   * Applies one verified confirmation, exactly once: in one transaction, the device's row locked and then the
   * activation's (lockActivation: the one lock order), the provider's event id and transaction id each inserted
   * under a unique key, the licence extended from the later of now and its current end, and the delivery recorded.
   */
  async confirm(
    provider: PaymentProviderName,
    c: Confirmation,
    kind: ConfirmationKind,
    payload: unknown,
  ): Promise<Outcome> {
    return this.dataSource.transaction(async (m) => {
      const activation = await this.lockActivation(m, provider, c);
      const done: Done = async (outcome, detail) => {
        await this.record(
          provider,
          kind,
          c.eventId,
          activation?.id ?? null,
          activation?.device_id ?? null,
          outcome,
          {
            providerStatus: c.providerStatus,
            transactionId: c.transactionId,
            amountMinor: c.amountMinor,
            currency: c.currency,
            ...detail,
            payload,
          },
          m,
        );
        return outcome;
      };
      // Genuine (its signature held) but about nothing of ours, such as a PayPal event of another sale on the same
      // account: answered 200 so the provider stops retrying, and recorded.
      if (!activation || activation.method !== provider) return done('ignored', { reason: 'not a payment of ours' });
      if (
        c.providerReference &&
        activation.provider_reference &&
        c.providerReference !== activation.provider_reference
      ) {
        return done('refused-mismatch', { expectedReference: activation.provider_reference });
      }
      // A paid confirmation that does not match the checkout is refused before its event id is taken as
      // processed: the provider's retries of it are refused the same way, not answered 200 as duplicates.
      if (c.status === 'paid') {
        if (c.amountMinor !== activation.amount_minor) return done('refused-amount');
        if ((c.currency ?? '').toUpperCase() !== activation.currency) return done('refused-currency');
        if (!c.transactionId) return done('refused-unknown');
      }
      // Money back of nothing, or of less than nothing ("-1.00"), is no money back: refused, and recorded.
      if ((c.status === 'refunded' || c.status === 'reversed') && c.amountMinor !== null && c.amountMinor <= 0) {
        return done('refused-amount', { reason: 'money back of no sum, or a negative one' });
      }
      const firstTime = await m.query(
        `INSERT INTO processed_payment_events (provider, event_id, activation_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [provider, c.eventId.slice(0, 200), activation.id],
      );
      if (!firstTime.length) return done('duplicate');
      if (c.status === 'refunded' || c.status === 'reversed' || c.status === 'disputed' || c.status === 'reinstated') {
        // The payment the notice is about: the one it names, or the checkout's payment.
        const [payment] = (await m.query(
          `SELECT id, amount_minor, lifetime, licence_before, taken_back_at FROM payments
            WHERE activation_id = $1 AND provider = $2 AND ($3::text IS NULL OR provider_reference = $3)
            ORDER BY created_at LIMIT 1 FOR UPDATE`,
          [activation.id, provider, c.takesBack?.slice(0, 200) ?? null],
        )) as PaymentRow[];
        if (!payment) return done('ignored', { reason: 'nothing was paid for this checkout' });
        return c.status === 'disputed' || c.status === 'reinstated'
          ? this.dispute(m, provider, c, activation, payment, done)
          : this.moneyBack(m, provider, c, kind, activation, payment, done);
      }
      if (c.status === 'partial') {
        if (activation.status !== 'pending' && activation.status !== 'partial') return done('ignored');
        await m.query(
          `UPDATE activations SET status = 'partial', partial_payment = $2, failure_reason = $3, updated_at = now()
            WHERE id = $1`,
          [activation.id, JSON.stringify(c.partial ?? null), `${provider} reported ${c.providerStatus}`],
        );
        return done('partial', { partial: c.partial });
      }
      if (c.status !== 'paid') {
        if (c.status === 'pending') return done('pending');
        if (activation.status !== 'pending') return done('ignored');
        // The provider ended it: the schedule asks no more (a checkout it gave up on itself is asked on, see
        // payment-reconciler.ts); `npm run device -- reconcile <reference>` still can.
        await m.query(
          `UPDATE activations SET status = $2, failure_reason = $3, reconcile_next_at = '9999-12-31T00:00:00Z',
                  updated_at = now() WHERE id = $1`,
          [activation.id, c.status, `${provider} reported ${c.providerStatus}`],
        );
        return done(c.status);
      }
      if (!c.transactionId) return done('refused-unknown'); // checked above; narrows the type here
      // One checkout is paid once. The same payment can reach us under two ids (OPay's status answer names the
      // order, its callback a transaction id): a second paid confirmation for a checkout already paid adds nothing.
      const [paidBefore] = (await m.query(
        `SELECT provider_reference FROM payments WHERE activation_id = $1 AND provider = $2 LIMIT 1`,
        [activation.id, provider],
      )) as { provider_reference: string }[];
      if (paidBefore && paidBefore.provider_reference !== c.transactionId.slice(0, 200)) {
        return done('already-applied', {
          reason: 'this checkout was paid already',
          paidAs: paidBefore.provider_reference,
        });
      }
      const inserted = await m.query(
        `INSERT INTO payments (activation_id, device_id, provider, provider_reference, amount_minor, currency)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (provider, provider_reference) DO NOTHING RETURNING id`,
        [
          activation.id,
          activation.device_id,
          provider,
          c.transactionId.slice(0, 200),
          c.amountMinor,
          activation.currency,
        ],
      );
      if (!inserted.length) return done('already-applied');
      const extended = await this.extendLicence(m, activation);
      await m.query(`UPDATE payments SET licence_before = $2, licence_after = $3, lifetime = $4 WHERE id = $1`, [
        inserted[0].id,
        extended.before,
        extended.after,
        extended.lifetime,
      ]);
      await m.query(
        `UPDATE activations SET status = 'paid', paid_at = COALESCE(paid_at, now()), licence_expires_at = $2,
                failure_reason = NULL, updated_at = now() WHERE id = $1`,
        [activation.id, extended.after],
      );
      this.logger.info({ activationId: activation.id, provider }, 'payment applied: device activated');
      return done('activated', { licenceBefore: extended.before, licenceAfter: extended.after });
    });
  }

  /**
   * The activation a confirmation is about, locked, after its device's row: the one lock order of every change to
   * a device or what hangs off it (docs/architecture.md, "One lock order"). Switch MAC locks the device rows
   * before it moves their activations, so the ledger locking an activation first and its device second would
   * deadlock against it. The activation's device is read unlocked, its row locked, and read again: a Switch MAC
   * that committed meanwhile has moved the activation to the device that absorbed its own (and deleted that
   * one); while the device's row is held no switch can move it.
   */
  private async lockActivation(
    m: EntityManager,
    provider: PaymentProviderName,
    c: Confirmation,
  ): Promise<ActivationRow | undefined> {
    const deviceOf = async (): Promise<{ id: string; device_id: string } | undefined> => {
      const byReference = (
        c.reference && UUID.test(c.reference)
          ? await m.query(`SELECT id, device_id FROM activations WHERE id = $1`, [c.reference])
          : []
      ) as { id: string; device_id: string }[];
      if (byReference.length || !c.takesBack) return byReference[0];
      // Money back may name only the payment it takes back (a PayPal refund carries the capture id, not ours).
      const [byPayment] = (await m.query(
        `SELECT a.id, a.device_id FROM activations a JOIN payments p ON p.activation_id = a.id
          WHERE p.provider = $1 AND p.provider_reference = $2`,
        [provider, c.takesBack.slice(0, 200)],
      )) as { id: string; device_id: string }[];
      return byPayment;
    };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const found = await deviceOf();
      if (!found) return undefined;
      const [device] = (await m.query(`SELECT id FROM devices WHERE id = $1 FOR NO KEY UPDATE`, [found.device_id])) as {
        id: string;
      }[];
      const [now] = (await m.query(`SELECT device_id FROM activations WHERE id = $1`, [found.id])) as {
        device_id: string;
      }[];
      // Gone, or moved by a Switch MAC that committed between the two reads: its new device's row first.
      if (!device || now?.device_id !== found.device_id) continue;
      const [row] = (await m.query(`SELECT ${ACTIVATION_COLUMNS} FROM activations a WHERE a.id = $1 FOR UPDATE`, [
        found.id,
      ])) as ActivationRow[];
      return row;
    }
    throw new Error('the activation kept moving between devices while its confirmation was applied');
  }

  /**
   * Money back (a refund, a reversal, a chargeback, a dispute lost), each sum once by the provider's id of it. The
   * sums add up on the activation (`refunded_minor`); while they are short of what was paid the licence keeps its
   * days ("Refunded 0.50 €" in Account Details). When they reach it, the days the payment added come off the
   * licence (a lifetime licence it bought ends, back to what the device had before), once, and the activation
   * says Refunded or Reversed. A notice of money back for a checkout that was never paid changes nothing.
   *
   * Never more than was paid: a provider's notice of more than is left is counted up to what is left and the rest
   * is recorded for support (an alert in the log, `payment_money_back_above_paid_total`); with nothing left it is
   * recorded only ('above-paid'). An operator asking for more than is left is refused with what is left.
   *
   * A dispute's money is counted once, however PayPal tells it: a chargeback taken while a dispute is open belongs
   * to that dispute, and the dispute lost afterwards adds only what the chargeback did not take (and the other way
   * round: a reversal after a dispute lost adds only what the dispute did not).
   */
  private async moneyBack(
    m: EntityManager,
    provider: PaymentProviderName,
    c: Confirmation,
    kind: ConfirmationKind,
    activation: ActivationRow,
    payment: PaymentRow,
    done: Done,
  ): Promise<Outcome> {
    const takenAs = c.status === 'reversed' ? 'reversed' : 'refunded';
    const reference = (c.transactionId ?? c.eventId).slice(0, 200);
    if (c.currency && c.currency.toUpperCase() !== activation.currency) return done('refused-currency');
    const left = Math.max(payment.amount_minor - activation.refunded_minor, 0);
    // A notice without its sum (OPay's refunded flag, an operator's whole refund) returns what is left.
    let amount = c.amountMinor ?? left;
    if (kind === 'operator' && amount > left) {
      const leftText = `${storedAmount(left, activation.currency)} ${activation.currency}`;
      throw new DomainError(
        'BAD_USER_INPUT',
        left > 0
          ? `Only ${leftText} of this payment is left to give back: nothing was recorded.`
          : `Nothing of this payment is left to give back (${leftText}): nothing was recorded.`,
      );
    }
    // The dispute this money is about: the one lost (its own notice), else one open (a chargeback taken during
    // it) or lost before (the same money told twice: PayPal's reversal and the dispute's resolution).
    const dispute =
      takenAs === 'reversed'
        ? c.disputeId
          ? await this.decideDispute(m, provider, c.disputeId, activation, payment, 'lost')
          : await this.disputeOfReversal(m, payment)
        : null;
    if (dispute) {
      const [counted] = (await m.query(
        `SELECT COALESCE(sum(amount_minor), 0)::int AS minor FROM money_back
          WHERE payment_id = $1 AND dispute_id = $2 AND undone_at IS NULL`,
        [payment.id, dispute],
      )) as { minor: number }[];
      amount -= counted?.minor ?? 0;
      if (amount <= 0) {
        await this.syncDispute(m, activation, payment);
        return done('already-applied', { reason: 'counted with its dispute', dispute });
      }
    }
    const sums = { paidMinor: payment.amount_minor, returnedBeforeMinor: activation.refunded_minor };
    // All of it went back already, told again without a sum (OPay's refunded flag, PayPal's reversal).
    if (amount === 0) return done('already-applied', sums);
    if (amount > left) {
      this.metrics?.moneyBackAbovePaid(provider);
      this.logger.error(
        { activationId: activation.id, provider, reference, amountMinor: amount, leftMinor: left, ...sums },
        'money back above what was paid: only what was left is counted; support should look',
      );
      if (left === 0) {
        await this.syncDispute(m, activation, payment);
        return done('above-paid', { ...sums, amountMinor: amount, leftMinor: 0 });
      }
    }
    const counted = Math.min(amount, left);
    const [recorded] = (await m.query(
      `INSERT INTO money_back (payment_id, activation_id, provider, kind, reference, amount_minor, currency, dispute_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (provider, reference) DO NOTHING RETURNING id`,
      [payment.id, activation.id, provider, takenAs, reference, counted, activation.currency, dispute],
    )) as { id: string }[];
    if (!recorded) return done('already-applied');
    const returned = activation.refunded_minor + counted;
    await m.query(`UPDATE activations SET refunded_minor = $2, updated_at = now() WHERE id = $1`, [
      activation.id,
      returned,
    ]);
    await this.syncDispute(m, activation, payment);
    const said = { ...sums, amountMinor: counted, returnedMinor: returned, aboveLeftMinor: amount - counted };
    if (payment.taken_back_at) return done('already-applied', said);
    if (returned < payment.amount_minor) {
      this.logger.info({ activationId: activation.id, provider, ...said }, 'money back: part of a payment');
      return done('partly-refunded', said);
    }
    const licence = await this.shortenLicence(m, activation, payment);
    await m.query(
      `UPDATE payments SET taken_back_at = now(), taken_back_kind = $2, taken_back_reference = $3 WHERE id = $1`,
      [payment.id, takenAs, reference],
    );
    await m.query(
      `UPDATE activations SET status = $2, taken_back_at = now(), failure_reason = $3, updated_at = now()
        WHERE id = $1`,
      [activation.id, takenAs, `${provider} reported ${c.providerStatus}`],
    );
    this.logger.info({ activationId: activation.id, provider, kind: takenAs }, 'money back: licence shortened');
    return done(takenAs, { ...said, licenceBefore: licence.before, licenceAfter: licence.after });
  }

  /**
   * A dispute, each by the provider's own id of it: opened (or moved on), it marks the payment Disputed and takes
   * nothing; ended with the money staying with us (`reinstated`: won, cancelled by the buyer, denied), it undoes
   * only the money that went back for this dispute (a chargeback taken while it was open), and if their days had
   * come off and what is still returned is short of what was paid, the days come back, once. Another dispute's
   * loss stays lost. A dispute lost arrives as money back (`reversed`, moneyBack).
   */
  private async dispute(
    m: EntityManager,
    provider: PaymentProviderName,
    c: Confirmation,
    activation: ActivationRow,
    payment: PaymentRow,
    done: Done,
  ): Promise<Outcome> {
    const disputeId = (c.disputeId ?? c.transactionId ?? c.eventId).slice(0, 200);
    const [known] = (await m.query(
      `SELECT state, payment_id FROM payment_disputes WHERE provider = $1 AND dispute_id = $2 FOR UPDATE`,
      [provider, disputeId],
    )) as { state: DisputeValue; payment_id: string }[];
    if (known && known.payment_id !== payment.id) {
      return done('refused-mismatch', { reason: 'the dispute is about another payment', dispute: disputeId });
    }
    if (c.status === 'disputed') {
      // Once decided, a late notice of the dispute's opening (deliveries are not in order) changes nothing.
      if (known && known.state !== 'open') return done('already-applied', { dispute: disputeId });
      if (!known) {
        await m.query(
          `INSERT INTO payment_disputes (provider, dispute_id, payment_id, activation_id, state)
           VALUES ($1, $2, $3, $4, 'open')`,
          [provider, disputeId, payment.id, activation.id],
        );
      }
      await this.syncDispute(m, activation, payment);
      this.logger.info({ activationId: activation.id, provider, dispute: disputeId }, 'dispute opened');
      return done('disputed', { dispute: disputeId });
    }
    if (known?.state === 'won') return done('already-applied', { dispute: disputeId });
    await this.decideDispute(m, provider, disputeId, activation, payment, 'won');
    const [{ undone_minor: undoneMinor }] = (await m.query(
      `WITH undone AS (
         UPDATE money_back SET undone_at = now()
          WHERE payment_id = $1 AND dispute_id = $2 AND undone_at IS NULL RETURNING amount_minor)
       SELECT COALESCE(sum(amount_minor), 0)::int AS undone_minor FROM undone`,
      [payment.id, disputeId],
    )) as [{ undone_minor: number }];
    const returned = Math.max(activation.refunded_minor - undoneMinor, 0);
    await m.query(`UPDATE activations SET refunded_minor = $2, updated_at = now() WHERE id = $1`, [
      activation.id,
      returned,
    ]);
    await this.syncDispute(m, activation, payment);
    const sums = { dispute: disputeId, undoneMinor, returnedMinor: returned, paidMinor: payment.amount_minor };
    if (!payment.taken_back_at || returned >= payment.amount_minor) return done('reinstated', sums);
    // The days come back as a payment's would: from the later of now, the licence's end and the trial's end.
    const licence = await this.extendLicence(m, activation);
    await m.query(
      `UPDATE payments SET taken_back_at = NULL, taken_back_kind = NULL, taken_back_reference = NULL WHERE id = $1`,
      [payment.id],
    );
    await m.query(
      `UPDATE activations SET status = 'paid', taken_back_at = NULL, failure_reason = NULL, licence_expires_at = $2,
              updated_at = now() WHERE id = $1`,
      [activation.id, licence.after],
    );
    this.logger.info({ activationId: activation.id, provider, dispute: disputeId }, 'dispute won: the days came back');
    return done('reinstated', { ...sums, licenceBefore: licence.before, licenceAfter: licence.after });
  }

  /** A dispute decided (won or lost), recorded even when no notice of its opening arrived; its id. */
  private async decideDispute(
    m: EntityManager,
    provider: PaymentProviderName,
    disputeId: string,
    activation: ActivationRow,
    payment: PaymentRow,
    state: 'won' | 'lost',
  ): Promise<string> {
    const id = disputeId.slice(0, 200);
    await m.query(
      `INSERT INTO payment_disputes (provider, dispute_id, payment_id, activation_id, state, decided_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (provider, dispute_id) DO UPDATE SET state = EXCLUDED.state, decided_at = now()`,
      [provider, id, payment.id, activation.id, state],
    );
    return id;
  }

  /**
   * The dispute a reversal without a dispute id belongs to: the payment's latest one open (a chargeback taken while
   * it runs: the dispute is lost), else its latest one lost (PayPal telling the same money twice); null for none.
   */
  private async disputeOfReversal(m: EntityManager, payment: PaymentRow): Promise<string | null> {
    const [dispute] = (await m.query(
      `SELECT dispute_id, state FROM payment_disputes WHERE payment_id = $1 AND state IN ('open', 'lost')
        ORDER BY state = 'open' DESC, opened_at DESC LIMIT 1 FOR UPDATE`,
      [payment.id],
    )) as { dispute_id: string; state: DisputeValue }[];
    if (!dispute) return null;
    if (dispute.state === 'open') {
      await m.query(
        `UPDATE payment_disputes SET state = 'lost', decided_at = now() WHERE payment_id = $1 AND dispute_id = $2`,
        [payment.id, dispute.dispute_id],
      );
    }
    return dispute.dispute_id;
  }

  /** The activation shows its latest dispute (the one opened last) and where it stands; the rest are in the trail. */
  private async syncDispute(m: EntityManager, activation: ActivationRow, payment: PaymentRow): Promise<void> {
    await m.query(
      `UPDATE activations a SET dispute = d.state, disputed_at = d.opened_at, updated_at = now()
         FROM (SELECT state, opened_at FROM payment_disputes WHERE payment_id = $2
                ORDER BY opened_at DESC, id DESC LIMIT 1) d
        WHERE a.id = $1`,
      [activation.id, payment.id],
    );
  }

  private async shortenLicence(
    m: EntityManager,
    activation: ActivationRow,
    payment: { lifetime: boolean; licence_before: Date | null },
  ): Promise<{ before: Date | 'lifetime' | null; after: Date | null }> {
    const device = await this.lockDevice(m, activation);
    if (payment.lifetime) {
      await m.query(
        `UPDATE devices SET licence_lifetime = false, licence_expires_at = $2, updated_at = now() WHERE id = $1`,
        [activation.device_id, payment.licence_before],
      );
      return { before: 'lifetime', after: payment.licence_before };
    }
    const end = device.licence_expires_at;
    if (!end) return { before: null, after: null };
    // Later payments keep their days; if nothing is left the licence ends now (the trial applies if it still runs).
    const now = Date.now();
    const shortened = end.getTime() - (activation.licence_days ?? 0) * DAY_MS;
    // Nothing paid is left once the end is back at the trial's end (a licence bought in the trial started there):
    // the device is back to what it had before, its trial if that still runs.
    const after =
      shortened <= Math.max(now, device.trialEnd) && !payment.licence_before
        ? null
        : new Date(Math.max(shortened, Math.min(now, end.getTime())));
    await m.query(`UPDATE devices SET licence_expires_at = $2, updated_at = now() WHERE id = $1`, [
      activation.device_id,
      after,
    ]);
    await this.moveLaterEnds(m, activation, end.getTime() - (after?.getTime() ?? end.getTime()), after);
    return { before: end, after };
  }

  /**
   * The licence ends each paid row of Account Details shows stay the device's: the payments applied after the one
   * taken back had their ends counted on top of its days, so they move back by what the licence lost, and no row
   * says a licence runs later than the device's does.
   */
  private async moveLaterEnds(m: EntityManager, taken: ActivationRow, lostMs: number, end: Date | null) {
    if (lostMs > 0) {
      await m.query(
        `UPDATE activations SET licence_expires_at = licence_expires_at - make_interval(secs => $3::double precision / 1000)
          WHERE device_id = $1 AND id <> $2 AND status = 'paid' AND licence_expires_at IS NOT NULL
            AND paid_at > (SELECT paid_at FROM activations WHERE id = $2)`,
        [taken.device_id, taken.id, lostMs],
      );
    }
    await m.query(
      `UPDATE activations SET licence_expires_at = $2
        WHERE device_id = $1 AND status = 'paid' AND licence_expires_at > $2`,
      [taken.device_id, end ?? new Date()],
    );
  }

  /**
   * Money back that no provider notifies, recorded by an operator (`npm run device -- refund`): a Cowpay refund
   * made in Cowpay's dashboard (Cowpay publishes no refund callback), a chargeback learned by e-mail. Applied as a
   * provider's notice would be (`amountMinor` null: all that is left of the payment), once, and the support trail
   * says who and why.
   */
  async recordMoneyBack(
    reference: string,
    kind: 'refunded' | 'reversed',
    hand: SupportHand | string,
    amount: string | null = null,
  ): Promise<Outcome> {
    const { actor, note } = typeof hand === 'string' ? { actor: 'operator', note: hand } : hand;
    const activation = UUID.test(reference)
      ? await this.dataSource.getRepository(ActivationEntity).findOneBy({ id: reference })
      : null;
    if (!activation) throw new DomainError('NOT_FOUND', `No payment has the reference ${reference.slice(0, 60)}.`);
    const amountMinor = amount === null ? null : minorAmount(amount.trim(), activation.currency);
    if (amount !== null && !amountMinor) {
      throw new DomainError(
        'BAD_USER_INPUT',
        `The amount must be a sum above 0 in ${activation.currency}, such as ${storedAmount(50, activation.currency)}.`,
      );
    }
    const id = `operator:${randomUUID()}`;
    const outcome = await this.confirm(
      activation.method,
      {
        eventId: id,
        reference: activation.id,
        providerReference: null,
        transactionId: id,
        status: kind,
        amountMinor,
        currency: activation.currency,
        providerStatus: `${kind} by an operator`,
      },
      'operator',
      { actor: actor.slice(0, 100), note: note.slice(0, 500) },
    );
    await this.recordSupportAction(
      this.dataSource.manager,
      'money-back',
      { actor, note },
      {
        deviceId: activation.deviceId,
        activationId: activation.id,
        detail: { kind, amountMinor, currency: activation.currency, outcome },
      },
    );
    return outcome;
  }

  /**
   * Days (or a lifetime licence) given by hand (`npm run device -- extend`): a dispute won outside any provider's
   * notice, a goodwill gesture. The days add from the later of now, the licence's end and the trial's end, as a
   * payment's would; the support trail says who and why.
   */
  async extendByHand(
    deviceId: string,
    grant: { days: number } | { lifetime: true },
    hand: SupportHand,
  ): Promise<{ before: Date | null; after: Date | null; lifetime: boolean }> {
    if ('days' in grant && (!Number.isInteger(grant.days) || grant.days < 1 || grant.days > 36_500)) {
      throw new DomainError('BAD_USER_INPUT', 'The days must be a whole number from 1 to 36500.');
    }
    if (!hand.note.trim()) throw new DomainError('BAD_USER_INPUT', 'Say why with --note: the trail keeps it.');
    return this.dataSource.transaction(async (m) => {
      const licence = await this.extendLicence(m, {
        id: 'support',
        device_id: deviceId,
        licence_days: 'days' in grant ? grant.days : null,
      });
      await this.recordSupportAction(m, 'extend', hand, {
        deviceId,
        detail: { ...grant, licenceBefore: licence.before, licenceAfter: licence.after, lifetime: licence.lifetime },
      });
      this.logger.info({ deviceId, actor: hand.actor, ...grant }, 'licence extended by hand');
      return licence;
    });
  }

  /** One line of the support trail (`support_actions`): what an operator did, who and why. */
  private async recordSupportAction(
    m: EntityManager,
    action: 'extend' | 'money-back',
    { actor, note }: SupportHand,
    row: { deviceId?: string | null; activationId?: string | null; detail: unknown },
  ): Promise<void> {
    await m.query(
      `INSERT INTO support_actions (action, device_id, activation_id, actor, note, detail)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        action,
        row.deviceId ?? null,
        row.activationId ?? null,
        actor.slice(0, 100),
        note.slice(0, 500),
        JSON.stringify(row.detail, storable),
      ],
    );
  }

  /**
   * A licence starts when what the device has ends: the current licence, or the trial (paying on day 2 of a 7-day
   * trial does not throw its last 5 days away), or now when neither runs.
   */
  private async extendLicence(m: EntityManager, activation: Pick<ActivationRow, 'id' | 'device_id' | 'licence_days'>) {
    const device = await this.lockDevice(m, activation);
    const before = device.licence_expires_at;
    if (activation.licence_days === null || device.licence_lifetime) {
      await m.query(`UPDATE devices SET licence_lifetime = true, updated_at = now() WHERE id = $1`, [
        activation.device_id,
      ]);
      return { before, after: null, lifetime: true };
    }
    const from = Math.max(Date.now(), before?.getTime() ?? 0, device.trialEnd);
    const after = new Date(from + activation.licence_days * DAY_MS);
    await m.query(`UPDATE devices SET licence_expires_at = $2, updated_at = now() WHERE id = $1`, [
      activation.device_id,
      after,
    ]);
    return { before, after, lifetime: false };
  }

  /** The device a licence change is for, locked, and when its trial ends. */
  private async lockDevice(m: EntityManager, activation: Pick<ActivationRow, 'id' | 'device_id'>) {
    const [device] = (await m.query(
      `SELECT licence_expires_at, licence_lifetime, created_at FROM devices WHERE id = $1 FOR NO KEY UPDATE`,
      [activation.device_id],
    )) as { licence_expires_at: Date | null; licence_lifetime: boolean; created_at: Date }[];
    if (!device) throw new Error(`activation ${activation.id} has no device`);
    return { ...device, trialEnd: trialEndOf({ createdAt: device.created_at }, this.options.trialDays).getTime() };
  }

  /** One line of the audit trail (`payment_events`), in the caller's transaction when it passes one. */
  async record(
    provider: PaymentProviderName,
    kind: ConfirmationKind | 'checkout',
    eventId: string | null,
    activationId: string | null,
    deviceId: string | null,
    outcome: Outcome,
    detail: unknown,
    m: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await m.query(
      `INSERT INTO payment_events (provider, kind, event_id, activation_id, device_id, outcome, payload)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        provider,
        kind,
        eventId?.slice(0, 200) ?? null,
        activationId,
        deviceId,
        outcome,
        detail === null ? null : JSON.stringify(detail, storable),
      ],
    );
    this.metrics?.paymentRecorded(m, provider, kind, outcome);
  }
}

/**
 * PostgreSQL's jsonb cannot hold U+0000 nor a lone surrogate (`\ud83d` without its pair: from a JSON escape in a
 * body, or an excerpt cut in the middle of an emoji): in the audit trail each becomes U+FFFD, so that every
 * delivery can be recorded (such a body would otherwise fail the record and be answered 503 forever).
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function storable(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, '\uFFFD');
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(UNSTORABLE, '\uFFFD'), v]));
  }
  return value;
}

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw.toString('utf8').slice(0, 2000);
  }
}
