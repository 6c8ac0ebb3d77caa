import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ProviderError,
  WebhookRefused,
  decimalAmount,
  getJson,
  minorAmount,
  nestedDeeperThan,
  postJson,
  signedField,
  type Checkout,
  type CheckoutLookup,
  type Lookup,
  type CheckoutRequest,
  type Confirmation,
  type PaymentProvider,
} from '../provider';
import { webhookJson } from './webhook-json';

export interface CowpaySettings {
  /** https://cowpay.me (production) or https://staging.cowpay.me (Cowpay's staging), or this site's stand-in. */
  baseUrl: string;
  /** The merchant code and hash key of the Cowpay dashboard's API settings. */
  merchantCode: string;
  hashKey: string;
  /** The dashboard's authorization token, sent as `Authorization: Bearer`. */
  apiToken: string;
  /** The first part of this site's /cowpay/checkout/{fram_code}/{intension} page (Cowpay's protocol has none). */
  frameCode: string;
  /** The merchant account's one currency (EGP by default): Cowpay's callback names none. */
  currency: string;
  sandbox: boolean;
}

/*
 * Cowpay's card frame ("Iframe"), from what Cowpay publishes:
 * - https://docs.cowpay.me/api/iframe/ — POST {base}/api/v1/iframe/token with `Authorization: Bearer <token>`,
 *   `Content-Type` and `Accept: application/json`; the keys merchant_reference_id, customer_merchant_profile_id,
 *   amount ("two decimal value like 15.60"), customer_name, customer_mobile ("internationally formatted"),
 *   customer_email, description, currency_code ("EGP" in the example) and signature = sha256 hex of
 *   merchant_code + merchant_reference_id + customer_merchant_profile_id + amount + hash_key; the answer
 *   {success, status_code, status_description, type, cowpay_reference_id, token}; and "processing payments via
 *   iframes requires using cowpay iframes plugin to load the iframe" (client/src/pages/CowpayCheckoutPage.tsx).
 * - Cowpay's WooCommerce plugin, github.com/cowpay-me/woocommerce:
 *   includes/rest_api/class-woo-cowpay-api.php (lines 13-18, 134-158): hosts cowpay.me and staging.cowpay.me,
 *   path api/v1/iframe/token, the Bearer header; includes/class-woo-cowpay-callback.php: the server callback's
 *   fields (line 77), its callback types and order statuses (lines 23-54) and its signature (lines 167-177),
 *   md5 hex of hash_key + amount + cowpay_reference_id + merchant_reference_id + order_status;
 *   views/field-callback-url.php: the callback URL is set in the Cowpay dashboard, not per request.
 */
export const COWPAY_TOKEN_PATH = '/api/v1/iframe/token';

/** The token request's signature (docs.cowpay.me/api/iframe, "signature"). */
export function cowpayTokenSignature(
  s: Pick<CowpaySettings, 'merchantCode' | 'hashKey'>,
  reference: string,
  profileId: string,
  amount: string,
): string {
  return createHash('sha256').update(`${s.merchantCode}${reference}${profileId}${amount}${s.hashKey}`).digest('hex');
}

/**
 * Cowpay's "Get Status" (docs.cowpay.me/api/status): GET with the order's merchant_reference_id and a signature, at
 * the address that page gives per environment: `https://cowpay.me/api/v1/charge/status` in production and
 * `https://staging.cowpay.me/api/charge/status` (no `v1`) on staging. Any other host (this site's stand-in) is
 * asked as production is.
 */
export const COWPAY_STATUS_PATH = '/api/v1/charge/status';
export const COWPAY_STAGING_STATUS_PATH = '/api/charge/status';

/** Where Cowpay's "Get Status" is asked for an account at `baseUrl` (COWPAY_API_URL). */
export function cowpayStatusUrl(baseUrl: string): string {
  const staging = new URL(baseUrl).hostname.toLowerCase() === 'staging.cowpay.me';
  return `${baseUrl.replace(/\/$/, '')}${staging ? COWPAY_STAGING_STATUS_PATH : COWPAY_STATUS_PATH}`;
}

/** The status request's signature (docs.cowpay.me/api/status): sha256 hex of merchant code + reference + hash key. */
export function cowpayStatusSignature(s: Pick<CowpaySettings, 'merchantCode' | 'hashKey'>, reference: string): string {
  return createHash('sha256').update(`${s.merchantCode}${reference}${s.hashKey}`).digest('hex');
}

/**
 * The server callback's signature as Cowpay's WooCommerce plugin checks it (class-woo-cowpay-callback.php,
 * is_valid_signature): md5 of the hash key and four of the callback's fields, joined without separators. The
 * fields are the JSON values as PHP's join() writes them (a JSON number 1000249 is "1000249").
 */
export function cowpayCallbackSignature(
  s: Pick<CowpaySettings, 'hashKey'>,
  body: { amount?: unknown; cowpay_reference_id?: unknown; merchant_reference_id?: unknown; order_status?: unknown },
): string {
  return createHash('md5')
    .update(
      s.hashKey +
        signedField(body.amount ?? '', 'amount') +
        signedField(body.cowpay_reference_id ?? '', 'cowpay_reference_id') +
        signedField(body.merchant_reference_id ?? '', 'merchant_reference_id') +
        signedField(body.order_status ?? '', 'order_status'),
    )
    .digest('hex');
}

/**
 * What each order status of an `order_status_update` callback means here. The plugin handles PAID, EXPIRED and
 * FAILED, passes over DELIVERED (cash collection: the courier delivered the order and collected the cash, so the
 * money arrived) and refuses any other word; UNPAID is an order's state before it is paid (the status API's
 * example, docs.cowpay.me/api/status). Cowpay publishes no refund status for callbacks.
 */
const ORDER_STATUSES: Record<string, Confirmation['status']> = {
  PAID: 'paid',
  DELIVERED: 'paid',
  FAILED: 'failed',
  EXPIRED: 'failed',
  UNPAID: 'pending',
};

/** The callback types of the plugin's switch: an order created, an order's status, a merchant's withdrawal. */
const CALLBACK_TYPES = new Set(['charge_request', 'order_status_update', 'withdrawal_request']);

function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^[\w.-]{1,100}$/.test(value)) return value;
  return null;
}

/** Cowpay's own words for a refused request: status_description and any field errors. */
function cowpayRefusal(status: number, body: unknown): string {
  const answer = (body ?? {}) as { status_description?: unknown; message?: unknown; errors?: unknown };
  const parts: string[] = [];
  const description = answer.status_description ?? answer.message;
  if (typeof description === 'string') parts.push(description.slice(0, 200));
  if (answer.errors && typeof answer.errors === 'object') {
    for (const [field, problems] of Object.entries(answer.errors).slice(0, 10)) {
      const text = Array.isArray(problems) ? problems.filter((p) => typeof p === 'string').join(' ') : problems;
      if (typeof text === 'string') parts.push(`${field}: ${text.slice(0, 200)}`);
    }
  }
  return `Cowpay refused the card payment token (${status}${parts.length ? `: ${parts.join('; ')}` : ''}).`;
}

/**
 * Cowpay's card frame: the server asks Cowpay for an iframe token (Bearer token, signed fields), and the browser
 * goes to this site's /cowpay/checkout/{fram_code}/{intension} page, where Cowpay's iframe plugin shows the card
 * form for that token (1200px high). Cowpay posts the order's status to the callback URL set in its dashboard
 * (this site's /webhooks/cowpay), signed with the merchant hash key.
 */
export class CowpayProvider implements PaymentProvider {
  readonly name = 'cowpay' as const;
  readonly sandbox: boolean;

  constructor(private readonly settings: CowpaySettings) {
    this.sandbox = settings.sandbox;
  }

  /** The token request's body, in the documented key order. */
  tokenRequest(request: CheckoutRequest): Record<string, string> {
    const amount = decimalAmount(request.amountMinor, request.currency);
    // "Alphanumeric ID of the customer being charged on your system": the device's MAC address without colons.
    const profileId = request.macAddress.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    return {
      merchant_reference_id: request.reference,
      customer_merchant_profile_id: profileId,
      customer_name: `${request.payer.firstName ?? ''} ${request.payer.lastName ?? ''}`.trim(),
      customer_mobile: request.payer.phoneNumber ?? '',
      customer_email: request.payer.email ?? '',
      amount,
      currency_code: request.currency,
      signature: cowpayTokenSignature(this.settings, request.reference, profileId, amount),
      description: request.description,
    };
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { status, body } = await postJson(
      `${this.settings.baseUrl}${COWPAY_TOKEN_PATH}`,
      this.tokenRequest(request),
      { authorization: `Bearer ${this.settings.apiToken}` },
    );
    const answer = body as { success?: unknown; status_code?: unknown; token?: unknown; cowpay_reference_id?: unknown };
    const token = typeof answer?.token === 'string' && /^[\w-]{1,200}$/.test(answer.token) ? answer.token : null;
    const cowpayId = idText(answer?.cowpay_reference_id);
    if (status !== 200 || answer?.success !== true || Number(answer.status_code ?? 200) !== 200) {
      throw new ProviderError(cowpayRefusal(status, body), body);
    }
    if (!token || !cowpayId) {
      throw new ProviderError('Cowpay answered without a token or cowpay_reference_id.', body);
    }
    const path = `/cowpay/checkout/${encodeURIComponent(this.settings.frameCode)}/${encodeURIComponent(token)}`;
    // The callback names the order by cowpay_reference_id: that is the reference kept for this checkout.
    return { providerReference: cowpayId, redirectUrl: new URL(path, request.successUrl).toString() };
  }

  /**
   * Cowpay's "Get Status" (docs.cowpay.me/api/status), read as the callback's order_status_update would be (the
   * same event id and transaction id, so a late callback of the same status is a duplicate). It names no amount:
   * the order is the one this site created, its amount signed in the token request, so a PAID answer is taken for
   * the checkout's own amount.
   */
  async lookup(checkout: CheckoutLookup): Promise<Lookup> {
    const query = new URLSearchParams({
      merchant_reference_id: checkout.reference,
      signature: cowpayStatusSignature(this.settings, checkout.reference),
    });
    const { status, body } = await getJson(`${cowpayStatusUrl(this.settings.baseUrl)}?${query}`, {
      authorization: `Bearer ${this.settings.apiToken}`,
    });
    const answer = (body ?? {}) as {
      success?: unknown;
      status_code?: unknown;
      merchant_reference_id?: unknown;
      cowpay_reference_id?: unknown;
      order_status?: unknown;
    };
    if (status !== 200 || answer.success !== true || Number(answer.status_code ?? 200) !== 200) {
      throw new ProviderError(`Cowpay did not tell the order's status (${status}).`, body);
    }
    const cowpayId = idText(answer.cowpay_reference_id);
    const orderStatus = typeof answer.order_status === 'string' ? answer.order_status : '';
    const mapped = ORDER_STATUSES[orderStatus];
    if (!cowpayId || !mapped || answer.merchant_reference_id !== checkout.reference) {
      throw new ProviderError(`Cowpay answered a status it does not publish ("${orderStatus.slice(0, 40)}").`, body);
    }
    // UNPAID: the order waits for the buyer; there is nothing to apply.
    if (orderStatus === 'UNPAID') return { confirmation: null, providerStatus: orderStatus, answer: body };
    return {
      confirmation: {
        eventId: `${cowpayId}:order_status_update:${orderStatus}`,
        reference: checkout.reference,
        providerReference: cowpayId,
        transactionId: cowpayId,
        status: mapped,
        amountMinor: checkout.amountMinor,
        currency: checkout.currency,
        providerStatus: orderStatus,
      },
      providerStatus: orderStatus,
      answer: body,
    };
  }

  verifyWebhook(rawBody: Buffer, _headers: IncomingHttpHeaders): Confirmation {
    const body = webhookJson(rawBody) as Record<string, unknown>;
    if (!body || typeof body !== 'object' || Array.isArray(body) || nestedDeeperThan(body, 4)) {
      throw new WebhookRefused('refused-malformed', 'The body is not a Cowpay callback.');
    }
    if (typeof body.signature !== 'string' || !body.signature) {
      throw new WebhookRefused('refused-signature', 'The callback has no signature.');
    }
    const given = body.signature.toLowerCase();
    const expected = cowpayCallbackSignature(this.settings, body);
    if (!/^[0-9a-f]{32}$/.test(given) || !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) {
      throw new WebhookRefused('refused-signature', 'The callback signature does not match.');
    }
    const cowpayId = idText(body.cowpay_reference_id);
    const callbackType = typeof body.callback_type === 'string' ? body.callback_type : '';
    const orderStatus = typeof body.order_status === 'string' ? body.order_status : '';
    if (!cowpayId || !orderStatus) {
      throw new WebhookRefused('refused-malformed', 'The callback has no cowpay_reference_id or order_status.');
    }
    if (!CALLBACK_TYPES.has(callbackType)) {
      throw new WebhookRefused('refused-malformed', `Unknown callback_type '${callbackType.slice(0, 40)}'.`);
    }
    let status: Confirmation['status'] = 'pending';
    if (callbackType === 'order_status_update') {
      const mapped = ORDER_STATUSES[orderStatus];
      if (!mapped) throw new WebhookRefused('refused-malformed', `Unknown order_status '${orderStatus.slice(0, 40)}'.`);
      status = mapped;
    }
    return {
      // Cowpay retries the same callback: the order, the kind of callback and its status name it.
      eventId: `${cowpayId}:${callbackType}:${orderStatus}`,
      reference: typeof body.merchant_reference_id === 'string' ? body.merchant_reference_id : null,
      providerReference: cowpayId,
      transactionId: cowpayId,
      status,
      amountMinor: minorAmount(body.amount, this.settings.currency),
      // Cowpay's callback names no currency: the merchant account has one, configured with it.
      currency: this.settings.currency,
      providerStatus: callbackType === 'order_status_update' ? orderStatus : `${callbackType}:${orderStatus}`,
    };
  }
}
