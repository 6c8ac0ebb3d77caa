import {
  activationStatus,
  CHECKOUT_BODIES,
  eventually,
  paypalDelivery,
  paypalEvent,
  deliver,
  paypalApi,
  startPayPalOrder,
  webhookOutcomes,
} from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Amounts in each currency's own decimals (ISO 4217), end to end on the stand-ins: a PayPal checkout in yen (no
 * decimals, and PayPal refuses any), and a price in Kuwaiti dinars (three decimals) through the crypto processor
 * and Cowpay's card frame.
 */

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

const PRICING = `query { pricing { methodPrices { method price currency } paypalSdkUrl } }`;
const CAPTURE = 'mutation($id: ID!) { capturePayPalOrder(orderId: $id) { activation { status } device { status } } }';
const PAYMENTS = `query { currentDevice { status payments { method status amount currency } } }`;

async function activationRow(server: TestServer, id: string) {
  const [row] = await server.db.dataSource.query(
    `SELECT amount_minor, currency, status FROM activations WHERE id = $1`,
    [id],
  );
  return { amountMinor: row.amount_minor as number, currency: String(row.currency).trim(), status: row.status };
}

describe('PayPal in yen (PAYPAL_CURRENCY=JPY, PRICE_JPY=1500)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PAYPAL_CURRENCY: 'JPY', PRICE_JPY: '1500' });
  });
  afterAll(() => server?.stop());

  it('prices PayPal at 1500 JPY in the graph, and loads the SDK in JPY', async () => {
    const res = await server.client().gql(PRICING);
    expect(res.json.data.pricing.methodPrices).toContainEqual({ method: 'PAYPAL', price: '1500', currency: 'JPY' });
    expect(res.json.data.pricing.paypalSdkUrl).toContain('currency=JPY');
  });

  it('sends "1500" to PayPal, and the capture confirming "1500" activates the device', async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    expect(order).toMatchObject({ amountMinor: 1500, currency: 'JPY' });
    // The stand-in keeps the order as it was sent; it takes JPY only without decimals (DECIMALS_NOT_SUPPORTED).
    const created = await paypalApi(server, 'GET', `/v2/checkout/orders/${order.providerReference}`);
    expect(created.json.purchase_units[0].amount).toEqual({ currency_code: 'JPY', value: '1500' });
    const withDecimals = await paypalApi(server, 'POST', '/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: 'x', amount: { currency_code: 'JPY', value: '1500.00' } }],
    });
    expect(withDecimals).toMatchObject({ status: 422, json: { details: [{ issue: 'DECIMALS_NOT_SUPPORTED' }] } });

    await fetch(`${server.url}/sandbox/paypal/orders/${order.providerReference}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: 'good' }),
    });
    const captured = await client.gql(CAPTURE, { id: order.providerReference });
    expect(captured.json.errors).toBeUndefined();
    expect(captured.json.data.capturePayPalOrder).toEqual({
      activation: { status: 'PAID' },
      device: { status: 'ACTIVE' },
    });
    const capture = (await paypalApi(server, 'GET', `/v2/checkout/orders/${order.providerReference}`)).json
      .purchase_units[0].payments.captures[0];
    expect(capture.amount).toEqual({ currency_code: 'JPY', value: '1500' });
    const shown = await client.gql(PAYMENTS);
    expect(shown.json.data.currentDevice.payments).toEqual([
      { method: 'PAYPAL', status: 'PAID', amount: '1500', currency: 'JPY' },
    ]);
    // PayPal's webhook for the same capture meets it: the one payment, once.
    await eventually(
      () => webhookOutcomes(server, 'paypal', order.providerReference),
      (outcomes) => outcomes.length > 0,
    );
    expect(await webhookOutcomes(server, 'paypal', order.providerReference)).toEqual(['already-applied']);
  });

  it('activates on a PAYMENT.CAPTURE.COMPLETED of "1500" JPY, and refuses one of "1501"', async () => {
    const { client } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    const event = (value: string) => {
      const base = paypalEvent(order) as { resource: Record<string, unknown> } & Record<string, unknown>;
      return { ...base, resource: { ...base.resource, amount: { currency_code: 'JPY', value } } };
    };
    expect((await deliver(server, paypalDelivery(server, event('1501')))).status).toBe(422);
    expect(await activationStatus(server, order.id)).toBe('pending');
    expect((await deliver(server, paypalDelivery(server, event('1500')))).status).toBe(200);
    expect(await activationStatus(server, order.id)).toBe('paid');
  });
});

describe('a price in Kuwaiti dinars (three decimals) end to end', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CRYPTO_CURRENCY: 'KWD', COWPAY_CURRENCY: 'KWD', PRICE_KWD: '2.75' });
  });
  afterAll(() => server?.stop());

  const payments = async (client: Client) => (await client.gql(PAYMENTS)).json.data.currentDevice.payments;

  it('is written 2.750 in the graph', async () => {
    const res = await server.client().gql(PRICING);
    expect(res.json.data.pricing.methodPrices).toEqual(
      expect.arrayContaining([
        { method: 'CRYPTO', price: '2.750', currency: 'KWD' },
        { method: 'COWPAY', price: '2.750', currency: 'KWD' },
      ]),
    );
  });

  it('crypto: the invoice asks 2.75 KWD, is stored as 2750 fils, and its IPN pays it: "2.750" in the history', async () => {
    const { client } = await signedInDevice(server);
    const res = await client.request('POST', '/frontend/device/saveActivation', { body: CHECKOUT_BODIES.crypto });
    expect(res.status).toBe(200);
    const id = res.json.activation_id as string;
    expect(await activationRow(server, id)).toMatchObject({ amountMinor: 2750, currency: 'KWD' });
    const page = await (await fetch(res.json.url)).text();
    expect(page).toContain('2.750 KWD');
    const action = /action="([^"]+\/pay)"/.exec(page)?.[1];
    expect((await fetch(new URL(action!, res.json.url), { method: 'POST', redirect: 'manual' })).status).toBe(303);
    expect(
      await eventually(
        () => activationStatus(server, id),
        (s) => s === 'paid',
      ),
    ).toBe('paid');
    expect(await payments(client)).toEqual([{ method: 'CRYPTO', status: 'PAID', amount: '2.750', currency: 'KWD' }]);
  });

  it('card: the token request says "2.750", and Cowpay\'s callback of "2.750" pays it', async () => {
    const { client } = await signedInDevice(server);
    const res = await client.request('POST', '/frontend/device/saveActivation', { body: CHECKOUT_BODIES.cowpay });
    expect(res.status).toBe(200);
    const id = res.json.activation_id as string;
    expect(await activationRow(server, id)).toMatchObject({ amountMinor: 2750, currency: 'KWD' });
    const [, token] = /\/cowpay\/checkout\/[^/]+\/([0-9a-f]{32})$/.exec(res.json.url) ?? [];
    const frameUrl = `${server.url}/sandbox/cowpay/api/v1/iframe/load/${token}`;
    // The stand-in checked the token request's amount against the currency and its signature over "2.750".
    expect(await (await fetch(frameUrl)).text()).toContain('2.750 KWD');
    expect((await fetch(`${frameUrl}/pay`, { method: 'POST' })).status).toBe(200);
    expect(
      await eventually(
        () => activationStatus(server, id),
        (s) => s === 'paid',
      ),
    ).toBe('paid');
    const [event] = await server.db.dataSource.query(
      `SELECT payload FROM payment_events WHERE provider = 'cowpay' AND kind = 'webhook' AND activation_id = $1`,
      [id],
    );
    expect(event.payload.payload.amount).toBe('2.750');
    expect(await payments(client)).toEqual([{ method: 'COWPAY', status: 'PAID', amount: '2.750', currency: 'KWD' }]);
  });
});
