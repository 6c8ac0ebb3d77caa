import type { IncomingHttpHeaders } from 'node:http';
import {
  ProviderError,
  WebhookRefused,
  minorAmount,
  nestedDeeperThan,
  type Checkout,
  type CheckoutLookup,
  type CheckoutRequest,
  type Confirmation,
  type Lookup,
  type PaymentProvider,
} from '../provider';
import { paypalValue } from './paypal-currencies';
import { webhookJson } from './webhook-json';

export interface PayPalSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The currency orders are made in (EUR by default). */
  currency: string;
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

/** What a capture of an order came to, read from PayPal's capture answer or, failing that, from the order. */
export interface PayPalCapture {
  orderId: string;
  /** PayPal's id of the capture; null while PayPal is still completing the order (no capture yet). */
  captureId: string | null;
  /** Our merchant reference (custom_id / reference_id). */
  reference: string | null;
  /**
   * The capture's own status (Orders v2 `capture_status`: COMPLETED, PENDING, DECLINED, FAILED, REFUNDED,
   * PARTIALLY_REFUNDED), or IN_PROGRESS when the order has no capture yet.
   */
  status: string;
  /** Why a capture is PENDING or DENIED (`status_details.reason`, e.g. PENDING_REVIEW), when PayPal says. */
  statusReason: string | null;
  amountMinor: number | null;
  currency: string | null;
  /** 'capture': PayPal's answer to the capture call; 'order': the order read back after the call went wrong. */
  source: 'capture' | 'order';
}

/**
 * The confirmation a capture stands for: a COMPLETED capture pays; a PENDING one (held for review, an eCheck)
 * and an order PayPal is still completing are pending (PAYMENT.CAPTURE.COMPLETED activates later); DECLINED and
 * FAILED captures are failed. The event id names the capture and its status, so the same capture seen pending
 * and later completed is applied once for each, and read twice in the same status counts once.
 */
export function captureConfirmation(capture: PayPalCapture): Confirmation {
  const status: Confirmation['status'] =
    capture.status === 'COMPLETED'
      ? 'paid'
      : capture.status === 'DECLINED' || capture.status === 'FAILED'
        ? 'failed'
        : 'pending';
  return {
    eventId: `capture:${capture.captureId ?? capture.orderId}:${capture.status}`,
    reference: capture.reference,
    providerReference: capture.orderId,
    transactionId: capture.captureId,
    status,
    amountMinor: capture.amountMinor,
    currency: capture.currency,
    providerStatus: `capture:${capture.status}${capture.statusReason ? `:${capture.statusReason}` : ''}${
      capture.source === 'order' ? ' (read from the order)' : ''
    }`,
  };
}

interface Money {
  currency_code?: unknown;
  value?: unknown;
}

/**
 * An order the buyer approved and nobody captured yet (CHECKOUT.ORDER.APPROVED's resource, or the order read back by
 * reconciliation): pending, with `approvedOrder` set so that whoever applies it captures the order. `custom_id` is
 * our reference.
 */
export function approvedOrderConfirmation(order: PayPalOrder, eventId: string, providerStatus: string): Confirmation {
  const orderId = text(order.id);
  const unit = Array.isArray(order.purchase_units) ? order.purchase_units[0] : undefined;
  return {
    eventId,
    reference: text(unit?.custom_id) ?? text(unit?.reference_id),
    providerReference: orderId,
    transactionId: null,
    status: 'pending',
    approvedOrder: orderId,
    ...amountOf(unit?.amount),
    providerStatus,
  };
}

interface Link {
  href?: unknown;
  rel?: unknown;
}

interface CaptureBody {
  id?: unknown;
  status?: unknown;
  status_details?: { reason?: unknown };
  custom_id?: unknown;
  amount?: Money;
}

export interface PayPalOrder {
  id?: unknown;
  status?: unknown;
  purchase_units?: {
    reference_id?: unknown;
    custom_id?: unknown;
    amount?: Money;
    payments?: { captures?: CaptureBody[] };
  }[];
  details?: { issue?: unknown; description?: unknown }[];
  debug_id?: unknown;
  message?: unknown;
  name?: unknown;
}

/** Capture issues after which the capture may well have happened: the order is read back instead of failing. */
const RECONCILED_ISSUES = new Set(['ORDER_ALREADY_CAPTURED', 'ORDER_COMPLETION_IN_PROGRESS']);

const TIMEOUT_MS = 15_000;
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** A PayPal amount in minor units; refunds and reversals may carry a sign, the amount is what went back. */
function amountOf(money: Money | undefined): { amountMinor: number | null; currency: string | null } {
  const currency = text(money?.currency_code);
  // A negative sum ("-1.00") is read as one, for the ledger to refuse: never as its absolute value.
  const negative = typeof money?.value === 'string' && money.value.startsWith('-');
  const value = negative ? (money!.value as string).slice(1) : money?.value;
  const minor = currency ? minorAmount(value, currency) : null;
  return { amountMinor: minor !== null && negative ? -minor : minor, currency };
}

/** The id at the end of a HATEOAS link `rel` pointing at `/v2/payments/{kind}/{id}` (refund → its capture). */
export function linkedId(links: unknown, rel: string, kind: 'captures' | 'refunds' | 'authorizations'): string | null {
  if (!Array.isArray(links)) return null;
  for (const link of links as Link[]) {
    if (!link || typeof link !== 'object' || link.rel !== rel || typeof link.href !== 'string') continue;
    const match = new RegExp(`/v2/payments/${kind}/([A-Za-z0-9-]{1,64})/?(?:[?#].*)?$`).exec(link.href);
    if (match) return match[1]!;
  }
  return null;
}

/** A PayPal error body: PayPal's issue, description and debug id. */
function refusalOf(status: number, body: unknown, fallback: string): PayPalRefusal {
  const error = (body && typeof body === 'object' ? body : {}) as PayPalOrder;
  const detail = Array.isArray(error.details) ? error.details[0] : undefined;
  return new PayPalRefusal(
    text(detail?.issue) ?? text(error.name) ?? 'UNKNOWN',
    text(detail?.description) ?? text(error.message) ?? fallback,
    text(error.debug_id) ?? '',
    status,
  );
}

/**
 * PayPal Orders v2 (https://developer.paypal.com/docs/api/orders/v2/): OAuth2 client-credentials token,
 * POST /v2/checkout/orders (intent CAPTURE, the activation's amount and currency, no shipping: a licence is not
 * shipped), and POST /v2/checkout/orders/{id}/capture after the buyer approves in PayPal's buttons, both with
 * `PayPal-Request-Id` (a retry is answered as the first call was, never a second order or capture) and
 * `Prefer: return=representation`. The capture's own status and amount decide, not the order's. When the capture
 * call's answer is lost (timeout, dropped connection, 5xx) or PayPal says ORDER_ALREADY_CAPTURED or
 * ORDER_COMPLETION_IN_PROGRESS, the order is read back (GET /v2/checkout/orders/{id}) and its capture used.
 * Webhooks are checked by PayPal's verify-webhook-signature API with the raw event.
 */
export class PayPalProvider implements PaymentProvider {
  readonly name = 'paypal' as const;
  readonly sandbox: boolean;
  /**
   * The buyer approves an order within 3 hours, PayPal's default (developer.paypal.com/docs/checkout/apm/reference/
   * handle-uncaptured-payments: "the default is 3 hours"); money moves only when we capture an approved order, which
   * the order's id allows for 29 days (developer.paypal.com/api/nvp-soap/troubleshooting/10621: "A PayPal Order ID
   * is valid for 29 days"): `npm run device -- reconcile <reference>` captures one found APPROVED that late.
   */
  readonly paymentWindowHours = 3;
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
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ProviderError('PayPal could not be reached.');
    }
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!res.ok || typeof body?.access_token !== 'string') {
      throw new ProviderError(`PayPal refused the credentials (${res.status}).`);
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 300;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(60, lifetime - 60) * 1000 };
    return body.access_token;
  }

  /**
   * One call to PayPal's REST API with the bearer token, JSON both ways. A token PayPal no longer takes (401) is
   * fetched again once. Network failures, timeouts and answers that are not JSON become ProviderError.
   */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown }> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.accessToken();
      let res: Response;
      try {
        res = await fetch(`${this.settings.baseUrl}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        throw new ProviderError(`PayPal could not be reached (${(err as Error).name}).`);
      }
      if (res.status === 401 && attempt === 0) {
        this.token = undefined;
        await res.body?.cancel().catch(() => undefined);
        continue;
      }
      let raw: string;
      try {
        raw = await res.text();
      } catch (err) {
        throw new ProviderError(`PayPal's answer was cut off (${(err as Error).name}).`);
      }
      try {
        return { status: res.status, body: raw ? JSON.parse(raw) : null };
      } catch {
        throw new ProviderError(`PayPal answered ${res.status} with something that is not JSON.`);
      }
    }
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { status, body } = await this.call(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.reference,
            custom_id: request.reference,
            description: request.description,
            amount: { currency_code: request.currency, value: paypalValue(request.amountMinor, request.currency) },
          },
        ],
        // Orders v2 today takes the payer experience under payment_source.paypal.experience_context
        // (`application_context` is deprecated in paypal/paypal-rest-api-specifications, checkout_orders_v2.json).
        // A digital licence is not shipped: PayPal asks for no address.
        payment_source: {
          paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } },
        },
      },
      { 'paypal-request-id': `order-${request.reference}`, prefer: 'return=representation' },
    );
    const order = body as PayPalOrder | null;
    if ((status !== 200 && status !== 201) || typeof order?.id !== 'string' || !order.id) {
      throw new ProviderError(`PayPal refused the order (${status} ${text(order?.name) ?? ''}).`, body);
    }
    // The buttons approve the order in the browser; there is no page to redirect to.
    return { providerReference: order.id, redirectUrl: '' };
  }

  /** The confirmation a capture stands for (see captureConfirmation). */
  confirmationOf(capture: PayPalCapture): Confirmation {
    return captureConfirmation(capture);
  }

  /** GET /v2/checkout/orders/{id}: the order as PayPal has it now. */
  async getOrder(orderId: string): Promise<PayPalOrder> {
    const { status, body } = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (status !== 200 || !body || typeof body !== 'object') {
      throw new ProviderError(`PayPal did not show the order (${status}).`, body);
    }
    return body as PayPalOrder;
  }

  /**
   * Reconciliation: the order as PayPal has it now (GET /v2/checkout/orders/{id}). Its capture, when it has one, is
   * read as the browser's capture would be (the same event and transaction ids); an order still APPROVED is to be
   * captured (`approvedOrder`); VOIDED is cancelled; CREATED (not approved yet) and an order PayPal no longer shows
   * (404: not approved in time) confirm nothing.
   */
  async lookup(checkout: CheckoutLookup): Promise<Lookup> {
    const orderId = checkout.providerReference;
    const { status, body } = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (status === 404) return { confirmation: null, providerStatus: 'order not found', answer: body };
    if (status !== 200 || !body || typeof body !== 'object') {
      throw new ProviderError(`PayPal did not show the order (${status}).`, body);
    }
    const order = body as PayPalOrder;
    const orderStatus = text(order.status) ?? '';
    const captured = this.readCapture(orderId, order, 'order');
    if (captured) {
      const confirmation = captureConfirmation(captured);
      return { confirmation, providerStatus: confirmation.providerStatus, answer: body };
    }
    if (orderStatus === 'APPROVED') {
      const confirmation = approvedOrderConfirmation(order, `order:${orderId}:APPROVED`, 'order:APPROVED');
      return { confirmation, providerStatus: 'order:APPROVED', answer: body };
    }
    if (orderStatus === 'VOIDED') {
      const unit = order.purchase_units?.[0];
      return {
        confirmation: {
          eventId: `order:${orderId}:VOIDED`,
          reference: text(unit?.custom_id) ?? text(unit?.reference_id),
          providerReference: orderId,
          transactionId: null,
          status: 'cancelled',
          amountMinor: null,
          currency: null,
          providerStatus: 'order:VOIDED',
        },
        providerStatus: 'order:VOIDED',
        answer: body,
      };
    }
    return { confirmation: null, providerStatus: `order:${orderStatus || 'unknown'}`, answer: body };
  }

  /**
   * Captures an approved order. `attempt` counts the captures PayPal refused before for this order (a declined
   * card, then another funding source): each attempt has its own PayPal-Request-Id, and a retry of the same
   * attempt reuses it, so PayPal answers it as before and never captures twice.
   *
   * Throws PayPalRefusal with PayPal's issue (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED, ...), and ProviderError
   * when PayPal cannot be reached and the order cannot be read either.
   */
  async capture(orderId: string, attempt = 0): Promise<PayPalCapture> {
    const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`;
    const headers = { 'paypal-request-id': `capture-${orderId}-${attempt}`, prefer: 'return=representation' };
    let answer: { status: number; body: unknown };
    try {
      answer = await this.call('POST', path, {}, headers);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      // The answer is lost, not the capture: what happened is read from the order.
      return this.reconcile(orderId, async () => this.call('POST', path, {}, headers));
    }
    if (answer.status === 200 || answer.status === 201) {
      const captured = this.readCapture(orderId, answer.body, 'capture');
      // A minimal answer (no purchase_units) still says the order: it is read back.
      return captured ?? this.reconcile(orderId);
    }
    const refusal = refusalOf(answer.status, answer.body, 'PayPal refused the capture.');
    if (answer.status >= 500 || RECONCILED_ISSUES.has(refusal.issue)) {
      return this.reconcile(orderId, undefined, refusal);
    }
    throw refusal;
  }

  /**
   * The capture as the order shows it, after the capture call went wrong. An order still APPROVED was not captured:
   * `retry` (the same capture under the same PayPal-Request-Id) is made once. An order PayPal is completing by
   * itself (ORDER_COMPLETION_IN_PROGRESS) is pending until its webhook.
   */
  private async reconcile(
    orderId: string,
    retry?: () => Promise<{ status: number; body: unknown }>,
    refusal?: PayPalRefusal,
  ): Promise<PayPalCapture> {
    const order = await this.getOrder(orderId);
    const found = this.readCapture(orderId, order, 'order');
    if (found) return found;
    if (retry && order.status === 'APPROVED') {
      const again = await retry();
      if (again.status === 200 || again.status === 201) {
        const captured = this.readCapture(orderId, again.body, 'capture');
        if (captured) return captured;
      } else if (again.status < 500) {
        throw refusalOf(again.status, again.body, 'PayPal refused the capture.');
      }
      throw new ProviderError('PayPal did not answer the capture.', again.body);
    }
    if (refusal?.issue === 'ORDER_COMPLETION_IN_PROGRESS' || order.status === 'COMPLETED') {
      const unit = order.purchase_units?.[0];
      return {
        orderId,
        captureId: null,
        reference: text(unit?.custom_id) ?? text(unit?.reference_id),
        status: 'IN_PROGRESS',
        statusReason: null,
        amountMinor: null,
        currency: null,
        source: 'order',
      };
    }
    if (refusal) throw refusal;
    throw new ProviderError(`PayPal did not capture the order (order ${text(order.status) ?? 'unknown'}).`);
  }

  /** The first capture of the first purchase unit (intent CAPTURE makes one), or null when there is none. */
  private readCapture(orderId: string, body: unknown, source: PayPalCapture['source']): PayPalCapture | null {
    const order = (body && typeof body === 'object' ? body : {}) as PayPalOrder;
    if (typeof order.id === 'string' && order.id !== orderId) {
      throw new ProviderError('PayPal answered about another order.', body);
    }
    const unit = Array.isArray(order.purchase_units) ? order.purchase_units[0] : undefined;
    const captures = unit?.payments?.captures;
    const capture = Array.isArray(captures) ? captures[0] : undefined;
    const captureId = text(capture?.id);
    if (!capture || !captureId) return null;
    return {
      orderId,
      captureId,
      reference: text(capture.custom_id) ?? text(unit?.custom_id) ?? text(unit?.reference_id),
      status: text(capture.status) ?? '',
      statusReason: text(capture.status_details?.reason),
      ...amountOf(capture.amount),
      source,
    };
  }

  async verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<Confirmation> {
    const header = (name: string) => {
      const value = headers[name];
      return typeof value === 'string' ? value : '';
    };
    const event = webhookJson(rawBody) as PayPalEvent;
    if (!event || typeof event !== 'object' || Array.isArray(event) || nestedDeeperThan(event, 32)) {
      throw new WebhookRefused('refused-malformed', 'The body is not a PayPal event.');
    }
    if (!header('paypal-transmission-sig') || !header('paypal-transmission-id')) {
      throw new WebhookRefused('refused-signature', 'The PayPal transmission headers are missing.');
    }
    // The event goes back exactly as received: re-serialising it would break PayPal's check.
    const verification =
      `{"auth_algo":${JSON.stringify(header('paypal-auth-algo'))},"cert_url":${JSON.stringify(header('paypal-cert-url'))},` +
      `"transmission_id":${JSON.stringify(header('paypal-transmission-id'))},"transmission_sig":${JSON.stringify(header('paypal-transmission-sig'))},` +
      `"transmission_time":${JSON.stringify(header('paypal-transmission-time'))},"webhook_id":${JSON.stringify(this.settings.webhookId)},` +
      `"webhook_event":${rawBody.toString('utf8')}}`;
    const { status, body } = await this.call('POST', '/v1/notifications/verify-webhook-signature', verification);
    if (status !== 200 || (body as { verification_status?: unknown })?.verification_status !== 'SUCCESS') {
      throw new WebhookRefused('refused-signature', 'PayPal did not verify the webhook signature.');
    }
    return readEvent(event);
  }
}

/** A webhook event as PayPal sends it (notifications_webhooks_v1.json `event`). */
export interface PayPalEvent {
  id?: unknown;
  event_type?: unknown;
  resource_type?: unknown;
  resource?: PayPalEventResource;
}

interface PayPalEventResource {
  id?: unknown;
  status?: unknown;
  custom_id?: unknown;
  amount?: Money;
  links?: unknown;
  supplementary_data?: { related_ids?: { order_id?: unknown; capture_id?: unknown } };
  // A dispute (customer_disputes_v1.json `dispute`).
  dispute_id?: unknown;
  dispute_amount?: Money;
  disputed_transactions?: { seller_transaction_id?: unknown; custom?: unknown }[];
  dispute_outcome?: { outcome_code?: unknown; amount_refunded?: Money };
  dispute_life_cycle_stage?: unknown;
}

/**
 * What a verified PayPal event says (https://developer.paypal.com/api/rest/webhooks/event-names/):
 * - PAYMENT.CAPTURE.COMPLETED (a COMPLETED capture) → paid; PAYMENT.CAPTURE.PENDING → pending;
 *   PAYMENT.CAPTURE.DENIED / DECLINED → failed. The resource is the capture: its id is the transaction.
 * - PAYMENT.CAPTURE.REFUNDED → refunded: the resource is the refund (its id is the transaction); the capture it
 *   refunds is its `up` link …/v2/payments/captures/{id} (takesBack); custom_id, when the refund carries one,
 *   is our reference.
 * - PAYMENT.CAPTURE.REVERSED → reversed: PayPal sends a refund-shaped resource (`up` link to the capture); a bare
 *   capture resource is read too (the capture reversed, transaction `reversal:{capture id}`).
 * - CUSTOMER.DISPUTE.CREATED and CUSTOMER.DISPUTE.UPDATED (an inquiry, a claim, a chargeback: no money moved by
 *   the dispute itself) → disputed: the payment is marked, nothing is taken. A chargeback's money, when PayPal
 *   takes it, arrives as PAYMENT.CAPTURE.REVERSED.
 * - CUSTOMER.DISPUTE.RESOLVED, by `dispute_outcome.outcome_code` (customer_disputes_v1.json): RESOLVED_BUYER_FAVOUR
 *   and ACCEPTED (the seller accepted the claim) → reversed, for `amount_refunded` (else the dispute's amount),
 *   under the dispute's id as its own key; RESOLVED_SELLER_FAVOUR, CANCELED_BY_BUYER, DENIED, RESOLVED_WITH_PAYOUT
 *   (PayPal covered the seller) and NONE → reinstated: the money stays, a reversal is undone.
 *   The payment is disputed_transactions[].seller_transaction_id (the capture: takesBack), `custom` our reference
 *   when present.
 * - CHECKOUT.ORDER.APPROVED → pending, with `approvedOrder`: the resource is the order the buyer approved; it is
 *   captured on the server (payment.service.ts) in case the buyer closed PayPal's window before the page captured.
 * Anything else (other event types) is not ours to apply: reference null.
 */
export function readEvent(event: PayPalEvent): Confirmation {
  const resource = event.resource;
  if (typeof event.id !== 'string' || !event.id || !resource || typeof resource !== 'object') {
    throw new WebhookRefused('refused-malformed', 'The event has no id or resource.');
  }
  const type = typeof event.event_type === 'string' ? event.event_type : '';
  const resourceStatus = text(resource.status);
  const base = {
    eventId: event.id,
    providerReference: null,
    providerStatus: `${type}:${resourceStatus ?? ''}`,
  };
  switch (type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const captureId = text(resource.id);
      if (!captureId) throw new WebhookRefused('refused-malformed', 'The capture event names no capture.');
      return {
        ...base,
        reference: text(resource.custom_id),
        providerReference: text(resource.supplementary_data?.related_ids?.order_id),
        transactionId: captureId,
        status:
          type === 'PAYMENT.CAPTURE.COMPLETED'
            ? resourceStatus === 'COMPLETED'
              ? 'paid'
              : 'pending'
            : type === 'PAYMENT.CAPTURE.PENDING'
              ? 'pending'
              : 'failed',
        ...amountOf(resource.amount),
      };
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const ownId = text(resource.id);
      if (!ownId) throw new WebhookRefused('refused-malformed', 'The event names no refund or reversal.');
      const upCapture =
        linkedId(resource.links, 'up', 'captures') ?? text(resource.supplementary_data?.related_ids?.capture_id);
      // A refund PayPal has not completed (PENDING, FAILED, CANCELLED) gives nothing back yet.
      const done = resourceStatus === null || resourceStatus === 'COMPLETED';
      const reversedCapture = type === 'PAYMENT.CAPTURE.REVERSED' && !upCapture;
      return {
        ...base,
        reference: text(resource.custom_id),
        transactionId: reversedCapture ? `reversal:${ownId}` : ownId,
        takesBack: reversedCapture ? ownId : upCapture,
        status: !done ? 'pending' : type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refunded' : 'reversed',
        ...amountOf(resource.amount),
      };
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.UPDATED':
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      const disputeId = text(resource.dispute_id);
      if (!disputeId) throw new WebhookRefused('refused-malformed', 'The dispute event names no dispute.');
      const transactions = Array.isArray(resource.disputed_transactions) ? resource.disputed_transactions : [];
      const disputed = transactions.find((t) => t && typeof t === 'object' && text(t.seller_transaction_id));
      const outcome = text(resource.dispute_outcome?.outcome_code);
      const resolved = type === 'CUSTOMER.DISPUTE.RESOLVED' || resourceStatus === 'RESOLVED';
      const lost = resolved && (outcome === 'RESOLVED_BUYER_FAVOUR' || outcome === 'ACCEPTED');
      return {
        ...base,
        providerStatus: `${type}:${resourceStatus ?? ''}${outcome ? `:${outcome}` : ''}`,
        reference: text(disputed?.custom),
        transactionId: disputeId,
        disputeId,
        takesBack: text(disputed?.seller_transaction_id),
        status: !resolved ? 'disputed' : lost ? 'reversed' : 'reinstated',
        ...amountOf(
          lost ? (resource.dispute_outcome?.amount_refunded ?? resource.dispute_amount) : resource.dispute_amount,
        ),
      };
    }
    case 'CHECKOUT.ORDER.APPROVED': {
      // The resource is the order (Orders v2 `order`): the buyer approved it; whoever applies this captures it.
      if (!text(resource.id)) throw new WebhookRefused('refused-malformed', 'The order event names no order.');
      return approvedOrderConfirmation(resource as PayPalOrder, event.id, base.providerStatus);
    }
    default:
      return {
        ...base,
        reference: null,
        transactionId: text(resource.id),
        status: 'pending',
        amountMinor: null,
        currency: null,
      };
  }
}
