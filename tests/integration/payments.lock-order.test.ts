import { messages } from '../../common/messages';
import { createLogger } from '../../server/src/logger';
import { createTestDatabase, describeOnPostgres } from '../support/database';
import { paypalApi, startPayPalOrder } from '../support/payments';
import { buildDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

/**
 * One lock order (docs/architecture.md): the device's row first, everywhere, the ledger included. The owner of a
 * TV on its trial pays with PayPal on one instance while, on another instance of the same PostgreSQL database, the
 * owner of a newer TV switches onto the older TV's MAC (which absorbs its record, payments included). Whichever
 * wins, nobody deadlocks, nothing answers 5xx, and when PayPal took the money the paying owner's answer shows the
 * payment, never "Nothing was changed".
 */

const ROUNDS = 50;
const CAPTURE = `mutation($id: ID!) {
  capturePayPalOrder(orderId: $id) { activation { id status } device { macAddress status } } }`;
/**
 * A new device and its owner signed in to the portal, from an address of its own behind the load balancer (the
 * servers trust it, as instances behind one do): a hundred owners do not share one address's captcha limit.
 */
async function ownerOf(server: TestServer, address: string) {
  const registered = await buildDevice(server);
  const client = server.client();
  const from = { 'x-forwarded-for': address };
  const token = (await client.request('GET', '/frontend/captcha/generate', { headers: from })).json.token;
  const res = await client.request('POST', '/frontend/device/login', {
    headers: from,
    body: {
      mac_address: registered.device.macAddress,
      device_key: registered.deviceKey,
      captcha: TEST_CAPTCHA,
      token,
    },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return { ...registered, client };
}

const SWITCH = `mutation($mac: String!, $key: String!) {
  switchMacAddress(input: { macAddress: $mac, deviceKey: $key }) { device { macAddress } } }`;

describeOnPostgres('a PayPal capture racing a Switch MAC on two instances', () => {
  let paying: TestServer;
  let switching: TestServer;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const lines: string[] = [];
  const logger = () => createLogger('info', { write: (line: string) => void lines.push(line) });

  beforeAll(async () => {
    database = await createTestDatabase();
    [paying, switching] = await Promise.all([
      startTestServer({ TRUST_PROXY: 'loopback' }, { databaseUrl: database.url, logger: logger() }),
      startTestServer({ TRUST_PROXY: 'loopback' }, { databaseUrl: database.url, logger: logger() }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([paying?.stop(), switching?.stop()]);
    await database?.drop();
  });

  it(`${ROUNDS} rounds: no deadlock, no 5xx, and money taken is always shown`, async () => {
    const seen = { captureWon: 0, switchWon: 0, paidAfterSwitch: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const [older, newer] = await Promise.all([
        ownerOf(paying, `198.51.100.${round + 1}`),
        ownerOf(switching, `203.0.113.${round + 1}`),
      ]);
      const order = await startPayPalOrder(paying, older.client);
      const approved = await fetch(`${paying.url}/sandbox/paypal/orders/${order.providerReference}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ card: 'good' }),
      });
      expect(approved.status).toBeLessThan(400);

      const [captured, switched] = await Promise.all([
        older.client.gql(CAPTURE, { id: order.providerReference }),
        newer.client.gql(SWITCH, { mac: older.device.macAddress, key: older.deviceKey }),
      ]);
      expect(captured.status).toBeLessThan(500);
      expect(switched.status).toBeLessThan(500);

      const atPayPal = await paypalApi(paying, 'GET', `/v2/checkout/orders/${order.providerReference}`);
      const tookMoney = atPayPal.json.status === 'COMPLETED';
      if (tookMoney) {
        // The owner who paid is told so: the payment, paid, on whichever record now holds it.
        expect(captured.json.errors).toBeUndefined();
        expect(captured.json.data.capturePayPalOrder.activation).toEqual({ id: order.id, status: 'PAID' });
        expect(captured.json.data.capturePayPalOrder.device.status).toBe('ACTIVE');
      } else {
        // Not captured: the switch took the record first, and the capture was refused before PayPal was asked.
        expect(JSON.stringify(captured.json)).not.toContain(messages.race.concurrent);
      }
      if (switched.json.errors) {
        seen.captureWon += 1;
        expect(switched.json.errors[0].extensions.code).toBe('CONFLICT');
      } else {
        seen.switchWon += 1;
        if (tookMoney) seen.paidAfterSwitch += 1;
      }
      // Whatever won, the payment is applied once, to the record that holds the older TV's MAC now.
      const [applied] = await paying.db.dataSource.query(
        `SELECT count(*)::int AS n, min(d.mac_address) AS mac FROM payments p JOIN devices d ON d.id = p.device_id
          WHERE p.activation_id = $1`,
        [order.id],
      );
      expect(applied).toEqual(tookMoney ? { n: 1, mac: older.device.macAddress } : { n: 0, mac: null });
    }
    expect(lines.filter((line) => /deadlock/i.test(line))).toEqual([]);
    // What the rounds came to (printed, not asserted: which side wins is the scheduler's).
    process.stdout.write(`lock-order race: ${JSON.stringify(seen)}\n`);
    // A limit for a loaded machine (each round registers and signs in two owners), not a timing under test.
  }, 240_000);
});
