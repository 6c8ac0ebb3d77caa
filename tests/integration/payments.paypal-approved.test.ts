import {
  daysFromNow,
  deliver,
  eventually,
  licenceOf,
  paypalDelivery,
  portalView,
  sandboxKeys,
  startPayPalOrder,
  trailOf,
  YEAR_AFTER_TRIAL,
} from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * A buyer who approves in PayPal's window and closes it before the page captures is charged all the same: PayPal's
 * CHECKOUT.ORDER.APPROVED has the server capture the order, through the browser's own capture (PayPal-Request-Id
 * `capture-{order}-{n}`), so the two never charge twice.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const CAPTURE = 'mutation($id: ID!) { capturePayPalOrder(orderId: $id) { activation { status } device { status } } }';

/** What PayPal's popup does when the buyer approves; `notifyApproval`: the webhook subscribes to the event. */
function approve(orderId: string, notifyApproval = false) {
  return fetch(`${server.url}/sandbox/paypal/orders/${orderId}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card: 'good', notifyApproval }),
  });
}

/** The order as PayPal shows it (GET /v2/checkout/orders/{id} on the stand-in, as the merchant). */
async function orderAtPayPal(orderId: string) {
  const keys = sandboxKeys(server);
  const basic = Buffer.from(`${server.services.pricing.paypalClientId}:${keys.paypalClientSecret}`).toString('base64');
  const token = await fetch(`${server.url}/sandbox/paypal/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  }).then((res) => res.json() as Promise<{ access_token: string }>);
  const res = await fetch(`${server.url}/sandbox/paypal/v2/checkout/orders/${orderId}`, {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  return (await res.json()) as any;
}

/** CHECKOUT.ORDER.APPROVED as PayPal sends it: the resource is the order (resource_type checkout-order). */
function approvedEvent(order: object) {
  return {
    id: `WH-${Math.random().toString(36).slice(2, 12).toUpperCase()}-APPROVED`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'checkout-order',
    resource_version: '2.0',
    event_type: 'CHECKOUT.ORDER.APPROVED',
    summary: 'An order has been approved by buyer',
    resource: order,
  };
}

describe('CHECKOUT.ORDER.APPROVED', () => {
  it('captures an order the buyer approved and abandoned: the device is activated, once', async () => {
    const { client, device } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    // The buyer approves and closes the window; the page never captures. PayPal tells the webhook.
    expect((await approve(order.providerReference, true)).status).toBe(200);

    const seen = await eventually(
      () => portalView(client),
      (view) => view.status === 'ACTIVE',
      15_000,
    );
    expect(seen.payments).toEqual([expect.objectContaining({ id: order.id, status: 'PAID' })]);
    const licence = await licenceOf(server, device.id);
    expect(licence.payments).toBe(1);
    expect(daysFromNow(licence.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
    expect((await orderAtPayPal(order.providerReference)).status).toBe('COMPLETED');
    // The capture's own PAYMENT.CAPTURE.COMPLETED follows and changes nothing.
    const trail = await eventually(
      () => trailOf(server, order.id),
      (events) => events.filter((e) => e.kind === 'webhook').length >= 2,
      15_000,
    );
    expect(trail).toEqual(
      expect.arrayContaining([
        { kind: 'webhook', outcome: 'pending' },
        { kind: 'capture', outcome: 'activated' },
        { kind: 'webhook', outcome: 'already-applied' },
      ]),
    );
    expect(await licenceOf(server, device.id)).toEqual(licence);
  });

  it('and the browser capturing at the same moment charge the buyer once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { client, device } = await signedInDevice(server);
      const order = await startPayPalOrder(server, client);
      await approve(order.providerReference);
      const event = approvedEvent(await orderAtPayPal(order.providerReference));

      const [webhook, browser] = await Promise.all([
        deliver(server, paypalDelivery(server, event)),
        client.gql(CAPTURE, { id: order.providerReference }),
      ]);
      expect(webhook.status).toBe(200);
      expect(browser.json.errors).toBeUndefined();
      expect(browser.json.data.capturePayPalOrder).toEqual({
        activation: { status: 'PAID' },
        device: { status: 'ACTIVE' },
      });
      const licence = await licenceOf(server, device.id);
      expect(licence.payments).toBe(1);
      expect(daysFromNow(licence.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
      const [captures] = await server.db.dataSource.query(
        `SELECT count(*)::int AS n FROM payments WHERE activation_id = $1`,
        [order.id],
      );
      expect(captures.n).toBe(1);
      expect((await portalView(client)).payments).toEqual([expect.objectContaining({ status: 'PAID' })]);
    }
  });

  it('for an order of no checkout of ours is answered 200 and changes nothing', async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    const resource = await orderAtPayPal(order.providerReference);
    const foreign = {
      ...resource,
      id: 'FOREIGN0RDER12345',
      purchase_units: [{ ...resource.purchase_units[0], custom_id: 'another-shop-order-42' }],
    };
    const answer = await deliver(server, paypalDelivery(server, approvedEvent(foreign)));
    expect(answer.status).toBe(200);
    expect(answer.json.outcome).toBe('ignored');
    expect((await portalView(client)).status).toBe('TRIAL');
  });
});
