/**
 * Golden vectors for the PayPal adapter: PayPal's published examples, each with its source, run through the adapter
 * (the API calls answered by a stub of fetch that also records what the adapter sends).
 *
 * Sources, as fetched with the search tools:
 * - [NODE-SDK] paypal/Checkout-NodeJS-SDK, README.md (commit 3928da4e25df5b3a5f1f18a4d35ccebea924e6c8):
 *   "Creating an Order" and "Capturing an Order", their "Example Output".
 * - [SPEC-ORDERS] paypal/paypal-rest-api-specifications, openapi/checkout_orders_v2.json (commit
 *   ec4d8f36a6ab0abcc3865e1072aaddc85ea14d5c): the orders.capture-422 issues and descriptions, the capture_status
 *   and capture_status_details schemas.
 * - [SPEC-WEBHOOKS] same repository, openapi/notifications_webhooks_v1.json: the `verify_webhook_signature` example.
 * - [PHP-SDK] paypal/PayPal-PHP-SDK, sample/notifications/ValidateWebhookEvent.php (commit
 *   1a2ed767bb09374a8a222069930e94fccf99009e): a delivery's headers and body, and its webhook id.
 * - [ARN-DOC] developer.paypal.com/docs/checkout/advanced/customize/acquirer-reference-number, "Refund API" sample
 *   response (a refund resource with its `up` link to the capture).
 * - [SIMULATOR] PayPal's webhook simulator samples (POST /v1/notifications/simulate-event) for
 *   PAYMENT.CAPTURE.REVERSED (event WH-6F207351SC284371F-0KX52201050121307) and CUSTOMER.DISPUTE.CREATED (event
 *   WH-4M0448861G563140B-9EX36365822141321). No PayPal-owned copy of their text could be found with the tools: the
 *   text here is as reproduced in public integrations, checked field by field against the published schemas
 *   (payments_payment_v2.json `refund`, customer_disputes_v1.json `dispute`).
 * Not found published anywhere reachable: a capture answer with status PENDING, and a whole
 * PAYMENT.CAPTURE.COMPLETED / PAYMENT.CAPTURE.REFUNDED event. Those vectors are composed from published parts and
 * say so where they are.
 */
import { PayPalProvider, PayPalRefusal, captureConfirmation, linkedId, readEvent } from './paypal';

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

type Route = (sent: Sent) => { status: number; body: unknown } | 'network-error';

/** Stubs fetch as PayPal: the token, then the given routes by "METHOD path"; records every call. */
function fakePayPal(routes: Record<string, Route | Route[]>) {
  const sent: Sent[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const call: Sent = { method: init?.method ?? 'GET', path: url.pathname, headers, body: String(init?.body ?? '') };
    sent.push(call);
    if (call.path === '/v1/oauth2/token') {
      return new Response(JSON.stringify({ access_token: 'A21AA-test', token_type: 'Bearer', expires_in: 32400 }));
    }
    const route = routes[`${call.method} ${call.path}`];
    const answer = Array.isArray(route) ? route.shift() : route;
    if (!answer) return new Response('{"name":"RESOURCE_NOT_FOUND"}', { status: 404 });
    const result = answer(call);
    if (result === 'network-error') throw new TypeError('fetch failed');
    return new Response(JSON.stringify(result.body), { status: result.status });
  });
  return { sent, restore: () => spy.mockRestore() };
}

const provider = (webhookId = 'WH-TEST') =>
  new PayPalProvider({
    baseUrl: 'https://api-m.sandbox.paypal.com',
    clientId: 'client-id',
    clientSecret: 'client-secret',
    webhookId,
    currency: 'EUR',
    sandbox: false,
  });

afterEach(() => jest.restoreAllMocks());

// [NODE-SDK] README.md, "Creating an Order", Example Output.
const ORDER_CREATED = {
  id: '4VW45368HJ294683Y',
  links: [
    { href: 'https://api.sandbox.paypal.com/v2/checkout/orders/4VW45368HJ294683Y', method: 'GET', rel: 'self' },
    { href: 'https://www.sandbox.paypal.com/checkoutnow?token=4VW45368HJ294683Y', method: 'GET', rel: 'approve' },
    { href: 'https://api.sandbox.paypal.com/v2/checkout/orders/4VW45368HJ294683Y', method: 'PATCH', rel: 'update' },
    {
      href: 'https://api.sandbox.paypal.com/v2/checkout/orders/4VW45368HJ294683Y/capture',
      method: 'POST',
      rel: 'capture',
    },
  ],
  status: 'CREATED',
};

// [NODE-SDK] README.md, "Capturing an Order", Example Output.
const ORDER_CAPTURED = {
  id: '96J43722461654618',
  links: [{ href: 'https://api.sandbox.paypal.com/v2/checkout/orders/96J43722461654618', method: 'GET', rel: 'self' }],
  payer: {
    address: { country_code: 'US' },
    email_address: 'byer@example.com',
    name: { given_name: 'John', surname: 'Doe' },
    payer_id: 'XXXXXXXXXXX',
    phone: { phone_number: { national_number: '111-111-1111' } },
  },
  purchase_units: [
    {
      payments: {
        captures: [
          {
            amount: { currency_code: 'USD', value: '100.00' },
            create_time: '2019-02-05T02:44:14Z',
            final_capture: true,
            id: '7XU44982RK2157057',
            links: [
              {
                href: 'https://api.sandbox.paypal.com/v2/payments/captures/7XU44982RK2157057',
                method: 'GET',
                rel: 'self',
              },
              {
                href: 'https://api.sandbox.paypal.com/v2/payments/captures/7XU44982RK2157057/refund',
                method: 'POST',
                rel: 'refund',
              },
              {
                href: 'https://api.sandbox.paypal.com/v2/checkout/orders/96J43722461654618',
                method: 'GET',
                rel: 'up',
              },
            ],
            seller_protection: {
              dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
              status: 'ELIGIBLE',
            },
            seller_receivable_breakdown: {
              gross_amount: { currency_code: 'USD', value: '100.00' },
              net_amount: { currency_code: 'USD', value: '96.80' },
              paypal_fee: { currency_code: 'USD', value: '3.20' },
            },
            status: 'COMPLETED',
            update_time: '2019-02-05T02:44:14Z',
          },
        ],
      },
      reference_id: 'default',
      shipping: {
        address: {
          address_line_1: '1 Main St',
          admin_area_1: 'CA',
          admin_area_2: 'San Jose',
          country_code: 'US',
          postal_code: '95131',
        },
        name: { full_name: 'John Doe' },
      },
    },
  ],
  status: 'COMPLETED',
};

/**
 * Composed, not published: [NODE-SDK]'s captured order with the capture's status PENDING and status_details.reason
 * PENDING_REVIEW, the values [SPEC-ORDERS] `capture_status` / `capture_status_details` define ("The captured
 * payment is pending manual review"). No published capture answer with a PENDING capture was found.
 */
const ORDER_CAPTURE_PENDING = structuredClone(ORDER_CAPTURED);
Object.assign(ORDER_CAPTURE_PENDING.purchase_units[0]!.payments.captures[0]!, {
  status: 'PENDING',
  status_details: { reason: 'PENDING_REVIEW' },
});

/** A PayPal error body (name, message, debug_id, details) with a published issue and description. */
const unprocessable = (issue: string, description: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  debug_id: '90957fca61718',
  details: [{ issue, description }],
});

describe('PayPal Orders v2, against published answers', () => {
  it('creates the order: the request PayPal documents, and the id from [NODE-SDK] create answer', async () => {
    const paypal = fakePayPal({ 'POST /v2/checkout/orders': () => ({ status: 201, body: ORDER_CREATED }) });
    const checkout = await provider().createCheckout({
      reference: '0b7a6f0e-2c7e-4d7e-9d4e-5d1f4b8b6a10',
      amountMinor: 899,
      currency: 'EUR',
      description: 'Licence (365 days) for the device 00:1A:79:00:00:01',
      macAddress: '00:1A:79:00:00:01',
      payer: {} as never,
      successUrl: 'https://portal.example',
      cancelUrl: 'https://portal.example',
      webhookUrl: 'https://portal.example/webhooks/paypal',
    });
    expect(checkout).toEqual({ providerReference: '4VW45368HJ294683Y', redirectUrl: '' });
    const create = paypal.sent.find((s) => s.path === '/v2/checkout/orders')!;
    expect(create.headers).toMatchObject({
      authorization: 'Bearer A21AA-test',
      'paypal-request-id': 'order-0b7a6f0e-2c7e-4d7e-9d4e-5d1f4b8b6a10',
      prefer: 'return=representation',
      'content-type': 'application/json',
    });
    expect(JSON.parse(create.body)).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: '0b7a6f0e-2c7e-4d7e-9d4e-5d1f4b8b6a10',
          custom_id: '0b7a6f0e-2c7e-4d7e-9d4e-5d1f4b8b6a10',
          description: 'Licence (365 days) for the device 00:1A:79:00:00:01',
          amount: { currency_code: 'EUR', value: '8.99' },
        },
      ],
      payment_source: {
        paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } },
      },
    });
  });

  it('reads the COMPLETED capture of [NODE-SDK] capture answer: paid', async () => {
    const paypal = fakePayPal({
      'POST /v2/checkout/orders/96J43722461654618/capture': () => ({ status: 201, body: ORDER_CAPTURED }),
    });
    const capture = await provider().capture('96J43722461654618');
    expect(capture).toEqual({
      orderId: '96J43722461654618',
      captureId: '7XU44982RK2157057',
      reference: 'default',
      status: 'COMPLETED',
      statusReason: null,
      amountMinor: 10000,
      currency: 'USD',
      source: 'capture',
    });
    expect(captureConfirmation(capture)).toMatchObject({
      status: 'paid',
      transactionId: '7XU44982RK2157057',
      providerReference: '96J43722461654618',
      amountMinor: 10000,
      currency: 'USD',
    });
    const call = paypal.sent.find((s) => s.path.endsWith('/capture'))!;
    expect(call.headers).toMatchObject({
      'paypal-request-id': 'capture-96J43722461654618-0',
      prefer: 'return=representation',
    });
  });

  it('reads a PENDING capture (held for review) as pending, never paid', async () => {
    fakePayPal({
      'POST /v2/checkout/orders/96J43722461654618/capture': () => ({ status: 201, body: ORDER_CAPTURE_PENDING }),
    });
    const capture = await provider().capture('96J43722461654618');
    expect(capture).toMatchObject({
      status: 'PENDING',
      statusReason: 'PENDING_REVIEW',
      captureId: '7XU44982RK2157057',
    });
    expect(captureConfirmation(capture)).toMatchObject({
      status: 'pending',
      providerStatus: 'capture:PENDING:PENDING_REVIEW',
    });
  });

  it('settles ORDER_ALREADY_CAPTURED ([SPEC-ORDERS] wording) by reading the order: its capture is used', async () => {
    const paypal = fakePayPal({
      'POST /v2/checkout/orders/96J43722461654618/capture': () => ({
        status: 422,
        body: unprocessable(
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        ),
      }),
      'GET /v2/checkout/orders/96J43722461654618': () => ({ status: 200, body: ORDER_CAPTURED }),
    });
    const capture = await provider().capture('96J43722461654618', 1);
    expect(capture).toMatchObject({ captureId: '7XU44982RK2157057', status: 'COMPLETED', source: 'order' });
    expect(captureConfirmation(capture).status).toBe('paid');
    expect(paypal.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /v1/oauth2/token',
      'POST /v2/checkout/orders/96J43722461654618/capture',
      'GET /v2/checkout/orders/96J43722461654618',
    ]);
    expect(paypal.sent[1]!.headers['paypal-request-id']).toBe('capture-96J43722461654618-1');
  });

  it('settles ORDER_COMPLETION_IN_PROGRESS as pending while the order has no capture yet', async () => {
    const approved = { ...ORDER_CREATED, status: 'APPROVED', purchase_units: [{ reference_id: 'default' }] };
    fakePayPal({
      'POST /v2/checkout/orders/4VW45368HJ294683Y/capture': () => ({
        status: 422,
        body: unprocessable(
          'ORDER_COMPLETION_IN_PROGRESS',
          'The order was created with processing_instruction of ORDER_COMPLETE_ON_PAYMENT_APPROVAL. The customer has approved the payment and PayPal is still in the process of capturing the order on your behalf as instructed. Please try your request again.',
        ),
      }),
      'GET /v2/checkout/orders/4VW45368HJ294683Y': () => ({ status: 200, body: approved }),
    });
    const capture = await provider().capture('4VW45368HJ294683Y');
    expect(capture).toMatchObject({ captureId: null, status: 'IN_PROGRESS', source: 'order' });
    expect(captureConfirmation(capture)).toMatchObject({ status: 'pending', transactionId: null });
  });

  it('settles a capture whose answer was lost by reading the order, without capturing twice', async () => {
    const paypal = fakePayPal({
      'POST /v2/checkout/orders/96J43722461654618/capture': () => 'network-error',
      'GET /v2/checkout/orders/96J43722461654618': () => ({ status: 200, body: ORDER_CAPTURED }),
    });
    const capture = await provider().capture('96J43722461654618');
    expect(capture).toMatchObject({ status: 'COMPLETED', source: 'order' });
    expect(paypal.sent.filter((s) => s.path.endsWith('/capture'))).toHaveLength(1);
  });

  it('retries, under the same PayPal-Request-Id, a capture that never reached PayPal (the order still APPROVED)', async () => {
    const approved = { ...ORDER_CREATED, id: '96J43722461654618', status: 'APPROVED' };
    const paypal = fakePayPal({
      'POST /v2/checkout/orders/96J43722461654618/capture': [
        () => 'network-error',
        () => ({ status: 201, body: ORDER_CAPTURED }),
      ],
      'GET /v2/checkout/orders/96J43722461654618': () => ({ status: 200, body: approved }),
    });
    const capture = await provider().capture('96J43722461654618');
    expect(capture).toMatchObject({ status: 'COMPLETED', source: 'capture' });
    const ids = paypal.sent.filter((s) => s.path.endsWith('/capture')).map((s) => s.headers['paypal-request-id']);
    expect(ids).toEqual(['capture-96J43722461654618-0', 'capture-96J43722461654618-0']);
  });

  it("refuses INSTRUMENT_DECLINED with PayPal's own issue and description ([SPEC-ORDERS])", async () => {
    const description =
      "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.";
    fakePayPal({
      'POST /v2/checkout/orders/96J43722461654618/capture': () => ({
        status: 422,
        body: unprocessable('INSTRUMENT_DECLINED', description),
      }),
    });
    const refusal = await provider()
      .capture('96J43722461654618')
      .catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(PayPalRefusal);
    expect(refusal).toMatchObject({
      issue: 'INSTRUMENT_DECLINED',
      description,
      debugId: '90957fca61718',
      httpStatus: 422,
    });
  });
});

describe('PayPal webhooks, against published events', () => {
  /** Verifies `raw` with the given transmission headers against a verify-webhook-signature answering SUCCESS. */
  async function verified(raw: string, headers: Record<string, string>, webhookId = 'WH-TEST') {
    const paypal = fakePayPal({
      'POST /v1/notifications/verify-webhook-signature': () => ({
        status: 200,
        body: { verification_status: 'SUCCESS' },
      }),
    });
    const confirmation = await provider(webhookId).verifyWebhook(Buffer.from(raw), headers);
    const request = paypal.sent.find((s) => s.path === '/v1/notifications/verify-webhook-signature')!;
    return { confirmation, request };
  }
  const HEADERS = {
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
    'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
    'paypal-transmission-sig': 'c2lnbmF0dXJl',
    'paypal-transmission-time': '2016-02-18T20:01:35Z',
  };

  it('asks PayPal to verify exactly the [SPEC-WEBHOOKS] verify_webhook_signature example', async () => {
    const example = {
      transmission_id: '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      transmission_time: '2016-02-18T20:01:35Z',
      cert_url: 'cert_url',
      auth_algo: 'SHA256withRSA',
      transmission_sig:
        'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy/UFzUlnGJn0wDugt7FlSvdKeIJenLRemUxYCPVoEZzg9VFNqOa48gMkvF+XTpxBeUx/kWy6B5cp7GkT2+pOowfRK7OaynuxUoKW3JcMWw272VKjLTtTAShncla7tGF+55rxyt2KNZIIqxNMJ48RDZheGU5w1npu9dZHnPgTXB9iomeVRoD8O/jhRpnKsGrDschyNdkeh81BJJMH4Ctc6lnCCquoP/GzCzz33MMsNdid7vL/NIWaCsekQpW26FpWPi/tfj8nLA==',
      webhook_id: '1JE4291016473214C',
      webhook_event: {
        id: '8PT597110X687430LKGECATA',
        create_time: '2013-06-25T21:41:28Z',
        resource_type: 'authorization',
        event_type: 'PAYMENT.AUTHORIZATION.CREATED',
        summary: 'A payment authorization was created',
        resource: {
          id: '2DC87612EK520411B',
          create_time: '2013-06-25T21:39:15Z',
          update_time: '2013-06-25T21:39:17Z',
          state: 'authorized',
          amount: { total: '7.47', currency: 'USD', details: { subtotal: '7.47' } },
          parent_payment: 'PAY-36246664YD343335CKHFA4AY',
          valid_until: '2013-07-24T21:39:15Z',
          links: [
            {
              href: 'https://api-m.paypal.com/v1/payments/authorization/2DC87612EK520411B',
              rel: 'self',
              method: 'GET',
            },
            {
              href: 'https://api-m.paypal.com/v1/payments/authorization/2DC87612EK520411B/capture',
              rel: 'capture',
              method: 'POST',
            },
            {
              href: 'https://api-m.paypal.com/v1/payments/authorization/2DC87612EK520411B/void',
              rel: 'void',
              method: 'POST',
            },
            {
              href: 'https://api-m.paypal.com/v1/payments/payment/PAY-36246664YD343335CKHFA4AY',
              rel: 'parent_payment',
              method: 'GET',
            },
          ],
        },
      },
    };
    const raw = JSON.stringify(example.webhook_event);
    const { confirmation, request } = await verified(
      raw,
      {
        'paypal-auth-algo': example.auth_algo,
        'paypal-cert-url': example.cert_url,
        'paypal-transmission-id': example.transmission_id,
        'paypal-transmission-sig': example.transmission_sig,
        'paypal-transmission-time': example.transmission_time,
      },
      example.webhook_id,
    );
    expect(JSON.parse(request.body)).toEqual(example);
    // The event goes back byte for byte, as received.
    expect(request.body).toContain(`"webhook_event":${raw}}`);
    // A v1 authorization event is nobody's payment here: not ours, nothing applied.
    expect(confirmation).toMatchObject({ eventId: '8PT597110X687430LKGECATA', reference: null, status: 'pending' });
  });

  it("sends the [PHP-SDK] delivery's headers and raw body to verify-webhook-signature", async () => {
    const raw =
      '{"id":"WH-7MU294299R542214K-4N1831857K851783H","event_version":"1.0","create_time":"2019-08-29T10:49:03.439Z","resource_type":"payment","event_type":"PAYMENTS.PAYMENT.CREATED","summary":"Checkout payment is created and approved by buyer","resource":{"update_time":"2019-08-29T10:48:54Z","create_time":"2019-08-29T10:47:51Z","links":[{"href":"https://api.sandbox.paypal.com/v1/payments/payment/PAYID-LVT22VY7N839502VJ678725M","rel":"self","method":"GET"}],"id":"PAYID-LVT22VY7N839502VJ678725M","state":"approved","transactions":[{"amount":{"total":"30.11","currency":"USD","details":{"subtotal":"30.00","tax":"0.07","shipping":"0.03","insurance":"0.01","handling_fee":"1.00","shipping_discount":"-1.00"}},"payee":{"merchant_id":"2BP3WP8PK6566","email":"jaypatel512-facilitator@hotmail.com"},"description":"The payment transaction description.","custom":"EBAY_EMS_90048630024435","invoice_number":"48787589673111","item_list":{"items":[{"name":"hat","sku":"1","description":"Brown hat.","price":"3.00","currency":"USD","tax":"0.01","quantity":5},{"name":"handbag","sku":"product34","description":"Black handbag.","price":"15.00","currency":"USD","tax":"0.02","quantity":1}],"shipping_address":{"recipient_name":"Brian Robinson","line1":"4th Floor","line2":"Unit #34","city":"San Jose","state":"CA","postal_code":"95131","country_code":"US","default_address":false,"preferred_address":false,"primary_address":false,"disable_for_transaction":false}},"related_resources":[{"sale":{"id":"08U30449S6662931K","state":"completed","amount":{"total":"30.11","currency":"USD","details":{"subtotal":"30.00","tax":"0.07","shipping":"0.03","insurance":"0.01","handling_fee":"1.00","shipping_discount":"-1.00"}},"payment_mode":"INSTANT_TRANSFER","protection_eligibility":"ELIGIBLE","protection_eligibility_type":"ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE","transaction_fee":{"value":"1.17","currency":"USD"},"parent_payment":"PAYID-LVT22VY7N839502VJ678725M","create_time":"2019-08-29T10:48:54Z","update_time":"2019-08-29T10:48:54Z","links":[{"href":"https://api.sandbox.paypal.com/v1/payments/sale/08U30449S6662931K","rel":"self","method":"GET"},{"href":"https://api.sandbox.paypal.com/v1/payments/sale/08U30449S6662931K/refund","rel":"refund","method":"POST"},{"href":"https://api.sandbox.paypal.com/v1/payments/payment/PAYID-LVT22VY7N839502VJ678725M","rel":"parent_payment","method":"GET"}]}}]}],"intent":"sale","payer":{"payment_method":"paypal","status":"VERIFIED","payer_info":{"email":"sb-ahlmo117121@personal.example.com","first_name":"John","last_name":"Doe","payer_id":"WZH5NSHUBE63W","shipping_address":{"recipient_name":"Brian Robinson","line1":"4th Floor","line2":"Unit #34","city":"San Jose","state":"CA","postal_code":"95131","country_code":"US","default_address":false,"preferred_address":false,"primary_address":false,"disable_for_transaction":false},"phone":"4084959323","country_code":"US"}},"cart":"1R7827981J4260732"},"links":[{"href":"https://api.sandbox.paypal.com/v1/notifications/webhooks-events/WH-7MU294299R542214K-4N1831857K851783H","rel":"self","method":"GET"},{"href":"https://api.sandbox.paypal.com/v1/notifications/webhooks-events/WH-7MU294299R542214K-4N1831857K851783H/resend","rel":"resend","method":"POST"}]}';
    const { confirmation, request } = await verified(
      raw,
      {
        // Node hands headers over in lower case.
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
        'paypal-auth-version': 'v2',
        'paypal-transmission-sig':
          'K7DF5+hOyGS6v0xTZ9PkEO+BFNQmpryxw2hFlXbHgmxpu+883ldEC9HcL6ccEmB8sfy80y/Q3qcZZL1MR8Qi0e1ysylVj/yROgKK6zBsQPoNmgXC8yTiNoAjULuhk5Aoau0Itk3nrkgAfji1zvADlErMFM9VZe2nDvhM3nDMLjCi/K5fRjWp3eGo6Nx17GX/WIEibeKDyS+YdJMex3i+KO4aWmm9zznC/FJ5Y/ntd0MxOJNrM0r0f3y7c3e3sO5pB3oPgN6KzKVS5P6AWHqtS8acD3DjgCKZ1uqKz7q954G1aBz2/m0wRGOFFsv0/D3FE2uIheRRmoQtVSOAX7Aupg==',
        'paypal-transmission-time': '2019-08-29T10:49:33Z',
        'paypal-transmission-id': 'afa30d40-ca4a-11e9-ab68-7d4e2605c70c',
      },
      '0FV983392A0531201',
    );
    expect(JSON.parse(request.body)).toMatchObject({
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      transmission_id: 'afa30d40-ca4a-11e9-ab68-7d4e2605c70c',
      transmission_time: '2019-08-29T10:49:33Z',
      webhook_id: '0FV983392A0531201',
    });
    expect(request.body.endsWith(`"webhook_event":${raw}}`)).toBe(true);
    expect(confirmation).toMatchObject({ eventId: 'WH-7MU294299R542214K-4N1831857K851783H', reference: null });
  });

  it('reads PAYMENT.CAPTURE.COMPLETED (composed: the [NODE-SDK] capture as its resource) as paid', async () => {
    // Composed: PayPal's event envelope (notifications_webhooks_v1.json `event`) around [NODE-SDK]'s capture with
    // the supplementary_data.related_ids.order_id and custom_id PayPal's capture schema carries.
    const captureResource = {
      ...ORDER_CAPTURED.purchase_units[0]!.payments.captures[0]!,
      custom_id: '0b7a6f0e-2c7e-4d7e-9d4e-5d1f4b8b6a10',
      supplementary_data: { related_ids: { order_id: '96J43722461654618' } },
    };
    const raw = JSON.stringify({
      id: 'WH-COMPOSED-CAPTURE-0001',
      event_version: '1.0',
      create_time: '2019-02-14T21:50:07.940Z',
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: 'Payment completed for $ 100.0 USD',
      resource: captureResource,
    });
    const { confirmation } = await verified(raw, HEADERS);
    expect(confirmation).toEqual({
      eventId: 'WH-COMPOSED-CAPTURE-0001',
      reference: '0b7a6f0e-2c7e-4d7e-9d4e-5d1f4b8b6a10',
      providerReference: '96J43722461654618',
      transactionId: '7XU44982RK2157057',
      status: 'paid',
      amountMinor: 10000,
      currency: 'USD',
      providerStatus: 'PAYMENT.CAPTURE.COMPLETED:COMPLETED',
    });
  });

  it('reads PAYMENT.CAPTURE.REFUNDED (composed: the [ARN-DOC] refund as its resource): refunded, taking back its capture', async () => {
    // [ARN-DOC] "Refund API" sample response body, verbatim, inside PayPal's event envelope.
    const refund = {
      id: 'REFUND-ID',
      amount: { value: '10.99', currency_code: 'USD' },
      status: 'COMPLETED',
      note_to_payer: 'Defective product',
      seller_payable_breakdown: {
        gross_amount: { value: '10.99', currency_code: 'USD' },
        paypal_fee: { value: '0', currency_code: 'USD' },
        net_amount: { value: '10.99', currency_code: 'USD' },
        total_refunded_amount: { value: '10.99', currency_code: 'USD' },
      },
      acquirer_reference_number: 'ACQUIRER-REFERENCE-NUMBER',
      invoice_id: 'INVOICE-123',
      create_time: '2023-05-11T23:24:19Z',
      update_time: '2023-05-11T23:24:19Z',
      links: [
        { rel: 'self', method: 'GET', href: 'https://api-m.paypal.com/v2/payments/refunds/1JU08902781691411' },
        { rel: 'up', method: 'GET', href: 'https://api-m.paypal.com/v2/payments/captures/2GG279541U471931P' },
      ],
    };
    const event = {
      id: 'WH-COMPOSED-REFUND-0001',
      event_version: '1.0',
      create_time: '2023-05-11T23:24:25.000Z',
      resource_type: 'refund',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      summary: 'A $ 10.99 USD capture payment was refunded',
      resource: refund,
    };
    const { confirmation } = await verified(JSON.stringify(event), HEADERS);
    expect(confirmation).toEqual({
      eventId: 'WH-COMPOSED-REFUND-0001',
      reference: null,
      providerReference: null,
      transactionId: 'REFUND-ID',
      takesBack: '2GG279541U471931P',
      status: 'refunded',
      amountMinor: 1099,
      currency: 'USD',
      providerStatus: 'PAYMENT.CAPTURE.REFUNDED:COMPLETED',
    });
    // A refund that carries our custom_id names the activation too.
    const ours = { ...event, resource: { ...refund, custom_id: '0b7a6f0e-2c7e-4d7e-9d4e-5d1f4b8b6a10' } };
    expect((await verified(JSON.stringify(ours), HEADERS)).confirmation.reference).toBe(
      '0b7a6f0e-2c7e-4d7e-9d4e-5d1f4b8b6a10',
    );
  });

  it('reads the [SIMULATOR] PAYMENT.CAPTURE.REVERSED sample: reversed, taking back the capture of its up link', async () => {
    const raw =
      '{"id":"WH-6F207351SC284371F-0KX52201050121307","event_version":"1.0","create_time":"2018-08-15T21:30:35.780Z","resource_type":"refund","resource_version":"2.0","event_type":"PAYMENT.CAPTURE.REVERSED","summary":"A $ 2.51 USD capture payment was reversed","resource":{"id":"09E71677NS257044M","amount":{"currency_code":"USD","value":"2.51"},"note_to_payer":"Payment reversed","seller_payable_breakdown":{"gross_amount":{"currency_code":"USD","value":"2.51"},"paypal_fee":{"currency_code":"USD","value":"0.00"},"net_amount":{"currency_code":"USD","value":"2.51"},"total_refunded_amount":{"currency_code":"USD","value":"2.51"}},"status":"COMPLETED","create_time":"2018-08-15T14:30:10-07:00","update_time":"2018-08-15T14:30:10-07:00","links":[{"href":"https://api.paypal.com/v2/payments/refunds/09E71677NS257044M","rel":"self","method":"GET"},{"href":"https://api.paypal.com/v2/payments/captures/4L335234718889942","rel":"up","method":"GET"}]}}';
    const { confirmation } = await verified(raw, HEADERS);
    expect(confirmation).toMatchObject({
      eventId: 'WH-6F207351SC284371F-0KX52201050121307',
      reference: null,
      transactionId: '09E71677NS257044M',
      takesBack: '4L335234718889942',
      status: 'reversed',
      amountMinor: 251,
      currency: 'USD',
    });
  });

  it('reads the [SIMULATOR] CUSTOMER.DISPUTE.CREATED sample: disputed, about the disputed transaction, taking nothing', async () => {
    const event = {
      id: 'WH-4M0448861G563140B-9EX36365822141321',
      create_time: '2018-06-21T13:36:33.000Z',
      resource_type: 'dispute',
      event_type: 'CUSTOMER.DISPUTE.CREATED',
      summary: 'A new dispute opened with Case # PP-000-042-663-135',
      resource: {
        disputed_transactions: [
          {
            seller_transaction_id: '00D10444LD479031K',
            seller: { merchant_id: 'RD465XN5VS364', name: 'Test Store' },
            items: [],
            seller_protection_eligible: true,
          },
        ],
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        dispute_channel: 'INTERNAL',
        update_time: '2018-06-21T13:35:44.000Z',
        create_time: '2018-06-21T13:35:44.000Z',
        messages: [{ posted_by: 'BUYER', time_posted: '2018-06-21T13:35:52.000Z', content: 'qwqwqwq' }],
        links: [
          {
            href: 'https://api.sandbox.paypal.com/v1/customer/disputes/PP-000-042-663-135',
            rel: 'self',
            method: 'GET',
          },
          {
            href: 'https://api.sandbox.paypal.com/v1/customer/disputes/PP-000-042-663-135/send-message',
            rel: 'send_message',
            method: 'POST',
          },
        ],
        dispute_amount: { currency_code: 'USD', value: '3.00' },
        dispute_id: 'PP-000-042-663-135',
        dispute_life_cycle_stage: 'INQUIRY',
        status: 'OPEN',
      },
      links: [
        {
          href: 'https://api.sandbox.paypal.com/v1/notifications/webhooks-events/WH-4M0448861G563140B-9EX36365822141321',
          rel: 'self',
          method: 'GET',
          encType: 'application/json',
        },
        {
          href: 'https://api.sandbox.paypal.com/v1/notifications/webhooks-events/WH-4M0448861G563140B-9EX36365822141321/resend',
          rel: 'resend',
          method: 'POST',
          encType: 'application/json',
        },
      ],
      event_version: '1.0',
    };
    const { confirmation } = await verified(JSON.stringify(event), HEADERS);
    expect(confirmation).toEqual({
      eventId: 'WH-4M0448861G563140B-9EX36365822141321',
      reference: null,
      providerReference: null,
      transactionId: 'PP-000-042-663-135',
      disputeId: 'PP-000-042-663-135',
      takesBack: '00D10444LD479031K',
      status: 'disputed',
      amountMinor: 300,
      currency: 'USD',
      providerStatus: 'CUSTOMER.DISPUTE.CREATED:OPEN',
    });
    const resolved = (outcome: Record<string, unknown>) =>
      readEvent({
        ...event,
        event_type: 'CUSTOMER.DISPUTE.RESOLVED',
        resource: { ...event.resource, status: 'RESOLVED', dispute_outcome: outcome },
      });
    // Ended with the money staying with the seller: the payment is reinstated (a reversal undone).
    for (const outcome_code of ['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'DENIED', 'RESOLVED_WITH_PAYOUT']) {
      expect(resolved({ outcome_code })).toMatchObject({ takesBack: '00D10444LD479031K', status: 'reinstated' });
    }
    // Ended for the buyer: money back for what the buyer got (amount_refunded), keyed by the dispute's id.
    expect(
      resolved({ outcome_code: 'RESOLVED_BUYER_FAVOUR', amount_refunded: { currency_code: 'USD', value: '1.50' } }),
    ).toMatchObject({
      transactionId: 'PP-000-042-663-135',
      takesBack: '00D10444LD479031K',
      status: 'reversed',
      amountMinor: 150,
      currency: 'USD',
    });
    // Accepted by the seller without an amount named: the disputed amount.
    expect(resolved({ outcome_code: 'ACCEPTED' })).toMatchObject({ status: 'reversed', amountMinor: 300 });
    // Moved on (an inquiry escalated to a claim): still disputed.
    expect(
      readEvent({
        ...event,
        event_type: 'CUSTOMER.DISPUTE.UPDATED',
        resource: { ...event.resource, status: 'WAITING_FOR_SELLER_RESPONSE', dispute_life_cycle_stage: 'CHARGEBACK' },
      }),
    ).toMatchObject({ status: 'disputed' });
  });

  it('finds the capture a refund names only in its `up` link, and nothing in other links', () => {
    expect(
      linkedId(
        [
          { rel: 'self', href: 'https://api-m.paypal.com/v2/payments/refunds/1JU08902781691411' },
          { rel: 'up', href: 'https://api-m.paypal.com/v2/payments/captures/2GG279541U471931P' },
        ],
        'up',
        'captures',
      ),
    ).toBe('2GG279541U471931P');
    expect(
      linkedId(
        [{ rel: 'up', href: 'https://api-m.paypal.com/v2/payments/authorizations/0VF52814937998046' }],
        'up',
        'captures',
      ),
    ).toBeNull();
    expect(linkedId('not links', 'up', 'captures')).toBeNull();
  });
});
