import { signedInDevice, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

/** Waits until the device's licence status reads `status` (the webhook arrives asynchronously). */
async function statusOf(client: Client) {
  const res = await client.gql(
    'query { currentDevice { status expireDate payments { method status amount currency sandbox } } }',
  );
  return res.json.data.currentDevice;
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Pays at a sandbox hosted page like a person would: open it, press Pay, follow the redirect. */
async function payAt(url: string, choice: 'pay' | 'cancel' = 'pay') {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('SANDBOX: no money moves');
  const action = new RegExp(`action="([^"]+/${choice})"`).exec(html)?.[1];
  expect(action).toBeDefined();
  const res = await fetch(new URL(action!, url), { method: 'POST', redirect: 'manual' });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

/**
 * Pays in Cowpay's card frame as the site's /cowpay/checkout/{fram_code}/{intension} page has it shown: the frame
 * is Cowpay's page for the iframe token (the sandbox's, at the address the pricing gives), the buyer presses Pay,
 * and the frame tells the page PAID, on which the page goes to /cowpayReturnUrl.
 */
async function payInCowpayFrame(checkoutUrl: string) {
  const [, token] = /^http:\/\/[^/]+\/cowpay\/checkout\/[^/]+\/([0-9a-f]{32})$/.exec(checkoutUrl) ?? [];
  expect(token).toBeTruthy();
  expect(server.services.pricing.cowpayFrameUrl).toBe('/sandbox/cowpay/api/v1/iframe/load/');
  const frameUrl = `${server.url}${server.services.pricing.cowpayFrameUrl}${token}`;
  const frame = await fetch(frameUrl);
  expect(frame.status).toBe(200);
  expect(frame.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  const html = await frame.text();
  expect(html).toContain('SANDBOX: no money moves');
  const action = /action="([^"]+\/pay)"/.exec(html)?.[1];
  expect(action).toBeDefined();
  const paid = await fetch(new URL(action!, frameUrl), { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(200);
  const message = /<script type="application\/json" id="cowpay-message">([^<]*)<\/script>/.exec(await paid.text());
  expect(JSON.parse(message![1]!)).toMatchObject({ message_source: 'cowpay', payment_status: 'PAID' });
  return `${new URL(checkoutUrl).origin}/cowpayReturnUrl`;
}

describe.each([
  ['crypto', { first_name: '', email: 'payer@example.com', coin_type: 'BTC' }, '/activation/crypto/redirect'],
  ['opay', {}, '/device/playlists?payment_status=success'],
  ['opay1', {}, '/device/playlists?payment_status=success'],
  [
    'cowpay',
    { first_name: 'Amira', last_name: 'Hassan', email: 'amira@example.com', phone_number: '+201001234567' },
    '/cowpayReturnUrl',
  ],
] as const)('paying with %s through REST on its sandbox', (method, fields, returnPath) => {
  it('activates the device once the signed confirmation arrives', async () => {
    const { client } = await signedInDevice(server);
    expect((await statusOf(client)).status).toBe('TRIAL');
    const check = await client.request('GET', '/frontend/device/checkMacValid');
    expect(check.json.status).toBe('success');
    const res = await client.request('POST', '/frontend/device/saveActivation', {
      body: { ...fields, payment_type: method },
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('success');
    const url: string = res.json.url;
    const back = method === 'cowpay' ? await payInCowpayFrame(url) : await payAt(url);
    expect(back).toBe(`${server.url}${returnPath}`);
    const device = await eventually(
      () => statusOf(client),
      (d) => d.status === 'ACTIVE',
    );
    expect(device.status).toBe('ACTIVE');
    // Each method charges in its account's currency at the default prices: PRICE_EUR 8.99 for crypto, PRICE_EGP
    // 499.00 for the Egyptian Cowpay and OPay accounts.
    const charged = method === 'crypto' ? { amount: '8.99', currency: 'EUR' } : { amount: '499.00', currency: 'EGP' };
    expect(device.payments).toEqual([{ method: method.toUpperCase(), status: 'PAID', ...charged, sandbox: true }]);
    const days = (new Date(device.expireDate).getTime() - Date.now()) / 86_400_000;
    // Paid during the trial: the year starts when the trial ends.
    expect(days).toBeGreaterThan(371.9);
    expect(days).toBeLessThan(372.1);
  });
});

describe('PayPal through the graph on its sandbox', () => {
  it('creates an order, restarts on a declined card, and activates on capture', async () => {
    const { client } = await signedInDevice(server);
    const created = await client.gql('mutation { createPayPalOrder { id } }');
    const orderId = created.json.data.createPayPalOrder.id as string;
    const approve = (card: string) =>
      fetch(`${server.url}/sandbox/paypal/orders/${orderId}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ card }),
      });
    const CAPTURE =
      'mutation($id: ID!) { capturePayPalOrder(orderId: $id) { activation { status } device { status } } }';
    await approve('declined');
    const declined = await client.gql(CAPTURE, { id: orderId });
    expect(declined.json.errors[0].extensions).toMatchObject({
      code: 'PAYMENT_DECLINED',
      issue: 'INSTRUMENT_DECLINED',
    });
    expect((await statusOf(client)).status).toBe('TRIAL');
    await approve('ok');
    const captured = await client.gql(CAPTURE, { id: orderId });
    expect(captured.json.data.capturePayPalOrder).toEqual({
      activation: { status: 'PAID' },
      device: { status: 'ACTIVE' },
    });
    // PayPal's webhook for the same capture follows; it must not extend the licence again.
    const first = (await statusOf(client)).expireDate;
    await new Promise((r) => setTimeout(r, 1000));
    const after = await statusOf(client);
    expect(after.expireDate).toBe(first);
    expect(after.payments).toHaveLength(1);
    const [events] = await server.db.dataSource.query(
      `SELECT count(*) FILTER (WHERE outcome = 'already-applied')::int AS n FROM payment_events WHERE provider = 'paypal'`,
    );
    expect(events.n).toBe(1);
  });
});
