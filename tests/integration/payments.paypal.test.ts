import { PayPalProvider } from '../../server/src/payments/providers/paypal';
import {
  activationStatus,
  deliver,
  eventually,
  licenceOf,
  paypalDelivery,
  paypalEvent,
  paypalApi as merchantApi,
  sandboxKeys,
  startPayPalOrder,
  webhookOutcomes,
} from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * PayPal end to end on its stand-in: what the owner sees when PayPal holds a capture, when the capture's answer
 * is lost or PayPal is still completing the order, and when the money goes back (a refund, a reversal, a dispute).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const CAPTURE = 'mutation($id: ID!) { capturePayPalOrder(orderId: $id) { activation { status } device { status } } }';

/** What PayPal's popup does when the buyer approves, with the stand-in's choice of outcome. */
function approve(orderId: string, card: 'good' | 'declined' | 'review' | 'lost-answer' | 'completing') {
  return fetch(`${server.url}/sandbox/paypal/orders/${orderId}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card }),
  });
}

/** PayPal's REST API on this file's server's stand-in. */
function paypalApi(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  return merchantApi(server, method, path, body, headers);
}

const ACCOUNT_PAYMENTS = `query { currentDevice { status payments {
  id status refunded takenBackAt licenceExpiresAt dispute { state openedAt } } } }`;

/** One payment as Account Details shows it to the owner. */
async function accountPayment(client: Awaited<ReturnType<typeof signedInDevice>>['client'], id: string) {
  const res = await client.gql(ACCOUNT_PAYMENTS);
  const payments = res.json.data.currentDevice.payments as Array<{
    id: string;
    status: string;
    refunded: string | null;
    takenBackAt: string | null;
    licenceExpiresAt: string | null;
    dispute: { state: string; openedAt: string } | null;
  }>;
  return payments.find((p) => p.id === id)!;
}

async function portalStatus(client: Awaited<ReturnType<typeof signedInDevice>>['client']): Promise<string> {
  return (await client.gql('query { currentDevice { status } }')).json.data.currentDevice.status;
}

async function captureIdOf(orderId: string): Promise<string> {
  const order = await paypalApi('GET', `/v2/checkout/orders/${orderId}`);
  return order.json.purchase_units[0].payments.captures[0].id;
}

/** A device with a paid PayPal order: its activation, order and capture. */
async function paidOrder() {
  const { client } = await signedInDevice(server);
  const order = await startPayPalOrder(server, client);
  await approve(order.providerReference, 'good');
  const captured = await client.gql(CAPTURE, { id: order.providerReference });
  expect(captured.json.data.capturePayPalOrder.activation.status).toBe('PAID');
  return { client, order, captureId: await captureIdOf(order.providerReference) };
}

describe('a capture PayPal holds for review', () => {
  it('is not announced as activated; PAYMENT.CAPTURE.COMPLETED activates the device once, later', async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    await approve(order.providerReference, 'review');
    const captured = await client.gql(CAPTURE, { id: order.providerReference });
    expect(captured.json.errors).toBeUndefined();
    expect(captured.json.data.capturePayPalOrder).toEqual({
      activation: { status: 'PENDING' },
      device: { status: 'TRIAL' },
    });
    expect(await licenceOf(server, order.deviceId)).toMatchObject({ payments: 0 });
    // PayPal's PAYMENT.CAPTURE.PENDING follows; it changes nothing.
    const pendingEvents = await eventually(
      () => webhookOutcomes(server, 'paypal', order.id),
      (outcomes) => outcomes.includes('pending'),
    );
    expect(pendingEvents).toContain('pending');
    expect(await activationStatus(server, order.id)).toBe('pending');

    // The review ends well: PayPal completes the capture and says so.
    const captureId = await captureIdOf(order.providerReference);
    const review = await paypalApi('POST', `/simulate/captures/${captureId}/review`, { decision: 'complete' });
    expect(review.status).toBe(200);
    expect(
      await eventually(
        () => activationStatus(server, order.id),
        (s) => s === 'paid',
      ),
    ).toBe('paid');
    expect(await licenceOf(server, order.deviceId)).toMatchObject({ payments: 1 });
    const device = await client.gql('query { currentDevice { status } }');
    expect(device.json.data.currentDevice.status).toBe('ACTIVE');
  });

  it('answers the legacy capture path with PENDING, and a denied review fails the payment', async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    await approve(order.providerReference, 'review');
    const res = await client.request('POST', `/frontend/paypal/order/capture/${order.providerReference}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: order.providerReference, status: 'PENDING' });
    const captureId = await captureIdOf(order.providerReference);
    await paypalApi('POST', `/simulate/captures/${captureId}/review`, { decision: 'deny' });
    expect(
      await eventually(
        () => activationStatus(server, order.id),
        (s) => s === 'failed',
      ),
    ).toBe('failed');
    expect(await licenceOf(server, order.deviceId)).toMatchObject({ payments: 0 });
  });
});

describe('a capture whose outcome the capture call does not tell', () => {
  it('lost answer: the order is read back and the charged buyer is activated at once, once', async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    await approve(order.providerReference, 'lost-answer');
    const captured = await client.gql(CAPTURE, { id: order.providerReference });
    expect(captured.json.errors).toBeUndefined();
    expect(captured.json.data.capturePayPalOrder).toEqual({
      activation: { status: 'PAID' },
      device: { status: 'ACTIVE' },
    });
    // PayPal's webhook for the same capture follows and is not applied again.
    await eventually(
      () => webhookOutcomes(server, 'paypal', order.id),
      (outcomes) => outcomes.length > 0,
    );
    expect(await licenceOf(server, order.deviceId)).toMatchObject({ payments: 1 });
    const [row] = await server.db.dataSource.query(
      `SELECT payload->>'providerStatus' AS status FROM payment_events
        WHERE provider = 'paypal' AND kind = 'capture' AND activation_id = $1 AND outcome = 'activated'`,
      [order.id],
    );
    expect(row?.status).toBe('capture:COMPLETED (read from the order)');
  });

  it('ORDER_COMPLETION_IN_PROGRESS: pending, then activated by the webhook when PayPal has completed it', async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    await approve(order.providerReference, 'completing');
    const captured = await client.gql(CAPTURE, { id: order.providerReference });
    expect(captured.json.errors).toBeUndefined();
    expect(captured.json.data.capturePayPalOrder.activation.status).toBe('PENDING');
    expect(
      await eventually(
        () => activationStatus(server, order.id),
        (s) => s === 'paid',
      ),
    ).toBe('paid');
    expect(await licenceOf(server, order.deviceId)).toMatchObject({ payments: 1 });
  });

  it('ORDER_ALREADY_CAPTURED (captured under another request id): the adapter uses the order’s capture', async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    await approve(order.providerReference, 'good');
    // Someone else captured it first (another server, an earlier attempt whose answer never came back).
    const first = await paypalApi(
      'POST',
      `/v2/checkout/orders/${order.providerReference}/capture`,
      {},
      {
        'paypal-request-id': 'elsewhere-1',
      },
    );
    expect(first.status).toBe(201);
    const keys = sandboxKeys(server);
    const adapter = new PayPalProvider({
      baseUrl: `${server.url}/sandbox/paypal`,
      clientId: server.services.pricing.paypalClientId ?? '',
      clientSecret: keys.paypalClientSecret,
      webhookId: keys.paypalWebhookId,
      currency: 'EUR',
      sandbox: true,
    });
    const capture = await adapter.capture(order.providerReference);
    expect(capture).toMatchObject({ status: 'COMPLETED', source: 'order' });
    expect(capture.captureId).toBe(await captureIdOf(order.providerReference));
    expect(capture.reference).toBe(order.id);
  });
});

describe("PayPal's stand-in keeps PayPal's promises", () => {
  it('answers the same PayPal-Request-Id the same way: no second order', async () => {
    const body = {
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: 'same-request', amount: { currency_code: 'EUR', value: '8.99' } }],
    };
    const a = await paypalApi('POST', '/v2/checkout/orders', body, { 'paypal-request-id': 'order-same-request' });
    const b = await paypalApi('POST', '/v2/checkout/orders', body, { 'paypal-request-id': 'order-same-request' });
    const c = await paypalApi('POST', '/v2/checkout/orders', body, { 'paypal-request-id': 'order-other-request' });
    expect(a.status).toBe(201);
    expect(b.json).toEqual(a.json);
    expect(c.json.id).not.toBe(a.json.id);
    // Minimal by default; the whole order with Prefer: return=representation.
    expect(Object.keys(a.json).sort()).toEqual(['id', 'links', 'status']);
    const full = await paypalApi('POST', '/v2/checkout/orders', body, { prefer: 'return=representation' });
    expect(full.json.purchase_units[0]).toMatchObject({ custom_id: 'same-request', amount: { value: '8.99' } });
  });

  it('refuses a wrong client id at the token and at the SDK', async () => {
    const keys = sandboxKeys(server);
    const token = await fetch(`${server.url}/sandbox/paypal/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`not-the-client:${keys.paypalClientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(token.status).toBe(401);
    const sdk = await fetch(`${server.url}/sandbox/paypal/sdk/js?client-id=not-the-client&currency=EUR`);
    expect(sdk.status).toBe(400);
    const good = await fetch(
      `${server.url}/sandbox/paypal/sdk/js?client-id=${server.services.pricing.paypalClientId}&currency=EUR`,
    );
    expect(good.status).toBe(200);
  });
});

describe('money back', () => {
  it('a refund through PayPal’s refund API takes the licence back (PAYMENT.CAPTURE.REFUNDED names only the capture)', async () => {
    const { order, captureId } = await paidOrder();
    const before = await licenceOf(server, order.deviceId);
    const refund = await paypalApi(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      {},
      {
        'paypal-request-id': `refund-${captureId}`,
        prefer: 'return=representation',
      },
    );
    expect(refund.status).toBe(201);
    expect(refund.json.links).toContainEqual(expect.objectContaining({ rel: 'up' }));
    expect(
      await eventually(
        () => activationStatus(server, order.id),
        (s) => s === 'refunded',
      ),
    ).toBe('refunded');
    const after = await licenceOf(server, order.deviceId);
    // Bought during the trial, the year started at the trial's end: refunded, nothing paid is left.
    expect(before.expiresAt).not.toBeNull();
    expect(after.expiresAt).toBeNull();
    // The same refund request again is answered as before: nothing more is refunded or taken back.
    const again = await paypalApi(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      {},
      {
        'paypal-request-id': `refund-${captureId}`,
        prefer: 'return=representation',
      },
    );
    expect(again.json).toEqual(refund.json);
    const more = await paypalApi(
      'POST',
      `/v2/payments/captures/${captureId}/refund`,
      {},
      {
        'paypal-request-id': `refund-${captureId}-2`,
      },
    );
    expect(more.status).toBe(422);
    expect(more.json.details[0].issue).toBe('CAPTURE_FULLY_REFUNDED');
  });

  it('a partial refund keeps the licence and shows the refund; refunds reaching the price take the days once', async () => {
    const { client, order, captureId } = await paidOrder();
    const paidLicence = await licenceOf(server, order.deviceId);
    const refund = (value: string, n: number) =>
      paypalApi(
        'POST',
        `/v2/payments/captures/${captureId}/refund`,
        { amount: { value, currency_code: 'EUR' } },
        { 'paypal-request-id': `refund-${captureId}-${n}` },
      );
    expect((await refund('0.50', 1)).status).toBe(201);
    const partly = await eventually(
      () => accountPayment(client, order.id),
      (p) => p.refunded === '0.50',
    );
    // PayPal sends PAYMENT.CAPTURE.REFUNDED for a partial refund too: the licence keeps its year.
    expect(partly).toMatchObject({ status: 'PAID', refunded: '0.50', takenBackAt: null });
    expect(partly.licenceExpiresAt).not.toBeNull();
    expect(await licenceOf(server, order.deviceId)).toEqual(paidLicence);
    expect(await portalStatus(client)).toBe('ACTIVE');

    // The rest goes back: the refunds add up to the price, and the days come off.
    expect((await refund('8.49', 2)).status).toBe(201);
    const whole = await eventually(
      () => accountPayment(client, order.id),
      (p) => p.status === 'REFUNDED',
    );
    expect(whole).toMatchObject({ status: 'REFUNDED', refunded: '8.99' });
    expect(whole.takenBackAt).not.toBeNull();
    expect((await licenceOf(server, order.deviceId)).expiresAt).toBeNull();
    // Each refund applied once: PayPal's retry of the first one changes nothing.
    const outcomes = await webhookOutcomes(server, 'paypal', captureId);
    expect(outcomes.filter((o) => o === 'partly-refunded')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'refunded')).toHaveLength(1);
  });

  it('a dispute opened keeps the licence and shows Disputed; lost, it takes the days', async () => {
    const { client, order, captureId } = await paidOrder();
    const paidLicence = await licenceOf(server, order.deviceId);
    const dispute = await paypalApi('POST', `/simulate/captures/${captureId}/dispute`, {});
    expect(dispute.status).toBe(200);
    const opened = await eventually(
      () => accountPayment(client, order.id),
      (p) => p.dispute !== null,
    );
    expect(opened).toMatchObject({ status: 'PAID', refunded: null, dispute: { state: 'OPEN' } });
    expect(await licenceOf(server, order.deviceId)).toEqual(paidLicence);
    expect(await portalStatus(client)).toBe('ACTIVE');

    await paypalApi('POST', `/simulate/disputes/${dispute.json.dispute_id}/resolve`, {
      outcome: 'RESOLVED_BUYER_FAVOUR',
    });
    const lost = await eventually(
      () => accountPayment(client, order.id),
      (p) => p.status === 'REVERSED',
    );
    expect(lost).toMatchObject({ status: 'REVERSED', refunded: '8.99', dispute: { state: 'LOST' } });
    expect((await licenceOf(server, order.deviceId)).expiresAt).toBeNull();
    expect(await webhookOutcomes(server, 'paypal', dispute.json.dispute_id)).toEqual(['disputed', 'reversed']);
  });

  it('a dispute won keeps the days; a chargeback reversed during it gives them back once', async () => {
    const { client, order, captureId } = await paidOrder();
    const paidLicence = await licenceOf(server, order.deviceId);
    const dispute = await paypalApi('POST', `/simulate/captures/${captureId}/dispute`, {});
    await eventually(
      () => accountPayment(client, order.id),
      (p) => p.dispute?.state === 'OPEN',
    );
    // The card issuer takes the money while the dispute runs (a chargeback): the days come off.
    await paypalApi('POST', `/simulate/captures/${captureId}/reverse`, {});
    await eventually(
      () => accountPayment(client, order.id),
      (p) => p.status === 'REVERSED',
    );
    expect((await licenceOf(server, order.deviceId)).expiresAt).toBeNull();

    // The seller wins: the money comes back, and so do the days (a year from the trial's end, as first bought).
    const resolve = () =>
      paypalApi('POST', `/simulate/disputes/${dispute.json.dispute_id}/resolve`, { outcome: 'RESOLVED_SELLER_FAVOUR' });
    await resolve();
    const won = await eventually(
      () => accountPayment(client, order.id),
      (p) => p.status === 'PAID',
    );
    expect(won).toMatchObject({ status: 'PAID', refunded: null, takenBackAt: null, dispute: { state: 'WON' } });
    expect(await licenceOf(server, order.deviceId)).toEqual(paidLicence);
    expect(await portalStatus(client)).toBe('ACTIVE');

    // PayPal says it again (a second RESOLVED event): nothing more is given.
    await resolve();
    const outcomes = await eventually(
      () => webhookOutcomes(server, 'paypal', dispute.json.dispute_id),
      (list) => list.length >= 3,
    );
    expect(outcomes).toEqual(['disputed', 'reinstated', 'already-applied']);
    expect(await licenceOf(server, order.deviceId)).toEqual(paidLicence);
  });

  it('a reversal (PAYMENT.CAPTURE.REVERSED) takes the licence back', async () => {
    const { order, captureId } = await paidOrder();
    const reversal = await paypalApi('POST', `/simulate/captures/${captureId}/reverse`, {});
    expect(reversal.status).toBe(200);
    expect(
      await eventually(
        () => activationStatus(server, order.id),
        (s) => s === 'reversed',
      ),
    ).toBe('reversed');
  });

  it("a genuine PayPal event about someone else's sale is answered 200 'ignored' and changes nothing", async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    const event = paypalEvent(order, {
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: {
        id: 'REFUNDOTHERSALE01',
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value: '8.99' },
        links: [{ rel: 'up', method: 'GET', href: 'https://api-m.paypal.com/v2/payments/captures/OTHERSALE0000001' }],
      },
    });
    const answer = await deliver(server, paypalDelivery(server, event));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'ok', outcome: 'ignored' });
    expect(await activationStatus(server, order.id)).toBe('pending');
  });
});
