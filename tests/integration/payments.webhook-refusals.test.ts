import { randomUUID } from 'node:crypto';
import {
  activationStatus,
  cowpayBody,
  daysFromNow,
  deliver,
  licenceOf,
  nowPaymentsIpn,
  nowPaymentsSignature,
  opayCallback,
  opayPayload,
  opaySignature,
  paypalDelivery,
  paypalEvent,
  portalView,
  signedCowpay,
  signedIpn,
  signedOpay,
  startCheckout,
  startPayPalOrder,
  webhookOutcomes,
  type Delivery,
  type StartedActivation,
  YEAR_AFTER_TRIAL,
} from '../support/payments';
import { count, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Forged and refused confirmations: whatever arrives at /webhooks/{provider} without the provider's valid
 * signature, or signed but not matching the checkout, activates nothing, is answered 4xx, and is written to the
 * audit trail with what was wrong.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const OTHER_SECRET = 'not-the-provider-secret-0123456789';

type Method = Parameters<typeof startCheckout>[2];

/** A signed-in device with a pending checkout of `method`. */
async function pendingCheckout(method: Method | 'paypal') {
  const device = await signedInDevice(server);
  const activation =
    method === 'paypal'
      ? await startPayPalOrder(server, device.client)
      : await startCheckout(server, device.client, method);
  return { ...device, activation };
}

/** What the owner and the operator would see if nothing was applied: still on trial, no payment. */
async function expectNothingApplied(subject: {
  client: Parameters<typeof portalView>[0];
  activation: StartedActivation;
}) {
  expect(await licenceOf(server, subject.activation.deviceId)).toEqual({
    expiresAt: null,
    lifetime: false,
    payments: 0,
  });
  expect(await activationStatus(server, subject.activation.id)).toBe('pending');
  const seen = await portalView(subject.client);
  expect(seen.status).toBe('TRIAL');
  expect(seen.payments.map((p) => p.status)).toEqual(['PENDING']);
}

async function expectActivatedOnce(subject: { activation: StartedActivation }) {
  const licence = await licenceOf(server, subject.activation.deviceId);
  expect(licence.payments).toBe(1);
  expect(daysFromNow(licence.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
  expect(await activationStatus(server, subject.activation.id)).toBe('paid');
}

describe('NOWPayments IPNs that are not signed by NOWPayments', () => {
  const cases: [string, (server: TestServer, ipn: ReturnType<typeof nowPaymentsIpn>) => Delivery][] = [
    [
      'with no x-nowpayments-sig header',
      (_s, ipn) => ({ provider: 'crypto', rawBody: JSON.stringify(ipn), headers: {} }),
    ],
    ['signed with another secret', (s, ipn) => signedIpn(s, ipn, OTHER_SECRET)],
    [
      'with a signature that is not a hex digest',
      (_s, ipn) => ({ provider: 'crypto', rawBody: JSON.stringify(ipn), headers: { 'x-nowpayments-sig': 'forged' } }),
    ],
    [
      // A genuine IPN for a payment still waiting, its status changed to finished after signing.
      'changed after signing (waiting turned into finished)',
      (s, ipn) => ({
        ...signedIpn(s, { ...ipn, payment_status: 'waiting' }),
        rawBody: JSON.stringify(ipn),
      }),
    ],
    [
      'changed after signing (another order_id put in)',
      (s, ipn) => ({ ...signedIpn(s, ipn), rawBody: JSON.stringify({ ...ipn, order_id: randomUUID() }) }),
    ],
  ];

  it.each(cases)('%s: refused with 401, recorded, nothing activated', async (_name, forge) => {
    const subject = await pendingCheckout('crypto');
    const ipn = nowPaymentsIpn(subject.activation);
    const forged = forge(server, ipn);
    const before = await count(server, 'payments');

    const answer = await deliver(server, forged);
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ status: 'error', outcome: 'refused-signature' });
    // Retried by whoever sent it, it is refused again.
    expect((await deliver(server, forged)).status).toBe(401);

    await expectNothingApplied(subject);
    expect(await count(server, 'payments')).toBe(before);
    expect(await webhookOutcomes(server, 'crypto', String(ipn.payment_id))).toEqual([
      'refused-signature',
      'refused-signature',
    ]);

    // The same confirmation, signed by NOWPayments, is the one that activates.
    const genuine = await deliver(server, signedIpn(server, ipn));
    expect(genuine.json.outcome).toBe('activated');
    await expectActivatedOnce(subject);
  });
});

describe('NOWPayments IPNs that are signed but do not match the checkout', () => {
  it.each([
    ['for the wrong amount (1.00 instead of 8.99)', { price_amount: 1.0 }, 'refused-amount'],
    ['for the wrong amount (8.98)', { price_amount: 8.98 }, 'refused-amount'],
    ['in the wrong currency (usd)', { price_currency: 'usd' }, 'refused-currency'],
  ])('%s: refused with 422, recorded, nothing activated', async (_name, change, outcome) => {
    const subject = await pendingCheckout('crypto');
    const ipn = nowPaymentsIpn(subject.activation, change);
    const before = await count(server, 'payments');

    const answer = await deliver(server, signedIpn(server, ipn));
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ status: 'error', outcome });
    // NOWPayments retries what it was refused: the retry is refused the same way, not taken as a duplicate.
    const retried = await deliver(server, signedIpn(server, ipn));
    expect(retried.status).toBe(422);
    expect(retried.json.outcome).toBe(outcome);

    await expectNothingApplied(subject);
    expect(await count(server, 'payments')).toBe(before);
    expect(await webhookOutcomes(server, 'crypto', String(ipn.payment_id))).toEqual([outcome, outcome]);
  });

  it("naming device A's checkout with device B's invoice: refused as a mismatch, neither device activated", async () => {
    const a = await pendingCheckout('crypto');
    const b = await pendingCheckout('crypto');
    const ipn = nowPaymentsIpn(a.activation, { invoice_id: Number(b.activation.providerReference) });

    const answer = await deliver(server, signedIpn(server, ipn));
    expect(answer.status).toBe(422);
    expect(answer.json.outcome).toBe('refused-mismatch');

    await expectNothingApplied(a);
    await expectNothingApplied(b);
    expect(await webhookOutcomes(server, 'crypto', String(ipn.payment_id))).toEqual(['refused-mismatch']);
  });

  // Genuine (signed) but about no checkout of ours, e.g. another shop on the same NOWPayments account: answered 200
  // 'ignored' so the provider stops retrying for days, recorded each time, and nothing changes.
  it.each([
    ['for an order_id that is no checkout', { order_id: randomUUID() }],
    ['for an order_id that is not an id', { order_id: "1' OR '1'='1" }],
    ['with no order_id', { order_id: undefined }],
  ])('%s: answered 200 ignored, recorded, nothing activated', async (_name, change) => {
    const subject = await pendingCheckout('crypto');
    const ipn = nowPaymentsIpn(subject.activation, change);
    const before = await count(server, 'payments');
    const answer = await deliver(server, signedIpn(server, ipn));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'ok', outcome: 'ignored' });
    await expectNothingApplied(subject);
    expect(await count(server, 'payments')).toBe(before);
    expect(await webhookOutcomes(server, 'crypto', String(ipn.payment_id))).toEqual(['ignored']);
  });

  it('naming a checkout of another method (an OPay order): ignored, the OPay checkout untouched', async () => {
    const subject = await pendingCheckout('opay');
    const ipn = nowPaymentsIpn(subject.activation);
    const answer = await deliver(server, signedIpn(server, ipn));
    expect(answer.status).toBe(200);
    expect(answer.json.outcome).toBe('ignored');
    await expectNothingApplied(subject);
  });

  it('replayed long after it was applied: answered 200 duplicate, the licence is not extended again', async () => {
    const subject = await pendingCheckout('crypto');
    const first = nowPaymentsIpn(subject.activation);
    expect((await deliver(server, signedIpn(server, first))).json.outcome).toBe('activated');
    // Other traffic in between: the device pays a second year.
    const second = await startCheckout(server, subject.client, 'crypto');
    expect((await deliver(server, signedIpn(server, nowPaymentsIpn(second)))).json.outcome).toBe('activated');
    const twoYears = await licenceOf(server, subject.activation.deviceId);
    expect(daysFromNow(twoYears.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL + 365, 1);

    const replay = await deliver(server, signedIpn(server, first));
    expect(replay.status).toBe(200);
    expect(replay.json.outcome).toBe('duplicate');
    expect(await licenceOf(server, subject.activation.deviceId)).toEqual(twoYears);
    expect(await webhookOutcomes(server, 'crypto', String(first.payment_id))).toEqual(['activated', 'duplicate']);
  });
});

describe.each(['opay', 'opay1'] as const)('%s callbacks that are not signed by OPay', (provider) => {
  const cases: [string, (payload: ReturnType<typeof opayPayload>) => Delivery][] = [
    ['with no sha512', (payload) => opayCallback(provider, payload, undefined)],
    ['with a bad sha512 (another secret key)', (payload) => signedOpay(server, provider, payload, OTHER_SECRET)],
    ['with a sha512 that is not a digest', (payload) => opayCallback(provider, payload, 'deadbeef')],
    [
      'changed after signing (INITIAL turned into SUCCESS)',
      (payload) =>
        opayCallback(
          provider,
          payload,
          opaySignature(server.services.payments.providers.sandboxKeys.opaySecretKey, {
            ...payload,
            status: 'INITIAL',
          }),
        ),
    ],
  ];

  it.each(cases)('%s: refused with 401, recorded, nothing activated', async (_name, forge) => {
    const subject = await pendingCheckout(provider);
    const payload = opayPayload(subject.activation);
    const answer = await deliver(server, forge(payload));
    expect(answer.status).toBe(401);
    expect(answer.json.outcome).toBe('refused-signature');
    await expectNothingApplied(subject);
    expect(await webhookOutcomes(server, provider, payload.transactionId)).toEqual(['refused-signature']);

    const genuine = await deliver(server, signedOpay(server, provider, payload));
    expect(genuine.json.outcome).toBe('activated');
    await expectActivatedOnce(subject);
  });
});

describe('Cowpay callbacks that are not signed by Cowpay', () => {
  const cases: [string, (body: Record<string, unknown>) => Delivery][] = [
    ['with no signature', (body) => ({ provider: 'cowpay', rawBody: JSON.stringify(body), headers: {} })],
    ['with a bad signature (another hash key)', (body) => signedCowpay(server, body, OTHER_SECRET)],
    [
      'with a signature that is not an md5 digest',
      (body) => ({ provider: 'cowpay', rawBody: JSON.stringify({ ...body, signature: 'x'.repeat(32) }), headers: {} }),
    ],
    [
      'changed after signing (UNPAID turned into PAID)',
      (body) => {
        const signed = JSON.parse(signedCowpay(server, { ...body, order_status: 'UNPAID' }).rawBody);
        return { provider: 'cowpay', rawBody: JSON.stringify({ ...signed, order_status: 'PAID' }), headers: {} };
      },
    ],
  ];

  it.each(cases)('%s: refused with 401, recorded, nothing activated', async (_name, forge) => {
    const subject = await pendingCheckout('cowpay');
    const body = cowpayBody(subject.activation);
    const answer = await deliver(server, forge(body));
    expect(answer.status).toBe(401);
    expect(answer.json.outcome).toBe('refused-signature');
    await expectNothingApplied(subject);
    expect(await webhookOutcomes(server, 'cowpay', subject.activation.id)).toEqual(['refused-signature']);

    const genuine = await deliver(server, signedCowpay(server, body));
    expect(genuine.json.outcome).toBe('activated');
    await expectActivatedOnce(subject);
  });
});

describe('PayPal webhooks that PayPal does not verify', () => {
  const cases: [string, (event: ReturnType<typeof paypalEvent>) => Delivery][] = [
    ['with no transmission headers', (event) => ({ provider: 'paypal', rawBody: JSON.stringify(event), headers: {} })],
    [
      'with a transmission id but no signature',
      (event) => {
        const { 'paypal-transmission-sig': _sig, ...headers } = paypalDelivery(server, event).headers;
        return { provider: 'paypal', rawBody: JSON.stringify(event), headers };
      },
    ],
    [
      'with a forged transmission signature',
      (event) => {
        const delivery = paypalDelivery(server, event);
        return {
          ...delivery,
          headers: { ...delivery.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
        };
      },
    ],
    ['signed with another secret', (event) => paypalDelivery(server, event, OTHER_SECRET)],
    [
      // A genuine event for a one-cent capture, its amount raised to the price after signing.
      'changed after signing (0.01 raised to 8.99)',
      (event) => {
        const delivery = paypalDelivery(server, {
          ...event,
          resource: { ...event.resource, amount: { currency_code: 'EUR', value: '0.01' } },
        });
        return { ...delivery, rawBody: JSON.stringify(event) };
      },
    ],
  ];

  it.each(cases)('%s: refused with 401, recorded, nothing activated', async (_name, forge) => {
    const subject = await pendingCheckout('paypal');
    const event = paypalEvent(subject.activation);
    const answer = await deliver(server, forge(event));
    expect(answer.status).toBe(401);
    expect(answer.json.outcome).toBe('refused-signature');
    await expectNothingApplied(subject);
    expect(await webhookOutcomes(server, 'paypal', event.id)).toEqual(['refused-signature']);

    const genuine = await deliver(server, paypalDelivery(server, event));
    expect(genuine.json.outcome).toBe('activated');
    await expectActivatedOnce(subject);
  });
});

describe('webhook bodies that cannot be read', () => {
  const someSignature = nowPaymentsSignature('any', {});

  it.each(['crypto', 'opay', 'opay1', 'cowpay', 'paypal'])(
    'malformed JSON to %s: 400, recorded as refused-malformed, nothing created',
    async (provider) => {
      const marker = randomUUID();
      const before = { activations: await count(server, 'activations'), payments: await count(server, 'payments') };
      const answer = await deliver(server, {
        provider,
        rawBody: `{"marker":"${marker}","payment_status":"finished",`,
        headers: { 'x-nowpayments-sig': someSignature },
      });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ status: 'error', outcome: 'refused-malformed' });
      expect(await webhookOutcomes(server, provider, marker)).toEqual(['refused-malformed']);
      expect({ activations: await count(server, 'activations'), payments: await count(server, 'payments') }).toEqual(
        before,
      );
    },
  );

  it.each([
    ['an empty body', ''],
    ['a JSON array', '[{"payment_status":"finished"}]'],
    ['JSON null', 'null'],
    ['a NUL character', `{"payment_id":1,"payment_status":"finished","order_id":"a\\u0000b"}`],
    ['raw NUL bytes', '\u0000\u0000{"payment_id":1}'],
  ])('%s to every provider: refused with 4xx, never a server error', async (_name, rawBody) => {
    const notRefused = [];
    for (const provider of ['crypto', 'opay', 'opay1', 'cowpay', 'paypal']) {
      for (const headers of [{}, { 'x-nowpayments-sig': someSignature }] as Record<string, string>[]) {
        const answer = await deliver(server, { provider, rawBody, headers });
        if (answer.status < 400 || answer.status >= 500 || answer.json?.status !== 'error') {
          notRefused.push({ provider, signed: 'x-nowpayments-sig' in headers, status: answer.status });
        }
      }
    }
    expect(notRefused).toEqual([]);
  });

  it.each([
    [
      'cowpay',
      'an object as the amount',
      { signature: 'cd'.repeat(32), amount: { toString: 0 }, order_status: 'PAID' },
    ],
    ['cowpay', 'a list nested 20,000 deep as the status', { signature: 'cd'.repeat(32), order_status: 'DEEP' }],
    ['opay', 'an object as the currency', { sha512: 'ab'.repeat(64), payload: { currency: { toString: 0 } } }],
    ['opay1', 'a list as the transaction id', { sha512: 'ab'.repeat(64), payload: { transactionId: [[1], 2] } }],
    ['crypto', 'a body nested 20,000 deep', { payment_id: 1, payment_status: 'finished', x: 'DEEP' }],
  ] as const)(
    '%s with %s: 400 refused-malformed, never a 503 that has it retried (found by fuzzing)',
    async (provider, _name, body) => {
      const marker = randomUUID();
      const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
      const rawBody = JSON.stringify({ marker, ...body }).replace('"DEEP"', deep);
      const answer = await deliver(server, { provider, rawBody, headers: { 'x-nowpayments-sig': someSignature } });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ status: 'error', outcome: 'refused-malformed' });
      expect(await webhookOutcomes(server, provider, marker)).toEqual(['refused-malformed']);
    },
  );

  it.each(['crypto', 'opay', 'opay1', 'cowpay', 'paypal'])(
    'a forged delivery to %s whose recorded excerpt cuts an emoji in two: 4xx and recorded, never a 503 (found by fuzzing)',
    async (provider) => {
      const marker = randomUUID();
      // The audit trail keeps the first 2,000 characters: the emoji's first half is the last of them.
      const prefix = `{"marker":"${marker}","x":"`;
      const rawBody = `${prefix}${'a'.repeat(1999 - prefix.length)}😀","escaped":"\\ud83d","sha512":"${'ab'.repeat(64)}","signature":"${'cd'.repeat(32)}","payload":{}}`;
      const answer = await deliver(server, {
        provider,
        rawBody,
        headers: { 'x-nowpayments-sig': someSignature, 'paypal-transmission-sig': 'x', 'paypal-transmission-id': 'y' },
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(await webhookOutcomes(server, provider, marker)).toEqual([answer.json.outcome]);
    },
  );

  it('a body over 256 kB: refused with 413', async () => {
    const answer = await deliver(server, {
      provider: 'crypto',
      rawBody: `{"x":"${'y'.repeat(300_000)}"}`,
      headers: {},
    });
    expect(answer.status).toBe(413);
  });

  it.each(['nope', 'ibostore', 'CRYPTO', '__proto__', 'constructor'])(
    'an unknown provider path /webhooks/%s: 404, nothing recorded',
    async (name) => {
      const events = await count(server, 'payment_events');
      const answer = await deliver(server, { provider: name, rawBody: '{"payment_status":"finished"}', headers: {} });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ status: 'error', message: 'No such payment provider.' });
      expect(await count(server, 'payment_events')).toBe(events);
    },
  );
});

describe('forged deliveries from one address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ WEBHOOK_REFUSALS_PER_IP_PER_HOUR: '3', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => limited.stop());

  it('are recorded small, and past the limit answered 429 and no longer recorded', async () => {
    const marker = randomUUID();
    const forged = (from: string) =>
      fetch(`${limited.url}/webhooks/crypto`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': 'ab'.repeat(64), 'x-forwarded-for': from },
        body: JSON.stringify({ payment_status: 'finished', order_id: marker, padding: 'x'.repeat(5000) }),
      });
    const before = await count(limited, 'payment_events');
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await forged('198.51.100.7')).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another address is counted on its own.
    expect((await forged('198.51.100.8')).status).toBe(401);
    expect(await count(limited, 'payment_events')).toBe(before + 4);
    const [longest] = await limited.db.dataSource.query(
      `SELECT max(length(payload->>'body'))::int AS n FROM payment_events WHERE payload->>'body' LIKE $1`,
      [`%${marker}%`],
    );
    expect(longest.n).toBe(500);
  });
});
