import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError, WebhookRefused, type CheckoutRequest } from '../provider';
import {
  COWPAY_TOKEN_PATH,
  CowpayProvider,
  cowpayCallbackSignature,
  cowpayStatusUrl,
  cowpayTokenSignature,
} from './cowpay';

/*
 * Golden vectors for Cowpay's card frame. Each names its source. Cowpay publishes no merchant code and hash key
 * with a signed example (the docs' example signatures are made with keys it does not show), so the signature
 * vectors below are computed from the published recipes with coreutils (`printf '%s' … | md5sum`, `sha256sum`),
 * not copied from Cowpay: they pin the recipe as the source states it.
 */

/** A hash key of our own for the computed vectors (Cowpay's dashboard issues the real one). */
const HASH_KEY = 'hash-key-from-the-dashboard';
const MERCHANT_CODE = 'MERCHANT-CODE-EXAMPLE';

/**
 * docs.cowpay.me/api/iframe/, "Request Payload Example" of POST /api/v1/iframe/token (keys in the documented
 * order; its signature was made with keys the page does not give).
 */
const DOCS_TOKEN_REQUEST = {
  merchant_reference_id: '787856',
  customer_merchant_profile_id: '253',
  customer_name: 'Test ing',
  customer_mobile: '+201xxxxxxxxx',
  customer_email: 'gfalcon996@gmail.com',
  amount: '15.00',
  currency_code: 'EGP',
  signature: 'fb7d24ca9f3929d360fd82196b6e2d765808ab1fb1c6df40ab4e2b2854630051',
  description: 'description',
};

/** docs.cowpay.me/api/iframe/, "Response" of the same request. */
const DOCS_TOKEN_RESPONSE = {
  success: true,
  status_code: 200,
  status_description: 'Operation done successfully',
  type: 'IFrame Initial Payment Request',
  cowpay_reference_id: 1000249,
  token: '466221e4c3530cd9628ec25ad301e370',
};

/**
 * A server callback with the fields Cowpay's WooCommerce plugin requires (github.com/cowpay-me/woocommerce,
 * includes/class-woo-cowpay-callback.php line 77), for the docs' example order (cowpay_reference_id 1000249,
 * merchant_reference_id 787856, amount 15.00). Its signature, by the plugin's is_valid_signature (same file, lines
 * 167-177: md5 of hash_key . amount . cowpay_reference_id . merchant_reference_id . order_status), computed with
 * `printf '%s' 'hash-key-from-the-dashboard15.001000249787856PAID' | md5sum`.
 */
const PAID_CALLBACK = {
  cowpay_reference_id: 1000249,
  payment_gateway_reference_id: '971498564',
  merchant_reference_id: '787856',
  order_status: 'PAID',
  amount: '15.00',
  callback_type: 'order_status_update',
  signature: '97e30b9b7363d6513ba7d0ebb8fc3024',
};

function provider(baseUrl = 'http://127.0.0.1:9', currency = 'EGP') {
  return new CowpayProvider({
    baseUrl,
    merchantCode: MERCHANT_CODE,
    hashKey: HASH_KEY,
    apiToken: 'api-token-from-the-dashboard',
    frameCode: 'FRAME-42',
    currency,
    sandbox: false,
  });
}

const raw = (body: unknown) => Buffer.from(JSON.stringify(body));
const verify = (body: unknown, p = provider()) => p.verifyWebhook(raw(body), {});
function refusal(body: unknown): WebhookRefused {
  try {
    verify(body);
  } catch (err) {
    if (err instanceof WebhookRefused) return err;
    throw err;
  }
  throw new Error('the callback was accepted');
}
/** A callback signed as the plugin's recipe says, with this file's hash key. */
function signed(body: Record<string, unknown>) {
  const text = (v: unknown) => (v === undefined ? '' : String(v));
  const signature = createHash('md5')
    .update(
      `${HASH_KEY}${text(body.amount)}${text(body.cowpay_reference_id)}${text(body.merchant_reference_id)}${text(body.order_status)}`,
    )
    .digest('hex');
  return { ...body, signature };
}

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    reference: '787856',
    amountMinor: 1500,
    currency: 'EGP',
    description: 'description',
    macAddress: '0e:7a:6b:7c:8d:01',
    payer: { firstName: 'Test', lastName: 'ing', email: 'gfalcon996@gmail.com', phoneNumber: '+201001234567' },
    successUrl: 'https://portal.example/cowpayReturnUrl',
    cancelUrl: 'https://portal.example/device/playlists?payment_status=cancelled',
    webhookUrl: 'https://portal.example/webhooks/cowpay',
    ...overrides,
  } as CheckoutRequest;
}

describe('Cowpay iframe token request (docs.cowpay.me/api/iframe)', () => {
  it('has exactly the documented keys, in the documented order, with the documented formats', () => {
    const body = provider().tokenRequest(checkoutRequest());
    expect(Object.keys(body)).toEqual(Object.keys(DOCS_TOKEN_REQUEST));
    expect(body).toMatchObject({
      merchant_reference_id: '787856',
      customer_merchant_profile_id: '0E7A6B7C8D01',
      customer_name: 'Test ing',
      customer_mobile: '+201001234567',
      customer_email: 'gfalcon996@gmail.com',
      // "two decimal value like: 15.60"
      amount: '15.00',
      currency_code: 'EGP',
      description: 'description',
    });
    // "Alphanumeric ID of the customer being charged on your system".
    expect(body.customer_merchant_profile_id).toMatch(/^[A-Za-z0-9]+$/);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sends the currency the activation was priced in, not a fixed one', () => {
    expect(provider().tokenRequest(checkoutRequest({ currency: 'USD', amountMinor: 49_900 }))).toMatchObject({
      currency_code: 'USD',
      amount: '499.00',
    });
  });

  it('signs sha256(merchant_code + merchant_reference_id + customer_merchant_profile_id + amount + hash_key)', () => {
    // The docs' recipe for the docs' example fields, with this file's keys:
    // printf '%s' 'MERCHANT-CODE-EXAMPLE78785625315.00hash-key-from-the-dashboard' | sha256sum
    expect(cowpayTokenSignature({ merchantCode: MERCHANT_CODE, hashKey: HASH_KEY }, '787856', '253', '15.00')).toBe(
      '6b3e807adba5fb41e907892e20717ca62d76e513c8eb75b624115bdab9be8614',
    );
    // And the request's own signature over its own fields:
    // printf '%s' 'MERCHANT-CODE-EXAMPLE7878560E7A6B7C8D0199.00hash-key-from-the-dashboard' | sha256sum
    expect(provider().tokenRequest(checkoutRequest({ amountMinor: 9900 })).signature).toBe(
      'a2f90645fa01a2529ac9cb5849d8905cec08dd7ae3839e014d61e694ddf49543',
    );
  });
});

describe('Cowpay iframe token exchange, against a local server answering as the docs show', () => {
  let server: Server;
  let baseUrl: string;
  let answer: { status: number; body: unknown };
  const seen: { method?: string; url?: string; headers?: IncomingHttpHeaders; body?: unknown }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(text || 'null') });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
  });

  it("POSTs the token request with the Bearer token and opens this site's checkout page for the docs' token", async () => {
    answer = { status: 200, body: DOCS_TOKEN_RESPONSE };
    const checkout = await provider(baseUrl).createCheckout(checkoutRequest());
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe(COWPAY_TOKEN_PATH);
    expect(COWPAY_TOKEN_PATH).toBe('/api/v1/iframe/token');
    // docs.cowpay.me/api/iframe, "Headers".
    expect(seen[0]!.headers).toMatchObject({
      authorization: 'Bearer api-token-from-the-dashboard',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(Object.keys(seen[0]!.body as object)).toEqual(Object.keys(DOCS_TOKEN_REQUEST));
    // The callback names the order by cowpay_reference_id: kept as the checkout's reference.
    expect(checkout).toEqual({
      providerReference: '1000249',
      redirectUrl: 'https://portal.example/cowpay/checkout/FRAME-42/466221e4c3530cd9628ec25ad301e370',
    });
  });

  it.each([
    [401, { message: 'Unauthenticated.' }, 'Cowpay refused the card payment token (401: Unauthenticated.).'],
    [
      422,
      {
        success: false,
        status_code: 422,
        status_description: 'The given data was invalid.',
        errors: { amount: ['The amount field is required.'] },
      },
      'Cowpay refused the card payment token (422: The given data was invalid.; amount: The amount field is required.).',
    ],
    [200, { success: false, status_code: 400, status_description: 'Bad signature' }, '(200: Bad signature)'],
    [200, { ...DOCS_TOKEN_RESPONSE, token: undefined }, 'Cowpay answered without a token or cowpay_reference_id.'],
    [200, { ...DOCS_TOKEN_RESPONSE, token: '<script>' }, 'Cowpay answered without a token or cowpay_reference_id.'],
    [200, { ...DOCS_TOKEN_RESPONSE, cowpay_reference_id: { id: 1 } }, 'without a token or cowpay_reference_id'],
  ])('answered %i %j: a ProviderError saying so', async (status, body, message) => {
    answer = { status, body };
    const attempt = provider(baseUrl).createCheckout(checkoutRequest());
    await expect(attempt).rejects.toBeInstanceOf(ProviderError);
    await expect(provider(baseUrl).createCheckout(checkoutRequest())).rejects.toThrow(message);
  });
});

describe("Cowpay server callback (the WooCommerce plugin's class-woo-cowpay-callback.php)", () => {
  it('accepts the signed PAID callback: paid, the order and amount read, the currency the account’s', () => {
    expect(cowpayCallbackSignature({ hashKey: HASH_KEY }, PAID_CALLBACK)).toBe(PAID_CALLBACK.signature);
    expect(verify(PAID_CALLBACK)).toEqual({
      eventId: '1000249:order_status_update:PAID',
      reference: '787856',
      providerReference: '1000249',
      transactionId: '1000249',
      status: 'paid',
      amountMinor: 1500,
      currency: 'EGP',
      providerStatus: 'PAID',
    });
    // The callback names no currency: it is the configured account currency.
    expect(verify(PAID_CALLBACK, provider(undefined, 'USD')).currency).toBe('USD');
  });

  it('accepts the signature in capitals too, and names the same event on every retry', () => {
    const upper = { ...PAID_CALLBACK, signature: PAID_CALLBACK.signature.toUpperCase() };
    expect(verify(upper).eventId).toBe(verify(PAID_CALLBACK).eventId);
  });

  it('signs FAILED with its own status word (printf ... FAILED | md5sum)', () => {
    const failed = { ...PAID_CALLBACK, order_status: 'FAILED', signature: '11647d3c0dd31b6919621f23885de3a3' };
    expect(verify(failed)).toMatchObject({ status: 'failed', eventId: '1000249:order_status_update:FAILED' });
  });

  it('reads a JSON number amount as PHP joins it (15 signs as "15")', () => {
    // printf '%s' 'hash-key-from-the-dashboard151000249787856PAID' | md5sum
    const numeric = { ...PAID_CALLBACK, amount: 15, signature: '4b453c201c2b68d08c5c3b8eac7cddde' };
    expect(verify(numeric)).toMatchObject({ status: 'paid', amountMinor: 1500 });
  });

  it.each([
    ['PAID', 'paid'],
    // Cash collection's "delivered and collected" (the plugin passes over it): the money arrived.
    ['DELIVERED', 'paid'],
    ['FAILED', 'failed'],
    ['EXPIRED', 'failed'],
    ['UNPAID', 'pending'],
  ] as const)('order_status %s is %s', (orderStatus, status) => {
    const body = signed({ ...PAID_CALLBACK, order_status: orderStatus });
    expect(verify(body)).toMatchObject({ status, providerStatus: orderStatus });
  });

  it.each(['charge_request', 'withdrawal_request'])('a %s callback changes nothing (pending)', (callbackType) => {
    const body = signed({ ...PAID_CALLBACK, callback_type: callbackType });
    expect(verify(body)).toMatchObject({
      status: 'pending',
      eventId: `1000249:${callbackType}:PAID`,
      providerStatus: `${callbackType}:PAID`,
    });
  });

  it('refuses, like the plugin, an order status or callback type it does not know (400)', () => {
    for (const change of [{ order_status: 'REFUNDED' }, { order_status: 'paid' }, { callback_type: 'refund' }]) {
      const err = refusal(signed({ ...PAID_CALLBACK, ...change }));
      expect([change, err.outcome]).toEqual([change, 'refused-malformed']);
    }
  });

  it.each([
    ['no signature', { ...PAID_CALLBACK, signature: undefined }],
    ['an empty signature', { ...PAID_CALLBACK, signature: '' }],
    ['a signature of another hash key', { ...PAID_CALLBACK, signature: '0'.repeat(32) }],
    ['a sha256 where md5 belongs', { ...PAID_CALLBACK, signature: 'a'.repeat(64) }],
    ['PAID put in place of FAILED after signing', { ...PAID_CALLBACK, signature: '11647d3c0dd31b6919621f23885de3a3' }],
    ['the amount raised after signing', { ...PAID_CALLBACK, amount: '150.00' }],
    ['another order put in after signing', { ...PAID_CALLBACK, cowpay_reference_id: 1000250 }],
    [
      // What this adapter once checked: sha256 with the merchant code at the front and the hash key at the end.
      'the old sha256 recipe',
      {
        ...PAID_CALLBACK,
        signature: createHash('sha256').update(`${MERCHANT_CODE}15.001000249787856PAID${HASH_KEY}`).digest('hex'),
      },
    ],
  ])('refuses a callback with %s (401)', (_name, body) => {
    expect(refusal(body).outcome).toBe('refused-signature');
  });

  it.each([
    ['not JSON', Buffer.from('cowpay_reference_id=1000249')],
    ['a list', raw([PAID_CALLBACK])],
    ['deeply nested', raw({ ...PAID_CALLBACK, extra: [[[[[['x']]]]]] })],
  ])('refuses a body that is %s (400)', (_name, body) => {
    expect(() => provider().verifyWebhook(body, {})).toThrow(WebhookRefused);
    try {
      provider().verifyWebhook(body, {});
    } catch (err) {
      expect((err as WebhookRefused).outcome).toBe('refused-malformed');
    }
  });

  it('refuses a signed callback without its order or status, and one with an object where text belongs', () => {
    expect(refusal(signed({ ...PAID_CALLBACK, cowpay_reference_id: undefined })).outcome).toBe('refused-malformed');
    expect(refusal(signed({ ...PAID_CALLBACK, order_status: undefined })).outcome).toBe('refused-malformed');
    expect(refusal({ ...PAID_CALLBACK, amount: { toString: 0 } }).outcome).toBe('refused-malformed');
  });
});

describe('Cowpay "Get Status" per environment (docs.cowpay.me/api/status)', () => {
  it('asks staging at /api/charge/status and production at /api/v1/charge/status, as the page gives them', () => {
    expect(cowpayStatusUrl('https://staging.cowpay.me')).toBe('https://staging.cowpay.me/api/charge/status');
    expect(cowpayStatusUrl('https://cowpay.me')).toBe('https://cowpay.me/api/v1/charge/status');
    // This site's stand-in answers as production does.
    expect(cowpayStatusUrl('http://127.0.0.1:4000/sandbox/cowpay')).toBe(
      'http://127.0.0.1:4000/sandbox/cowpay/api/v1/charge/status',
    );
  });
});
