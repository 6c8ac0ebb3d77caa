import { randomUUID } from 'node:crypto';
import {
  activationStatus,
  daysFromNow,
  deliver,
  headerSignedOpay,
  licenceOf,
  sandboxKeys,
  sortedJsonHmac,
  webhookOutcomes,
  YEAR_AFTER_TRIAL,
} from '../support/payments';
import { ALLOWED_ORIGIN, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Crypto (NOWPayments) and OPay end to end on their local stand-ins, as an owner and the merchant meet them: every
 * status the provider sends (partially paid, failed, expired, pending, declined, closed), the merchant's refund
 * taking the licence back, and the stand-ins refusing what their providers refuse.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

const BODIES = {
  crypto: { payment_type: 'crypto', email: 'payer@example.com', coin_type: 'BTC' },
  opay: { payment_type: 'opay' },
  opay1: { payment_type: 'opay1' },
} as const;

/** Starts a checkout as the Activate Device form does; answers the provider's hosted page and the activation. */
async function startAt(client: Client, method: keyof typeof BODIES) {
  const res = await client.request('POST', '/frontend/device/saveActivation', { body: BODIES[method] });
  expect(res.status).toBe(200);
  const [row] = await server.db.dataSource.query(`SELECT id, provider_reference FROM activations WHERE id = $1`, [
    res.json.activation_id,
  ]);
  return { url: res.json.url as string, id: row.id as string, providerReference: row.provider_reference as string };
}

/** Presses a button of the hosted page like a browser: answers where the browser is sent. */
async function press(pageUrl: string, path: string) {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('SANDBOX: no money moves');
  const action = new RegExp(`action="([^"]+/${path})"`).exec(html)?.[1];
  expect(action).toBeDefined();
  const res = await fetch(new URL(action!, pageUrl), { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

/** What Account Details shows: the device's standing and its payments. */
async function account(client: Client) {
  const res = await client.gql(
    `query { currentDevice { status expireDate
       payments { status amount currency partialPayment { received expected missing currency } } } }`,
  );
  expect(res.json.errors).toBeUndefined();
  return res.json.data.currentDevice as {
    status: string;
    expireDate: string | null;
    payments: {
      status: string;
      amount: string;
      currency: string;
      partialPayment: { received: string; expected: string; missing: string; currency: string } | null;
    }[];
  };
}

const SUCCESS = () => `${server.url}/device/playlists?payment_status=success`;
const CANCELLED = () => `${server.url}/device/playlists?payment_status=cancelled`;

describe('an owner paying in Arabic', () => {
  it('is sent back by the provider to the Arabic pages, through the REST form and through the graph', async () => {
    const { client } = await signedInDevice(server);
    const rest = await client.request('POST', '/frontend/device/saveActivation', {
      body: BODIES.crypto,
      headers: { 'accept-language': 'ar' },
    });
    expect(rest.status).toBe(200);
    const back = await press(rest.json.url as string, 'pay');
    expect(back).toBe(`${server.url}/ar/activation/crypto/redirect`);
    // The page they land on is the portal's, in Arabic, and kept out of search results.
    const page = await fetch(back!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta property="og:locale" content="ar_EG" />');
    expect(html).toContain('<meta name="robots" content="noindex" />');

    const graph = await client.gql(`mutation { startActivation(input: { method: OPAY }) { redirectUrl } }`, undefined, {
      'accept-language': 'ar-EG,ar;q=0.9,en;q=0.5',
    });
    expect(graph.json.errors).toBeUndefined();
    expect(await press(graph.json.data.startActivation.redirectUrl as string, 'cancel')).toBe(
      `${server.url}/ar/device/playlists?payment_status=cancelled`,
    );
  });

  it('an owner whose browser asks for English is sent back to the English pages', async () => {
    const { client } = await signedInDevice(server);
    const rest = await client.request('POST', '/frontend/device/saveActivation', {
      body: BODIES.crypto,
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(await press(rest.json.url as string, 'pay')).toBe(`${server.url}/activation/crypto/redirect`);
  });
});

describe('crypto on the NOWPayments stand-in', () => {
  const refund = (invoiceId: string, apiKey?: string) =>
    fetch(`${server.url}/sandbox/crypto/merchant/invoices/${invoiceId}/refund`, {
      method: 'POST',
      headers: apiKey ? { 'x-api-key': apiKey } : {},
    });

  it('Pay part: back to "being processed", still on trial, Account Details shows what arrived and what is missing', async () => {
    const { client, device } = await signedInDevice(server);
    const checkout = await startAt(client, 'crypto');
    expect(await press(checkout.url, 'pay-part')).toBe(`${server.url}/activation/crypto/redirect`);

    // 8.99 EUR at the sandbox's rate is 0.00899 BTC; half of it arrived.
    const seen = await account(client);
    expect(seen.status).toBe('TRIAL');
    expect(seen.payments).toEqual([
      {
        status: 'PARTIALLY_PAID',
        amount: '8.99',
        currency: 'EUR',
        partialPayment: { received: '0.004495', expected: '0.00899', missing: '0.004495', currency: 'BTC' },
      },
    ]);
    expect(await licenceOf(server, device.id)).toEqual({ expiresAt: null, lifetime: false, payments: 0 });
    // NOWPayments' order: waiting (nothing yet), then partially_paid.
    expect(await webhookOutcomes(server, 'crypto', checkout.id)).toEqual(['pending', 'partial']);
    // The invoice is done with: its page offers nothing more, and a Pay posted to it changes nothing.
    expect(await (await fetch(checkout.url)).text()).toContain('This checkout is partial.');
    expect((await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(await activationStatus(server, checkout.id)).toBe('partial');
    expect(await webhookOutcomes(server, 'crypto', checkout.id)).toEqual(['pending', 'partial']);
  });

  it('Pay, then the merchant refunds: the licence is taken back and Account Details shows the refund', async () => {
    const { client, device } = await signedInDevice(server);
    const checkout = await startAt(client, 'crypto');
    expect(await press(checkout.url, 'pay')).toBe(`${server.url}/activation/crypto/redirect`);
    expect(await webhookOutcomes(server, 'crypto', checkout.id)).toEqual(['pending', 'pending', 'activated']);
    const paid = await account(client);
    expect(paid.status).toBe('ACTIVE');
    expect(daysFromNow(paid.expireDate)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);

    // Only the merchant (its API key) refunds.
    expect((await refund(checkout.providerReference)).status).toBe(403);
    expect((await refund(checkout.providerReference, 'not-the-key')).status).toBe(403);
    expect((await account(client)).status).toBe('ACTIVE');

    const refunded = await refund(checkout.providerReference, sandboxKeys(server).cryptoApiKey);
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ payment_status: 'refunded' });
    expect(await webhookOutcomes(server, 'crypto', checkout.id)).toEqual([
      'pending',
      'pending',
      'activated',
      'refunded',
    ]);
    const after = await account(client);
    expect(after.status).not.toBe('ACTIVE');
    expect(after.payments.map((p) => p.status)).toEqual(['REFUNDED']);
    // Bought during the trial, the year started at the trial's end: refunded, nothing paid is left.
    expect((await licenceOf(server, device.id)).expiresAt).toBeNull();

    // A second refund of the same payment is refused and changes nothing.
    const again = await refund(checkout.providerReference, sandboxKeys(server).cryptoApiKey);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/Only a finished payment can be refunded/);
    expect((await webhookOutcomes(server, 'crypto', checkout.id)).length).toBe(4);
  });

  it('refunding a payment that did not finish, or an invoice that does not exist, is refused', async () => {
    const { client } = await signedInDevice(server);
    const checkout = await startAt(client, 'crypto');
    const key = sandboxKeys(server).cryptoApiKey;
    expect((await refund(checkout.providerReference, key)).status).toBe(409);
    expect((await refund('4999999999', key)).status).toBe(404);
    expect(await activationStatus(server, checkout.id)).toBe('pending');
  });

  it.each([
    ['fail', ['pending', 'failed']],
    ['cancel', ['failed']],
  ])(
    '%s: nothing paid, the owner is sent to the cancelled page, the payment shows as failed',
    async (button, outcomes) => {
      const { client } = await signedInDevice(server);
      const checkout = await startAt(client, 'crypto');
      expect(await press(checkout.url, button)).toBe(CANCELLED());
      expect(await webhookOutcomes(server, 'crypto', checkout.id)).toEqual(outcomes);
      const seen = await account(client);
      expect(seen.status).toBe('TRIAL');
      expect(seen.payments.map((p) => p.status)).toEqual(['FAILED']);
    },
  );

  describe('POST /v1/invoice', () => {
    const invoice = (body: Record<string, unknown>, apiKey = sandboxKeys(server).cryptoApiKey) =>
      fetch(`${server.url}/sandbox/crypto/v1/invoice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify(body),
      });
    const valid = () => ({
      price_amount: 8.99,
      price_currency: 'eur',
      pay_currency: 'btc',
      ipn_callback_url: `${server.url}/webhooks/crypto`,
      order_id: randomUUID(),
      order_description: 'Licence',
      success_url: `${server.url}/activation/crypto/redirect`,
      cancel_url: CANCELLED(),
    });

    it('answers 201 with the invoice, its page on this site', async () => {
      const res = await invoice(valid());
      expect(res.status).toBe(201);
      const body = (await res.json()) as Record<string, string>;
      expect(body).toMatchObject({ price_amount: '8.99', price_currency: 'eur', pay_currency: 'btc' });
      expect(body.id).toMatch(/^\d{10}$/);
      expect(body.invoice_url).toBe(`${server.url}/sandbox/crypto/checkout/${body.id}`);
    });

    it("sends the browser to the site's configured origin when that is where the owner is", async () => {
      const res = await invoice({
        ...valid(),
        success_url: `${ALLOWED_ORIGIN}/activation/crypto/redirect`,
        cancel_url: `${ALLOWED_ORIGIN}/device/playlists?payment_status=cancelled`,
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as Record<string, string>;
      expect(body.invoice_url).toBe(`${ALLOWED_ORIGIN}/sandbox/crypto/checkout/${body.id}`);
    });

    it.each([
      ['another API key', {}, 'other-key', 403, /Invalid api key/],
      [
        'a field the invoice API does not have',
        { customer_email: 'payer@example.com' },
        undefined,
        400,
        /customer_email/,
      ],
      ['a callback to another site', { ipn_callback_url: 'https://evil.example/ipn' }, undefined, 400, /this site/],
      // Another service of this machine (Redis, a database's HTTP port) is not this server either.
      [
        'a callback to another port of this machine',
        { ipn_callback_url: 'http://127.0.0.1:6379/ipn' },
        undefined,
        400,
        /this site/,
      ],
      ['a return to localhost on another port', { success_url: 'http://localhost:9/' }, undefined, 400, /this site/],
      ['a return to another site', { success_url: 'https://evil.example/' }, undefined, 400, /this site/],
      ['a cancel page on another site', { cancel_url: 'https://evil.example/cancel' }, undefined, 400, /this site/],
      ['no price', { price_amount: undefined }, undefined, 400, /price_amount/],
      ['a price with three decimals', { price_amount: 8.999 }, undefined, 400, /price_amount/],
    ])('refuses %s with a clear message', async (_name, change, apiKey, status, message) => {
      const res = await invoice({ ...valid(), ...change }, apiKey);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    });
  });
});

describe.each(['opay', 'opay1'] as const)('%s on the OPay stand-in', (provider) => {
  /** OPay's API call signature: HMAC-SHA512 of the key-sorted JSON body with the secret key. */
  const signature = (body: unknown, secret = sandboxKeys(server).opaySecretKey) => sortedJsonHmac(secret, body);
  const refund = (originalReference: string, change: Record<string, unknown> = {}, secret?: string) => {
    const body = {
      amount: { currency: 'EGP', total: 49_900 },
      callbackUrl: `${server.url}/webhooks/${provider}`,
      country: 'EG',
      originalReference,
      reference: `refund-${randomUUID()}`,
      refundWay: 'Original',
      ...change,
    };
    return fetch(`${server.url}/sandbox/${provider}/api/v1/international/payment/refund/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${signature(body, secret)}`,
        merchantid: sandboxKeys(server).opayMerchantId,
      },
      body: JSON.stringify(body),
    }).then((res) => res.json() as Promise<Record<string, any>>);
  };

  it("Pay with callbacks signed in the headers (the Egypt pages' second scheme): activated, once", async () => {
    const { client } = await signedInDevice(server);
    const checkout = await startAt(client, provider);
    // The stand-in's cashier page chooses how this order's callbacks are signed.
    const chosen = await fetch(
      new URL(`/sandbox/${provider}/checkout/${checkout.providerReference}/callback-scheme`, server.url),
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'scheme=headers',
        redirect: 'manual',
      },
    );
    expect(chosen.status).toBe(303);
    expect(await (await fetch(checkout.url)).text()).toContain('<strong>signed in the headers (HMAC-SHA512)</strong>');
    expect(await press(checkout.url, 'pay')).toBe(SUCCESS());
    const paid = await account(client);
    expect(paid.status).toBe('ACTIVE');
    expect(paid.payments).toEqual([{ status: 'PAID', amount: '499.00', currency: 'EGP', partialPayment: null }]);
    const [event] = await server.db.dataSource.query(
      `SELECT payload FROM payment_events WHERE provider = $1 AND kind = 'webhook' AND activation_id = $2`,
      [provider, checkout.id],
    );
    // The trail keeps what OPay sent: the transaction itself, no sha512 in it.
    expect(event.payload.payload).toMatchObject({ type: 'MACQUIRING_CALLBACK', orderNo: checkout.providerReference });
    expect(event.payload.payload.sha512).toBeUndefined();
  });

  it('refuses a signed-headers callback forged, stale, ahead or for another merchant: 401, nothing changes', async () => {
    const { client, device } = await signedInDevice(server);
    const checkout = await startAt(client, provider);
    const activation = { ...checkout, amountMinor: 49_900, currency: 'EGP' };
    const before = await licenceOf(server, device.id);
    const minutes = (n: number) => Date.now() + n * 60_000;
    for (const [name, delivery] of [
      ['another key', headerSignedOpay(server, provider, activation, { secret: 'OPAYPRV-not-the-key' })],
      ['a stale RequestTimestamp', headerSignedOpay(server, provider, activation, { sentAt: minutes(-11) })],
      ['a RequestTimestamp ahead', headerSignedOpay(server, provider, activation, { sentAt: minutes(11) })],
      ['another MerchantId', headerSignedOpay(server, provider, activation, { merchantId: '256600000000001' })],
    ] as const) {
      const answer = await deliver(server, delivery);
      expect({ name, status: answer.status }).toEqual({ name, status: 401 });
    }
    // The body changed after signing (the amount lowered): refused too.
    const signed = headerSignedOpay(server, provider, activation);
    const tampered = { ...signed, rawBody: signed.rawBody.replace('"total":49900', '"total":100') };
    expect((await deliver(server, tampered)).status).toBe(401);
    expect(await activationStatus(server, checkout.id)).toBe('pending');
    expect(await licenceOf(server, device.id)).toEqual(before);
    expect(await webhookOutcomes(server, provider, checkout.providerReference)).toEqual(
      Array(5).fill('refused-signature'),
    );
    // Signed right and sent now: the same order is paid.
    expect((await deliver(server, headerSignedOpay(server, provider, activation))).status).toBe(200);
    expect(await activationStatus(server, checkout.id)).toBe('paid');
  });

  it("Pay, then the merchant refunds through OPay's refund API: the licence is taken back", async () => {
    const { client, device } = await signedInDevice(server);
    const checkout = await startAt(client, provider);
    expect(await press(checkout.url, 'pay')).toBe(SUCCESS());
    const paid = await account(client);
    expect(paid.status).toBe('ACTIVE');
    // The Egyptian account's currency and price.
    expect(paid.payments).toEqual([{ status: 'PAID', amount: '499.00', currency: 'EGP', partialPayment: null }]);

    // Signed with another key, or for a part of the amount: refused, nothing changes.
    expect(await refund(checkout.id, {}, 'OPAYPRV-not-the-key')).toMatchObject({ code: '02000' });
    expect(await refund(checkout.id, { amount: { currency: 'EGP', total: 100 } })).toMatchObject({
      code: '02001',
      message: expect.stringMatching(/whole amount/),
    });
    expect(await refund(checkout.id, { callbackUrl: 'https://evil.example/cb' })).toMatchObject({ code: '02001' });
    expect((await account(client)).status).toBe('ACTIVE');

    expect(await refund(checkout.id)).toMatchObject({
      code: '00000',
      data: {
        originalReference: checkout.id,
        refundAmount: { total: 49_900, currency: 'EGP' },
        orderStatus: 'SUCCESS',
      },
    });
    expect(await webhookOutcomes(server, provider, checkout.id)).toEqual(['activated', 'refunded']);
    const after = await account(client);
    expect(after.status).not.toBe('ACTIVE');
    expect(after.payments.map((p) => p.status)).toEqual(['REFUNDED']);
    // Bought during the trial, the year started at the trial's end: refunded, nothing paid is left.
    expect((await licenceOf(server, device.id)).expiresAt).toBeNull();

    // The order is refunded: a second refund is refused.
    expect(await refund(checkout.id)).toMatchObject({ code: '02001', message: expect.stringMatching(/refunded/) });
  });

  it('a bank transfer stays pending until it arrives; a declined card fails; cancelling closes the order', async () => {
    const { client } = await signedInDevice(server);
    const transfer = await startAt(client, provider);
    expect(await press(transfer.url, 'transfer')).toBe(SUCCESS());
    expect(await webhookOutcomes(server, provider, transfer.id)).toEqual(['pending']);
    expect((await account(client)).payments.map((p) => p.status)).toEqual(['PENDING']);
    // The transfer arrives.
    expect(await press(transfer.url, 'pay')).toBe(SUCCESS());
    expect(await webhookOutcomes(server, provider, transfer.id)).toEqual(['pending', 'activated']);
    expect((await account(client)).status).toBe('ACTIVE');

    const other = await signedInDevice(server);
    const declined = await startAt(other.client, provider);
    expect(await press(declined.url, 'decline')).toBe(CANCELLED());
    expect(await activationStatus(server, declined.id)).toBe('failed');
    const closed = await startAt(other.client, provider);
    expect(await press(closed.url, 'cancel')).toBe(CANCELLED());
    expect(await activationStatus(server, closed.id)).toBe('cancelled');
    const seen = await account(other.client);
    expect(seen.status).toBe('TRIAL');
    expect(seen.payments.map((p) => p.status).sort()).toEqual(['CANCELLED', 'FAILED']);
    // Nothing paid, nothing to refund.
    expect(await refund(declined.id)).toMatchObject({ code: '02001', message: expect.stringMatching(/failed/) });
  });

  describe('cashier create', () => {
    const create = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/sandbox/${provider}/api/v1/international/cashier/create`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${sandboxKeys(server).opayPublicKey}`,
          merchantid: sandboxKeys(server).opayMerchantId,
          ...headers,
        },
        body: JSON.stringify(body),
      }).then((res) => res.json() as Promise<Record<string, any>>);
    const valid = () => ({
      country: 'EG',
      reference: randomUUID(),
      amount: { total: 49_900, currency: 'EGP' },
      returnUrl: SUCCESS(),
      callbackUrl: `${server.url}/webhooks/${provider}`,
      cancelUrl: CANCELLED(),
      product: { name: 'Licence', description: 'Licence (365 days)' },
    });

    it("takes the account's currency and answers the cashier page on this site", async () => {
      const answer = await create(valid());
      expect(answer).toMatchObject({
        code: '00000',
        data: { status: 'INITIAL', amount: { total: 49_900, currency: 'EGP' } },
      });
      expect(answer.data.cashierUrl).toBe(`${server.url}/sandbox/${provider}/checkout/${answer.data.orderNo}`);
    });

    it.each([
      ['another public key', {}, { authorization: 'Bearer OPAYPUB-other' }, '02000'],
      ['another merchant id', {}, { merchantid: '256600000000001' }, '02000'],
      ['a callback to another site', { callbackUrl: 'https://evil.example/cb' }, {}, '02001'],
      ['a callback to another port of this machine', { callbackUrl: 'http://127.0.0.1:6379/cb' }, {}, '02001'],
      ['a return to another site', { returnUrl: 'https://evil.example/' }, {}, '02001'],
      ['an amount that is not in cents', { amount: { total: 499.5, currency: 'EGP' } }, {}, '02001'],
      ['a currency that is no currency code', { amount: { total: 49_900, currency: 'egp' } }, {}, '02001'],
    ])('refuses %s', async (_name, change, headers, code) => {
      const answer = await create({ ...valid(), ...change }, headers);
      expect(answer).toMatchObject({ code, data: null });
      expect(answer.message).toMatch(/authentication failed|request parameter error/);
    });
  });
});
