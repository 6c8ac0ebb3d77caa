import { CHECKOUT_BODIES, activationStatus, eventually } from '../support/payments';
import { buildDevice, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * The card checkout page's question (issue 31, "Rough edges"): before it shows Cowpay's frame for
 * /cowpay/checkout/{frameCode}/{token}, is that checkout still open? A link already paid, failed, expired or not
 * ours would otherwise show a 1200px frame of Cowpay's error page (or the browser's broken-page icon).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const QUERY = `query($input: CardCheckoutInput!) { cardCheckout(input: $input) { status } }`;

/** What the graph answers about a link, asked by someone with no session nor token. */
async function statusOf(frameCode: string, token: string, client = server.client()) {
  const res = await client.gql(QUERY, { input: { frameCode, token } });
  expect(res.json.errors).toBeUndefined();
  return res.json.data.cardCheckout.status as string;
}

/** An owner starts paying by card: the link the browser is sent to, and its activation. */
async function startCardCheckout() {
  const { client } = await signedInDevice(server);
  const res = await client.request('POST', '/frontend/device/saveActivation', { body: CHECKOUT_BODIES.cowpay });
  expect(res.status).toBe(200);
  const [, frameCode, token] = /\/cowpay\/checkout\/([^/]+)\/([0-9a-f]{32})$/.exec(res.json.url) ?? [];
  return { frameCode: frameCode!, token: token!, activationId: res.json.activation_id as string };
}

/** The buyer presses one of the stand-in frame's buttons. */
async function inFrame(token: string, choice: 'pay' | 'decline' | 'unpaid' | 'expire') {
  const res = await fetch(`${server.url}/sandbox/cowpay/api/v1/iframe/load/${token}/${choice}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

const settled = (activationId: string) =>
  eventually(
    () => activationStatus(server, activationId),
    (s) => s !== 'pending',
    3_000,
  );

describe('cardCheckout: where the checkout of a card payment link stands', () => {
  it('OPEN for a checkout just started, for whoever has the link (no session needed)', async () => {
    const checkout = await startCardCheckout();
    expect(checkout.frameCode).toBe('sandbox');
    expect(await statusOf(checkout.frameCode, checkout.token)).toBe('OPEN');
    // Left unpaid in the frame: still open, it can still be paid.
    await inFrame(checkout.token, 'unpaid');
    expect(await statusOf(checkout.frameCode, checkout.token)).toBe('OPEN');
  });

  it('PAID once paid, and still PAID when the money went back later', async () => {
    const checkout = await startCardCheckout();
    await inFrame(checkout.token, 'pay');
    expect(await settled(checkout.activationId)).toBe('paid');
    expect(await statusOf(checkout.frameCode, checkout.token)).toBe('PAID');
    await server.services.ledger.recordMoneyBack(checkout.activationId, 'refunded', 'issue 31 test');
    expect(await activationStatus(server, checkout.activationId)).toBe('refunded');
    expect(await statusOf(checkout.frameCode, checkout.token)).toBe('PAID');
  });

  it('FAILED for a declined card, EXPIRED for a form left to expire', async () => {
    const declined = await startCardCheckout();
    await inFrame(declined.token, 'decline');
    expect(await settled(declined.activationId)).toBe('failed');
    expect(await statusOf(declined.frameCode, declined.token)).toBe('FAILED');

    const expired = await startCardCheckout();
    await inFrame(expired.token, 'expire');
    expect(await settled(expired.activationId)).toBe('failed');
    expect(await statusOf(expired.frameCode, expired.token)).toBe('EXPIRED');
  });

  it('UNKNOWN for a link that is not one of ours: another token, another frame code, a part of a token', async () => {
    const checkout = await startCardCheckout();
    expect(await statusOf('sandbox', '0123456789abcdef0123456789abcdef')).toBe('UNKNOWN');
    expect(await statusOf('other-frame', checkout.token)).toBe('UNKNOWN');
    expect(await statusOf(checkout.frameCode, checkout.token.slice(1))).toBe('UNKNOWN');
    expect(await statusOf(checkout.frameCode, checkout.token.slice(0, -1))).toBe('UNKNOWN');
    // Not a token at all: answered without looking (a LIKE pattern, a path, 100 kB).
    for (const token of ['%', '_'.repeat(32), `x/${checkout.token}`, '', 'a'.repeat(100_000)]) {
      expect(await statusOf(checkout.frameCode, token)).toBe('UNKNOWN');
    }
    expect(await statusOf('%', checkout.token)).toBe('UNKNOWN');
    // The real one is still open.
    expect(await statusOf(checkout.frameCode, checkout.token)).toBe('OPEN');
  });

  it('tells nothing but the status: not the device, the amount nor the payer', async () => {
    const checkout = await startCardCheckout();
    const res = await server
      .client()
      .gql(`query($input: CardCheckoutInput!) { cardCheckout(input: $input) { __typename status } }`, {
        input: { frameCode: checkout.frameCode, token: checkout.token },
      });
    expect(res.json).toEqual({ data: { cardCheckout: { __typename: 'CardCheckout', status: 'OPEN' } } });
    // A TV's token reads the same, and nothing more.
    const tv = await buildDevice(server);
    const asTv = await server
      .client()
      .gql(
        QUERY,
        { input: { frameCode: checkout.frameCode, token: checkout.token } },
        { authorization: `Bearer ${tv.deviceToken}` },
      );
    expect(asTv.json).toEqual({ data: { cardCheckout: { status: 'OPEN' } } });
  });
});

describe('cardCheckout under load', () => {
  it('finds a link through its index, not by reading every card checkout (anyone may ask, as often as they like)', async () => {
    const { frameCode, token } = await startCardCheckout();
    const path = `/cowpay/checkout/${frameCode}/${token}`;
    // The statement the service sends, planned with scans made as dear as they can be: only a matching index
    // lets the planner avoid one, so this fails if the query and the index's expression drift apart.
    const plan = await server.db.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return (await manager.query(
        `EXPLAIN SELECT status, failure_reason FROM activations
          WHERE method = 'cowpay' AND substring(checkout_url from '/cowpay/checkout/.*$') = $1
          ORDER BY created_at DESC LIMIT 1`,
        [path],
      )) as { 'QUERY PLAN': string }[];
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('ix_activations_card_checkout_link');
    expect(await statusOf(frameCode, token)).toBe('OPEN');
  });
});
