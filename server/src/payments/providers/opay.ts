import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  minorAmount,
  ProviderError,
  WebhookRefused,
  postJson,
  signedField,
  type Checkout,
  type CheckoutLookup,
  type CheckoutRequest,
  type Confirmation,
  type Lookup,
  type PaymentProvider,
} from '../provider';
import { webhookJson } from './webhook-json';

export interface OpaySettings {
  name: 'opay' | 'opay1';
  baseUrl: string;
  merchantId: string;
  publicKey: string;
  secretKey: string;
  country: string;
  /** The merchant account's currency (EGP for an Egyptian account). */
  currency: string;
  sandbox: boolean;
  /** How old (or how far ahead) a signed-headers callback's RequestTimestamp may be; 10 minutes by default. */
  callbackMaxAgeMs?: number;
  /** The clock the timestamp is checked against (tests). */
  now?: () => number;
}

interface OpayPayload {
  amount?: unknown;
  currency?: unknown;
  reference?: unknown;
  refunded?: unknown;
  status?: unknown;
  timestamp?: unknown;
  token?: unknown;
  transactionId?: unknown;
}

/**
 * The string OPay's callback signature covers, in OPay's published form (doc.opaycheckout.com/callback-signature;
 * OPay's PHP SDK, opay-services/opay-sdk-php src/Tool/Helper.php `check`):
 * `{Amount:"…",Currency:"…",Reference:"…",Refunded:t|f,Status:"…",Timestamp:"…",Token:"…",TransactionID:"…"}`,
 * Refunded `t` when payload.refunded is true, otherwise `f`.
 */
export function opaySignedText(p: OpayPayload): string {
  return (
    `{Amount:"${signedField(p.amount, 'amount')}",Currency:"${signedField(p.currency, 'currency')}",` +
    `Reference:"${signedField(p.reference, 'reference')}",Refunded:${p.refunded === true ? 't' : 'f'},` +
    `Status:"${signedField(p.status, 'status')}",Timestamp:"${signedField(p.timestamp, 'timestamp')}",` +
    `Token:"${signedField(p.token, 'token')}",TransactionID:"${signedField(p.transactionId, 'transactionId')}"}`
  );
}

/** The callback's `sha512`: HMAC-SHA3-512 of the signed text, keyed with the merchant's secret (private) key. */
export function opaySignature(secretKey: string, payload: OpayPayload): string {
  return createHmac('sha3-512', secretKey).update(opaySignedText(payload)).digest('hex');
}

/**
 * OPay's API call signature ("OPay API Signature", doc.opaycheckout.com/api-signature-v2): HMAC-SHA512 of the
 * request's JSON body exactly as sent, keyed with the secret (private) key, in hex; sent as `Authorization: Bearer`.
 */
export function opayApiSignature(secretKey: string, body: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}

/**
 * The second callback scheme of OPay's Egypt pages ("OPay Callback Notification Signature", doc.opaycheckout.com/
 * callback-signature-v2; "OPay API Signature" v2, doc.opaycheckout.com/api-signature-v2): the body is the
 * transaction itself (`{amount: {currency, total}, country, failureCode, failureReason, notifyId, orderNo,
 * reference, status, timestamp, type, extras}`), and its signature travels in the headers `Authorization`
 * ("Signature" in the page's prose), `MerchantId` and `RequestTimestamp`: HMAC-SHA512, keyed with the secret
 * (private) key, "for the concatenation of request timestamp and request body", in hex.
 */
export function opayHeaderSignature(secretKey: string, requestTimestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secretKey).update(requestTimestamp).update(rawBody).digest('hex');
}

/** The signed-headers callback's body, as the Egypt page's example shapes it. */
interface OpayHeaderCallback {
  amount?: { currency?: unknown; total?: unknown } | string | number;
  currency?: unknown;
  country?: unknown;
  notifyId?: unknown;
  orderNo?: unknown;
  reference?: unknown;
  refunded?: unknown;
  status?: unknown;
  timestamp?: unknown;
  type?: unknown;
}

/** An amount in minor units as OPay writes it, a whole number or its digits; null when it is neither. */
function minorUnits(value: unknown): number | null {
  const whole =
    (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
    (typeof value === 'string' && /^\d{1,12}$/.test(value));
  return whole ? Number(value) : null;
}

/**
 * An amount in either shape OPay publishes, in minor units; null when it is neither:
 * - `{total, currency}`, `total` in minor units: the cashier create request and the status answer
 *   (documentation.opaycheckout.com/cashier-create, .../query-payment-status: "amount.total … cent unit") and the
 *   Egypt pages' signed-headers callback (doc.opaycheckout.com/callback-signature-v2: `"total":400`);
 * - a flat `amount` text: whole digits are minor units, as in the transaction-status callback example
 *   (documentation.opaycheckout.com/callback-signature: `"amount":"49160"` NGN with `"fee":"737"`); with a decimal
 *   point they are major units, as OPay's other published examples write it (`"amount":"10.00"`), read in the
 *   currency's own decimals (ISO 4217: '499.00' EGP is 49900), never rounded.
 */
function opayAmount(value: unknown, currency: unknown): number | null {
  if (value !== null && typeof value === 'object') return minorUnits((value as { total?: unknown }).total);
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text === 'string' && text.includes('.')) {
    return typeof currency === 'string' ? minorAmount(text, currency.toUpperCase()) : null;
  }
  return minorUnits(value);
}

/** The currency beside an amount: `amount.currency` of the object shape, else the record's own `currency`. */
function opayCurrency(amount: unknown, currency: unknown): unknown {
  return amount !== null && typeof amount === 'object' ? (amount as { currency?: unknown }).currency : currency;
}

const DEFAULT_CALLBACK_MAX_AGE_MS = 10 * 60_000;

/** A header's one value (Node gives repeated headers as a list: none of ours may repeat). */
function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
}

/**
 * Every cashier status OPay publishes (INITIAL, PENDING, SUCCESS, FAIL, CLOSE: OPay's Java SDK,
 * opay-services/opay-sdk-java CashierStatusEnum; the cashier status API) and what it means here. Anything else
 * is refused rather than guessed at.
 */
const STATUSES: Record<string, Confirmation['status']> = {
  INITIAL: 'pending',
  PENDING: 'pending',
  SUCCESS: 'paid',
  FAIL: 'failed',
  CLOSE: 'cancelled',
};

/**
 * OPay's international cashier: POST /api/v1/international/cashier/create (Bearer public key, MerchantId)
 * answers a cashierUrl; the callback posts {payload, sha512, type} where sha512 is HMAC-SHA3-512 of the
 * payload's fields in OPay's fixed form, keyed with the secret key. Amounts are in minor units. A callback whose
 * payload says `refunded: true` takes the licence back: OPay publishes no refund id in it, so the refund event is
 * named after the transaction it refunds.
 */
export class OpayProvider implements PaymentProvider {
  readonly name: 'opay' | 'opay1';
  readonly sandbox: boolean;
  /**
   * The cashier order expires `expireAt` minutes after it is created: we ask for 30 (createCheckout; OPay's
   * "Create Cashier Payment", documentation.opaycheckout.com/cashier-create: "expireAt … Payment expiration time in
   * minutes"). An hour, for a payment started in its last minute.
   */
  readonly paymentWindowHours = 1;

  constructor(private readonly settings: OpaySettings) {
    this.name = settings.name;
    this.sandbox = settings.sandbox;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { status, body } = await postJson(
      `${this.settings.baseUrl}/api/v1/international/cashier/create`,
      {
        country: this.settings.country,
        reference: request.reference,
        amount: { total: request.amountMinor, currency: request.currency },
        returnUrl: request.successUrl,
        callbackUrl: request.webhookUrl,
        cancelUrl: request.cancelUrl,
        expireAt: 30,
        product: { name: 'Licence', description: request.description },
      },
      { authorization: `Bearer ${this.settings.publicKey}`, merchantid: this.settings.merchantId },
    );
    const answer = body as { code?: unknown; message?: unknown; data?: { orderNo?: unknown; cashierUrl?: unknown } };
    if (status !== 200 || answer?.code !== '00000' || typeof answer.data?.cashierUrl !== 'string') {
      const said = [answer?.code, answer?.message].filter((part) => typeof part === 'string' && part);
      const detail = [String(status), ...said.map((part) => String(part).slice(0, 200))].join(' ');
      throw new ProviderError(`OPay refused the checkout (${detail}).`, body);
    }
    if (!/^https?:\/\/[^\s]+$/.test(answer.data.cashierUrl) || typeof answer.data.orderNo !== 'string') {
      throw new ProviderError('OPay sent no cashier URL.', body);
    }
    return { providerReference: answer.data.orderNo, redirectUrl: answer.data.cashierUrl };
  }

  /**
   * OPay's "Query Payment Status" (documentation.opaycheckout.com/query-payment-status): POST
   * /api/v1/international/cashier/status with `{country, reference}`, signed as OPay's API calls are (Bearer
   * HMAC-SHA512 of the body, `MerchantId`); a `00000` answer's `data` has the order's `reference`, `orderNo`,
   * `status` (the callback's statuses) and `amount: {total, currency}` in minor units. The answer names no
   * transaction id: the order number stands for it, as it does in OPay's published callback example, where
   * `transactionId` and `token` are both the order number.
   */
  async lookup(checkout: CheckoutLookup): Promise<Lookup> {
    // Keys in alphabetical order, signed exactly as sent.
    const body = JSON.stringify({ country: this.settings.country, reference: checkout.reference });
    const { status, body: answer } = await postJson(
      `${this.settings.baseUrl}/api/v1/international/cashier/status`,
      body,
      {
        authorization: `Bearer ${opayApiSignature(this.settings.secretKey, body)}`,
        merchantid: this.settings.merchantId,
      },
    );
    const said = answer as {
      code?: unknown;
      message?: unknown;
      data?: {
        reference?: unknown;
        orderNo?: unknown;
        status?: unknown;
        amount?: { total?: unknown; currency?: unknown } | string | number;
        currency?: unknown;
      };
    } | null;
    const data = said?.data;
    if (status !== 200 || said?.code !== '00000' || !data || typeof data !== 'object') {
      const words = [said?.code, said?.message].filter((part) => typeof part === 'string' && part).join(' ');
      throw new ProviderError(
        `OPay did not tell the order's status (${status}${words ? ` ${words.slice(0, 200)}` : ''}).`,
        answer,
      );
    }
    const providerStatus = typeof data.status === 'string' ? data.status : '';
    const mapped = STATUSES[providerStatus];
    const orderNo = typeof data.orderNo === 'string' && data.orderNo ? data.orderNo : null;
    if (!mapped || !orderNo) {
      throw new ProviderError(`OPay answered a status it does not publish ("${providerStatus.slice(0, 40)}").`, answer);
    }
    // INITIAL: the order is open and nothing was paid: there is nothing to apply.
    if (providerStatus === 'INITIAL') return { confirmation: null, providerStatus, answer };
    const currency = opayCurrency(data.amount, data.currency);
    return {
      confirmation: {
        eventId: `${orderNo}:${providerStatus}`,
        reference: typeof data.reference === 'string' ? data.reference : null,
        providerReference: orderNo,
        transactionId: orderNo,
        status: mapped,
        amountMinor: opayAmount(data.amount, currency),
        currency: typeof currency === 'string' ? currency.toUpperCase() : null,
        providerStatus,
      },
      providerStatus,
      answer,
    };
  }

  /**
   * Both of OPay's callback schemes: `{payload, sha512, type}` with the signature in the body (OPay's published
   * transaction-status callback), or the transaction as the body with its signature in the headers (the Egypt
   * pages' signed-headers callback). Either must verify; nothing else is taken.
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Confirmation {
    const body = webhookJson(rawBody);
    const record = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as object) : null;
    if (record && 'payload' in record && 'sha512' in record) {
      return this.bodySigned(record as { payload?: OpayPayload; sha512?: unknown });
    }
    if (header(headers, 'requesttimestamp') !== null || header(headers, 'signature') !== null) {
      return this.headerSigned(rawBody, record as OpayHeaderCallback | null, headers);
    }
    throw new WebhookRefused('refused-signature', 'The callback has no sha512 and no signed headers.');
  }

  /** The transaction-status callback: `sha512` in the body, HMAC-SHA3-512 of OPay's fixed text of the payload. */
  private bodySigned(body: { payload?: OpayPayload; sha512?: unknown }): Confirmation {
    const payload = body?.payload;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload) || typeof body.sha512 !== 'string') {
      throw new WebhookRefused('refused-signature', 'The callback has no payload or no sha512 signature.');
    }
    // OPay sends refunded as JSON's true or false; anything else would sign as one thing and read as another.
    if (payload.refunded !== undefined && typeof payload.refunded !== 'boolean') {
      throw new WebhookRefused('refused-malformed', "The callback's refunded flag is not true or false.");
    }
    const given = body.sha512.toLowerCase();
    const expected = opaySignature(this.settings.secretKey, payload);
    if (!/^[0-9a-f]{128}$/.test(given) || !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) {
      throw new WebhookRefused('refused-signature', 'The callback signature does not match.');
    }
    const providerStatus = typeof payload.status === 'string' ? payload.status : '';
    const transactionId = payload.transactionId;
    if (typeof transactionId !== 'string' || !transactionId || !providerStatus) {
      throw new WebhookRefused('refused-malformed', 'The callback has no transactionId or status.');
    }
    return confirmation({
      transactionId,
      providerStatus,
      refunded: payload.refunded === true,
      reference: payload.reference,
      orderNo: payload.token,
      amountMinor: opayAmount(payload.amount, payload.currency),
      currency: payload.currency,
    });
  }

  /**
   * The signed-headers callback: `Authorization` (or `Signature`) is HMAC-SHA512 of RequestTimestamp followed by
   * the raw body, keyed with the secret key; `MerchantId` is the account's; RequestTimestamp (milliseconds as the
   * callback page shows it, or seconds as the API signature page does) is recent, so a captured callback cannot be
   * played again later.
   */
  private headerSigned(rawBody: Buffer, body: OpayHeaderCallback | null, headers: IncomingHttpHeaders): Confirmation {
    const timestamp = header(headers, 'requesttimestamp') ?? '';
    const signature = (header(headers, 'authorization') ?? header(headers, 'signature') ?? '')
      .replace(/^Bearer\s+/i, '')
      .trim()
      .toLowerCase();
    if (!/^\d{10}(\d{3})?$/.test(timestamp) || !/^[0-9a-f]{128}$/.test(signature)) {
      throw new WebhookRefused('refused-signature', 'The callback has no RequestTimestamp or no signature.');
    }
    const expected = opayHeaderSignature(this.settings.secretKey, timestamp, rawBody);
    if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(signature, 'hex'))) {
      throw new WebhookRefused('refused-signature', 'The callback signature does not match.');
    }
    if (header(headers, 'merchantid') !== this.settings.merchantId) {
      throw new WebhookRefused('refused-signature', "The callback's MerchantId is not this account's.");
    }
    const sentAt = timestamp.length === 13 ? Number(timestamp) : Number(timestamp) * 1000;
    const now = (this.settings.now ?? Date.now)();
    if (Math.abs(now - sentAt) > (this.settings.callbackMaxAgeMs ?? DEFAULT_CALLBACK_MAX_AGE_MS)) {
      throw new WebhookRefused('refused-signature', "The callback's RequestTimestamp is too old (or ahead).");
    }
    if (!body) throw new WebhookRefused('refused-malformed', 'The callback body is not an object.');
    if (body.refunded !== undefined && typeof body.refunded !== 'boolean') {
      throw new WebhookRefused('refused-malformed', "The callback's refunded flag is not true or false.");
    }
    const orderNo = body.orderNo;
    const providerStatus = typeof body.status === 'string' ? body.status : '';
    if (typeof orderNo !== 'string' || !orderNo || !providerStatus) {
      throw new WebhookRefused('refused-malformed', 'The callback has no orderNo or status.');
    }
    const currency = opayCurrency(body.amount, body.currency);
    return confirmation({
      // This callback names the order only: OPay's order number is also its transaction id (its examples give the
      // transaction-status callback's token and transactionId the same number), so both schemes meet on one id.
      transactionId: orderNo,
      providerStatus,
      refunded: body.refunded === true,
      reference: body.reference,
      orderNo,
      amountMinor: opayAmount(body.amount, currency),
      currency,
    });
  }
}

/** What either callback says, in one shape. */
function confirmation(c: {
  transactionId: string;
  providerStatus: string;
  refunded: boolean;
  reference: unknown;
  orderNo: unknown;
  amountMinor: number | null;
  currency: unknown;
}): Confirmation {
  const mapped = STATUSES[c.providerStatus];
  if (!mapped) {
    throw new WebhookRefused(
      'refused-malformed',
      `The status "${c.providerStatus.slice(0, 40)}" is not one OPay publishes.`,
    );
  }
  const { transactionId, providerStatus, refunded } = c;
  return {
    // The refunded callback repeats the paid one's status (SUCCESS): the flag makes it an event of its own.
    eventId: `${transactionId}:${providerStatus}${refunded ? ':refunded' : ''}`,
    reference: typeof c.reference === 'string' ? c.reference : null,
    providerReference: typeof c.orderNo === 'string' ? c.orderNo : null,
    transactionId: refunded ? `${transactionId}:refunded` : transactionId,
    ...(refunded ? { takesBack: transactionId } : {}),
    status: refunded ? 'refunded' : mapped,
    amountMinor: c.amountMinor,
    currency: typeof c.currency === 'string' ? c.currency.toUpperCase() : null,
    providerStatus: refunded ? `${providerStatus} (refunded)` : providerStatus,
  };
}
