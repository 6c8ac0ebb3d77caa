import * as crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookRefused, type CheckoutRequest, type Confirmation } from '../provider';
import { NowPaymentsProvider, nowPaymentsSignature, sortedJson } from './nowpayments';

/*
 * Golden vectors from NOWPayments' published API documentation: the Postman documentation "NOWPayments API"
 * (documenter.getpostman.com/view/7907941/2s93JusNJt). The stored copy read for these vectors is that collection as
 * exported in DishIs/fce-frontend:postman.json (commit 8c8350dbe66b31ff045f5b07e3fed9dc361fd892); the section is
 * named beside each vector. NOWPayments publishes no signature value (no IPN secret with a matching
 * x-nowpayments-sig): the signatures below are made by NOWPayments' own published Node.js snippet, transcribed
 * verbatim, and the adapter must agree with it.
 */

const SECRET = 'sandbox-ipn-secret-0123456789';

/**
 * NOWPayments' published "Example of creating a signed string at Node.JS" (section "Instant Payments
 * Notifications"), verbatim but for the argument names. Independent of the adapter's code.
 */
function publishedSignature(notificationsKey: string, params: Record<string, unknown>): string {
  function sortObject(obj: Record<string, unknown>): Record<string, unknown> {
    return Object.keys(obj)
      .sort()
      .reduce((result: Record<string, unknown>, key) => {
        result[key] =
          obj[key] && typeof obj[key] === 'object' ? sortObject(obj[key] as Record<string, unknown>) : obj[key];
        return result;
      }, {});
  }
  const hmac = crypto.createHmac('sha512', notificationsKey);
  hmac.update(JSON.stringify(sortObject(params)));
  return hmac.digest('hex');
}

/**
 * The published payment IPN ("Webhooks Examples", Payments). As published it lacks the comma after
 * `"payment_extra_ids":null`; it is otherwise as printed.
 */
const PUBLISHED_FINISHED_IPN = {
  payment_id: 123456789,
  parent_payment_id: 987654321,
  invoice_id: null,
  payment_status: 'finished',
  pay_address: 'address',
  payin_extra_id: null,
  price_amount: 1,
  price_currency: 'usd',
  pay_amount: 15,
  actually_paid: 15,
  actually_paid_at_fiat: 0,
  pay_currency: 'trx',
  order_id: null,
  order_description: null,
  purchase_id: '123456789',
  outcome_amount: 14.8106,
  outcome_currency: 'trx',
  payment_extra_ids: null,
  fee: { currency: 'btc', depositFee: 0.09853637216235617, withdrawalFee: 0, serviceFee: 0 },
};

/**
 * The published "Get payment status" 200 answer, whose fields the IPN body repeats (the documentation: "The body of
 * the request is similiar to a get payment status response body"). NOWPayments publishes no IPN example for
 * partially_paid or refunded: those below are this body with its status (and amounts) changed, ours.
 */
const PUBLISHED_PAYMENT_STATUS = {
  payment_id: 6249365965,
  invoice_id: null,
  payment_status: 'finished',
  pay_address: 'address',
  payin_extra_id: null,
  price_amount: 1,
  price_currency: 'usd',
  pay_amount: 11.8,
  actually_paid: 12,
  pay_currency: 'trx',
  order_id: null,
  order_description: null,
  purchase_id: 5312822613,
  outcome_amount: 11.8405,
  outcome_currency: 'trx',
  payout_hash: 'hash',
  payin_hash: 'hash',
  created_at: '2023-07-28T15:06:09.932Z',
  updated_at: '2023-07-28T15:09:40.535Z',
  burning_percent: 'null',
  type: 'crypto2crypto',
  payment_extra_ids: [5513339153],
};

const adapter = new NowPaymentsProvider({
  baseUrl: 'http://127.0.0.1:9',
  apiKey: 'api-key',
  ipnSecret: SECRET,
  currency: 'EUR',
  sandbox: true,
});

/** Delivers `body` as NOWPayments does: the raw JSON and the published recipe's signature. */
function delivered(body: Record<string, unknown>, secret = SECRET): Confirmation {
  const rawBody = Buffer.from(JSON.stringify(body));
  return adapter.verifyWebhook(rawBody, { 'x-nowpayments-sig': publishedSignature(secret, body) });
}

function refusal(run: () => unknown): WebhookRefused {
  try {
    run();
  } catch (err) {
    if (err instanceof WebhookRefused) return err;
    throw err;
  }
  throw new Error('it was not refused');
}

describe('the IPN signature (x-nowpayments-sig)', () => {
  it("is NOWPayments' published recipe: HMAC-SHA512 of the body with its keys sorted, nested ones too", () => {
    expect(nowPaymentsSignature(SECRET, PUBLISHED_FINISHED_IPN)).toBe(
      publishedSignature(SECRET, PUBLISHED_FINISHED_IPN),
    );
    // The nested fee object is sorted as well: depositFee before serviceFee before withdrawalFee.
    expect(sortedJson(PUBLISHED_FINISHED_IPN)).toContain(
      '"fee":{"currency":"btc","depositFee":0.09853637216235617,"serviceFee":0,"withdrawalFee":0}',
    );
    expect(sortedJson(PUBLISHED_FINISHED_IPN).startsWith('{"actually_paid":15,"actually_paid_at_fiat":0,')).toBe(true);
  });

  it('accepts the published IPN signed with the secret, in whatever key order it arrives', () => {
    const reordered = Object.fromEntries(Object.entries(PUBLISHED_FINISHED_IPN).reverse());
    expect(() => delivered(reordered)).not.toThrow();
  });

  it("takes a body with a list signed either way NOWPayments publishes: the Node.js example's or its SDK's", () => {
    // NowPaymentsIO/nowpayments-sdk-nodejs, src/ipn.js `sortObjectDeep` (lists stay lists), transcribed.
    const sortObjectDeep = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sortObjectDeep)
        : value && typeof value === 'object' && value.constructor === Object
          ? Object.keys(value)
              .sort()
              .reduce((result: Record<string, unknown>, key) => {
                result[key] = sortObjectDeep((value as Record<string, unknown>)[key]);
                return result;
              }, {})
          : value;
    const sdkSignature = crypto
      .createHmac('sha512', SECRET)
      .update(JSON.stringify(sortObjectDeep(PUBLISHED_PAYMENT_STATUS)))
      .digest('hex');
    const nodeExample = publishedSignature(SECRET, PUBLISHED_PAYMENT_STATUS);
    // The two forms differ for a list (payment_extra_ids): the Node.js example makes it {"0": …}.
    expect(sdkSignature).not.toBe(nodeExample);
    const raw = Buffer.from(JSON.stringify(PUBLISHED_PAYMENT_STATUS));
    for (const signature of [sdkSignature, nodeExample]) {
      expect(adapter.verifyWebhook(raw, { 'x-nowpayments-sig': signature }).transactionId).toBe('6249365965');
    }
    const otherList = Buffer.from(JSON.stringify({ ...PUBLISHED_PAYMENT_STATUS, payment_extra_ids: [1] }));
    for (const signature of [sdkSignature, nodeExample]) {
      expect(refusal(() => adapter.verifyWebhook(otherList, { 'x-nowpayments-sig': signature })).outcome).toBe(
        'refused-signature',
      );
    }
  });

  it('refuses it signed with another secret, or changed after signing', () => {
    expect(refusal(() => delivered(PUBLISHED_FINISHED_IPN, 'another-secret')).outcome).toBe('refused-signature');
    const signature = publishedSignature(SECRET, PUBLISHED_FINISHED_IPN);
    const changed = { ...PUBLISHED_FINISHED_IPN, price_amount: 1000 };
    expect(
      refusal(() => adapter.verifyWebhook(Buffer.from(JSON.stringify(changed)), { 'x-nowpayments-sig': signature }))
        .outcome,
    ).toBe('refused-signature');
    expect(refusal(() => adapter.verifyWebhook(Buffer.from(JSON.stringify(PUBLISHED_FINISHED_IPN)), {})).outcome).toBe(
      'refused-signature',
    );
  });
});

describe('what an IPN says', () => {
  it('the published finished IPN names a parent payment (a repeated deposit): pending, as NOWPayments advises', () => {
    const c = delivered(PUBLISHED_FINISHED_IPN);
    expect(c).toMatchObject({ status: 'pending', providerStatus: 'finished', transactionId: '123456789' });
  });

  it('finished without a parent payment: paid, its payment_id the transaction, the price in minor units', () => {
    const c = delivered({ ...PUBLISHED_FINISHED_IPN, parent_payment_id: null });
    expect(c).toEqual({
      eventId: '123456789:finished',
      reference: null,
      providerReference: null,
      transactionId: '123456789',
      status: 'paid',
      amountMinor: 100,
      currency: 'USD',
      providerStatus: 'finished',
    });
  });

  it.each([
    ['waiting', 'pending'],
    ['confirming', 'pending'],
    ['confirmed', 'pending'],
    ['sending', 'pending'],
    ['finished', 'paid'],
    ['failed', 'failed'],
    ['expired', 'failed'],
  ] as const)('%s → %s', (paymentStatus, status) => {
    const c = delivered({ ...PUBLISHED_PAYMENT_STATUS, payment_status: paymentStatus, order_id: 'ref-1' });
    expect(c).toMatchObject({
      status,
      providerStatus: paymentStatus,
      eventId: `6249365965:${paymentStatus}`,
      transactionId: '6249365965',
      reference: 'ref-1',
    });
    expect(c.takesBack ?? null).toBeNull();
    expect(c.partial ?? null).toBeNull();
  });

  it('partially_paid → partial, with what arrived and what was asked in the coin paid with', () => {
    const c = delivered({
      ...PUBLISHED_PAYMENT_STATUS,
      payment_status: 'partially_paid',
      pay_amount: 11.8,
      actually_paid: 5.9,
    });
    expect(c).toMatchObject({
      status: 'partial',
      partial: { received: '5.9', expected: '11.8', currency: 'TRX' },
      transactionId: '6249365965',
      eventId: '6249365965:partially_paid:5.9',
    });
  });

  it('partially_paid again with more coins is another event; tiny amounts are written without an exponent', () => {
    const first = delivered({ ...PUBLISHED_PAYMENT_STATUS, payment_status: 'partially_paid', actually_paid: 1e-7 });
    const second = delivered({ ...PUBLISHED_PAYMENT_STATUS, payment_status: 'partially_paid', actually_paid: 2e-7 });
    expect(first.partial?.received).toBe('0.0000001');
    expect(second.partial?.received).toBe('0.0000002');
    expect(first.eventId).not.toBe(second.eventId);
  });

  it('refunded → refunded: takes back the payment, the refund an event of its own', () => {
    const c = delivered({ ...PUBLISHED_PAYMENT_STATUS, payment_status: 'refunded', order_id: 'ref-1' });
    expect(c).toMatchObject({
      status: 'refunded',
      takesBack: '6249365965',
      transactionId: '6249365965:refunded',
      eventId: '6249365965:refunded',
      reference: 'ref-1',
    });
  });

  it('names the invoice it pays (our checkout reference) and our order_id', () => {
    const c = delivered({ ...PUBLISHED_PAYMENT_STATUS, invoice_id: 4522625843, order_id: 'RGDBP-21314' });
    expect(c).toMatchObject({ providerReference: '4522625843', reference: 'RGDBP-21314' });
  });

  it.each([
    ['a status NOWPayments does not publish', { payment_status: 'paid' }, /not one NOWPayments publishes/],
    ['no payment_status', { payment_status: undefined }, /no payment_id or payment_status/],
    ['no payment_id', { payment_id: undefined }, /no payment_id or payment_status/],
    ['a payment_id that is an object', { payment_id: { id: 1 } }, /no payment_id or payment_status/],
    [
      'partially_paid without actually_paid',
      { payment_status: 'partially_paid', actually_paid: undefined },
      /needs actually_paid, pay_amount and pay_currency/,
    ],
    [
      'partially_paid with an amount that is text',
      { payment_status: 'partially_paid', actually_paid: 'half' },
      /needs actually_paid/,
    ],
  ])('refuses %s as malformed, with a clear reason', (_name, change, reason) => {
    const err = refusal(() => delivered({ ...PUBLISHED_PAYMENT_STATUS, ...change }));
    expect(err.outcome).toBe('refused-malformed');
    expect(err.message).toMatch(reason);
  });
});

describe('opening an invoice (POST /v1/invoice)', () => {
  let server: http.Server;
  let answer: { status: number; body: unknown };
  let seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        seen = { method: req.method, url: req.url, headers: req.headers, body: JSON.parse(text) };
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const provider = () =>
    new NowPaymentsProvider({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: 'the-api-key',
      ipnSecret: SECRET,
      currency: 'EUR',
      sandbox: false,
    });

  const request: CheckoutRequest = {
    reference: 'RGDBP-21314',
    amountMinor: 899,
    currency: 'EUR',
    description: 'Licence (365 days) for the device 02:11:22:33:44:55',
    macAddress: '02:11:22:33:44:55',
    payer: {
      firstName: null,
      lastName: null,
      email: 'payer@example.com',
      phoneNumber: null,
      coinType: 'BTC',
    },
    successUrl: 'https://portal.example/activation/crypto/redirect',
    cancelUrl: 'https://portal.example/device/playlists?payment_status=cancelled',
    webhookUrl: 'https://portal.example/webhooks/crypto',
  };

  /** The published "Create invoice" answer (201 Created). */
  const PUBLISHED_INVOICE = {
    id: '4522625843',
    order_id: 'RGDBP-21314',
    order_description: 'Apple Macbook Pro 2019 x 1',
    price_amount: '1000',
    price_currency: 'usd',
    pay_currency: null,
    ipn_callback_url: 'https://nowpayments.io',
    invoice_url: 'https://nowpayments.io/payment/?iid=4522625843',
    success_url: 'https://nowpayments.io',
    cancel_url: 'https://nowpayments.io',
    created_at: '2020-12-22T15:05:58.290Z',
    updated_at: '2020-12-22T15:05:58.290Z',
  };

  it('sends only the documented fields, with the x-api-key, and takes the published 201 answer', async () => {
    answer = { status: 201, body: PUBLISHED_INVOICE };
    const checkout = await provider().createCheckout(request);
    expect(checkout).toEqual({
      providerReference: '4522625843',
      redirectUrl: 'https://nowpayments.io/payment/?iid=4522625843',
    });
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/v1/invoice');
    expect(seen.headers['x-api-key']).toBe('the-api-key');
    expect(seen.body).toEqual({
      price_amount: 8.99,
      price_currency: 'eur',
      pay_currency: 'btc',
      ipn_callback_url: 'https://portal.example/webhooks/crypto',
      order_id: 'RGDBP-21314',
      order_description: 'Licence (365 days) for the device 02:11:22:33:44:55',
      success_url: 'https://portal.example/activation/crypto/redirect',
      cancel_url: 'https://portal.example/device/playlists?payment_status=cancelled',
      partially_paid_url: 'https://portal.example/activation/crypto/redirect',
    });
    // The published request's fields, and nothing else (customer_email is "Create payment by invoice"'s).
    const documented = [
      'price_amount',
      'price_currency',
      'pay_currency',
      'ipn_callback_url',
      'order_id',
      'order_description',
      'success_url',
      'cancel_url',
      'partially_paid_url',
      'is_fixed_rate',
      'is_fee_paid_by_user',
    ];
    expect(Object.keys(seen.body).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('prices the invoice in the currency the activation was priced in', async () => {
    answer = { status: 201, body: PUBLISHED_INVOICE };
    await provider().createCheckout({ ...request, amountMinor: 49_900, currency: 'EGP' });
    expect(seen.body).toMatchObject({ price_amount: 499, price_currency: 'egp' });
  });

  it('takes a 200 answer too', async () => {
    answer = { status: 200, body: PUBLISHED_INVOICE };
    await expect(provider().createCheckout(request)).resolves.toMatchObject({ providerReference: '4522625843' });
  });

  it.each([
    [
      'a refusal, with its message',
      400,
      { statusCode: 400, code: 'INVALID_REQUEST_PARAMS', message: '"price_amount" is required' },
      /refused the invoice \(400: "price_amount" is required\)/,
    ],
    [
      'a bad key',
      403,
      { statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' },
      /403: Invalid api key/,
    ],
    ['a 201 without an id', 201, { ...PUBLISHED_INVOICE, id: undefined }, /refused the invoice \(201\)/],
    [
      'a 201 without an invoice URL',
      201,
      { ...PUBLISHED_INVOICE, invoice_url: 'javascript:alert(1)' },
      /no invoice URL/,
    ],
  ])('turns %s into an error naming it', async (_name, status, body, message) => {
    answer = { status, body };
    await expect(provider().createCheckout(request)).rejects.toThrow(message);
  });
});
