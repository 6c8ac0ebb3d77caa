import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ProviderError,
  WebhookRefused,
  postJson,
  signedField,
  type Checkout,
  type CheckoutRequest,
  type Confirmation,
  type PaymentProvider,
} from '../provider';

export interface OpaySettings {
  name: 'opay' | 'opay1';
  baseUrl: string;
  merchantId: string;
  publicKey: string;
  secretKey: string;
  country: string;
  sandbox: boolean;
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

/** The string OPay's callback signature covers (its documented field order and format). */
export function opaySignedText(p: OpayPayload): string {
  return (
    `{Amount:"${signedField(p.amount, 'amount')}",Currency:"${signedField(p.currency, 'currency')}",` +
    `Reference:"${signedField(p.reference, 'reference')}",Refunded:${p.refunded ? 't' : 'f'},` +
    `Status:"${signedField(p.status, 'status')}",Timestamp:"${signedField(p.timestamp, 'timestamp')}",` +
    `Token:"${signedField(p.token, 'token')}",TransactionID:"${signedField(p.transactionId, 'transactionId')}"}`
  );
}

export function opaySignature(secretKey: string, payload: OpayPayload): string {
  return createHmac('sha3-512', secretKey).update(opaySignedText(payload)).digest('hex');
}

/**
 * OPay's international cashier: POST /api/v1/international/cashier/create (Bearer public key, MerchantId)
 * answers a cashierUrl; the callback posts {payload, sha512, type} where sha512 is HMAC-SHA3-512 of the
 * payload's fields in OPay's fixed form, keyed with the secret key. Amounts are in minor units.
 */
export class OpayProvider implements PaymentProvider {
  readonly name: 'opay' | 'opay1';
  readonly sandbox: boolean;

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
      throw new ProviderError(`OPay refused the checkout (${status} ${String(answer?.message ?? '')}).`, body);
    }
    if (!/^https?:\/\//.test(answer.data.cashierUrl) || typeof answer.data.orderNo !== 'string') {
      throw new ProviderError('OPay sent no cashier URL.', body);
    }
    return { providerReference: answer.data.orderNo, redirectUrl: answer.data.cashierUrl };
  }

  verifyWebhook(rawBody: Buffer, _headers: IncomingHttpHeaders): Confirmation {
    let body: { payload?: OpayPayload; sha512?: unknown; type?: unknown };
    try {
      body = JSON.parse(rawBody.toString('utf8')) as typeof body;
    } catch {
      throw new WebhookRefused('refused-malformed', 'The body is not JSON.');
    }
    const payload = body?.payload;
    if (!payload || typeof payload !== 'object' || typeof body.sha512 !== 'string') {
      throw new WebhookRefused('refused-signature', 'The callback has no payload or no sha512 signature.');
    }
    const given = body.sha512.toLowerCase();
    const expected = opaySignature(this.settings.secretKey, payload);
    if (!/^[0-9a-f]{128}$/.test(given) || !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) {
      throw new WebhookRefused('refused-signature', 'The callback signature does not match.');
    }
    const providerStatus = typeof payload.status === 'string' ? payload.status : '';
    if (typeof payload.transactionId !== 'string' || !providerStatus) {
      throw new WebhookRefused('refused-malformed', 'The callback has no transactionId or status.');
    }
    const amount =
      typeof payload.amount === 'string' && /^\d{1,12}$/.test(payload.amount) ? Number(payload.amount) : null;
    return {
      eventId: `${payload.transactionId}:${providerStatus}`,
      reference: typeof payload.reference === 'string' ? payload.reference : null,
      providerReference: typeof payload.token === 'string' ? payload.token : null,
      transactionId: payload.transactionId,
      status:
        providerStatus === 'SUCCESS'
          ? 'paid'
          : providerStatus === 'FAIL'
            ? 'failed'
            : providerStatus === 'CLOSE'
              ? 'cancelled'
              : 'pending',
      amountMinor: amount,
      currency: typeof payload.currency === 'string' ? payload.currency : null,
      providerStatus,
    };
  }
}
