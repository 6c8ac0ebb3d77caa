import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ProviderError,
  WebhookRefused,
  decimalAmount,
  getJson,
  minorAmount,
  nestedDeeperThan,
  postJson,
  type Checkout,
  type CheckoutLookup,
  type CheckoutRequest,
  type Confirmation,
  type Lookup,
  type PaymentProvider,
} from '../provider';
import { webhookJson } from './webhook-json';

export interface NowPaymentsSettings {
  baseUrl: string;
  apiKey: string;
  ipnSecret: string;
  /**
   * The NOWPayments account's e-mail and password: "Get list of payments" (an invoice's payments) wants a JWT from
   * POST /v1/auth besides the API key. Without them, reconciliation can ask only about payments an earlier IPN named.
   */
  email?: string;
  password?: string;
  /** The currency invoices are priced in (EUR by default). */
  currency: string;
  sandbox: boolean;
}

/**
 * Keys sorted at every level: the form NOWPayments signs its IPN body in. Their SDK
 * (NowPaymentsIO/nowpayments-sdk-nodejs, src/ipn.js `sortObjectDeep`) and their PHP and Python examples keep lists
 * as lists; their published Node.js example (`sortObject`, API documentation "Instant Payments Notifications")
 * turns a list into an object keyed "0", "1"…, which `arraysAsObjects` reproduces. Bodies without lists read the
 * same either way.
 */
export function sortedJson(value: unknown, arraysAsObjects = false): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) && !arraysAsObjects
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(sort(value));
}

/** `x-nowpayments-sig`: HMAC-SHA512 of the key-sorted body, keyed with the IPN secret, in hex. */
export function nowPaymentsSignature(secret: string, body: unknown, arraysAsObjects = false): string {
  return createHmac('sha512', secret).update(sortedJson(body, arraysAsObjects)).digest('hex');
}

/**
 * Every payment_status NOWPayments publishes ("Get payment status": waiting, confirming, confirmed, sending,
 * partially_paid, finished, failed, refunded, expired) and what it means here. Anything else is refused: a status
 * this table does not know is not guessed at.
 */
const STATUSES: Record<string, Confirmation['status']> = {
  waiting: 'pending',
  confirming: 'pending',
  confirmed: 'pending',
  sending: 'pending',
  partially_paid: 'partial',
  finished: 'paid',
  failed: 'failed',
  expired: 'failed',
  refunded: 'refunded',
};

/** A coin amount as decimal text ("0.00010317"), never in exponent form; null when it is no amount. */
function coinAmount(value: unknown): string | null {
  if (typeof value === 'string') return /^\d{1,20}(\.\d{1,20})?$/.test(value) ? value : null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

const isId = (value: unknown): value is string | number =>
  (typeof value === 'string' && value.length > 0 && value.length <= 100) ||
  (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);

/**
 * The crypto method, on NOWPayments' API: POST /v1/invoice (x-api-key) opens a hosted invoice; the IPN posts
 * the payment's state with `x-nowpayments-sig`, HMAC-SHA512 of the body with its keys sorted, keyed with the
 * IPN secret. `finished` pays; `partially_paid` is reported with what arrived; `refunded` takes the licence back.
 * A repeated deposit (an IPN naming a `parent_payment_id`) never activates by itself: NOWPayments advises
 * against providing the service automatically for those, as their amount may differ from the price.
 */
export class NowPaymentsProvider implements PaymentProvider {
  readonly name = 'crypto' as const;
  readonly sandbox: boolean;
  /**
   * A payment stays open 7 days: "expired - the user didn't send the funds to the specified address in the 7 days
   * time window" (NOWPayments API documentation, documenter.getpostman.com/view/7907941/2s93JusNJt, "Payment
   * statuses"). A day more for the buyer to open the invoice and for the blockchain's confirmations.
   */
  readonly paymentWindowHours = 8 * 24;

  constructor(private readonly settings: NowPaymentsSettings) {
    this.sandbox = settings.sandbox;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    // Only the fields of POST /v1/invoice NOWPayments documents (price_amount, price_currency, pay_currency,
    // ipn_callback_url, order_id, order_description, success_url, cancel_url, partially_paid_url, is_fixed_rate,
    // is_fee_paid_by_user). customer_email belongs to "Create payment by invoice", not to the invoice.
    const { status, body } = await postJson(
      `${this.settings.baseUrl}/v1/invoice`,
      {
        price_amount: Number(decimalAmount(request.amountMinor, request.currency)),
        price_currency: request.currency.toLowerCase(),
        pay_currency: request.payer.coinType?.toLowerCase(),
        ipn_callback_url: request.webhookUrl,
        order_id: request.reference,
        order_description: request.description,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        // A payment that falls short is not cancelled: the buyer comes back to "being processed".
        partially_paid_url: request.successUrl,
      },
      { 'x-api-key': this.settings.apiKey },
    );
    const invoice = body as { id?: unknown; invoice_url?: unknown; message?: unknown } | null;
    // NOWPayments documents 201 Created for a new invoice; 200 is taken too.
    if ((status !== 200 && status !== 201) || !invoice || !isId(invoice.id)) {
      const why = typeof invoice?.message === 'string' ? `: ${invoice.message.slice(0, 200)}` : '';
      throw new ProviderError(`NOWPayments refused the invoice (${status}${why}).`, body);
    }
    if (typeof invoice.invoice_url !== 'string' || !/^https?:\/\/[^\s]+$/.test(invoice.invoice_url)) {
      throw new ProviderError('NOWPayments sent no invoice URL.', body);
    }
    return { providerReference: String(invoice.id), redirectUrl: invoice.invoice_url };
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Confirmation {
    const signature = headers['x-nowpayments-sig'];
    if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) {
      throw new WebhookRefused('refused-signature', 'The x-nowpayments-sig header is missing or malformed.');
    }
    const body = webhookJson(rawBody) as Record<string, unknown>;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new WebhookRefused('refused-malformed', 'The body is not a JSON object.');
    }
    // Sorting the keys for the signature walks the body recursively: NOWPayments' IPNs nest one level (fee).
    if (nestedDeeperThan(body, 32)) throw new WebhookRefused('refused-malformed', 'The body is nested too deeply.');
    const given = Buffer.from(signature.toLowerCase(), 'hex');
    const matches = (arraysAsObjects: boolean) =>
      timingSafeEqual(Buffer.from(nowPaymentsSignature(this.settings.ipnSecret, body, arraysAsObjects), 'hex'), given);
    // Either of NOWPayments' published forms of a body with a list (see sortedJson).
    if (!matches(false) && !matches(true)) {
      throw new WebhookRefused('refused-signature', 'The IPN signature does not match.');
    }
    return readPayment(body);
  }

  /**
   * Where an invoice's payment stands, from NOWPayments' API (the same payment object its IPN posts): "Get list of
   * payments" filtered by the invoice (`GET /v1/payment/?invoiceId=…`, x-api-key and the JWT of `POST /v1/auth`)
   * when the account's e-mail and password are configured, else "Get payment status" (`GET /v1/payment/{id}`,
   * x-api-key) for the payments an earlier IPN named. Of several payments of one invoice the one furthest on
   * decides (finished, then partially paid, then on its way, then failed).
   */
  async lookup(checkout: CheckoutLookup): Promise<Lookup> {
    const headers = { 'x-api-key': this.settings.apiKey };
    let payments: unknown[];
    let answer: unknown;
    if (this.settings.email && this.settings.password) {
      const query = new URLSearchParams({
        invoiceId: checkout.providerReference,
        limit: '100',
        page: '0',
        sortBy: 'created_at',
        orderBy: 'desc',
      });
      const list = await this.withToken((token) =>
        getJson(`${this.settings.baseUrl}/v1/payment/?${query}`, { ...headers, authorization: `Bearer ${token}` }),
      );
      const data = (list.body as { data?: unknown } | null)?.data;
      if (list.status !== 200 || !Array.isArray(data)) {
        throw new ProviderError(`NOWPayments did not list the invoice's payments (${list.status}).`, list.body);
      }
      payments = data;
      answer = list.body;
    } else {
      payments = [];
      for (const id of checkout.knownTransactions.filter((t) => /^\d{1,20}$/.test(t)).slice(-5)) {
        const one = await getJson(`${this.settings.baseUrl}/v1/payment/${encodeURIComponent(id)}`, headers);
        if (one.status !== 200 || !one.body || typeof one.body !== 'object') {
          throw new ProviderError(`NOWPayments did not show the payment ${id} (${one.status}).`, one.body);
        }
        payments.push(one.body);
      }
      answer = payments;
      if (!payments.length) {
        return {
          confirmation: null,
          providerStatus: 'no payment known (CRYPTO_EMAIL and CRYPTO_PASSWORD let the invoice be listed)',
          answer: null,
        };
      }
    }
    const readable: Confirmation[] = [];
    for (const payment of payments) {
      if (!payment || typeof payment !== 'object' || Array.isArray(payment)) continue;
      const p = payment as Record<string, unknown>;
      // The list is of the invoice's payments; anything naming another order is not this checkout's.
      if (p.order_id !== undefined && p.order_id !== null && p.order_id !== checkout.reference) continue;
      try {
        readable.push(readPayment(p));
      } catch (err) {
        if (!(err instanceof WebhookRefused)) throw err;
        throw new ProviderError(`NOWPayments answered a payment it does not publish: ${err.message}`, payment);
      }
    }
    const rank: Record<Confirmation['status'], number> = {
      paid: 0,
      partial: 1,
      pending: 2,
      failed: 3,
      cancelled: 3,
      refunded: 4,
      reversed: 4,
      // Not NOWPayments' words (crypto payments have no disputes): never read from its answers.
      disputed: 5,
      reinstated: 5,
    };
    const furthest = readable.sort((a, b) => rank[a.status] - rank[b.status])[0] ?? null;
    return {
      confirmation: furthest,
      providerStatus: furthest ? furthest.providerStatus : 'no payment yet',
      answer,
    };
  }

  private jwt: { value: string; expiresAt: number } | undefined;

  /** Runs a call with the JWT of POST /v1/auth (valid 5 minutes), fetched again once if refused. */
  private async withToken(
    call: (token: string) => Promise<{ status: number; body: unknown }>,
  ): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt += 1) {
      if (!this.jwt || this.jwt.expiresAt <= Date.now()) {
        const { email, password } = this.settings;
        const auth = await postJson(`${this.settings.baseUrl}/v1/auth`, { email, password }, {});
        const token = (auth.body as { token?: unknown } | null)?.token;
        if (auth.status !== 200 || typeof token !== 'string' || !token) {
          throw new ProviderError(`NOWPayments refused the account's e-mail and password (${auth.status}).`);
        }
        this.jwt = { value: token, expiresAt: Date.now() + 4 * 60_000 };
      }
      const result = await call(this.jwt.value);
      if (result.status !== 401 || attempt > 0) return result;
      this.jwt = undefined;
    }
  }
}

/**
 * What one NOWPayments payment says, in the confirmation shape: the IPN's body and the payment of "Get payment
 * status" and "Get list of payments" are the same object. Throws WebhookRefused for a payment it cannot read.
 */
export function readPayment(body: Record<string, unknown>): Confirmation {
  const paymentId = body.payment_id;
  const providerStatus = typeof body.payment_status === 'string' ? body.payment_status : '';
  if (!isId(paymentId) || !providerStatus) {
    throw new WebhookRefused('refused-malformed', 'The IPN has no payment_id or payment_status.');
  }
  let status = STATUSES[providerStatus];
  if (!status) {
    throw new WebhookRefused(
      'refused-malformed',
      `The payment_status "${providerStatus.slice(0, 40)}" is not one NOWPayments publishes.`,
    );
  }
  const parent = body.parent_payment_id;
  const repeatedDeposit = parent !== undefined && parent !== null && parent !== '';
  // Recorded as pending with its body (parent_payment_id included) for the operator to decide.
  if (repeatedDeposit && (status === 'paid' || status === 'partial')) status = 'pending';

  let partial: Confirmation['partial'] = null;
  let eventId = `${paymentId}:${providerStatus}`;
  if (status === 'partial') {
    const received = coinAmount(body.actually_paid);
    const asked = coinAmount(body.pay_amount);
    if (received === null || asked === null || typeof body.pay_currency !== 'string' || !body.pay_currency) {
      throw new WebhookRefused(
        'refused-malformed',
        'A partially_paid IPN needs actually_paid, pay_amount and pay_currency.',
      );
    }
    partial = { received, expected: asked, currency: body.pay_currency.toUpperCase().slice(0, 20) };
    // More coins can arrive for the same payment: each amount reported is its own event.
    eventId = `${eventId}:${received}`;
  }
  const refund = status === 'refunded';
  const currency = typeof body.price_currency === 'string' ? body.price_currency.toUpperCase() : null;
  return {
    eventId,
    reference: typeof body.order_id === 'string' ? body.order_id : null,
    providerReference: isId(body.invoice_id) ? String(body.invoice_id) : null,
    // NOWPayments' refund is of the payment itself and has no id of its own: the event is named after it.
    transactionId: refund ? `${paymentId}:refunded` : String(paymentId),
    ...(refund ? { takesBack: String(paymentId) } : {}),
    status,
    ...(partial ? { partial } : {}),
    amountMinor: currency ? minorAmount(body.price_amount, currency) : null,
    currency,
    providerStatus,
  };
}
