import { CHECKOUT_BODIES, startCheckout } from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * At most PAYMENT_MAX_PENDING_PER_HOUR checkouts per device per hour: beyond it every way to start one answers
 * 429 (RATE_LIMITED) with a clear message, and nothing is created, even when the attempts arrive at once.
 */

const LIMIT = 3;
const MESSAGE = 'Too many payments were started for this device in the last hour. Please try again later.';
const SAVE = '/frontend/device/saveActivation';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PAYMENT_MAX_PENDING_PER_HOUR: String(LIMIT) });
});
afterAll(() => server.stop());

async function checkoutsOf(deviceId: string): Promise<number> {
  const [row] = await server.db.dataSource.query(`SELECT count(*)::int AS n FROM activations WHERE device_id = $1`, [
    deviceId,
  ]);
  return row.n;
}

describe(`more than ${LIMIT} checkouts for one device in an hour`, () => {
  it('the fourth is refused with 429 and a clear message on every path, and nothing is created', async () => {
    const { client, device } = await signedInDevice(server);
    await startCheckout(server, client, 'crypto');
    await startCheckout(server, client, 'opay');
    const paypal = await client.gql('mutation { createPayPalOrder { id } }');
    expect(paypal.json.data.createPayPalOrder.id).toEqual(expect.any(String));
    expect(await checkoutsOf(device.id)).toBe(LIMIT);

    for (const body of Object.values(CHECKOUT_BODIES)) {
      const rest = await client.request('POST', SAVE, { body });
      expect(rest.status).toBe(429);
      expect(rest.json).toEqual({ status: 'error', message: MESSAGE });
      expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const graph = await client.gql('mutation { startActivation(input: { method: OPAY }) { redirectUrl } }');
    expect(graph.json.errors[0]).toMatchObject({ message: MESSAGE, extensions: { code: 'RATE_LIMITED' } });
    const order = await client.gql('mutation { createPayPalOrder { id } }');
    expect(order.json.errors[0].extensions.code).toBe('RATE_LIMITED');
    const orderRest = await client.request('POST', '/frontend/paypal/order/create');
    expect(orderRest.status).toBe(429);

    expect(await checkoutsOf(device.id)).toBe(LIMIT);
  });

  it('counts per device: another device can still start a checkout', async () => {
    const first = await signedInDevice(server);
    for (let n = 0; n < LIMIT; n += 1) await startCheckout(server, first.client, 'opay');
    expect((await first.client.request('POST', SAVE, { body: CHECKOUT_BODIES.opay })).status).toBe(429);

    const second = await signedInDevice(server);
    const answer = await second.client.request('POST', SAVE, { body: CHECKOUT_BODIES.opay });
    expect(answer.status).toBe(200);
    expect(await checkoutsOf(second.device.id)).toBe(1);
  });

  it('checkouts older than an hour no longer count', async () => {
    const { client, device } = await signedInDevice(server);
    for (let n = 0; n < LIMIT; n += 1) await startCheckout(server, client, 'opay');
    expect((await client.request('POST', SAVE, { body: CHECKOUT_BODIES.opay })).status).toBe(429);
    await server.db.dataSource.query(
      `UPDATE activations SET created_at = now() - interval '61 minutes' WHERE device_id = $1`,
      [device.id],
    );
    expect((await client.request('POST', SAVE, { body: CHECKOUT_BODIES.opay })).status).toBe(200);
    expect(await checkoutsOf(device.id)).toBe(LIMIT + 1);
  });

  it(`10 checkouts started at once: exactly ${LIMIT} are created, the others answered 429`, async () => {
    const { client, device } = await signedInDevice(server);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        n % 2
          ? client.request('POST', SAVE, { body: CHECKOUT_BODIES.opay })
          : client.gql('mutation { startActivation(input: { method: OPAY }) { redirectUrl } }'),
      ),
    );
    const started = answers.filter((a) => a.status === 200 && (a.json.status === 'success' || a.json.data));
    const limited = answers.filter((a) => a.status === 429 || a.json?.errors?.[0]?.extensions?.code === 'RATE_LIMITED');
    expect({ started: started.length, limited: limited.length }).toEqual({ started: LIMIT, limited: 10 - LIMIT });
    expect(await checkoutsOf(device.id)).toBe(LIMIT);
  });
});
