import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { DataSource, EntityManager } from 'typeorm';
import { CHECKOUT_METHODS } from '../../../common/payment';
import { DomainError } from '../common/errors';
import type { RateLimits } from '../auth/rate-limits';
import { UUID } from '../db/constraints';
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
   * Applies one verified confirmation, exactly once: in one transaction, the activation locked, the provider's
   * event id and transaction id each inserted under a unique key, the licence extended from the later of now
   * and its current end, and the delivery recorded.
   */
  async confirm(
    provider: PaymentProviderName,
    c: Confirmation,
    kind: ConfirmationKind,
    payload: unknown,
  ): Promise<Outcome> {
    return this.dataSource.transaction(async (m) => {
      const columns = `a.id, a.device_id, a.method, a.status, a.amount_minor, a.currency, a.licence_days,
                       a.provider_reference, a.refunded_minor, a.dispute`;
      let rows = (
        c.reference && UUID.test(c.reference)
          ? await m.query(`SELECT ${columns} FROM activations a WHERE a.id = $1 FOR UPDATE`, [c.reference])
          : []
      ) as ActivationRow[];
      // Money back may name only the payment it takes back (a PayPal refund carries the capture id, not ours).
      if (!rows.length && c.takesBack) {
        rows = (await m.query(
          `SELECT ${columns} FROM activations a JOIN payments p ON p.activation_id = a.id
            WHERE p.provider = $1 AND p.provider_reference = $2 FOR UPDATE OF a`,
          [provider, c.takesBack.slice(0, 200)],
        )) as ActivationRow[];
      }
      const activation = rows[0];
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
          : this.moneyBack(m, provider, c, activation, payment, done);
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
        await m.query(`UPDATE activations SET status = $2, failure_reason = $3, updated_at = now() WHERE id = $1`, [
          activation.id,
          c.status,
          `${provider} reported ${c.providerStatus}`,
        ]);
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
   * Money back (a refund, a reversal, a chargeback, a dispute lost), each sum once by the provider's id of it. The
   * sums add up on the activation (`refunded_minor`); while they are short of what was paid the licence keeps its
   * days ("Refunded 0.50 €" in Account Details). When they reach it, the days the payment added come off the
   * licence (a lifetime licence it bought ends, back to what the device had before), once, and the activation
   * says Refunded or Reversed. A notice of money back for a checkout that was never paid changes nothing.
   */
  private async moneyBack(
    m: EntityManager,
    provider: PaymentProviderName,
    c: Confirmation,
    activation: ActivationRow,
    payment: PaymentRow,
    done: Done,
  ): Promise<Outcome> {
    const kind = c.status === 'reversed' ? 'reversed' : 'refunded';
    const reference = (c.transactionId ?? c.eventId).slice(0, 200);
    if (c.currency && c.currency.toUpperCase() !== activation.currency) return done('refused-currency');
    if (c.amountMinor === 0) return done('ignored', { reason: 'no money went back' });
    // A notice without its sum (OPay's refunded flag, an operator's whole refund) returns what is left.
    const amount = c.amountMinor ?? payment.amount_minor - activation.refunded_minor;
    if (amount <= 0) return done('already-applied');
    const [recorded] = (await m.query(
      `INSERT INTO money_back (payment_id, activation_id, provider, kind, reference, amount_minor, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (provider, reference) DO NOTHING RETURNING id`,
      [payment.id, activation.id, provider, kind, reference, amount, activation.currency],
    )) as { id: string }[];
    if (!recorded) return done('already-applied');
    const returned = activation.refunded_minor + amount;
    // Money taken back while a dispute is open is the dispute lost.
    const dispute = kind === 'reversed' && activation.dispute === 'open' ? 'lost' : activation.dispute;
    await m.query(`UPDATE activations SET refunded_minor = $2, dispute = $3, updated_at = now() WHERE id = $1`, [
      activation.id,
      returned,
      dispute,
    ]);
    const sums = { amountMinor: amount, returnedMinor: returned, paidMinor: payment.amount_minor };
    if (payment.taken_back_at) return done('already-applied', sums);
    if (returned < payment.amount_minor) {
      this.logger.info({ activationId: activation.id, provider, ...sums }, 'money back: part of a payment');
      return done('partly-refunded', sums);
    }
    const licence = await this.shortenLicence(m, activation, payment);
    await m.query(
      `UPDATE payments SET taken_back_at = now(), taken_back_kind = $2, taken_back_reference = $3 WHERE id = $1`,
      [payment.id, kind, reference],
    );
    await m.query(
      `UPDATE activations SET status = $2, taken_back_at = now(), failure_reason = $3, updated_at = now()
        WHERE id = $1`,
      [activation.id, kind, `${provider} reported ${c.providerStatus}`],
    );
    this.logger.info({ activationId: activation.id, provider, kind }, 'money back: licence shortened');
    return done(kind, { ...sums, licenceBefore: licence.before, licenceAfter: licence.after });
  }

  /**
   * A dispute: opened (or moved on), it marks the payment Disputed and takes nothing; ended with the money staying
   * with us (`reinstated`: won, cancelled by the buyer, denied), it undoes the payment's reversals, and if their
   * days had come off and what is still returned is short of what was paid, the days come back, once. A dispute
   * lost arrives as money back (`reversed`).
   */
  private async dispute(
    m: EntityManager,
    provider: PaymentProviderName,
    c: Confirmation,
    activation: ActivationRow,
    payment: PaymentRow,
    done: Done,
  ): Promise<Outcome> {
    if (c.status === 'disputed') {
      // Once decided, a late notice of the dispute's opening (deliveries are not in order) changes nothing.
      if (activation.dispute !== null) return done(activation.dispute === 'open' ? 'disputed' : 'already-applied');
      await m.query(`UPDATE activations SET dispute = 'open', disputed_at = now(), updated_at = now() WHERE id = $1`, [
        activation.id,
      ]);
      this.logger.info({ activationId: activation.id, provider }, 'dispute opened: the licence stays for now');
      return done('disputed');
    }
    const [{ undone_minor: undoneMinor }] = (await m.query(
      `WITH undone AS (
         UPDATE money_back SET undone_at = now()
          WHERE payment_id = $1 AND kind = 'reversed' AND undone_at IS NULL RETURNING amount_minor)
       SELECT COALESCE(sum(amount_minor), 0)::int AS undone_minor FROM undone`,
      [payment.id],
    )) as [{ undone_minor: number }];
    if (activation.dispute === 'won' && undoneMinor === 0) return done('already-applied');
    const returned = Math.max(activation.refunded_minor - undoneMinor, 0);
    await m.query(
      `UPDATE activations SET refunded_minor = $2, dispute = 'won', disputed_at = COALESCE(disputed_at, now()),
              updated_at = now() WHERE id = $1`,
      [activation.id, returned],
    );
    const sums = { undoneMinor, returnedMinor: returned, paidMinor: payment.amount_minor };
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
    this.logger.info({ activationId: activation.id, provider }, 'dispute won: the days came back');
    return done('reinstated', { ...sums, licenceBefore: licence.before, licenceAfter: licence.after });
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
    return { before: end, after };
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
      `SELECT licence_expires_at, licence_lifetime, created_at FROM devices WHERE id = $1 FOR UPDATE`,
      [activation.device_id],
    )) as { licence_expires_at: Date | null; licence_lifetime: boolean; created_at: Date }[];
    if (!device) throw new Error(`activation ${activation.id} has no device`);
    return { ...device, trialEnd: device.created_at.getTime() + this.options.trialDays * DAY_MS };
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
