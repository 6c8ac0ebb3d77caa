import { randomUUID } from 'node:crypto';
import { runCli } from '../../server/src/cli';
import { loadConfig } from '../../server/src/config';
import { createLogger } from '../../server/src/logger';
import {
  deliver,
  eventually,
  licenceOf,
  nowPaymentsIpn,
  opayPayload,
  paypalApi as merchantApi,
  paypalDelivery,
  paypalEvent,
  signedIpn,
  signedOpay,
  startCheckout,
  startPayPalOrder,
  webhookOutcomes,
} from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Where money paths meet (issue "Money and state without a seam"): two disputes on one capture, money back above
 * what was paid, a reversal and a lost dispute telling the same money twice, and the licence dates Account Details
 * shows once a payment's days come off. Through the real server, PayPal's stand-in and its signed webhooks.
 */

let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer(
    {},
    { logger: createLogger('info', { write: (line: string) => void logLines.push(line) }) },
  );
});
afterAll(() => server.stop());

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

const CAPTURE = 'mutation($id: ID!) { capturePayPalOrder(orderId: $id) { activation { status } } }';
const ACCOUNT = `query { currentDevice { status expireDate payments {
  id status refunded licenceExpiresAt dispute { state } } } }`;

function paypalApi(method: 'GET' | 'POST', path: string, body?: unknown) {
  return merchantApi(server, method, path, body);
}

/** A device with a captured PayPal order (8.99 EUR): its activation and PayPal's capture id. */
async function paidOrder() {
  const { client, device } = await signedInDevice(server);
  const order = await startPayPalOrder(server, client);
  await fetch(`${server.url}/sandbox/paypal/orders/${order.providerReference}/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card: 'good' }),
  });
  const captured = await client.gql(CAPTURE, { id: order.providerReference });
  expect(captured.json.data.capturePayPalOrder.activation.status).toBe('PAID');
  const read = await paypalApi('GET', `/v2/checkout/orders/${order.providerReference}`);
  return { client, device, order, captureId: read.json.purchase_units[0].payments.captures[0].id as string };
}

async function account(client: Client) {
  const res = await client.gql(ACCOUNT);
  return res.json.data.currentDevice as {
    status: string;
    expireDate: string | null;
    payments: {
      id: string;
      status: string;
      refunded: string | null;
      licenceExpiresAt: string | null;
      dispute: { state: string } | null;
    }[];
  };
}

async function paymentOf(client: Client, id: string) {
  return (await account(client)).payments.find((p) => p.id === id)!;
}

async function returnedMinor(activationId: string): Promise<number> {
  const [row] = await server.db.dataSource.query(`SELECT refunded_minor FROM activations WHERE id = $1`, [
    activationId,
  ]);
  return row.refunded_minor;
}

async function disputesOf(activationId: string) {
  return server.db.dataSource.query(
    `SELECT dispute_id AS id, state FROM payment_disputes WHERE activation_id = $1 ORDER BY opened_at`,
    [activationId],
  );
}

/** PayPal opens a dispute against the capture and its CUSTOMER.DISPUTE.CREATED is applied; its id. */
async function openDispute(client: Client, orderId: string, captureId: string): Promise<string> {
  const opened = await paypalApi('POST', `/simulate/captures/${captureId}/dispute`, {});
  expect(opened.status).toBe(200);
  const id = opened.json.dispute_id as string;
  await eventually(
    () => webhookOutcomes(server, 'paypal', id),
    (list) => list.includes('disputed'),
  );
  expect((await paymentOf(client, orderId)).dispute).toEqual({ state: 'OPEN' });
  return id;
}

/** PayPal decides a dispute; resolves once its CUSTOMER.DISPUTE.RESOLVED was applied: the outcome. */
async function resolveDispute(id: string, outcome: string): Promise<string> {
  const before = (await webhookOutcomes(server, 'paypal', id)).length;
  await paypalApi('POST', `/simulate/disputes/${id}/resolve`, { outcome });
  const after = await eventually(
    () => webhookOutcomes(server, 'paypal', id),
    (list) => list.length > before,
  );
  return after[after.length - 1]!;
}

/** A PayPal event about the capture, signed as PayPal's are, delivered to the webhook. */
function paypalMoneyBack(captureId: string, type: string, value: string) {
  const event = paypalEvent(
    { id: '', deviceId: '', providerReference: '', amountMinor: 0, currency: 'EUR' },
    {
      event_type: type,
      resource_type: 'refund',
      resource: {
        id: `R${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`,
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value },
        links: [{ rel: 'up', method: 'GET', href: `https://api-m.paypal.com/v2/payments/captures/${captureId}` }],
      },
    },
  );
  return deliver(server, paypalDelivery(server, event));
}

/** The support tool on the test server's database: its exit code and what it printed. */
async function cli(...args: string[]) {
  const url = (server.db.dataSource.options as { url?: string }).url;
  const lines: string[] = [];
  const config = loadConfig({ DATABASE_URL: url, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
  const code = await runCli(args, (line) => lines.push(line), config);
  return { code, output: lines.join('\n') };
}

describe('two disputes on one capture', () => {
  it('each undoes only what it did: D1 lost stays lost when D2 is cancelled by the buyer', async () => {
    const { client, device, order, captureId } = await paidOrder();
    const d1 = await openDispute(client, order.id, captureId);
    expect(await resolveDispute(d1, 'RESOLVED_BUYER_FAVOUR')).toBe('reversed');
    expect(await paymentOf(client, order.id)).toMatchObject({ status: 'REVERSED', refunded: '8.99' });
    expect((await licenceOf(server, device.id)).expiresAt).toBeNull();

    // The buyer opens a second dispute about the same capture, then cancels it.
    const d2 = await openDispute(client, order.id, captureId);
    expect(await resolveDispute(d2, 'CANCELED_BY_BUYER')).toBe('reinstated');

    // D1's money stays with the buyer: no licence comes back for it.
    const seen = await account(client);
    expect(seen.status).toBe('TRIAL');
    expect(seen.payments).toEqual([
      expect.objectContaining({ id: order.id, status: 'REVERSED', refunded: '8.99', licenceExpiresAt: null }),
    ]);
    // The row shows the latest dispute; each keeps its own state.
    expect(seen.payments[0]?.dispute).toEqual({ state: 'WON' });
    expect(await disputesOf(order.id)).toEqual([
      { id: d1, state: 'lost' },
      { id: d2, state: 'won' },
    ]);
    expect((await licenceOf(server, device.id)).expiresAt).toBeNull();
    expect(await returnedMinor(order.id)).toBe(899);

    // Support sees each dispute's history, not only the row's latest state.
    const listed = (await cli('payments', device.macAddress)).output;
    expect(listed).toMatch(new RegExp(`dispute ${d1}: lost, opened [^\\n]+, decided `));
    expect(listed).toMatch(new RegExp(`dispute ${d2}: won, opened [^\\n]+, decided `));
  });

  it('a second dispute after a won one is shown open, and its loss takes the days', async () => {
    const { client, device, order, captureId } = await paidOrder();
    const paidLicence = await licenceOf(server, device.id);
    const d1 = await openDispute(client, order.id, captureId);
    expect(await resolveDispute(d1, 'RESOLVED_SELLER_FAVOUR')).toBe('reinstated');
    expect((await paymentOf(client, order.id)).dispute).toEqual({ state: 'WON' });

    const d2 = await openDispute(client, order.id, captureId);
    expect(await licenceOf(server, device.id)).toEqual(paidLicence);
    expect(await resolveDispute(d2, 'RESOLVED_BUYER_FAVOUR')).toBe('reversed');
    expect(await paymentOf(client, order.id)).toMatchObject({ status: 'REVERSED', dispute: { state: 'LOST' } });
    expect((await licenceOf(server, device.id)).expiresAt).toBeNull();
    expect(await disputesOf(order.id)).toEqual([
      { id: d1, state: 'won' },
      { id: d2, state: 'lost' },
    ]);
  });
});

describe('money back is capped at what was paid', () => {
  it('a PayPal refund of 20.00 on 8.99 counts 8.99, and support is alerted (log and metric)', async () => {
    const { client, order, captureId } = await paidOrder();
    const answer = await paypalMoneyBack(captureId, 'PAYMENT.CAPTURE.REFUNDED', '20.00');
    expect(answer.status).toBe(200);
    expect(answer.json.outcome).toBe('refunded');
    expect(await paymentOf(client, order.id)).toMatchObject({ status: 'REFUNDED', refunded: '8.99' });
    expect(await returnedMinor(order.id)).toBe(899);
    expect(logLines.some((line) => line.includes('money back above what was paid') && line.includes(order.id))).toBe(
      true,
    );
    const metric = await server.services.metrics.registry.getSingleMetricAsString(
      'payment_money_back_above_paid_total',
    );
    expect(metric).toMatch(/payment_money_back_above_paid_total\{provider="paypal"\} [1-9]/);

    // More after that is recorded for support and counts nothing.
    const more = await paypalMoneyBack(captureId, 'PAYMENT.CAPTURE.REFUNDED', '1.00');
    expect(more.json.outcome).toBe('above-paid');
    expect(await returnedMinor(order.id)).toBe(899);
  });

  it('a refund of "-1.00" or "0.00" is refused and recorded; the total does not move', async () => {
    const { client, order, captureId } = await paidOrder();
    expect((await paypalMoneyBack(captureId, 'PAYMENT.CAPTURE.REFUNDED', '0.50')).json.outcome).toBe('partly-refunded');
    const negative = await paypalMoneyBack(captureId, 'PAYMENT.CAPTURE.REFUNDED', '-1.00');
    expect(negative.status).toBe(422);
    expect(negative.json.outcome).toBe('refused-amount');
    const zero = await paypalMoneyBack(captureId, 'PAYMENT.CAPTURE.REFUNDED', '0.00');
    expect(zero.json.outcome).toBe('refused-amount');
    expect(await paymentOf(client, order.id)).toMatchObject({ status: 'PAID', refunded: '0.50' });
    expect(await returnedMinor(order.id)).toBe(50);
    expect(await webhookOutcomes(server, 'paypal', captureId)).toEqual(
      expect.arrayContaining(['partly-refunded', 'refused-amount', 'refused-amount']),
    );
  });

  it('a chargeback during a dispute and the dispute lost count the money once, in either order', async () => {
    // The chargeback first, then PayPal resolves the dispute for the buyer.
    const first = await paidOrder();
    const d1 = await openDispute(first.client, first.order.id, first.captureId);
    await paypalApi('POST', `/simulate/captures/${first.captureId}/reverse`, {});
    await eventually(
      () => paymentOf(first.client, first.order.id),
      (p) => p.status === 'REVERSED',
    );
    expect(await resolveDispute(d1, 'RESOLVED_BUYER_FAVOUR')).toBe('already-applied');
    expect(await returnedMinor(first.order.id)).toBe(899);

    // The dispute lost first, then PayPal's PAYMENT.CAPTURE.REVERSED of the same money.
    const second = await paidOrder();
    const d2 = await openDispute(second.client, second.order.id, second.captureId);
    expect(await resolveDispute(d2, 'RESOLVED_BUYER_FAVOUR')).toBe('reversed');
    const reversal = await paypalMoneyBack(second.captureId, 'PAYMENT.CAPTURE.REVERSED', '8.99');
    expect(reversal.json.outcome).toBe('already-applied');
    expect(await returnedMinor(second.order.id)).toBe(899);
    expect(await paymentOf(second.client, second.order.id)).toMatchObject({ status: 'REVERSED', refunded: '8.99' });
  });

  it('support cannot record more than is left: the tool says how much is left, and nothing is recorded', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'opay');
    expect(activation).toMatchObject({ amountMinor: 49_900, currency: 'EGP' });
    const paid = await server.services.ledger.confirm(
      'opay',
      {
        eventId: `seams:${activation.id}`,
        reference: activation.id,
        providerReference: activation.providerReference,
        transactionId: activation.providerReference,
        status: 'paid',
        amountMinor: activation.amountMinor,
        currency: 'EGP',
        providerStatus: 'SUCCESS',
      },
      'webhook',
      {},
    );
    expect(paid).toBe('activated');

    const tooMuch = await cli('refund', activation.id, '--amount', '1000', '--note', 'typo');
    expect(tooMuch).toEqual({
      code: 1,
      output: 'Only 499.00 EGP of this payment is left to give back: nothing was recorded.',
    });
    expect(await returnedMinor(activation.id)).toBe(0);
    expect((await cli('refund', activation.id, '--amount', '100', '--note', 'part')).code).toBe(0);
    const again = await cli('refund', activation.id, '--amount', '400', '--note', 'typo');
    expect(again.output).toBe('Only 399.00 EGP of this payment is left to give back: nothing was recorded.');
    expect(await returnedMinor(activation.id)).toBe(10_000);
    expect((await paymentOf(client, activation.id)).refunded).toBe('100.00');
  });
});

describe('licence dates after money back', () => {
  it("every payment row and Account Details show the device's real end once an earlier payment is refunded", async () => {
    const { client, device } = await signedInDevice(server);
    const pay = async () => {
      const activation = await startCheckout(server, client, 'crypto');
      const answer = await deliver(server, signedIpn(server, nowPaymentsIpn(activation)));
      expect(answer.json.outcome).toBe('activated');
      return activation;
    };
    const first = await pay();
    const second = await pay();
    const paidUntil = (await licenceOf(server, device.id)).expiresAt!;
    expect(await server.services.ledger.recordMoneyBack(first.id, 'refunded', 'test: the first refunded')).toBe(
      'refunded',
    );

    const seen = await account(client);
    const end = (await licenceOf(server, device.id)).expiresAt!;
    expect(new Date(seen.expireDate!).getTime()).toBe(end.getTime());
    const rows = Object.fromEntries(seen.payments.map((p) => [p.id, p]));
    expect(rows[second.id]).toMatchObject({ status: 'PAID' });
    expect(new Date(rows[second.id]!.licenceExpiresAt!).getTime()).toBe(end.getTime());
    expect(rows[first.id]).toMatchObject({ status: 'REFUNDED', licenceExpiresAt: null });

    // Support's view says the same end, and keeps apart what the payment gave when it was applied (the audit copy in
    // payments.licence_after, never moved), labelled as such.
    const when = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
    const listed = (await cli('payments', device.macAddress)).output.split('\n');
    expect(listed).toContain(`Expires:     ${when(end)}`);
    const at = listed.findIndex((line) => line.startsWith(`  reference ${second.id},`));
    expect(listed[at - 1]).toMatch(new RegExp(` paid  paid .*  licence until ${when(end)}$`));
    expect(listed[at + 1]).toMatch(
      new RegExp(
        `^ {2}when applied: licence ended \\S+ \\S+ UTC, this payment took it to ${when(paidUntil)} \\(as recorded then\\)$`,
      ),
    );
    expect(end.getTime()).toBeLessThan(paidUntil.getTime());
  });
});

describe("OPay's amounts in both published shapes", () => {
  it('a callback with a flat amount in major units ("499.00" EGP) activates the device once', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'opay');
    const answer = await deliver(server, signedOpay(server, 'opay', opayPayload(activation, { amount: '499.00' })));
    expect(answer.status).toBe(200);
    expect(answer.json.outcome).toBe('activated');
    expect((await account(client)).status).toBe('ACTIVE');
  });
});
