import type { IncomingHttpHeaders } from 'node:http';
import type { DataSource, EntityManager } from 'typeorm';
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

const DAY_MS = 86_400_000;

export const LIFETIME_MESSAGE = 'This device already has a lifetime licence: there is nothing to pay.';
export const PROVIDER_DOWN_MESSAGE =
  'The payment provider could not start the payment. Nothing was charged; please try again in a few minutes.';

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

export interface ReturnUrls {
  /** The origin the owner's browser uses (return pages go there). */
  siteBase: string;
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
    private readonly options: { publicUrl: string; selfUrl: () => string; maxPendingPerHour: number },
    private readonly logger: Logger,
  ) {}

  /** The spec's MAC check before paying. */
  eligibility(device: DeviceEntity): { eligible: boolean; message: string | null } {
    if (device.licenceLifetime) return { eligible: false, message: LIFETIME_MESSAGE };
    return { eligible: true, message: null };
  }

  /** The device's payments and attempts, newest first. */
  history(deviceId: string, limit = 50): Promise<ActivationEntity[]> {
    return this.dataSource.getRepository(ActivationEntity).find({
      where: { deviceId },
      order: { createdAt: 'DESC' },
      take: limit,
    });
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
    const site = urls.siteBase;
    const cancelUrl = `${site}/device/playlists?payment_status=cancelled`;
    const successUrl =
      chosen === 'crypto'
        ? `${site}/activation/crypto/redirect`
        : chosen === 'cowpay'
          ? `${site}/cowpayReturnUrl`
          : `${site}/device/playlists?payment_status=success`;
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
   * now is (its licence extended). PayPal's refusals come back with its issue, description and debug id; a
   * declined card as PAYMENT_DECLINED so the buttons restart.
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
    let capture;
    try {
      capture = await this.providers.get('paypal').capture(orderId);
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
      if (err instanceof ProviderError)
        throw new DomainError('UNAVAILABLE', 'PayPal could not be reached. Please try again.');
      throw err;
    }
    const outcome = await this.confirm(
      'paypal',
      {
        eventId: `capture:${capture.captureId}`,
        reference: capture.reference,
        providerReference: orderId,
        transactionId: capture.captureId,
        status: capture.status === 'COMPLETED' ? 'paid' : capture.status === 'DECLINED' ? 'failed' : 'pending',
        amountMinor: capture.amountMinor,
        currency: capture.currency,
        providerStatus: `capture:${capture.status}`,
      },
      'capture',
      capture,
    );
    if (outcome.startsWith('refused') || outcome === 'failed') {
      throw new DomainError(
        'PAYMENT_FAILED',
        'PayPal did not confirm the payment for this device.',
        undefined,
        undefined,
        {
          issue: outcome.toUpperCase(),
          description: 'PayPal did not confirm the payment for this device.',
          debugId: '',
        },
      );
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
    kind: 'webhook' | 'capture',
    payload: unknown,
  ): Promise<Outcome> {
    return this.dataSource.transaction(async (m) => {
      const rows = (
        c.reference && UUID.test(c.reference)
          ? await m.query(
              `SELECT id, device_id, method, status, amount_minor, currency, licence_days, provider_reference
                 FROM activations WHERE id = $1 FOR UPDATE`,
              [c.reference],
            )
          : []
      ) as ActivationRow[];
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
      if (!activation || activation.method !== provider) return done('refused-unknown');
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

  private async extendLicence(m: EntityManager, activation: ActivationRow) {
    const [device] = (await m.query(
      `SELECT licence_expires_at, licence_lifetime FROM devices WHERE id = $1 FOR UPDATE`,
      [activation.device_id],
    )) as { licence_expires_at: Date | null; licence_lifetime: boolean }[];
    if (!device) throw new Error(`activation ${activation.id} has no device`);
    const before = device.licence_expires_at;
    if (activation.licence_days === null || device.licence_lifetime) {
      await m.query(`UPDATE devices SET licence_lifetime = true, updated_at = now() WHERE id = $1`, [
        activation.device_id,
      ]);
      return { before, after: null, lifetime: true };
    }
    const now = Date.now();
    const from = before && before.getTime() > now ? before.getTime() : now;
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
      throw new DomainError('BAD_USER_INPUT', 'Choose one of the payment methods offered.', {
        method: 'Choose one of the payment methods offered.',
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
    // Counted and created in one transaction with the device's row locked: checkouts started at the same
    // moment for one device are taken one at a time, so together they cannot pass the limit.
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT id FROM devices WHERE id = $1 FOR UPDATE`, [device.id]);
      const [started] = (await m.query(
        `SELECT count(*)::int AS n FROM activations WHERE device_id = $1 AND created_at > now() - interval '1 hour'`,
        [device.id],
      )) as { n: number }[];
      if ((started?.n ?? 0) >= this.options.maxPendingPerHour) {
        throw new DomainError(
          'RATE_LIMITED',
          'Too many payments were started for this device in the last hour. Please try again later.',
          undefined,
          600,
        );
      }
      const repo = m.getRepository(ActivationEntity);
      return repo.save(
        repo.create({
          deviceId: device.id,
          macAddress: device.macAddress,
          method,
          status: 'pending',
          amountMinor: Math.round(Number(this.pricing.price) * 100),
          currency: this.pricing.currency,
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
    kind: 'webhook' | 'capture' | 'checkout',
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
