import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ProviderError,
  WebhookRefused,
  decimalAmount,
  minorAmount,
  nestedDeeperThan,
  postJson,
  type Checkout,
  type CheckoutRequest,
  type Confirmation,
  type PaymentProvider,
} from '../provider';

export interface NowPaymentsSettings {
  baseUrl: string;
  apiKey: string;
  ipnSecret: string;
  sandbox: boolean;
}

/** Keys sorted at every level: the form NOWPayments signs its IPN body in. */
export function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
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

export function nowPaymentsSignature(secret: string, body: unknown): string {
  return createHmac('sha512', secret).update(sortedJson(body)).digest('hex');
}

const PAID = new Set(['finished']);
const FAILED = new Set(['failed', 'expired', 'refunded']);

/**
 * The crypto method, on NOWPayments' API: POST /v1/invoice (x-api-key) opens a hosted invoice; the IPN posts
 * the payment's state with `x-nowpayments-sig`, HMAC-SHA512 of the body with its keys sorted, keyed with the
 * IPN secret. Only `finished` pays.
 */
export class NowPaymentsProvider implements PaymentProvider {
  readonly name = 'crypto' as const;
  readonly sandbox: boolean;

  constructor(private readonly settings: NowPaymentsSettings) {
    this.sandbox = settings.sandbox;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { status, body } = await postJson(
      `${this.settings.baseUrl}/v1/invoice`,
      {
        price_amount: Number(decimalAmount(request.amountMinor)),
        price_currency: request.currency.toLowerCase(),
        pay_currency: request.payer.coinType?.toLowerCase(),
        order_id: request.reference,
        order_description: request.description,
        ipn_callback_url: request.webhookUrl,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        customer_email: request.payer.email,
      },
      { 'x-api-key': this.settings.apiKey },
    );
    const invoice = body as { id?: unknown; invoice_url?: unknown; message?: unknown } | null;
    if (status !== 200 || !invoice || (typeof invoice.id !== 'string' && typeof invoice.id !== 'number')) {
      throw new ProviderError(`NOWPayments refused the invoice (${status}).`, body);
    }
    if (typeof invoice.invoice_url !== 'string' || !/^https?:\/\//.test(invoice.invoice_url)) {
      throw new ProviderError('NOWPayments sent no invoice URL.', body);
    }
    return { providerReference: String(invoice.id), redirectUrl: invoice.invoice_url };
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Confirmation {
    const signature = headers['x-nowpayments-sig'];
    if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) {
      throw new WebhookRefused('refused-signature', 'The x-nowpayments-sig header is missing or malformed.');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new WebhookRefused('refused-malformed', 'The body is not JSON.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new WebhookRefused('refused-malformed', 'The body is not a JSON object.');
    }
    // Sorting the keys for the signature walks the body recursively: NOWPayments' IPNs are flat.
    if (nestedDeeperThan(body, 32)) throw new WebhookRefused('refused-malformed', 'The body is nested too deeply.');
    const expected = Buffer.from(nowPaymentsSignature(this.settings.ipnSecret, body), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'))) {
      throw new WebhookRefused('refused-signature', 'The IPN signature does not match.');
    }
    const paymentId = body.payment_id;
    const providerStatus = typeof body.payment_status === 'string' ? body.payment_status : '';
    if ((typeof paymentId !== 'string' && typeof paymentId !== 'number') || !providerStatus) {
      throw new WebhookRefused('refused-malformed', 'The IPN has no payment_id or payment_status.');
    }
    return {
      eventId: `${paymentId}:${providerStatus}`,
      reference: typeof body.order_id === 'string' ? body.order_id : null,
      providerReference: body.invoice_id === undefined || body.invoice_id === null ? null : String(body.invoice_id),
      transactionId: String(paymentId),
      status: PAID.has(providerStatus) ? 'paid' : FAILED.has(providerStatus) ? 'failed' : 'pending',
      amountMinor: minorAmount(body.price_amount),
      currency: typeof body.price_currency === 'string' ? body.price_currency.toUpperCase() : null,
      providerStatus,
    };
  }
}
