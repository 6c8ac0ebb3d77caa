import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { DataSource, EntityManager } from 'typeorm';
import { localizePath } from '../../../common/i18n';
import { CHECKOUT_METHODS, payerSchemaFor, type CheckoutMethod, type PayerDetails } from '../../../common/payment';
import { DomainError } from '../common/errors';
import { validate } from '../common/validate';
import type { DeviceEntity } from '../device/device.entity';
import type { DeviceService } from '../device/device.service';
import type { Logger } from '../logger';
import type { PricingTerms } from '../pricing/pricing.service';
import { ActivationEntity, type ActivationStatusValue, type PaymentProviderName } from './activation.entity';
import { ProviderError, WebhookRefused, type Confirmation } from './provider';
import type { PaymentProviders } from './providers';
import { PayPalRefusal } from './providers/paypal';
import { UUID } from '../db/constraints';
import { messages } from '../../../common/messages';

const DAY_MS = 86_400_000;

export const LIFETIME_MESSAGE = messages.payment.lifetime;
export const PROVIDER_DOWN_MESSAGE = messages.payment.providerDown;

/** What happened to one confirmation: written to the audit trail and deciding the webhook's answer. */
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
  | 'ignored'
  | 'refused-signature'
  | 'refused-malformed'
  | 'refused-unknown'
  | 'refused-mismatch'
  | 'refused-amount'
  | 'refused-currency';

/** Outcomes after which the provider must not retry (2xx); the rest are refusals (4xx). */
const ACCEPTED: ReadonlySet<Outcome> = new Set([
  'activated',
  'duplicate',
  'already-applied',
  'pending',
  'failed',
  'cancelled',
  'partial',
  'refunded',
  'reversed',
  'ignored',
]);

/**
 * A checkout as the transports receive it: the method (any case: the graph's OPAY, the REST form's opay) and the
 * payer's fields as sent. The method and the fields are still checked: a JSON body can hold anything.
 */
export type CheckoutInput = { method: string } & { [K in keyof PayerDetails]?: string | null };

/** PayPal's onApprove: the activation the capture paid, and the device as it is after it. */
export interface PayPalCapture {
  activation: ActivationEntity;
  device: DeviceEntity;
}

/** Where a card checkout's link stands (the graph's CardCheckoutStatus). */
export type CardCheckoutState = 'OPEN' | 'PAID' | 'FAILED' | 'EXPIRED' | 'UNKNOWN';

export interface ReturnUrls {
  /** The origin the owner's browser uses (return pages go there). */
  siteBase: string;
  /** The language the owner pays in (the request's): the provider sends them back to that language's pages. */
  locale: string;
}

export interface WebhookAnswer {
  status: number;
  body: { status: 'ok' | 'error'; outcome?: Outcome; message?: string };
}

interface ActivationRow {
  id: string;
  device_id: string;
  method: PaymentProviderName;
  status: ActivationStatusValue;
  amount_minor: number;
  currency: string;
  licence_days: number | null;
  provider_reference: string | null;
}

/**
 * Checkouts, confirmations and the payment history. A confirmation, however it arrives
 * (webhook, PayPal capture, retries, concurrently), extends a licence in one transaction guarded by the
 * unique (provider, provider reference) of `payments`; every delivery is written to `payment_events`.
 */
export class PaymentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly devices: DeviceService,
    private readonly pricing: PricingTerms,
    readonly providers: PaymentProviders,
    private readonly options: {
      publicUrl: string;
      selfUrl: () => string;
      maxPendingPerHour: number;
      /** The trial a new device gets: a licence bought during it starts when it ends. */
      trialDays: number;
    },
    private readonly logger: Logger,
  ) {}

  /** The spec's MAC check before paying. */
  eligibility(device: DeviceEntity): { eligible: boolean; message: string | null } {
    if (device.licenceLifetime) return { eligible: false, message: LIFETIME_MESSAGE };
    return { eligible: true, message: null };
  }

  /**
   * The device's payments and attempts, newest first: `first` of them (1 to 200, default 50), after the one whose
   * id is `after` (keyset paging: a payment started meanwhile does not shift the pages).
   */
  async history(
    deviceId: string,
    page: { first?: number | null; after?: string | null } = {},
  ): Promise<ActivationEntity[]> {
    const first = page.first ?? 50;
    if (!Number.isInteger(first) || first < 1 || first > 200) {
      throw new DomainError('BAD_USER_INPUT', '`first` is from 1 to 200.', { first: '`first` is from 1 to 200.' });
    }
    const query = this.dataSource
      .getRepository(ActivationEntity)
      .createQueryBuilder('a')
      .where('a.device_id = :deviceId', { deviceId })
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .take(first);
    if (page.after !== undefined && page.after !== null) {
      const cursor = UUID.test(page.after)
        ? await this.dataSource.getRepository(ActivationEntity).findOneBy({ id: page.after, deviceId })
        : null;
      if (!cursor) {
        const message = '`after` is not one of these payments: start again from the first page.';
        throw new DomainError('BAD_USER_INPUT', message, { after: message });
      }
      // Compared in SQL: a JavaScript Date would cut created_at's microseconds and skip rows within them.
      query.andWhere('(a.created_at, a.id) < (SELECT c.created_at, c.id FROM activations c WHERE c.id = :cursor)', {
        cursor: cursor.id,
      });
    }
    return query.getMany();
  }

  /** How many payments and attempts the device has. */
  historyCount(deviceId: string): Promise<number> {
    return this.dataSource.getRepository(ActivationEntity).countBy({ deviceId });
  }

  /**
   * Where the card checkout of a /cowpay/checkout/{frameCode}/{token} link stands, so that its page shows the card
   * form only while it can still be paid (a dead link would otherwise show the provider's error page, or the
   * browser's broken-frame icon, 1200px high). The link is found as the end of the checkout URL kept when the
   * checkout started: that URL is this very path on whichever origin the owner used (an index on that part,
   * ix_activations_card_checkout_link, makes it one probe: the page asks with no sign-in).
   */
  async cardCheckoutStatus(frameCode: string, token: string): Promise<CardCheckoutState> {
    // The shapes the provider's adapter and the configuration allow; anything else cannot be one of ours.
    if (!/^[A-Za-z0-9_-]{1,60}$/.test(frameCode) || !/^[\w-]{1,200}$/.test(token)) return 'UNKNOWN';
    const path = `/cowpay/checkout/${frameCode}/${token}`;
    const [row] = (await this.dataSource.query(
      `SELECT status, failure_reason FROM activations
        WHERE method = 'cowpay' AND substring(checkout_url from '/cowpay/checkout/.*$') = $1
        ORDER BY created_at DESC LIMIT 1`,
      [path],
    )) as { status: ActivationStatusValue; failure_reason: string | null }[];
    if (!row) return 'UNKNOWN';
    switch (row.status) {
      case 'pending':
        return 'OPEN';
      case 'paid':
      case 'partial':
      case 'refunded':
      case 'reversed':
        return 'PAID';
      case 'failed':
      case 'cancelled':
        // Cowpay's EXPIRED callback fails the checkout; its reason keeps the word (see confirm).
        return /\bEXPIRED$/.test(row.failure_reason ?? '') ? 'EXPIRED' : 'FAILED';
    }
  }

  /**
   * Starts a checkout with opay, opay1, cowpay or crypto: validates the payer, records the pending activation,
   * asks the provider for its checkout, and returns where the browser goes. Only the payer's fields the method
   * uses are read, and a field counts as given only when it holds something: absent, null and empty ('') are
   * all "not given" (the forms send the fields a method does not use empty).
   */
  async start(
    device: DeviceEntity,
    input: CheckoutInput,
    urls: ReturnUrls,
  ): Promise<{ activation: ActivationEntity; redirectUrl: string }> {
    const { method, ...payer } = input;
    const chosen = this.checkoutMethod(method);
    const details = validate(
      payerSchemaFor(
        chosen,
        this.pricing.coins.map((coin) => coin.code),
      ),
      givenFields(payer),
    );
    const activation = await this.createPending(device, chosen, details);
    const provider = this.providers.get(chosen);
    const page = (path: string) => `${urls.siteBase}${localizePath(urls.locale, path)}`;
    const cancelUrl = page('/device/playlists?payment_status=cancelled');
    const successUrl =
      chosen === 'crypto'
        ? page('/activation/crypto/redirect')
        : chosen === 'cowpay'
          ? page('/cowpayReturnUrl')
          : page('/device/playlists?payment_status=success');
    try {
      const checkout = await provider.createCheckout({
        reference: activation.id,
        amountMinor: activation.amountMinor,
        currency: activation.currency,
        description: this.description(device),
        macAddress: device.macAddress,
        payer: details,
        successUrl,
        cancelUrl,
        webhookUrl: this.webhookUrl(chosen),
      });
      await this.recordCheckout(activation, device, chosen, {
        providerReference: checkout.providerReference,
        checkoutUrl: checkout.redirectUrl,
      });
      return {
        activation: { ...activation, providerReference: checkout.providerReference },
        redirectUrl: checkout.redirectUrl,
      };
    } catch (err) {
      throw await this.checkoutFailed(activation, device, err);
    }
  }

  /**
   * Keeps the provider's reference for a checkout and records the checkout in the audit trail, in one
   * transaction: a crash between two commits would leave a checkout the trail does not know of.
   */
  private async recordCheckout(
    activation: ActivationEntity,
    device: DeviceEntity,
    method: PaymentProviderName,
    provider: { providerReference: string; checkoutUrl?: string },
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.update(ActivationEntity, { id: activation.id }, provider);
      await this.record(manager, method, 'checkout', null, activation.id, device.id, 'pending', null);
    });
  }

  /** PayPal's createOrder: a pending activation and its PayPal order. */
  async createPayPalOrder(device: DeviceEntity): Promise<{ id: string; activation: ActivationEntity }> {
    if (!this.pricing.methods.includes('paypal')) {
      throw new DomainError('BAD_USER_INPUT', 'PayPal is not offered.', { method: 'PayPal is not offered.' });
    }
    const activation = await this.createPending(device, 'paypal', payerSchemaFor('opay', []).parse({}));
    try {
      const order = await this.providers.get('paypal').createCheckout({
        reference: activation.id,
        amountMinor: activation.amountMinor,
        currency: activation.currency,
        description: this.description(device),
        macAddress: device.macAddress,
        payer: activation,
        successUrl: this.options.publicUrl,
        cancelUrl: this.options.publicUrl,
        webhookUrl: this.webhookUrl('paypal'),
      });
      await this.recordCheckout(activation, device, 'paypal', { providerReference: order.providerReference });
      return { id: order.providerReference, activation };
    } catch (err) {
      throw await this.checkoutFailed(activation, device, err);
    }
  }

  /**
   * PayPal's onApprove: captures the order and applies the capture; answers the activation and the device as it
   * now is: paid (its licence extended), or still pending when PayPal holds the capture (PENDING, e.g. for review;
   * its PAYMENT.CAPTURE.COMPLETED webhook activates later). PayPal's refusals come back with its issue,
   * description and debug id; a declined card as PAYMENT_DECLINED so the buttons restart.
   */
  async capturePayPalOrder(device: DeviceEntity, orderId: string): Promise<PayPalCapture> {
    const activation = await this.capture(device, orderId);
    return { activation, device: (await this.devices.findById(device.id)) ?? device };
  }

  private async capture(device: DeviceEntity, orderId: string): Promise<ActivationEntity> {
    if (typeof orderId !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(orderId)) {
      throw new DomainError('BAD_USER_INPUT', 'The PayPal order id is not valid.', { orderId: 'Not an order id.' });
    }
    const repo = this.dataSource.getRepository(ActivationEntity);
    const activation = await repo.findOneBy({ method: 'paypal', providerReference: orderId, deviceId: device.id });
    if (!activation) throw new DomainError('NOT_FOUND', 'There is no such PayPal order for this device.');
    if (activation.status === 'paid') return activation;
    // Each capture PayPal refused before (a declined card, then another funding source) used up its own
    // PayPal-Request-Id; a retry of the same attempt reuses it, so PayPal never captures twice.
    const [previous] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM payment_events
        WHERE provider = 'paypal' AND kind = 'capture' AND activation_id = $1 AND outcome = 'failed'`,
      [activation.id],
    )) as { n: number }[];
    const paypal = this.providers.get('paypal');
    let capture;
    try {
      // A lost answer, ORDER_ALREADY_CAPTURED and ORDER_COMPLETION_IN_PROGRESS are settled by reading the order.
      capture = await paypal.capture(orderId, previous?.n ?? 0);
    } catch (err) {
      if (err instanceof PayPalRefusal) {
        await this.record(this.dataSource.manager, 'paypal', 'capture', null, activation.id, device.id, 'failed', {
          issue: err.issue,
          description: err.description,
          debugId: err.debugId,
        });
        const details = { issue: err.issue, description: err.description, debugId: err.debugId };
        if (err.issue === 'INSTRUMENT_DECLINED') {
          throw new DomainError('PAYMENT_DECLINED', err.description, undefined, undefined, details);
        }
        throw new DomainError('PAYMENT_FAILED', err.description, undefined, undefined, details);
      }
      if (err instanceof ProviderError) throw new DomainError('UNAVAILABLE', messages.payment.paypalUnreachable);
      throw err;
    }
    // COMPLETED pays; PENDING (held for review) stays pending until PAYMENT.CAPTURE.COMPLETED; DECLINED fails.
    const outcome = await this.confirm('paypal', paypal.confirmationOf(capture), 'capture', capture);
    if (outcome.startsWith('refused') || outcome === 'failed') {
      throw new DomainError('PAYMENT_FAILED', messages.payment.paypalNotConfirmed, undefined, undefined, {
        issue: outcome.toUpperCase(),
        description: 'PayPal did not confirm the payment for this device.',
        debugId: '',
      });
    }
    return repo.findOneByOrFail({ id: activation.id });
  }

  /**
   * A provider's webhook: verified over the raw body, then applied. Forged or unreadable deliveries are
   * refused (4xx) and recorded; anything the database could not take answers 503 so the provider retries.
   */
  async handleWebhook(name: string, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookAnswer> {
    if (!(CHECKOUT_METHODS as readonly string[]).includes(name) && name !== 'paypal') {
      return { status: 404, body: { status: 'error', message: 'No such payment provider.' } };
    }
    const providerName = name as PaymentProviderName;
    let confirmation: Confirmation;
    try {
      confirmation = await this.providers.get(providerName).verifyWebhook(rawBody, headers);
    } catch (err) {
      if (!(err instanceof WebhookRefused)) {
        this.logger.warn({ err, provider: providerName }, 'webhook verification failed');
        return { status: 503, body: { status: 'error', message: 'Try again later.' } };
      }
      await this.record(this.dataSource.manager, providerName, 'webhook', null, null, null, err.outcome, {
        reason: err.message,
        body: rawBody.toString('utf8').slice(0, 2000),
      });
      return {
        status: err.outcome === 'refused-signature' ? 401 : 400,
        body: { status: 'error', outcome: err.outcome, message: err.message },
      };
    }
    const outcome = await this.confirm(providerName, confirmation, 'webhook', safeJson(rawBody));
    return ACCEPTED.has(outcome)
      ? { status: 200, body: { status: 'ok', outcome } }
      : { status: 422, body: { status: 'error', outcome, message: 'The confirmation does not match a payment.' } };
  }

  /**
   * Applies one verified confirmation, exactly once: in one transaction, the activation locked, the provider's
   * event id and transaction id each inserted under a unique key, the licence extended from the later of now
   * and its current end, and the delivery recorded.
   */
  async confirm(
    provider: PaymentProviderName,
    c: Confirmation,
    kind: 'webhook' | 'capture' | 'operator',
    payload: unknown,
  ): Promise<Outcome> {
    return this.dataSource.transaction(async (m) => {
      const columns = `a.id, a.device_id, a.method, a.status, a.amount_minor, a.currency, a.licence_days,
                       a.provider_reference`;
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
      const done = async (outcome: Outcome, detail?: Record<string, unknown>) => {
        await this.record(
          m,
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
      if (c.status === 'refunded' || c.status === 'reversed') return this.takeBack(m, provider, c, activation, done);
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
   * Money back (a refund, a reversal, a chargeback): the days the payment added come off the licence (a lifetime
   * licence it bought ends, back to what the device had before), at most once per payment, and the activation
   * says so. A notice of money back for a checkout that was never paid changes nothing.
   */
  private async takeBack(
    m: EntityManager,
    provider: PaymentProviderName,
    c: Confirmation,
    activation: ActivationRow,
    done: (outcome: Outcome, detail?: Record<string, unknown>) => Promise<Outcome>,
  ): Promise<Outcome> {
    const kind = c.status === 'reversed' ? 'reversed' : 'refunded';
    const [payment] = (await m.query(
      `SELECT id, lifetime, licence_before, taken_back_at FROM payments
        WHERE activation_id = $1 AND provider = $2 AND ($3::text IS NULL OR provider_reference = $3)
        ORDER BY created_at LIMIT 1 FOR UPDATE`,
      [activation.id, provider, c.takesBack?.slice(0, 200) ?? null],
    )) as { id: string; lifetime: boolean; licence_before: Date | null; taken_back_at: Date | null }[];
    if (!payment) return done('ignored', { reason: 'nothing was paid for this checkout' });
    if (payment.taken_back_at) return done('already-applied');
    const licence = await this.shortenLicence(m, activation, payment);
    await m.query(
      `UPDATE payments SET taken_back_at = now(), taken_back_kind = $2, taken_back_reference = $3 WHERE id = $1`,
      [payment.id, kind, c.transactionId?.slice(0, 200) ?? c.eventId.slice(0, 200)],
    );
    await m.query(
      `UPDATE activations SET status = $2, taken_back_at = now(), failure_reason = $3, updated_at = now()
        WHERE id = $1`,
      [activation.id, kind, `${provider} reported ${c.providerStatus}`],
    );
    this.logger.info({ activationId: activation.id, provider, kind }, 'money back: licence shortened');
    return done(kind, { licenceBefore: licence.before, licenceAfter: licence.after });
  }

  private async shortenLicence(
    m: EntityManager,
    activation: ActivationRow,
    payment: { lifetime: boolean; licence_before: Date | null },
  ): Promise<{ before: Date | 'lifetime' | null; after: Date | null }> {
    const [device] = (await m.query(
      `SELECT licence_expires_at, licence_lifetime, created_at FROM devices WHERE id = $1 FOR UPDATE`,
      [activation.device_id],
    )) as { licence_expires_at: Date | null; licence_lifetime: boolean; created_at: Date }[];
    if (!device) throw new Error(`activation ${activation.id} has no device`);
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
    const trialEnd = device.created_at.getTime() + this.options.trialDays * DAY_MS;
    if (shortened <= Math.max(now, trialEnd) && !payment.licence_before) {
      await m.query(`UPDATE devices SET licence_expires_at = NULL, updated_at = now() WHERE id = $1`, [
        activation.device_id,
      ]);
      return { before: end, after: null };
    }
    const after = new Date(Math.max(shortened, Math.min(now, end.getTime())));
    await m.query(`UPDATE devices SET licence_expires_at = $2, updated_at = now() WHERE id = $1`, [
      activation.device_id,
      after,
    ]);
    return { before: end, after };
  }

  /**
   * Money back that no provider notifies, recorded by an operator (`npm run device -- refund`): a Cowpay refund
   * made in Cowpay's dashboard (Cowpay publishes no refund callback), a chargeback learned by e-mail. Applied as a
   * provider's notice would be: the days the payment added come off the licence, once, and the trail says who.
   */
  async recordMoneyBack(reference: string, kind: 'refunded' | 'reversed', note: string): Promise<Outcome> {
    const activation = UUID.test(reference)
      ? await this.dataSource.getRepository(ActivationEntity).findOneBy({ id: reference })
      : null;
    if (!activation) throw new DomainError('NOT_FOUND', `No payment has the reference ${reference.slice(0, 60)}.`);
    const id = `operator:${randomUUID()}`;
    return this.confirm(
      activation.method,
      {
        eventId: id,
        reference: activation.id,
        providerReference: null,
        transactionId: id,
        status: kind,
        amountMinor: null,
        currency: null,
        providerStatus: `${kind} by an operator`,
      },
      'operator',
      { note: note.slice(0, 500) },
    );
  }

  /**
   * A licence starts when what the device has ends: the current licence, or the trial (paying on day 2 of a 7-day
   * trial does not throw its last 5 days away), or now when neither runs.
   */
  private async extendLicence(m: EntityManager, activation: ActivationRow) {
    const [device] = (await m.query(
      `SELECT licence_expires_at, licence_lifetime, created_at FROM devices WHERE id = $1 FOR UPDATE`,
      [activation.device_id],
    )) as { licence_expires_at: Date | null; licence_lifetime: boolean; created_at: Date }[];
    if (!device) throw new Error(`activation ${activation.id} has no device`);
    const before = device.licence_expires_at;
    if (activation.licence_days === null || device.licence_lifetime) {
      await m.query(`UPDATE devices SET licence_lifetime = true, updated_at = now() WHERE id = $1`, [
        activation.device_id,
      ]);
      return { before, after: null, lifetime: true };
    }
    const trialEnd = device.created_at.getTime() + this.options.trialDays * DAY_MS;
    const from = Math.max(Date.now(), before?.getTime() ?? 0, trialEnd);
    const after = new Date(from + activation.licence_days * DAY_MS);
    await m.query(`UPDATE devices SET licence_expires_at = $2, updated_at = now() WHERE id = $1`, [
      activation.device_id,
      after,
    ]);
    return { before, after, lifetime: false };
  }

  private checkoutMethod(method: unknown): CheckoutMethod {
    const name = typeof method === 'string' ? method.toLowerCase() : '';
    if (name === 'paypal') {
      throw new DomainError('BAD_USER_INPUT', 'PayPal is paid with its own buttons.', {
        method: 'PayPal is paid with its own buttons.',
      });
    }
    if (name === 'ibostore') {
      throw new DomainError('BAD_USER_INPUT', 'ibostore is paid on its own activation page.', {
        method: 'ibostore is paid on its own activation page.',
      });
    }
    if (
      !(CHECKOUT_METHODS as readonly string[]).includes(name) ||
      !this.pricing.methods.includes(name as CheckoutMethod)
    ) {
      throw new DomainError('BAD_USER_INPUT', messages.payment.chooseMethod, {
        method: messages.payment.chooseMethod,
      });
    }
    return name as CheckoutMethod;
  }

  private async createPending(
    device: DeviceEntity,
    method: PaymentProviderName,
    payer: PayerDetails,
  ): Promise<ActivationEntity> {
    const eligibility = this.eligibility(device);
    if (!eligibility.eligible) throw new DomainError('CONFLICT', eligibility.message ?? LIFETIME_MESSAGE);
    // Each method charges in its account's currency at that currency's price.
    const priced = this.pricing.methodPrices.find((price) => price.method === method);
    if (!priced) {
      throw new DomainError('BAD_USER_INPUT', messages.payment.chooseMethod, {
        method: messages.payment.chooseMethod,
      });
    }
    // Counted and created in one transaction with the device's row locked: checkouts started at the same
    // moment for one device are taken one at a time, so together they cannot pass the limit.
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT id FROM devices WHERE id = $1 FOR UPDATE`, [device.id]);
      const [started] = (await m.query(
        `SELECT count(*)::int AS n FROM activations WHERE device_id = $1 AND created_at > now() - interval '1 hour'`,
        [device.id],
      )) as { n: number }[];
      if ((started?.n ?? 0) >= this.options.maxPendingPerHour) {
        throw new DomainError('RATE_LIMITED', messages.rateLimit.payments, undefined, 600);
      }
      const repo = m.getRepository(ActivationEntity);
      return repo.save(
        repo.create({
          deviceId: device.id,
          macAddress: device.macAddress,
          method,
          status: 'pending',
          // Fixed here: a price changed later never refuses this checkout's confirmation.
          amountMinor: Math.round(Number(priced.price) * 100),
          currency: priced.currency,
          licenceDays: this.pricing.licenceDays,
          sandbox: this.providers.isSandbox(method),
          ...payer,
        }),
      );
    });
  }

  private async checkoutFailed(activation: ActivationEntity, device: DeviceEntity, err: unknown): Promise<Error> {
    const reason = err instanceof ProviderError ? err.message : 'unexpected error while creating the checkout';
    if (!(err instanceof ProviderError)) this.logger.error({ err }, 'checkout creation failed');
    else this.logger.warn({ provider: activation.method, reason, detail: err.detail }, 'provider refused a checkout');
    await this.dataSource
      .getRepository(ActivationEntity)
      .update({ id: activation.id }, { status: 'failed', failureReason: reason });
    await this.record(
      this.dataSource.manager,
      activation.method,
      'checkout',
      null,
      activation.id,
      device.id,
      'failed',
      {
        reason,
      },
    );
    return new DomainError('UNAVAILABLE', PROVIDER_DOWN_MESSAGE);
  }

  private description(device: DeviceEntity): string {
    const length = this.pricing.licenceDays === null ? 'lifetime' : `${this.pricing.licenceDays} days`;
    return `Licence (${length}) for the device ${device.macAddress}`;
  }

  private webhookUrl(provider: PaymentProviderName): string {
    const base = this.providers.isSandbox(provider) ? this.options.selfUrl() : this.options.publicUrl;
    return `${base}/webhooks/${provider}`;
  }

  private async record(
    m: EntityManager,
    provider: PaymentProviderName,
    kind: 'webhook' | 'capture' | 'checkout' | 'operator',
    eventId: string | null,
    activationId: string | null,
    deviceId: string | null,
    outcome: Outcome,
    detail: unknown,
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
  }
}

/**
 * PostgreSQL's jsonb cannot hold U+0000 nor a lone surrogate (`\ud83d` without its pair: from a JSON escape in a
 * body, or an excerpt cut in the middle of an emoji): in the audit trail each becomes U+FFFD, so that every
 * delivery can be recorded (such a body would otherwise fail the record and be answered 503 forever).
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function storableText(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD');
}

function storable(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), v]));
  }
  return value;
}

/** The payer's fields that hold something: absent, null and '' are not given. */
function givenFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return raw.toString('utf8').slice(0, 2000);
  }
}
