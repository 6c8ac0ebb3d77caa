import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ProviderError,
  WebhookRefused,
  decimalAmount,
  minorAmount,
  postJson,
  signedField,
  type Checkout,
  type CheckoutRequest,
  type Confirmation,
  type PaymentProvider,
} from '../provider';

export interface CowpaySettings {
  baseUrl: string;
  merchantCode: string;
  hashKey: string;
  /** The card frame's code from Cowpay's dashboard: the first part of /cowpay/checkout/{fram_code}/{intension}. */
  frameCode: string;
  /** This site's origin, for the /cowpay/checkout page the browser is sent to. */
  sandbox: boolean;
}

/*
 * Cowpay's public documentation does not settle every detail of its card-frame API, so every such detail is
 * here and nowhere else (docs/architecture.md, payments): the charge path, the field names, and the two signatures
 * (SHA-256 hex of the concatenated fields and the merchant hash key).
 */
export const COWPAY_CHARGE_PATH = '/api/v2/charge/card/init';

export function cowpayChargeSignature(
  s: Pick<CowpaySettings, 'merchantCode' | 'hashKey'>,
  reference: string,
  profileId: string,
  amount: string,
) {
  return createHash('sha256').update(`${s.merchantCode}${reference}${profileId}${amount}${s.hashKey}`).digest('hex');
}

export function cowpayCallbackSignature(
  s: Pick<CowpaySettings, 'merchantCode' | 'hashKey'>,
  body: { amount?: unknown; cowpay_reference_id?: unknown; merchant_reference_id?: unknown; order_status?: unknown },
) {
  return createHash('sha256')
    .update(
      `${s.merchantCode}${signedField(body.amount, 'amount')}${signedField(body.cowpay_reference_id, 'cowpay_reference_id')}` +
        `${signedField(body.merchant_reference_id, 'merchant_reference_id')}${signedField(body.order_status, 'order_status')}${s.hashKey}`,
    )
    .digest('hex');
}

/**
 * Cowpay's card frame: the server creates a charge intention, and the browser goes to this site's
 * /cowpay/checkout/{fram_code}/{intension} page, which embeds Cowpay's frame for it (1200px high). Cowpay
 * posts the order's status to the webhook, signed with the merchant hash key.
 */
export class CowpayProvider implements PaymentProvider {
  readonly name = 'cowpay' as const;
  readonly sandbox: boolean;

  constructor(private readonly settings: CowpaySettings) {
    this.sandbox = settings.sandbox;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const amount = decimalAmount(request.amountMinor);
    const profileId = request.macAddress;
    const { status, body } = await postJson(
      `${this.settings.baseUrl}${COWPAY_CHARGE_PATH}`,
      {
        merchant_code: this.settings.merchantCode,
        merchant_reference_id: request.reference,
        customer_merchant_profile_id: profileId,
        customer_name: `${request.payer.firstName ?? ''} ${request.payer.lastName ?? ''}`.trim(),
        customer_email: request.payer.email,
        customer_mobile: request.payer.phoneNumber,
        amount,
        currency: request.currency,
        description: request.description,
        server_callback_url: request.webhookUrl,
        return_url: request.successUrl,
        signature: cowpayChargeSignature(this.settings, request.reference, profileId, amount),
      },
      {},
    );
    const answer = body as { success?: unknown; token?: unknown; message?: unknown } | null;
    if (status !== 200 || answer?.success !== true || typeof answer.token !== 'string' || !answer.token) {
      throw new ProviderError(`Cowpay refused the charge (${status} ${String(answer?.message ?? '')}).`, body);
    }
    const path = `/cowpay/checkout/${encodeURIComponent(this.settings.frameCode)}/${encodeURIComponent(answer.token)}`;
    return { providerReference: answer.token, redirectUrl: new URL(path, request.successUrl).toString() };
  }

  verifyWebhook(rawBody: Buffer, _headers: IncomingHttpHeaders): Confirmation {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new WebhookRefused('refused-malformed', 'The body is not JSON.');
    }
    if (!body || typeof body !== 'object' || typeof body.signature !== 'string') {
      throw new WebhookRefused('refused-signature', 'The callback has no signature.');
    }
    const given = body.signature.toLowerCase();
    const expected = cowpayCallbackSignature(this.settings, body);
    if (!/^[0-9a-f]{64}$/.test(given) || !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) {
      throw new WebhookRefused('refused-signature', 'The callback signature does not match.');
    }
    const providerStatus = typeof body.order_status === 'string' ? body.order_status.toUpperCase() : '';
    const cowpayId = body.cowpay_reference_id;
    if ((typeof cowpayId !== 'string' && typeof cowpayId !== 'number') || !providerStatus) {
      throw new WebhookRefused('refused-malformed', 'The callback has no cowpay_reference_id or order_status.');
    }
    return {
      eventId: `${cowpayId}:${providerStatus}`,
      reference: typeof body.merchant_reference_id === 'string' ? body.merchant_reference_id : null,
      providerReference: typeof body.token === 'string' ? body.token : null,
      transactionId: String(cowpayId),
      status:
        providerStatus === 'PAID'
          ? 'paid'
          : providerStatus === 'FAILED' || providerStatus === 'EXPIRED'
            ? 'failed'
            : providerStatus === 'CANCELLED'
              ? 'cancelled'
              : 'pending',
      amountMinor: minorAmount(body.amount),
      // Cowpay's callback names no currency: the merchant account has one, configured with it.
      currency: typeof body.currency === 'string' ? body.currency.toUpperCase() : null,
      providerStatus,
    };
  }
}
