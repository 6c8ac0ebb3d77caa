import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { SandboxKeys } from './keys';
import { decimalText, numberOf, sameText, type SandboxKit } from './kit';
import { PAYPAL_SANDBOX_SDK } from './paypal-sdk';

/*
 * PayPal's stand-in, written from PayPal's published protocol, never from the adapter:
 * - OAuth2 client credentials: POST /v1/oauth2/token (Basic client-id:secret).
 * - Orders v2 (paypal/paypal-rest-api-specifications, openapi/checkout_orders_v2.json): POST /v2/checkout/orders,
 *   GET /v2/checkout/orders/{id}, POST /v2/checkout/orders/{id}/capture, with `PayPal-Request-Id` (the same id
 *   is answered as the first time, no second order or capture) and `Prefer: return=minimal|return=representation`
 *   (minimal is the default: id, status, links). Errors are PayPal's: name, message, debug_id, details[].issue
 *   and .description, with the published issue names and descriptions.
 * - Payments v2 (openapi/payments_payment_v2.json): POST /v2/payments/captures/{id}/refund.
 * - Webhooks (openapi/notifications_webhooks_v1.json): events shaped as PayPal's `event` (id, event_version,
 *   create_time, resource_type, resource_version, event_type, summary, resource, links), delivered with PayPal's
 *   transmission headers and retried until answered 2xx; POST /v1/notifications/verify-webhook-signature.
 * - The browser SDK (/sdk/js, see paypal-sdk.ts) and the approval PayPal's popup does (/orders/{id}/approve).
 * - What PayPal does on its own, for tests and demos (/simulate/...): a held capture completed or denied, a
 *   reversal, a dispute opened and resolved.
 */

/**
 * The signature this stand-in puts on its webhooks and checks in its verify-webhook-signature. PayPal signs
 * `transmission_id|transmission_time|webhook_id|crc32(body)` with SHA256withRSA and a certificate at cert_url;
 * the adapter never checks that itself (it asks verify-webhook-signature), so the stand-in keys an HMAC with its
 * client secret over the same fields and the whole body instead.
 */
function transmissionSig(keys: SandboxKeys, id: string, time: string, body: string): string {
  return createHmac('sha256', keys.paypalClientSecret)
    .update(`${id}|${time}|${keys.paypalWebhookId}|${body}`)
    .digest('base64');
}

/** How the buyer approved, chosen on the stand-in's buttons; decides what the capture does. */
type Funding = 'good' | 'declined' | 'review' | 'lost-answer' | 'completing';

interface Amount {
  currency_code: string;
  value: string;
}

interface SandboxCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  reason: string | null;
  amountMinor: number;
  refundedMinor: number;
  createTime: string;
  updateTime: string;
}

interface SandboxOrder {
  id: string;
  reference: string;
  referenceId: string;
  description: string | null;
  amountMinor: number;
  currency: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  funding: Funding | null;
  capture: SandboxCapture | null;
  /** This server's origin as the adapter called it: links and the webhook URL. */
  site: string;
  createTime: string;
  updateTime: string;
}

interface SandboxDispute {
  id: string;
  capture: SandboxCapture;
  createTime: string;
}

/** PayPal's ids: 17 upper-case letters and digits. */
const paypalId = () => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

/** A bounded map: the oldest entries go first. */
function bounded<V>(limit: number) {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    set: (key: string, value: V) => {
      if (map.size >= limit) map.delete(map.keys().next().value as string);
      map.set(key, value);
      return value;
    },
  };
}

/**
 * PayPal's stand-in: OAuth2 token, Orders v2 (create, show, capture), refunds, the browser SDK and its approval,
 * webhooks and their verify-webhook-signature, and PayPal's own moves (review, reversal, dispute).
 */
export function mountPayPal(kit: SandboxKit): void {
  const { router, keys, json } = kit;
  const clientId = () => kit.site.paypalClientId;
  const orders = bounded<SandboxOrder>(10_000);
  const captures = bounded<SandboxOrder>(10_000);
  const disputes = bounded<SandboxDispute>(10_000);
  /** PayPal-Request-Id → the answer given: a retry is answered the same, nothing is done twice. */
  const answered = bounded<{ status: number; body: unknown }>(20_000);

  const api = (o: { site: string }) => `${o.site}/sandbox/paypal`;
  const money = (minor: number, currency: string): Amount => ({ currency_code: currency, value: decimalText(minor) });

  // ----- Representations, as PayPal's schemas shape them -------------------------------------------------------

  const captureView = (order: SandboxOrder, c: SandboxCapture) => ({
    id: c.id,
    status: c.status,
    ...(c.reason ? { status_details: { reason: c.reason } } : {}),
    amount: money(c.amountMinor, order.currency),
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: {
      gross_amount: money(c.amountMinor, order.currency),
      paypal_fee: money(Math.round(c.amountMinor * 0.035) + 35, order.currency),
      net_amount: money(c.amountMinor - Math.round(c.amountMinor * 0.035) - 35, order.currency),
    },
    custom_id: order.reference,
    create_time: c.createTime,
    update_time: c.updateTime,
    links: [
      { href: `${api(order)}/v2/payments/captures/${c.id}`, rel: 'self', method: 'GET' },
      { href: `${api(order)}/v2/payments/captures/${c.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${api(order)}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  });

  const orderLinks = (o: SandboxOrder) => [
    { href: `${api(o)}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
    ...(o.status === 'CREATED'
      ? // PayPal's checkoutnow page; here the stand-in's buttons approve (POST /orders/{id}/approve), no page.
        [{ href: `${api(o)}/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' }]
      : []),
    ...(o.status !== 'COMPLETED'
      ? [
          { href: `${api(o)}/v2/checkout/orders/${o.id}`, rel: 'update', method: 'PATCH' },
          { href: `${api(o)}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
        ]
      : []),
  ];

  const orderView = (o: SandboxOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    ...(o.status === 'CREATED'
      ? {}
      : {
          payment_source: {
            paypal: {
              email_address: 'sandbox-buyer@personal.example.com',
              account_id: 'SANDBOXBUYER01',
              account_status: 'VERIFIED',
              name: { given_name: 'Sandbox', surname: 'Buyer' },
            },
          },
        }),
    purchase_units: [
      {
        reference_id: o.referenceId,
        amount: money(o.amountMinor, o.currency),
        payee: { merchant_id: 'SANDBOXMERCHANT' },
        ...(o.description ? { description: o.description } : {}),
        custom_id: o.reference,
        ...(o.capture ? { payments: { captures: [captureView(o, o.capture)] } } : {}),
      },
    ],
    create_time: o.createTime,
    update_time: o.updateTime,
    links: orderLinks(o),
  });

  /** `Prefer: return=representation` gets the whole resource; the default (return=minimal) id, status, links. */
  const shaped = (req: Request, full: { id: string; status: string; links: unknown[] }) =>
    /(^|[\s,])return=representation($|[\s,])/.test(req.get('prefer') ?? '')
      ? full
      : { id: full.id, status: full.status, links: full.links };

  // ----- Webhooks --------------------------------------------------------------------------------------------

  const deliver = (site: string, eventType: string, resourceType: string, summary: string, resource: object) => {
    const id = `WH-${paypalId()}-${paypalId()}`;
    const event = {
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: `${site}/sandbox/paypal/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${site}/sandbox/paypal/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    };
    const text = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = now();
    return kit.deliver(`${site}/webhooks/paypal`, text, {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-auth-version': 'v2',
      'paypal-cert-url': `${site}/sandbox/paypal/v1/notifications/certs/CERT-SANDBOX`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': transmissionSig(keys, transmissionId, time, text),
      'user-agent': 'PayPal/AUHD-214.0-sandbox',
    });
  };
  /** PayPal tells the webhook a moment after it answers the API call. */
  const later = (send: () => unknown) => setTimeout(() => void send(), 150).unref();

  const captureEvent = (order: SandboxOrder, eventType: string) => {
    const c = order.capture!;
    const amount = `${order.currency} ${decimalText(c.amountMinor)}`;
    const summary =
      eventType === 'PAYMENT.CAPTURE.COMPLETED'
        ? `Payment completed for ${amount}`
        : eventType === 'PAYMENT.CAPTURE.PENDING'
          ? `Payment pending for ${amount}`
          : `Payment denied for ${amount}`;
    return deliver(order.site, eventType, 'capture', summary, {
      ...captureView(order, c),
      supplementary_data: { related_ids: { order_id: order.id } },
    });
  };

  /** A refund-shaped resource (payments v2 `refund`): its own id, the amount back, `up` to the capture. */
  const refundResource = (
    order: SandboxOrder,
    c: SandboxCapture,
    minor: number,
    extra: { custom_id?: string; invoice_id?: string; note_to_payer?: string },
  ) => {
    const id = paypalId();
    return {
      id,
      amount: money(minor, order.currency),
      ...extra,
      seller_payable_breakdown: {
        gross_amount: money(minor, order.currency),
        paypal_fee: money(0, order.currency),
        net_amount: money(minor, order.currency),
        total_refunded_amount: money(c.refundedMinor, order.currency),
      },
      status: 'COMPLETED',
      create_time: now(),
      update_time: now(),
      links: [
        { href: `${api(order)}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
        { href: `${api(order)}/v2/payments/captures/${c.id}`, rel: 'up', method: 'GET' },
      ],
    };
  };

  const disputeResource = (d: SandboxDispute, order: SandboxOrder, outcome: string | null) => ({
    dispute_id: d.id,
    create_time: d.createTime,
    update_time: now(),
    disputed_transactions: [
      {
        seller_transaction_id: d.capture.id,
        seller: { merchant_id: 'SANDBOXMERCHANT', name: 'Sandbox merchant' },
        // transaction_info.custom: the free-text field the merchant entered at checkout (our custom_id).
        custom: order.reference,
        items: [],
        seller_protection_eligible: true,
      },
    ],
    reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
    status: outcome ? 'RESOLVED' : 'OPEN',
    dispute_amount: money(d.capture.amountMinor, order.currency),
    ...(outcome ? { dispute_outcome: { outcome_code: outcome } } : {}),
    dispute_life_cycle_stage: 'INQUIRY',
    dispute_channel: 'INTERNAL',
    links: [{ href: `${api(order)}/v1/customer/disputes/${d.id}`, rel: 'self', method: 'GET' }],
  });

  // ----- Plumbing --------------------------------------------------------------------------------------------

  const bearer = `sandbox-${createHmac('sha256', keys.paypalClientSecret).update('token').digest('hex')}`;
  const authorised = (req: Request, res: Response) => {
    if (req.get('authorization') === `Bearer ${bearer}`) return true;
    res.status(401).json({ error: 'invalid_token', error_description: 'Token signature verification failed' });
    return false;
  };
  const paypalError = (status: number, name: string, issue: string, description: string) => ({
    status,
    body: {
      name,
      message:
        status === 404
          ? 'The specified resource does not exist.'
          : status === 400
            ? 'Request is not well-formed, syntactically incorrect, or violates schema.'
            : 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: randomBytes(6).toString('hex'),
      details: [{ issue, description }],
    },
  });
  const site = (req: Request) => `${req.protocol}://${req.get('host')}`;
  const requestId = (req: Request) => {
    const id = req.get('paypal-request-id');
    return id && id.length <= 108 ? id : null;
  };
  /** Answers through the PayPal-Request-Id store: a retry gets the first answer and runs nothing again. */
  const idempotent = (
    req: Request,
    res: Response,
    scope: string,
    run: () => { status: number; body: unknown; after?: () => void; loseAnswer?: boolean },
  ) => {
    const id = requestId(req);
    const key = id ? `${scope}|${id}` : null;
    const earlier = key ? answered.get(key) : undefined;
    if (earlier) return void res.status(earlier.status).json(earlier.body);
    const answer = run();
    if (key) answered.set(key, { status: answer.status, body: answer.body });
    answer.after?.();
    // PayPal did it, but the answer never arrives (a dropped connection): the caller must find out.
    if (answer.loseAnswer) return void req.socket.destroy();
    res.status(answer.status).json(answer.body);
  };
  const findCapture = (req: Request, res: Response): { order: SandboxOrder; capture: SandboxCapture } | null => {
    const order = captures.get(String(req.params.id));
    if (!order?.capture) {
      const e = paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      res.status(e.status).json(e.body);
      return null;
    }
    return { order, capture: order.capture };
  };
  const complete = (order: SandboxOrder, status: SandboxCapture['status'], reason: string | null) => {
    const time = now();
    order.capture = {
      id: paypalId(),
      orderId: order.id,
      status,
      reason,
      amountMinor: order.amountMinor,
      refundedMinor: 0,
      createTime: time,
      updateTime: time,
    };
    order.status = 'COMPLETED';
    order.updateTime = time;
    captures.set(order.capture.id, order);
  };

  // ----- The browser SDK and the buyer's approval ------------------------------------------------------------

  router.get('/paypal/sdk/js', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const given = typeof req.query['client-id'] === 'string' ? req.query['client-id'] : '';
    const currency = typeof req.query.currency === 'string' ? req.query.currency : 'USD';
    // PayPal answers an unknown client id with 400: the script does not load and the page says PayPal is away.
    if (given !== clientId() || !/^[A-Z]{3}$/.test(currency)) {
      return void res
        .status(400)
        .type('application/javascript')
        .send(
          `throw new Error(${JSON.stringify(given !== clientId() ? 'Client ID not recognized.' : 'Invalid currency.')});`,
        );
    }
    res.type('application/javascript').send(PAYPAL_SANDBOX_SDK);
  });

  // What PayPal's popup does when the buyer approves (the stand-in SDK calls it). `card` picks the outcome:
  // declined (the capture answers INSTRUMENT_DECLINED), review (the capture is held: PENDING, PENDING_REVIEW),
  // lost-answer (captured, but the capture call's answer is lost), completing (PayPal completes the order
  // itself, ORDER_COMPLETION_IN_PROGRESS meanwhile); anything else a good funding source.
  router.post('/paypal/orders/:id/approve', json, (req, res) => {
    const order = orders.get(String(req.params.id));
    if (!order) return void res.status(404).json({ message: 'No such order.' });
    if (order.status === 'COMPLETED') return void res.json({ id: order.id, status: order.status });
    const card = (req.body as { card?: unknown } | undefined)?.card;
    order.funding =
      card === 'declined' || card === 'review' || card === 'lost-answer' || card === 'completing' ? card : 'good';
    order.status = 'APPROVED';
    order.updateTime = now();
    if (order.funding === 'completing') {
      // ORDER_COMPLETE_ON_PAYMENT_APPROVAL: PayPal captures by itself a moment later and tells the webhook.
      setTimeout(() => {
        if (order.status !== 'APPROVED') return;
        complete(order, 'COMPLETED', null);
        void captureEvent(order, 'PAYMENT.CAPTURE.COMPLETED');
      }, 1500).unref();
    }
    res.json({ id: order.id, status: order.status });
  });

  // ----- OAuth2 ---------------------------------------------------------------------------------------------

  router.post('/paypal/v1/oauth2/token', express.urlencoded({ extended: false, limit: '8kb' }), (req, res) => {
    const given = Buffer.from(String(req.get('authorization') ?? '').replace(/^Basic /, ''), 'base64').toString();
    const colon = given.indexOf(':');
    const ok =
      colon > 0 &&
      sameText(given.slice(0, colon), clientId()) &&
      sameText(given.slice(colon + 1), keys.paypalClientSecret) &&
      (req.body as { grant_type?: unknown } | undefined)?.grant_type === 'client_credentials';
    if (!ok)
      return void res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    res.json({
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
      access_token: bearer,
      token_type: 'Bearer',
      app_id: 'APP-SANDBOX',
      expires_in: 32400,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    });
  });

  // ----- Orders v2 ------------------------------------------------------------------------------------------

  router.post('/paypal/v2/checkout/orders', json, (req, res) => {
    if (!authorised(req, res)) return;
    idempotent(req, res, 'orders', () => {
      const body = (req.body ?? {}) as {
        intent?: unknown;
        purchase_units?: {
          reference_id?: unknown;
          custom_id?: unknown;
          description?: unknown;
          amount?: { value?: unknown; currency_code?: unknown };
        }[];
      };
      const unit = Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined;
      const value = unit?.amount?.value;
      const currency = unit?.amount?.currency_code;
      if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'MISSING_REQUIRED_PARAMETER',
          'A required field / parameter is missing.',
        );
      }
      if (!unit || typeof unit.custom_id !== 'string' || !unit.custom_id || unit.custom_id.length > 127) {
        return paypalError(
          400,
          'INVALID_REQUEST',
          'MISSING_REQUIRED_PARAMETER',
          'A required field / parameter is missing.',
        );
      }
      if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'INVALID_CURRENCY_CODE',
          'Currency code is invalid or is not currently supported.',
        );
      }
      if (typeof value !== 'string' || !DECIMAL.test(value) || !(numberOf(value) > 0)) {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
      }
      const time = now();
      const order: SandboxOrder = {
        id: paypalId(),
        reference: unit.custom_id,
        referenceId: typeof unit.reference_id === 'string' ? unit.reference_id : 'default',
        description: typeof unit.description === 'string' ? unit.description.slice(0, 127) : null,
        amountMinor: Math.round(numberOf(value) * 100),
        currency,
        status: 'CREATED',
        funding: null,
        capture: null,
        site: site(req),
        createTime: time,
        updateTime: time,
      };
      orders.set(order.id, order);
      return { status: 201, body: shaped(req, orderView(order)) };
    });
  });

  router.get('/paypal/v2/checkout/orders/:id', (req, res) => {
    if (!authorised(req, res)) return;
    const order = orders.get(String(req.params.id));
    if (!order) {
      const e = paypalError(
        404,
        'RESOURCE_NOT_FOUND',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist. Please check the resource ID and try again.',
      );
      return void res.status(e.status).json(e.body);
    }
    res.json(orderView(order));
  });

  router.post('/paypal/v2/checkout/orders/:id/capture', json, (req, res) => {
    if (!authorised(req, res)) return;
    const id = String(req.params.id);
    idempotent(req, res, `capture:${id}`, () => {
      const order = orders.get(id);
      if (!order) {
        return paypalError(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist. Please check the resource ID and try again.',
        );
      }
      if (order.status === 'COMPLETED') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      }
      if (order.status === 'CREATED') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
        );
      }
      if (order.funding === 'completing') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_COMPLETION_IN_PROGRESS',
          'The order was created with processing_instruction of ORDER_COMPLETE_ON_PAYMENT_APPROVAL. The customer has approved the payment and PayPal is still in the process of capturing the order on your behalf as instructed. Please try your request again.',
        );
      }
      if (order.funding === 'declined') {
        // The buyer picks another funding source (the buttons restart) and approves again.
        order.status = 'CREATED';
        order.funding = null;
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'INSTRUMENT_DECLINED',
          "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
        );
      }
      const held = order.funding === 'review';
      complete(order, held ? 'PENDING' : 'COMPLETED', held ? 'PENDING_REVIEW' : null);
      return {
        status: 201,
        body: shaped(req, orderView(order)),
        after: () => later(() => captureEvent(order, held ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED')),
        loseAnswer: order.funding === 'lost-answer',
      };
    });
  });

  // ----- Payments v2: refunds ---------------------------------------------------------------------------------

  router.post('/paypal/v2/payments/captures/:id/refund', json, (req, res) => {
    if (!authorised(req, res)) return;
    const id = String(req.params.id);
    idempotent(req, res, `refund:${id}`, () => {
      const order = captures.get(id);
      const c = order?.capture;
      if (!order || !c) {
        return paypalError(
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist. Please check the resource ID and try again.',
        );
      }
      const body = (req.body ?? {}) as {
        amount?: { value?: unknown; currency_code?: unknown };
        custom_id?: unknown;
        invoice_id?: unknown;
        note_to_payer?: unknown;
      };
      if (c.status === 'PENDING') {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'PENDING_CAPTURE',
          'Cannot initiate a refund as the capture is pending.',
        );
      }
      if (c.status === 'REFUNDED' || c.refundedMinor >= c.amountMinor) {
        return paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'CAPTURE_FULLY_REFUNDED',
          'The capture has already been fully refunded',
        );
      }
      if (c.status !== 'COMPLETED' && c.status !== 'PARTIALLY_REFUNDED') {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_NOT_ALLOWED', 'Capture cannot be refunded.');
      }
      const remaining = c.amountMinor - c.refundedMinor;
      let minor = remaining;
      if (body.amount !== undefined) {
        if (body.amount?.currency_code !== order.currency) {
          return paypalError(
            422,
            'UNPROCESSABLE_ENTITY',
            'REFUND_CAPTURE_CURRENCY_MISMATCH',
            'Refund must be in the same currency as the capture',
          );
        }
        const value = body.amount.value;
        if (typeof value !== 'string' || !DECIMAL.test(value) || !(numberOf(value) > 0)) {
          return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
        }
        minor = Math.round(numberOf(value) * 100);
        if (minor > remaining) {
          return paypalError(
            422,
            'UNPROCESSABLE_ENTITY',
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          );
        }
      }
      c.refundedMinor += minor;
      c.status = c.refundedMinor >= c.amountMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      c.updateTime = now();
      const extra = {
        ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id.slice(0, 127) } : {}),
        ...(typeof body.invoice_id === 'string' ? { invoice_id: body.invoice_id.slice(0, 127) } : {}),
        ...(typeof body.note_to_payer === 'string' ? { note_to_payer: body.note_to_payer.slice(0, 255) } : {}),
      };
      const refund = refundResource(order, c, minor, extra);
      const summary = `A ${order.currency} ${decimalText(minor)} ${order.currency} capture payment was refunded`;
      return {
        status: 201,
        body: shaped(req, refund),
        after: () => later(() => deliver(order.site, 'PAYMENT.CAPTURE.REFUNDED', 'refund', summary, refund)),
      };
    });
  });

  // ----- What PayPal does on its own --------------------------------------------------------------------------

  // A held capture's review ends: completed (PAYMENT.CAPTURE.COMPLETED) or denied (PAYMENT.CAPTURE.DENIED).
  router.post('/paypal/simulate/captures/:id/review', json, (req, res) => {
    if (!authorised(req, res)) return;
    const found = findCapture(req, res);
    if (!found) return;
    const decision = (req.body as { decision?: unknown } | undefined)?.decision;
    if (found.capture.status !== 'PENDING' || (decision !== 'complete' && decision !== 'deny')) {
      return void res
        .status(422)
        .json({ message: 'Only a PENDING capture is reviewed; decision is complete or deny.' });
    }
    found.capture.status = decision === 'complete' ? 'COMPLETED' : 'DECLINED';
    found.capture.reason = null;
    found.capture.updateTime = now();
    void captureEvent(found.order, decision === 'complete' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED');
    res.json({ id: found.capture.id, status: found.capture.status });
  });

  // PayPal reverses a capture (a chargeback): PAYMENT.CAPTURE.REVERSED with a refund-shaped resource.
  router.post('/paypal/simulate/captures/:id/reverse', json, (req, res) => {
    if (!authorised(req, res)) return;
    const found = findCapture(req, res);
    if (!found) return;
    const { order, capture: c } = found;
    if (c.status !== 'COMPLETED' && c.status !== 'PARTIALLY_REFUNDED') {
      return void res.status(422).json({ message: 'Only a completed capture is reversed.' });
    }
    const minor = c.amountMinor - c.refundedMinor;
    c.refundedMinor = c.amountMinor;
    c.status = 'REFUNDED';
    c.updateTime = now();
    const resource = refundResource(order, c, minor, { note_to_payer: 'Payment reversed' });
    void deliver(
      order.site,
      'PAYMENT.CAPTURE.REVERSED',
      'refund',
      `A ${order.currency} ${decimalText(minor)} ${order.currency} capture payment was reversed`,
      resource,
    );
    res.json({ id: resource.id, status: 'COMPLETED' });
  });

  // The buyer opens a dispute against a capture: CUSTOMER.DISPUTE.CREATED.
  router.post('/paypal/simulate/captures/:id/dispute', json, (req, res) => {
    if (!authorised(req, res)) return;
    const found = findCapture(req, res);
    if (!found) return;
    const id = `PP-D-${100_000 + randomBytes(3).readUIntBE(0, 3)}`;
    const dispute = disputes.set(id, { id, capture: found.capture, createTime: now() });
    void deliver(
      found.order.site,
      'CUSTOMER.DISPUTE.CREATED',
      'dispute',
      `A new dispute opened with Case # ${dispute.id}`,
      disputeResource(dispute, found.order, null),
    );
    res.json({ dispute_id: dispute.id, status: 'OPEN' });
  });

  // PayPal decides a dispute: CUSTOMER.DISPUTE.RESOLVED with dispute_outcome.outcome_code.
  router.post('/paypal/simulate/disputes/:id/resolve', json, (req, res) => {
    if (!authorised(req, res)) return;
    const dispute = disputes.get(String(req.params.id));
    const outcome = (req.body as { outcome?: unknown } | undefined)?.outcome;
    const order = dispute ? captures.get(dispute.capture.id) : undefined;
    if (!dispute || !order) return void res.status(404).json({ message: 'No such dispute.' });
    if (outcome !== 'RESOLVED_BUYER_FAVOUR' && outcome !== 'RESOLVED_SELLER_FAVOUR') {
      return void res.status(422).json({ message: 'outcome is RESOLVED_BUYER_FAVOUR or RESOLVED_SELLER_FAVOUR.' });
    }
    void deliver(
      order.site,
      'CUSTOMER.DISPUTE.RESOLVED',
      'dispute',
      `A dispute was resolved with Case # ${dispute.id}`,
      disputeResource(dispute, order, outcome),
    );
    res.json({ dispute_id: dispute.id, status: 'RESOLVED' });
  });

  // ----- Webhook verification ---------------------------------------------------------------------------------

  router.post(
    '/paypal/v1/notifications/verify-webhook-signature',
    express.text({ type: '*/*', limit: '256kb' }),
    (req, res) => {
      if (!authorised(req, res)) return;
      // The event is taken verbatim from the request text, as PayPal verifies what it sent.
      const raw = String(req.body);
      const start = raw.indexOf('"webhook_event":');
      let fields: Record<string, unknown>;
      try {
        fields = JSON.parse(raw) as Record<string, unknown>;
        if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw new Error('not an object');
      } catch {
        const e = paypalError(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
        return void res.status(e.status).json(e.body);
      }
      const field = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
      const missing = [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ].find((name) => !field(name));
      if (missing || !fields.webhook_event || typeof fields.webhook_event !== 'object') {
        const e = paypalError(
          400,
          'VALIDATION_ERROR',
          'MISSING_REQUIRED_PARAMETER',
          `${missing ?? 'webhook_event'} is required.`,
        );
        return void res.status(e.status).json(e.body);
      }
      const event = start >= 0 ? raw.slice(start + '"webhook_event":'.length, -1) : '';
      const expected = transmissionSig(keys, field('transmission_id'), field('transmission_time'), event);
      const ok =
        field('webhook_id') === keys.paypalWebhookId &&
        field('auth_algo') === 'SHA256withRSA' &&
        sameText(field('transmission_sig'), expected);
      res.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    },
  );
}
