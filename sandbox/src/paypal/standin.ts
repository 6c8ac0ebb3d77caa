import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SandboxKit } from '../kit';
import {
  paypalMoneyText,
  transmissionSig,
  paypalId,
  now,
  bounded,
  type Amount,
  type SandboxCapture,
  type SandboxOrder,
  type SandboxDispute,
} from './model';

/** What every part of PayPal's stand-in shares: its stores, PayPal's representations, webhooks and plumbing. */
export function payPalStandIn(kit: SandboxKit) {
  const { router, keys, json } = kit;
  const clientId = () => kit.site.paypalClientId;
  const orders = bounded<SandboxOrder>(10_000);
  const captures = bounded<SandboxOrder>(10_000);
  const disputes = bounded<SandboxDispute>(10_000);
  /** PayPal-Request-Id → the answer given: a retry is answered the same, nothing is done twice. */
  const answered = bounded<{ status: number; body: unknown }>(20_000);

  const api = (o: { site: string }) => `${o.site}/sandbox/paypal`;
  const money = (minor: number, currency: string): Amount => ({
    currency_code: currency,
    value: paypalMoneyText(minor, currency),
  });

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
    const amount = `${order.currency} ${paypalMoneyText(c.amountMinor, order.currency)}`;
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

  /**
   * CHECKOUT.ORDER.APPROVED (webhook event names, Orders): the buyer approved the order; the resource is the order
   * (resource_type `checkout-order`), as GET /v2/checkout/orders/{id} shows it.
   */
  const approvedEvent = (order: SandboxOrder) =>
    deliver(
      order.site,
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      'An order has been approved by buyer',
      orderView(order),
    );

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
    ...(outcome
      ? {
          dispute_outcome: {
            outcome_code: outcome,
            // The money the buyer got back, when the dispute went their way (the whole disputed amount here).
            ...(outcome === 'RESOLVED_BUYER_FAVOUR' || outcome === 'ACCEPTED'
              ? { amount_refunded: money(d.capture.amountMinor, order.currency) }
              : {}),
          },
        }
      : {}),
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

  return {
    router,
    keys,
    json,
    clientId,
    orders,
    captures,
    disputes,
    answered,
    api,
    money,
    captureView,
    orderLinks,
    orderView,
    shaped,
    deliver,
    later,
    captureEvent,
    approvedEvent,
    refundResource,
    disputeResource,
    bearer,
    authorised,
    paypalError,
    site,
    requestId,
    idempotent,
    findCapture,
    complete,
  };
}

export type PayPalStandIn = ReturnType<typeof payPalStandIn>;
