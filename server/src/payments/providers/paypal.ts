import type { IncomingHttpHeaders } from 'node:http';
import {
  ProviderError,
  WebhookRefused,
  decimalAmount,
  minorAmount,
  postJson,
  type Checkout,
  type CheckoutRequest,
  type Confirmation,
  type PaymentProvider,
} from '../provider';

export interface PayPalSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  sandbox: boolean;
}

/** PayPal's refusal of a capture, as its API words it (issue, description, debug id). */
export class PayPalRefusal extends Error {
  constructor(
    readonly issue: string,
    readonly description: string,
    readonly debugId: string,
    readonly httpStatus: number,
  ) {
    super(description);
    this.name = 'PayPalRefusal';
  }
}

export interface PayPalCapture {
  orderId: string;
  captureId: string;
  /** Our merchant reference (custom_id / reference_id). */
  reference: string | null;
  status: string;
  amountMinor: number | null;
  currency: string | null;
}

interface OrderBody {
  id?: string;
  status?: string;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    payments?: {
      captures?: {
        id?: string;
        status?: string;
        custom_id?: string;
        amount?: { currency_code?: string; value?: string };
      }[];
    };
  }[];
  details?: { issue?: string; description?: string }[];
  debug_id?: string;
  message?: string;
  name?: string;
}

/**
 * PayPal Orders v2: OAuth2 client-credentials token, POST /v2/checkout/orders (intent CAPTURE, EUR), and
 * POST /v2/checkout/orders/{id}/capture after the buyer approves in PayPal's buttons. The capture's own status
 * and amount decide, not the order's. Webhooks (PAYMENT.CAPTURE.COMPLETED) are checked by PayPal's
 * verify-webhook-signature API with the raw event.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly sandbox: boolean;
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly settings: PayPalSettings) {
    this.sandbox = settings.sandbox;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    let res: Response;
    try {
      res = await fetch(`${this.settings.baseUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ProviderError('PayPal could not be reached.');
    }
    const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!res.ok || !body?.access_token) throw new ProviderError(`PayPal refused the credentials (${res.status}).`);
    this.token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(60, (body.expires_in ?? 300) - 60) * 1000,
    };
    return body.access_token;
  }

  private async call(path: string, body: unknown, requestId?: string) {
    const token = await this.accessToken();
    return postJson(`${this.settings.baseUrl}${path}`, body, {
      authorization: `Bearer ${token}`,
      ...(requestId ? { 'paypal-request-id': requestId } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { status, body } = await this.call(
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.reference,
            custom_id: request.reference,
            description: request.description,
            amount: { currency_code: request.currency, value: decimalAmount(request.amountMinor) },
          },
        ],
      },
      `order-${request.reference}`,
    );
    const order = body as OrderBody | null;
    if ((status !== 200 && status !== 201) || typeof order?.id !== 'string') {
      throw new ProviderError(`PayPal refused the order (${status} ${order?.name ?? ''}).`, body);
    }
    // The buttons approve the order in the browser; there is no page to redirect to.
    return { providerReference: order.id, redirectUrl: '' };
  }

  /** Captures an approved order. Throws PayPalRefusal with PayPal's issue (INSTRUMENT_DECLINED, ...). */
  async capture(orderId: string): Promise<PayPalCapture> {
    const { status, body } = await this.call(
      `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
      {},
      `capture-${orderId}`,
    );
    const order = body as OrderBody | null;
    if (status !== 200 && status !== 201) {
      const detail = order?.details?.[0];
      throw new PayPalRefusal(
        detail?.issue ?? order?.name ?? 'UNKNOWN',
        detail?.description ?? order?.message ?? 'PayPal refused the capture.',
        order?.debug_id ?? '',
        status,
      );
    }
    const unit = order?.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    if (!capture?.id) throw new ProviderError('PayPal answered the capture without a capture.', body);
    return {
      orderId,
      captureId: capture.id,
      reference: capture.custom_id ?? unit?.custom_id ?? unit?.reference_id ?? null,
      status: capture.status ?? '',
      amountMinor: minorAmount(capture.amount?.value),
      currency: capture.amount?.currency_code ?? null,
    };
  }

  async verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<Confirmation> {
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : '';
    };
    const text = rawBody.toString('utf8');
    let event: {
      id?: unknown;
      event_type?: unknown;
      resource?: {
        id?: unknown;
        status?: unknown;
        custom_id?: unknown;
        amount?: { value?: unknown; currency_code?: unknown };
        supplementary_data?: { related_ids?: { order_id?: unknown } };
      };
    };
    try {
      event = JSON.parse(text) as typeof event;
    } catch {
      throw new WebhookRefused('refused-malformed', 'The body is not JSON.');
    }
    if (!header('paypal-transmission-sig') || !header('paypal-transmission-id')) {
      throw new WebhookRefused('refused-signature', 'The PayPal transmission headers are missing.');
    }
    // The event goes back exactly as received: re-serialising it would break PayPal's check.
    const verification =
      `{"auth_algo":${JSON.stringify(header('paypal-auth-algo'))},"cert_url":${JSON.stringify(header('paypal-cert-url'))},` +
      `"transmission_id":${JSON.stringify(header('paypal-transmission-id'))},"transmission_sig":${JSON.stringify(header('paypal-transmission-sig'))},` +
      `"transmission_time":${JSON.stringify(header('paypal-transmission-time'))},"webhook_id":${JSON.stringify(this.settings.webhookId)},` +
      `"webhook_event":${text}}`;
    const { status, body } = await this.call('/v1/notifications/verify-webhook-signature', verification);
    if (status !== 200 || (body as { verification_status?: unknown })?.verification_status !== 'SUCCESS') {
      throw new WebhookRefused('refused-signature', 'PayPal did not verify the webhook signature.');
    }
    const resource = event.resource;
    if (typeof event.id !== 'string' || typeof resource?.id !== 'string') {
      throw new WebhookRefused('refused-malformed', 'The event has no id or resource.');
    }
    const type = String(event.event_type ?? '');
    const providerStatus = `${type}:${String(resource.status ?? '')}`;
    return {
      eventId: event.id,
      reference: typeof resource.custom_id === 'string' ? resource.custom_id : null,
      providerReference:
        typeof resource.supplementary_data?.related_ids?.order_id === 'string'
          ? resource.supplementary_data.related_ids.order_id
          : null,
      transactionId: resource.id,
      status:
        type === 'PAYMENT.CAPTURE.COMPLETED' && resource.status === 'COMPLETED'
          ? 'paid'
          : type === 'PAYMENT.CAPTURE.DENIED' || type === 'PAYMENT.CAPTURE.DECLINED'
            ? 'failed'
            : 'pending',
      amountMinor: minorAmount(resource.amount?.value),
      currency: typeof resource.amount?.currency_code === 'string' ? resource.amount.currency_code : null,
      providerStatus,
    };
  }
}
