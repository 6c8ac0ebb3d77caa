import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nowPaymentsIpn, signedIpn, type StartedActivation } from '../support/payments';
import { count, startTestServer, type TestServer } from '../support/server';

/**
 * Issue "TV tokens and link codes an owner can trust, and no 5xx left", part 3: a webhook for a payment provider
 * this server has no credentials for (and whose sandbox stand-in is off, as in production) is a path that does
 * not exist here: 404, without calling anything. Before the fix, PayPal's answered 503 after the server called its
 * own stand-in's URL (404 in production), which has PayPal retry for days; the other four answered 401. A 503 is
 * kept for the database being away; a provider's API that cannot be reached is a 502, a fault of ours a 500.
 */

/** Every URL the server fetches while a test runs (the tests' own requests go through node:http). */
const fetched: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) => {
    fetched.push(input instanceof Request ? input.url : String(input));
    return realFetch(input, init);
  }) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** A delivery posted as a provider's HTTP client posts it, without fetch (which the test watches). */
function post(url: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; json: any; headers: Record<string, unknown> }>((resolve, reject) => {
    const target = new URL(url);
    const req = request(
      { method: 'POST', host: target.hostname, port: target.port, path: target.pathname, headers },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A delivery of each provider's shape, signed with keys the server cannot know (it has none). */
function deliveries(): Array<{ provider: string; body: string; headers: Record<string, string> }> {
  const json = { 'content-type': 'application/json', 'user-agent': 'provider-under-test/1.0' };
  const ipn = { payment_id: 5077125051, payment_status: 'finished', order_id: randomUUID(), price_amount: 8.99 };
  const opay = { reference: randomUUID(), status: 'SUCCESS', amount: '89900', currency: 'EGP' };
  const cowpay = {
    cowpay_reference_id: 1,
    merchant_reference_id: randomUUID(),
    order_status: 'PAID',
    amount: '899.00',
  };
  const event = {
    id: `WH-${randomUUID().slice(0, 17)}`,
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource_type: 'capture',
    resource: { id: 'CAPTURE1', status: 'COMPLETED', amount: { currency_code: 'EUR', value: '8.99' } },
  };
  return [
    {
      provider: 'paypal',
      body: JSON.stringify(event),
      headers: {
        ...json,
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42',
        'paypal-transmission-id': randomUUID(),
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': createHmac('sha256', 'guess').update('x').digest('base64'),
      },
    },
    {
      provider: 'crypto',
      body: JSON.stringify(ipn),
      headers: { ...json, 'x-nowpayments-sig': createHmac('sha512', 'guess').update('x').digest('hex') },
    },
    ...(['opay', 'opay1'] as const).map((provider) => ({
      provider,
      body: JSON.stringify({ payload: opay, sha512: 'a'.repeat(128), type: 'transaction-status' }),
      headers: json,
    })),
    {
      provider: 'cowpay',
      body: JSON.stringify({ ...cowpay, signature: createHash('md5').update('guess').digest('hex') }),
      headers: json,
    },
  ];
}

describe('in production, a provider with no credentials', () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer({ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: undefined });
  });
  afterAll(() => prod?.stop());

  it.each(['paypal', 'crypto', 'opay', 'opay1', 'cowpay'])(
    'has no webhook: /webhooks/%s is a 404, and nothing is called or recorded',
    async (provider) => {
      const delivery = deliveries().find((d) => d.provider === provider)!;
      const eventsBefore = await count(prod, 'payment_events');
      fetched.length = 0;
      const answer = await post(`${prod.url}/webhooks/${provider}`, delivery.body, delivery.headers);
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ status: 'error', message: 'No such payment provider.' });
      expect(answer.headers['cache-control']).toBe('no-store');
      // Not its own stand-in (absent in production), not the provider's API.
      expect(fetched).toEqual([]);
      expect(await count(prod, 'payment_events')).toBe(eventsBefore);
    },
  );

  it('offers no checkout with those providers either (what the webhook would confirm)', async () => {
    // ibostore too is offered only with IBOSTORE_URL set.
    expect(prod.services.pricing.methods).toEqual([]);
  });
});

describe('in production with PAYMENT_SANDBOX=true', () => {
  it('the server refuses to start: the stand-ins would hand out licences without money', async () => {
    await expect(
      startTestServer({ NODE_ENV: 'production', CAPTCHA_TEST_ANSWER: undefined, PAYMENT_SANDBOX: 'true' }),
    ).rejects.toThrow(/PAYMENT_SANDBOX must not be true when NODE_ENV=production/);
  });
});

describe('a provider with credentials whose API cannot be reached', () => {
  let server: TestServer;
  let closed: Server;
  beforeAll(async () => {
    // A port that was just free: nothing listens there once the server below is closed.
    closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    server = await startTestServer({
      PAYPAL_API_URL: `http://127.0.0.1:${port}`,
      PAYPAL_CLIENT_ID: 'real-client-id',
      PAYPAL_CLIENT_SECRET: 'real-client-secret',
      PAYPAL_WEBHOOK_ID: 'WH-REAL',
    });
  });
  afterAll(() => server?.stop());

  it('is answered 502 (PayPal away, retry later), not 503 (our database away)', async () => {
    const delivery = deliveries().find((d) => d.provider === 'paypal')!;
    fetched.length = 0;
    const answer = await post(`${server.url}/webhooks/paypal`, delivery.body, delivery.headers);
    expect(answer.status).toBe(502);
    expect(answer.json).toEqual({ status: 'error', message: 'The payment provider could not be reached.' });
    expect(fetched.some((url) => url.startsWith('http://127.0.0.1:'))).toBe(true);
  });
});

describe('a webhook the database cannot take, or that meets a fault of ours', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  /** A crypto IPN the stand-in's keys sign: verified, then handed to the ledger. */
  function ipn() {
    const activation = { id: randomUUID(), providerReference: '4522625843' } as StartedActivation;
    const delivery = signedIpn(server, nowPaymentsIpn(activation));
    return { body: delivery.rawBody, headers: { 'content-type': 'application/json', ...delivery.headers } };
  }

  it('answers 503 with Retry-After only when the database is away', async () => {
    const spy = jest
      .spyOn(server.services.ledger, 'confirm')
      .mockRejectedValueOnce(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      );
    try {
      const delivery = ipn();
      const answer = await post(`${server.url}/webhooks/crypto`, delivery.body, delivery.headers);
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json).toEqual({ status: 'error', message: 'Try again later.' });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 409 when a concurrent change rolled its transaction back (the provider retries)', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { driverError: { code: '40P01' } });
    const spy = jest.spyOn(server.services.ledger, 'confirm').mockRejectedValueOnce(deadlock);
    try {
      const delivery = ipn();
      const answer = await post(`${server.url}/webhooks/crypto`, delivery.body, delivery.headers);
      expect(answer.status).toBe(409);
      expect(answer.json).toEqual({ status: 'error', message: 'Try again later.' });
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 500 to a fault of ours, which is no outage', async () => {
    const spy = jest.spyOn(server.services.ledger, 'confirm').mockRejectedValueOnce(new TypeError('a bug'));
    try {
      const delivery = ipn();
      const answer = await post(`${server.url}/webhooks/crypto`, delivery.body, delivery.headers);
      expect(answer.status).toBe(500);
      expect(answer.json).toEqual({
        status: 'error',
        message: 'Something went wrong on our side. Please try again later.',
      });
    } finally {
      spy.mockRestore();
    }
  });
});
