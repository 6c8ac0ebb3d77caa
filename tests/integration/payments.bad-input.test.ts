import { messages } from '../../common/messages';
import { LIFETIME_MESSAGE } from '../../server/src/payments/payment.service';

const CONTROL_CHARACTERS_MESSAGE = messages.payment.controlCharacters;
import { CHECKOUT_BODIES, licenceOf, portalView, startPayPalOrder } from '../support/payments';
import { count, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Bad input on every payment endpoint, REST and GraphQL: refused with the spec's messages under the names the
 * caller used, never a server error, and nothing created.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Client = ReturnType<TestServer['client']>;
type Answer = Awaited<ReturnType<Client['request']>>;

const SAVE = '/frontend/device/saveActivation';
const m = messages.payment;
const HUGE = 'x'.repeat(100_000);
const CHOOSE = 'Choose one of the payment methods offered.';

/** Runs a call that must be refused and checks it created no activation (and no payment). */
async function refusedWithoutCreating(call: () => Promise<Answer>): Promise<Answer> {
  const before = { activations: await count(server, 'activations'), payments: await count(server, 'payments') };
  const answer = await call();
  expect({ activations: await count(server, 'activations'), payments: await count(server, 'payments') }).toEqual(
    before,
  );
  return answer;
}

let owner: Awaited<ReturnType<typeof signedInDevice>>;
beforeAll(async () => {
  owner = await signedInDevice(server);
});

function without<T extends object>(body: T, field: keyof T) {
  const { [field]: _dropped, ...rest } = body;
  return rest;
}

describe('REST saveActivation with missing or invalid payer details', () => {
  const cowpay = CHECKOUT_BODIES.cowpay;
  const crypto = CHECKOUT_BODIES.crypto;
  it.each([
    ['cowpay without first_name', without(cowpay, 'first_name'), 'first_name', m.firstNameRequired],
    ['cowpay with an empty first_name', { ...cowpay, first_name: '' }, 'first_name', m.firstNameRequired],
    ['cowpay with a blank first_name', { ...cowpay, first_name: '   ' }, 'first_name', m.firstNameRequired],
    ['cowpay without last_name', without(cowpay, 'last_name'), 'last_name', m.lastNameRequired],
    ['cowpay with an 18-character first_name', { ...cowpay, first_name: 'A'.repeat(18) }, 'first_name', m.nameTooLong],
    ['cowpay with an 18-character last_name', { ...cowpay, last_name: 'H'.repeat(18) }, 'last_name', m.nameTooLong],
    ['cowpay without email', without(cowpay, 'email'), 'email', m.emailRequired],
    ['cowpay with an email without a domain', { ...cowpay, email: 'amira@example' }, 'email', m.emailInvalid],
    ['cowpay with an email without @', { ...cowpay, email: 'amira.example.com' }, 'email', m.emailInvalid],
    ['cowpay with an email with a space', { ...cowpay, email: 'am ira@example.com' }, 'email', m.emailInvalid],
    ['cowpay without phone_number', without(cowpay, 'phone_number'), 'phone_number', m.mobileRequired],
    ['cowpay with a too short phone_number', { ...cowpay, phone_number: '+20123' }, 'phone_number', m.mobileInvalid],
    [
      'cowpay with a national phone_number',
      { ...cowpay, phone_number: '01001234567' },
      'phone_number',
      m.mobileInvalid,
    ],
    ['crypto without coin_type', without(crypto, 'coin_type'), 'coin_type', m.coinTypeRequired],
    ['crypto with an empty coin_type', { ...crypto, coin_type: '' }, 'coin_type', m.coinTypeRequired],
    ['crypto with a coin not offered', { ...crypto, coin_type: 'DOGE' }, 'coin_type', m.coinTypeInvalid],
    ['crypto without email', without(crypto, 'email'), 'email', m.emailRequired],
    ['crypto with an invalid email', { ...crypto, email: 'payer@' }, 'email', m.emailInvalid],
    ['no payment_type', without(crypto, 'payment_type'), 'payment_type', CHOOSE],
    ['an unknown payment_type', { ...crypto, payment_type: 'bitcoin' }, 'payment_type', CHOOSE],
    ['payment_type paypal', { payment_type: 'paypal' }, 'payment_type', 'PayPal is paid with its own buttons.'],
    [
      'payment_type ibostore',
      { payment_type: 'ibostore' },
      'payment_type',
      'ibostore is paid on its own activation page.',
    ],
  ])('%s: 400 with the message under its REST name, nothing created', async (_name, body, field, message) => {
    const answer = await refusedWithoutCreating(() => owner.client.request('POST', SAVE, { body }));
    expect(answer.status).toBe(400);
    expect(answer.json.status).toBe('error');
    expect(answer.json.errors).toEqual({ [field]: message });
  });

  it('cowpay with nothing filled in: every missing field at once, under the REST names', async () => {
    const answer = await refusedWithoutCreating(() =>
      owner.client.request('POST', SAVE, {
        body: { first_name: '', last_name: '', email: '', phone_number: '', coin_type: '', payment_type: 'cowpay' },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual({
      first_name: m.firstNameRequired,
      last_name: m.lastNameRequired,
      email: m.emailRequired,
      phone_number: m.mobileRequired,
    });
  });

  it('accepts names of exactly 17 characters (the limit is inclusive)', async () => {
    const { client } = await signedInDevice(server);
    const answer = await client.request('POST', SAVE, {
      body: { ...cowpay, first_name: 'A'.repeat(17), last_name: 'Ελληνικάααααααααα' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.status).toBe('success');
  });
});

describe('REST saveActivation with fields it does not take', () => {
  it.each([
    ['amount', { ...CHECKOUT_BODIES.opay, amount: '0.01' }, 'Unknown field: "amount".'],
    [
      'device_id',
      { ...CHECKOUT_BODIES.opay, device_id: '00000000-0000-0000-0000-000000000000' },
      'Unknown field: "device_id".',
    ],
    [
      'status',
      { ...CHECKOUT_BODIES.opay, status: 'paid', licence_days: 36500 },
      'Unknown fields: "status", "licence_days".',
    ],
    ['paymentType (the graph name)', { paymentType: 'opay' }, 'Unknown field: "paymentType".'],
  ])('%s: 400 naming the field, nothing created', async (_name, body, message) => {
    const answer = await refusedWithoutCreating(() => owner.client.request('POST', SAVE, { body }));
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(message);
  });

  it.each([
    ['__proto__', '{"payment_type":"opay","__proto__":{"status":"paid"}}'],
    ['constructor', '{"payment_type":"opay","constructor":{"prototype":{"status":"paid"}}}'],
  ])('%s in the JSON: 400, nothing created', async (name, rawBody) => {
    const answer = await refusedWithoutCreating(() =>
      owner.client.request('POST', SAVE, { rawBody, headers: { 'content-type': 'application/json' } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe(`Unknown field: "${name}".`);
  });

  it('a body that is not JSON: 400, nothing created', async () => {
    const answer = await refusedWithoutCreating(() =>
      owner.client.request('POST', SAVE, {
        rawBody: '{"payment_type":',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('The request body is not valid JSON.');
  });

  it.each([
    ['a JSON array', '[{"payment_type":"opay"}]'],
    ['a JSON string', '"opay"'],
    ['JSON null', 'null'],
  ])('%s as the body: 4xx, nothing created', async (_name, rawBody) => {
    const answer = await refusedWithoutCreating(() =>
      owner.client.request('POST', SAVE, { rawBody, headers: { 'content-type': 'application/json' } }),
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});

describe('REST saveActivation with hostile values in each field the method reads', () => {
  const HOSTILE: [string, unknown][] = [
    ['a number', 123],
    ['a negative number', -1],
    ['a boolean', true],
    ['an array', ['Amira']],
    ['an object', { $ne: null }],
    ['a 100,000-character string', HUGE],
    ['a script tag', '<script>alert(1)</script>'],
    ['an HTML attribute break', '"><img src=x onerror=alert(1)>'],
    ['SQL', "'; DROP TABLE activations; --"],
    ['a NUL character', 'a\u0000b'],
    ['only a NUL character', '\u0000'],
  ];
  const FIELDS: [keyof typeof CHECKOUT_BODIES, string][] = [
    ['cowpay', 'first_name'],
    ['cowpay', 'last_name'],
    ['cowpay', 'email'],
    ['cowpay', 'phone_number'],
    ['crypto', 'email'],
    ['crypto', 'coin_type'],
    ['opay', 'payment_type'],
  ];

  it.each(FIELDS)(
    '%s %s: every hostile value refused with 400 under that field, nothing created',
    async (method, field) => {
      const problems = [];
      for (const [kind, value] of HOSTILE) {
        const answer = await refusedWithoutCreating(() =>
          owner.client.request('POST', SAVE, { body: { ...CHECKOUT_BODIES[method], [field]: value } }),
        );
        if (answer.status !== 400 || typeof answer.json?.errors?.[field] !== 'string') {
          problems.push({ kind, status: answer.status, answer: answer.text.slice(0, 200) });
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each([
    ['first_name', { first_name: 'Am\u0000ira' }, CONTROL_CHARACTERS_MESSAGE],
    ['last_name', { last_name: 'Has\u0000san' }, CONTROL_CHARACTERS_MESSAGE],
    ['email', { email: 'amira\u0000@example.com' }, m.emailInvalid],
    ['first_name', { first_name: 'Amira\nHassan' }, CONTROL_CHARACTERS_MESSAGE],
    ['last_name', { last_name: 'Hassan\u001b[31m' }, CONTROL_CHARACTERS_MESSAGE],
  ])(
    'cowpay with a control character inside %s: 400 under that field, never a server error',
    async (field, change, message) => {
      const answer = await refusedWithoutCreating(() =>
        owner.client.request('POST', SAVE, { body: { ...CHECKOUT_BODIES.cowpay, ...change } }),
      );
      expect(answer.status).toBe(400);
      expect(answer.json.errors).toEqual({ [field]: message });
    },
  );

  it('a payment type in form encoding with an extra field: 400, nothing created', async () => {
    const answer = await refusedWithoutCreating(() =>
      owner.client.request('POST', SAVE, {
        rawBody: 'payment_type=opay&amount=0.01',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe('Unknown field: "amount".');
  });
});

describe('GraphQL startActivation with bad input', () => {
  const START = 'mutation($input: StartActivationInput!) { startActivation(input: $input) { redirectUrl } }';
  const COWPAY = {
    method: 'COWPAY',
    firstName: 'Amira',
    lastName: 'Hassan',
    email: 'amira@example.com',
    phoneNumber: '+201001234567',
  };
  const CRYPTO = { method: 'CRYPTO', email: 'payer@example.com', coinType: 'BTC' };

  it.each([
    ['COWPAY without firstName', without(COWPAY, 'firstName'), 'firstName', m.firstNameRequired],
    ['COWPAY without lastName', without(COWPAY, 'lastName'), 'lastName', m.lastNameRequired],
    ['COWPAY with an 18-character firstName', { ...COWPAY, firstName: 'A'.repeat(18) }, 'firstName', m.nameTooLong],
    ['COWPAY with a 100,000-character lastName', { ...COWPAY, lastName: HUGE }, 'lastName', m.nameTooLong],
    ['COWPAY with an invalid email', { ...COWPAY, email: 'amira@example' }, 'email', m.emailInvalid],
    ['COWPAY without phoneNumber', without(COWPAY, 'phoneNumber'), 'phoneNumber', m.mobileRequired],
    ['COWPAY with an impossible phoneNumber', { ...COWPAY, phoneNumber: '+2012' }, 'phoneNumber', m.mobileInvalid],
    ['CRYPTO without coinType', without(CRYPTO, 'coinType'), 'coinType', m.coinTypeRequired],
    ['CRYPTO with a coin not offered', { ...CRYPTO, coinType: 'DOGE' }, 'coinType', m.coinTypeInvalid],
    ['CRYPTO with a script tag as coin', { ...CRYPTO, coinType: '<script>' }, 'coinType', m.coinTypeInvalid],
    ['CRYPTO without email', without(CRYPTO, 'email'), 'email', m.emailRequired],
  ])('%s: BAD_USER_INPUT with fieldErrors, nothing created', async (_name, input, field, message) => {
    const answer = await refusedWithoutCreating(() => owner.client.gql(START, { input }));
    expect(answer.json.data ?? null).toBeNull();
    expect(answer.json.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { [field]: message },
    });
  });

  it('COWPAY with a NUL character in firstName: BAD_USER_INPUT with fieldErrors, nothing created', async () => {
    const answer = await refusedWithoutCreating(() =>
      owner.client.gql(START, { input: { ...COWPAY, firstName: 'Am\u0000ira' } }),
    );
    expect(answer.json.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fieldErrors: { firstName: CONTROL_CHARACTERS_MESSAGE },
    });
  });

  it.each([
    ['PAYPAL', 'PayPal is paid with its own buttons.'],
    ['IBOSTORE', 'ibostore is paid on its own activation page.'],
  ])('method %s: BAD_USER_INPUT saying how it is paid, nothing created', async (method, message) => {
    const answer = await refusedWithoutCreating(() => owner.client.gql(START, { input: { method } }));
    expect(answer.json.errors[0].message).toBe(message);
    expect(answer.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it.each([
    ['an unknown method', { method: 'BITCOIN' }],
    ['a lower-case method', { method: 'opay' }],
    ['no method', { email: 'payer@example.com' }],
    ['a field it does not take', { method: 'OPAY', amount: '0.01' }],
    ['a number as firstName', { ...COWPAY, firstName: 123 }],
    ['an array as email', { ...COWPAY, email: ['amira@example.com'] }],
    ['an object as coinType', { ...CRYPTO, coinType: { $ne: null } }],
    ['a boolean as phoneNumber', { ...COWPAY, phoneNumber: true }],
  ])('%s: refused as BAD_USER_INPUT (never a server error), nothing created', async (_name, input) => {
    const answer = await refusedWithoutCreating(() => owner.client.gql(START, { input }));
    expect(answer.status).toBeLessThan(500);
    expect(answer.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('capturePayPalOrder with an order that is not the caller’s', () => {
  const CAPTURE = 'mutation($id: ID!) { capturePayPalOrder(orderId: $id) { activation { status } device { status } } }';

  it("another device's approved order: NOT_FOUND, and nothing changes for either device", async () => {
    const a = await signedInDevice(server);
    const b = await signedInDevice(server);
    const order = await startPayPalOrder(server, a.client);
    const approved = await fetch(`${server.url}/sandbox/paypal/orders/${order.providerReference}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: 'ok' }),
    });
    expect(approved.status).toBe(200);

    const stolen = await refusedWithoutCreating(() => b.client.gql(CAPTURE, { id: order.providerReference }));
    expect(stolen.json.errors[0].extensions.code).toBe('NOT_FOUND');
    const rest = await refusedWithoutCreating(() =>
      b.client.request('POST', `/frontend/paypal/order/capture/${order.providerReference}`),
    );
    expect(rest.status).toBe(404);
    expect(rest.json).toMatchObject({ status: 'error', name: 'NOT_FOUND' });

    for (const device of [a, b]) {
      expect((await portalView(device.client)).status).toBe('TRIAL');
      expect((await licenceOf(server, device.device.id)).payments).toBe(0);
    }
    const [row] = await server.db.dataSource.query(`SELECT status, device_id FROM activations WHERE id = $1`, [
      order.id,
    ]);
    expect(row).toEqual({ status: 'pending', device_id: a.device.id });

    // The order was capturable all along, by its own device.
    const own = await a.client.gql(CAPTURE, { id: order.providerReference });
    expect(own.json.data.capturePayPalOrder).toEqual({ activation: { status: 'PAID' }, device: { status: 'ACTIVE' } });
    expect((await portalView(b.client)).status).toBe('TRIAL');
  });

  it.each([
    ['an empty id', ''],
    ['a space', 'a b'],
    ['a path', '../../v1/oauth2/token'],
    ['65 characters', 'A'.repeat(65)],
    ['a script tag', '<script>alert(1)</script>'],
    ['SQL', "1' OR '1'='1"],
    ['a NUL character', 'ORDER\u0000'],
    ['100,000 characters', HUGE],
  ])('%s as the order id: BAD_USER_INPUT, nothing changes', async (_name, id) => {
    const answer = await refusedWithoutCreating(() => owner.client.gql(CAPTURE, { id }));
    expect(answer.status).toBeLessThan(500);
    expect(answer.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it.each([
    ['a space', 'a%20b'],
    ['65 characters', 'A'.repeat(65)],
    ['a NUL character', 'ORDER%00'],
  ])('%s as the REST order id: 400, nothing changes', async (_name, id) => {
    const answer = await refusedWithoutCreating(() =>
      owner.client.request('POST', `/frontend/paypal/order/capture/${id}`),
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: 'error', name: 'BAD_USER_INPUT' });
  });

  it('a well-formed id of no order: NOT_FOUND', async () => {
    const answer = await refusedWithoutCreating(() => owner.client.gql(CAPTURE, { id: 'ABCDEF0123456789A' }));
    expect(answer.json.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('checkMacValid and a device with a lifetime licence', () => {
  it('answers success for a device that can be paid for', async () => {
    const { client } = await signedInDevice(server);
    const check = await client.request('GET', '/frontend/device/checkMacValid');
    expect(check.status).toBe(200);
    expect(check.json.status).toBe('success');
    const graph = await client.gql('query { activationEligibility { eligible message } }');
    expect(graph.json.data.activationEligibility).toEqual({ eligible: true, message: null });
  });

  it('answers error with a message for a lifetime device, and every way to pay is refused with CONFLICT', async () => {
    const { client, device } = await signedInDevice(server);
    await server.db.dataSource.query(`UPDATE devices SET licence_lifetime = true WHERE id = $1`, [device.id]);

    const check = await client.request('GET', '/frontend/device/checkMacValid');
    expect(check.status).toBe(200);
    expect(check.json).toEqual({ status: 'error', msg: LIFETIME_MESSAGE });
    const graph = await client.gql('query { activationEligibility { eligible message } }');
    expect(graph.json.data.activationEligibility).toEqual({ eligible: false, message: LIFETIME_MESSAGE });

    for (const body of Object.values(CHECKOUT_BODIES)) {
      const rest = await refusedWithoutCreating(() => client.request('POST', SAVE, { body }));
      expect(rest.status).toBe(409);
      expect(rest.json).toMatchObject({ status: 'error', message: LIFETIME_MESSAGE });
    }
    const started = await refusedWithoutCreating(() =>
      client.gql('mutation { startActivation(input: { method: OPAY }) { redirectUrl } }'),
    );
    expect(started.json.errors[0]).toMatchObject({ message: LIFETIME_MESSAGE, extensions: { code: 'CONFLICT' } });
    const paypal = await refusedWithoutCreating(() => client.gql('mutation { createPayPalOrder { id } }'));
    expect(paypal.json.errors[0].extensions.code).toBe('CONFLICT');
    const paypalRest = await refusedWithoutCreating(() => client.request('POST', '/frontend/paypal/order/create'));
    expect(paypalRest.status).toBe(409);
    expect(await licenceOf(server, device.id)).toEqual({ expiresAt: null, lifetime: true, payments: 0 });
  });
});

describe('payment endpoints without a signed-in device', () => {
  it.each([
    ['GET', '/frontend/device/checkMacValid', undefined],
    ['POST', SAVE, CHECKOUT_BODIES.opay],
    ['POST', SAVE, { payment_type: 'bitcoin', junk: 1 }],
    ['POST', '/frontend/paypal/order/create', undefined],
    ['POST', '/frontend/paypal/order/capture/ABCDEF0123456789A', undefined],
  ])('%s %s: 401, nothing created', async (method, path, body) => {
    const anonymous = server.client();
    const answer = await refusedWithoutCreating(() => anonymous.request(method, path, body ? { body } : {}));
    expect(answer.status).toBe(401);
    expect(answer.json.status).toBe('error');
  });

  it.each([
    ['startActivation', 'mutation { startActivation(input: { method: OPAY }) { redirectUrl } }'],
    ['createPayPalOrder', 'mutation { createPayPalOrder { id } }'],
    ['capturePayPalOrder', 'mutation { capturePayPalOrder(orderId: "ABCDEF0123456789A") { activation { id } } }'],
    ['activationEligibility', 'query { activationEligibility { eligible } }'],
  ])('GraphQL %s: UNAUTHENTICATED, nothing created', async (_name, query) => {
    const anonymous = server.client();
    const answer = await refusedWithoutCreating(() => anonymous.gql(query));
    expect(answer.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('a checkout started from another site’s page (foreign Origin): 403, nothing created', async () => {
    const answer = await refusedWithoutCreating(() =>
      owner.client.request('POST', SAVE, { body: CHECKOUT_BODIES.opay, headers: { origin: 'https://evil.example' } }),
    );
    expect(answer.status).toBe(403);
  });
});

describe('the sandbox stand-ins with a body their JSON parser did not read', () => {
  it('answer a form or text body with their provider’s refusal, never a 500 (found by fuzzing)', async () => {
    const keys = () => server.services.payments.providers.sandboxKeys;
    const send = (path: string, contentType: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/sandbox${path}`, {
        method: 'POST',
        headers: { 'content-type': contentType, ...headers },
        body,
      });
    // Cowpay's iframe token: no Bearer token is 401; with it, a body that is not the documented JSON is 422.
    const cowpayToken = '/cowpay/api/v1/iframe/token';
    const cowpay = await send(cowpayToken, 'application/x-www-form-urlencoded', 'amount=8.99');
    expect(cowpay.status).toBe(401);
    expect(await cowpay.json()).toEqual({ message: 'Unauthenticated.' });
    const bearer = () => ({ authorization: `Bearer ${keys().cowpayApiToken}` });
    const form = await send(cowpayToken, 'application/x-www-form-urlencoded', 'amount=8.99', bearer());
    expect(form.status).toBe(422);
    expect(await form.json()).toMatchObject({
      success: false,
      status_code: 422,
      errors: { amount: ['The amount field is required.'], signature: ['The signature field is required.'] },
    });
    const objectAmount = await send(
      cowpayToken,
      'application/json',
      '{"merchant_reference_id":"x","amount":{"toString":0,"valueOf":0}}',
      bearer(),
    );
    expect(objectAmount.status).toBe(422);
    expect(((await objectAmount.json()) as { errors: Record<string, string[]> }).errors.amount).toEqual([
      'The amount field is required.',
    ]);
    const wideToken = await send(cowpayToken, 'application/json', '{}', {
      authorization: `Bearer ${'é'.repeat(keys().cowpayApiToken.length)}`,
    });
    expect(wideToken.status).toBe(401);
    const token = await send('/paypal/v1/oauth2/token', 'application/json', '{"grant_type":"client_credentials"}');
    expect(token.status).toBe(401);
    // A secret of the right length in characters but not in bytes.
    const length = keys().paypalClientSecret.length;
    const wide = await send(
      '/paypal/v1/oauth2/token',
      'application/x-www-form-urlencoded',
      'grant_type=client_credentials',
      {
        authorization: `Basic ${Buffer.from(`id:${'é'.repeat(length)}`).toString('base64')}`,
      },
    );
    expect(wide.status).toBe(401);
    const opay = await send('/opay/api/v1/international/cashier/create', 'text/plain', 'x', {
      authorization: `Bearer ${keys().opayPublicKey}`,
      merchantid: keys().opayMerchantId,
    });
    // OPay's parameter error, naming the parameter.
    expect(await opay.json()).toMatchObject({ code: '02001', message: 'request parameter error: country' });
    const invoice = await send('/crypto/v1/invoice', 'text/plain', 'x', { 'x-api-key': keys().cryptoApiKey });
    expect(invoice.status).toBe(400);
  });
});
