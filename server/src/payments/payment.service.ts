import type { DataSource } from 'typeorm';
import { localizePath } from '../../../common/i18n';
import { CHECKOUT_METHODS, payerSchemaFor, type CheckoutMethod, type PayerDetails } from '../../../common/payment';
import { DomainError } from '../common/errors';
import { validate } from '../common/validate';
import type { DeviceEntity } from '../device/device.entity';
import type { DeviceService } from '../device/device.service';
import type { Logger } from '../logger';
import type { PricingTerms } from '../pricing/pricing.service';
import { ActivationEntity, type ActivationStatusValue, type PaymentProviderName } from './activation.entity';
import { type Outcome, type PaymentLedger, type WebhookAnswer } from './payment-ledger';
import { minorUnitsOf } from './currency';
import { ProviderError, type Checkout } from './provider';
import type { PaymentProviders } from './providers';
import { PayPalRefusal } from './providers/paypal';
import { UUID } from '../db/constraints';
import { messages } from '../../../common/messages';

export const LIFETIME_MESSAGE = messages.payment.lifetime;

/**
 * A checkout as the transports receive it: the method (any case: the graph's OPAY, the REST form's opay) and the
 * payer's fields as sent. The method and the fields are still checked: a JSON body can hold anything.
 */
export type CheckoutInput = { method: string } & { [K in keyof PayerDetails]?: string | null };

/** Where a card checkout's link stands (the graph's CardCheckoutStatus). */
export type CardCheckoutState = 'OPEN' | 'PAID' | 'FAILED' | 'EXPIRED' | 'UNKNOWN';

export interface ReturnUrls {
  /** The origin the owner's browser uses (return pages go there). */
  siteBase: string;
  /** The language the owner pays in (the request's): the provider sends them back to that language's pages. */
  locale: string;
}

/**
 * Checkouts (the hosted ones and PayPal's buttons) and the payment history. What a provider confirms is applied by
 * the ledger (payment-ledger.ts), which this service hands PayPal's captures to.
 */
export class PaymentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly devices: DeviceService,
    private readonly pricing: PricingTerms,
    readonly providers: PaymentProviders,
    private readonly ledger: PaymentLedger,
    private readonly options: {
      publicUrl: string;
      selfUrl: () => string;
      maxPendingPerHour: number;
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

  /** The device's latest payment still paid (none taken back), or null: what the portal says is paid. */
  lastPaid(deviceId: string): Promise<ActivationEntity | null> {
    return this.dataSource
      .getRepository(ActivationEntity)
      .findOne({ where: { deviceId, status: 'paid' }, order: { paidAt: 'DESC', id: 'DESC' } });
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
    const page = (path: string) => `${urls.siteBase}${localizePath(urls.locale, path)}`;
    const cancelUrl = page('/device/playlists?payment_status=cancelled');
    const successUrl =
      chosen === 'crypto'
        ? page('/activation/crypto/redirect')
        : chosen === 'cowpay'
          ? page('/cowpayReturnUrl')
          : page('/device/playlists?payment_status=success');
    const checkout = await this.openCheckout(device, activation, details, { successUrl, cancelUrl });
    return {
      activation: { ...activation, providerReference: checkout.providerReference },
      redirectUrl: checkout.redirectUrl,
    };
  }

  /**
   * Asks the provider for a pending activation's checkout, then keeps its reference and records the checkout in the
   * audit trail in one transaction: a crash between two commits would leave a checkout the trail does not know of.
   */
  private async openCheckout(
    device: DeviceEntity,
    activation: ActivationEntity,
    payer: PayerDetails,
    urls: { successUrl: string; cancelUrl: string },
  ): Promise<Checkout> {
    const { method } = activation;
    try {
      const checkout = await this.providers.get(method).createCheckout({
        reference: activation.id,
        amountMinor: activation.amountMinor,
        currency: activation.currency,
        description: this.description(device),
        macAddress: device.macAddress,
        payer,
        ...urls,
        webhookUrl: this.webhookUrl(method),
      });
      // PayPal's buttons approve the order in the browser: it has no checkout page to keep.
      const kept = method === 'paypal' ? {} : { checkoutUrl: checkout.redirectUrl };
      await this.dataSource.transaction(async (manager) => {
        await manager.update(
          ActivationEntity,
          { id: activation.id },
          { providerReference: checkout.providerReference, ...kept },
        );
        await this.ledger.record(method, 'checkout', null, activation.id, device.id, 'pending', null, manager);
      });
      return checkout;
    } catch (err) {
      throw await this.checkoutFailed(activation, device, err);
    }
  }

  /** PayPal's createOrder: a pending activation and the id of its PayPal order. */
  async createPayPalOrder(device: DeviceEntity): Promise<{ id: string }> {
    if (!this.pricing.methods.includes('paypal')) throw methodRefused('PayPal is not offered.');
    const activation = await this.createPending(device, 'paypal', payerSchemaFor('opay', []).parse({}));
    const { publicUrl } = this.options;
    const order = await this.openCheckout(device, activation, activation, {
      successUrl: publicUrl,
      cancelUrl: publicUrl,
    });
    return { id: order.providerReference };
  }

  /**
   * PayPal's onApprove: captures the order and applies the capture; answers the activation and the device as it
   * now is: paid (its licence extended), or still pending when PayPal holds the capture (PENDING, e.g. for review;
   * its PAYMENT.CAPTURE.COMPLETED webhook activates later). PayPal's refusals come back with its issue,
   * description and debug id; a declined card as PAYMENT_DECLINED so the buttons restart.
   */
  async capturePayPalOrder(
    device: DeviceEntity,
    orderId: string,
  ): Promise<{ activation: ActivationEntity; device: DeviceEntity }> {
    const activation = await this.capture(device, orderId);
    // The device the payment now belongs to: a Switch MAC onto this device's MAC moments before moved it there.
    const paidFor = (await this.devices.findById(activation.deviceId)) ?? (await this.devices.findById(device.id));
    return { activation, device: paidFor ?? device };
  }

  private async capture(device: DeviceEntity, orderId: string): Promise<ActivationEntity> {
    if (typeof orderId !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(orderId)) {
      throw new DomainError('BAD_USER_INPUT', 'The PayPal order id is not valid.', { orderId: 'Not an order id.' });
    }
    const repo = this.dataSource.getRepository(ActivationEntity);
    const activation = await repo.findOneBy({ method: 'paypal', providerReference: orderId, deviceId: device.id });
    if (!activation) throw new DomainError('NOT_FOUND', 'There is no such PayPal order for this device.');
    if (activation.status === 'paid') return activation;
    let outcome: Outcome;
    try {
      outcome = await this.captureOrder(activation, orderId);
    } catch (err) {
      if (err instanceof PayPalRefusal) {
        const code = err.issue === 'INSTRUMENT_DECLINED' ? 'PAYMENT_DECLINED' : 'PAYMENT_FAILED';
        throw new DomainError(code, err.description, undefined, undefined, refusalDetails(err));
      }
      if (err instanceof ProviderError) throw new DomainError('UNAVAILABLE', messages.payment.paypalUnreachable);
      throw err;
    }
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
   * The one capture of an approved PayPal order, whoever asks for it: the buyer's page (onApprove), the
   * CHECKOUT.ORDER.APPROVED webhook, reconciliation. Each capture PayPal refused before (a declined card, then
   * another funding source) used up its own PayPal-Request-Id `capture-{order}-{n}`; a retry of the same attempt,
   * or the same attempt made by two callers at once, reuses it, so PayPal never captures twice. COMPLETED pays;
   * PENDING (held for review) stays pending until PAYMENT.CAPTURE.COMPLETED; DECLINED fails. PayPal's refusal is
   * recorded and thrown (PayPalRefusal); ProviderError when PayPal cannot be reached.
   */
  private async captureOrder(activation: ActivationEntity, orderId: string): Promise<Outcome> {
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
        await this.ledger.record(
          'paypal',
          'capture',
          null,
          activation.id,
          activation.deviceId,
          'failed',
          refusalDetails(err),
        );
      }
      throw err;
    }
    return this.ledger.confirm('paypal', paypal.confirmationOf(capture), 'capture', capture);
  }

  /**
   * An order the buyer approved and the page did not capture (the buyer closed PayPal's window first): captured on
   * the server, through the browser's own capture (captureOrder), when PayPal's CHECKOUT.ORDER.APPROVED arrives or
   * reconciliation finds the order APPROVED. An order of no checkout of ours, or naming another reference, is
   * 'ignored'; one already paid 'already-applied'; PayPal's refusal is recorded and answered 'failed'. Throws
   * ProviderError when PayPal cannot be reached (the webhook is then answered 503 and PayPal sends it again).
   */
  async captureApproved(orderId: string, reference: string | null): Promise<Outcome> {
    const activation = /^[A-Za-z0-9-]{1,64}$/.test(orderId)
      ? await this.dataSource
          .getRepository(ActivationEntity)
          .findOneBy({ method: 'paypal', providerReference: orderId })
      : null;
    if (!activation || (reference !== null && reference !== activation.id)) return 'ignored';
    if (activation.status !== 'pending') return 'already-applied';
    try {
      return await this.captureOrder(activation, orderId);
    } catch (err) {
      if (!(err instanceof PayPalRefusal)) throw err;
      this.logger.info(
        { activationId: activation.id, orderId, issue: err.issue },
        'approved PayPal order not captured: PayPal refused',
      );
      return 'failed';
    }
  }

  /**
   * A provider's webhook, applied by the ledger; PayPal's CHECKOUT.ORDER.APPROVED then has its order captured
   * (captureApproved). PayPal out of reach answers 503, so that PayPal delivers the event again.
   */
  async handleWebhook(...args: Parameters<PaymentLedger['handleWebhook']>): Promise<WebhookAnswer> {
    const answer = await this.ledger.handleWebhook(...args);
    const approved = answer.confirmation?.approvedOrder;
    if (args[0] !== 'paypal' || !approved || answer.status !== 200) return answer;
    try {
      const outcome = await this.captureApproved(approved, answer.confirmation?.reference ?? null);
      this.logger.info({ orderId: approved, outcome }, 'PayPal order approved by the buyer: captured by the server');
      return answer;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.logger.warn(
        { orderId: approved, err: err.message },
        'approved PayPal order not captured yet: PayPal is away',
      );
      return { status: 503, body: { status: 'error', message: 'Try again later.' } };
    }
  }

  private checkoutMethod(method: unknown): CheckoutMethod {
    const name = typeof method === 'string' ? method.toLowerCase() : '';
    if (name === 'paypal') throw methodRefused('PayPal is paid with its own buttons.');
    if (name === 'ibostore') throw methodRefused('ibostore is paid on its own activation page.');
    if (
      !(CHECKOUT_METHODS as readonly string[]).includes(name) ||
      !this.pricing.methods.includes(name as CheckoutMethod)
    ) {
      throw methodRefused(messages.payment.chooseMethod);
    }
    return name as CheckoutMethod;
  }

  private async createPending(
    device: DeviceEntity,
    method: PaymentProviderName,
    payer: PayerDetails,
  ): Promise<ActivationEntity> {
    if (device.licenceLifetime) throw new DomainError('CONFLICT', LIFETIME_MESSAGE);
    // Each method charges in its account's currency at that currency's price.
    const priced = this.pricing.methodPrices.find((price) => price.method === method);
    if (!priced) throw methodRefused(messages.payment.chooseMethod);
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
          // Fixed here: a price changed later never refuses this checkout's confirmation. In the currency's minor
          // units (ISO 4217): 8.99 EUR is 899, 1500 JPY is 1500, 4.500 KWD is 4500.
          amountMinor: minorUnitsOf(priced.price, priced.currency) ?? Math.round(Number(priced.price) * 100),
          currency: priced.currency,
          licenceDays: this.pricing.licenceDays,
          // A stand-in, or a provider's test account (PAYMENTS_ARE_TESTS): no real money, said on every page.
          sandbox: this.providers.isSandbox(method) || this.pricing.testPayments,
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
    await this.ledger.record(activation.method, 'checkout', null, activation.id, device.id, 'failed', { reason });
    return new DomainError('UNAVAILABLE', messages.payment.providerDown);
  }

  private description(device: DeviceEntity): string {
    const length = this.pricing.licenceDays === null ? 'lifetime' : `${this.pricing.licenceDays} days`;
    return `Licence (${length}) for the device ${device.macAddress}`;
  }

  private webhookUrl(provider: PaymentProviderName): string {
    const base = this.providers.isSandbox(provider) ? this.options.selfUrl() : this.options.publicUrl;
    return `${base}/webhooks/${provider}`;
  }
}

/** A checkout method refused, against the form's method field. */
function methodRefused(message: string): DomainError {
  return new DomainError('BAD_USER_INPUT', message, { method: message });
}

/** PayPal's refusal as the buttons and the audit trail read it. */
function refusalDetails(err: PayPalRefusal) {
  return { issue: err.issue, description: err.description, debugId: err.debugId };
}

/** The payer's fields that hold something: absent, null and '' are not given. */
function givenFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}
