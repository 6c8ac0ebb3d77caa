import {
  activationStatus,
  daysFromNow,
  deliver,
  eventually,
  licenceOf,
  nowPaymentsIpn,
  opayPayload,
  payButLoseCallback,
  portalView,
  signedIpn,
  signedOpay,
  startCheckout,
  startPayPalOrder,
  startedAgo,
  trailOf,
  YEAR_AFTER_TRIAL,
} from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Reconciliation on its schedule: a checkout whose provider never called back is asked about at the provider's
 * status API some minutes after it started (PAYMENT_RECONCILE_AFTER_MINUTES, 5 by default), and the answer is
 * applied like the callback would have been. The providers are the server's own stand-ins, told to pay and lose
 * the callback; the schedule runs every second here (PAYMENT_RECONCILE_INTERVAL_SECONDS=1), and a checkout is made
 * old by moving its start back.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PAYMENT_RECONCILE_INTERVAL_SECONDS: '1' });
});
afterAll(() => server.stop());

const active = (view: Awaited<ReturnType<typeof portalView>>) => view.status === 'ACTIVE';

describe('a paid checkout whose callback never arrives', () => {
  it.each(['crypto', 'opay', 'cowpay'] as const)(
    '%s: the schedule asks the provider and activates the device, once',
    async (method) => {
      const { client, device } = await signedInDevice(server);
      const activation = await startCheckout(server, client, method);
      await payButLoseCallback(server.url, server, method, activation);
      // The buyer paid; without the callback the portal still waits.
      expect((await portalView(client)).status).toBe('TRIAL');

      await startedAgo(server, activation.id, 10);
      const seen = await eventually(() => portalView(client), active, 30_000);
      expect(seen.status).toBe('ACTIVE');
      expect(seen.payments).toEqual([expect.objectContaining({ id: activation.id, status: 'PAID' })]);
      const licence = await licenceOf(server, device.id);
      expect(licence.payments).toBe(1);
      expect(daysFromNow(licence.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
      // The operator's trail (npm run device -- payments) says the provider was asked and what it answered.
      expect(await trailOf(server, activation.id)).toContainEqual({ kind: 'reconcile', outcome: 'activated' });

      // Later passes leave a paid checkout alone.
      await server.services.reconciler.runDue();
      expect(await licenceOf(server, device.id)).toEqual(licence);
    },
  );

  it('is not asked about while it is young: a few minutes are left for the callback', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'opay');
    await payButLoseCallback(server.url, server, 'opay', activation);
    await server.services.reconciler.runDue();
    expect(await activationStatus(server, activation.id)).toBe('pending');
    expect((await trailOf(server, activation.id)).map((e) => e.kind)).toEqual(['checkout']);
  });

  it('a callback arriving after the provider was asked changes nothing more (NOWPayments, the same payment)', async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    await payButLoseCallback(server.url, server, 'crypto', activation);
    await startedAgo(server, activation.id, 10);
    await eventually(() => portalView(client), active, 30_000);
    const licence = await licenceOf(server, device.id);
    const [payment] = await server.db.dataSource.query(
      `SELECT provider_reference FROM payments WHERE activation_id = $1`,
      [activation.id],
    );

    const late = nowPaymentsIpn(activation, { payment_id: Number(payment.provider_reference) });
    const answer = await deliver(server, signedIpn(server, late));
    expect(answer.status).toBe(200);
    expect(answer.json.outcome).toBe('duplicate');
    expect(await licenceOf(server, device.id)).toEqual(licence);
  });

  it("a late callback naming the payment otherwise (OPay's transaction id) does not pay the checkout twice", async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'opay');
    await payButLoseCallback(server.url, server, 'opay', activation);
    await startedAgo(server, activation.id, 10);
    await eventually(() => portalView(client), active, 30_000);
    const licence = await licenceOf(server, device.id);

    // OPay's status answer names the order; a callback may name a transaction id of its own.
    const answer = await deliver(server, signedOpay(server, 'opay', opayPayload(activation)));
    expect(answer.status).toBe(200);
    expect(answer.json.outcome).toBe('already-applied');
    expect(await licenceOf(server, device.id)).toEqual(licence);
    expect((await portalView(client)).payments).toEqual([expect.objectContaining({ status: 'PAID' })]);
  });
});

describe('a PayPal order the buyer approved and abandoned', () => {
  it('is captured by reconciliation: the buyer is charged once and the device activated', async () => {
    const { client, device } = await signedInDevice(server);
    const order = await startPayPalOrder(server, client);
    // The buyer approves in PayPal's window and closes it before the page captures; no webhook is subscribed.
    const approved = await fetch(`${server.url}/sandbox/paypal/orders/${order.providerReference}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card: 'good' }),
    });
    expect(approved.status).toBe(200);
    expect((await portalView(client)).status).toBe('TRIAL');

    await startedAgo(server, order.id, 10);
    const seen = await eventually(() => portalView(client), active, 30_000);
    expect(seen.payments).toEqual([expect.objectContaining({ id: order.id, status: 'PAID' })]);
    expect((await licenceOf(server, device.id)).payments).toBe(1);
    const trail = await trailOf(server, order.id);
    expect(trail).toContainEqual({ kind: 'reconcile', outcome: 'pending' });
    expect(trail).toContainEqual({ kind: 'capture', outcome: 'activated' });
  });
});

describe('a checkout nobody pays', () => {
  it('is still pending while young and ends cancelled once the limit has passed; a late payment still counts', async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    await startedAgo(server, activation.id, 10);
    await eventually(
      () => trailOf(server, activation.id),
      (trail) => trail.some((e) => e.kind === 'reconcile'),
      30_000,
    );
    expect(await activationStatus(server, activation.id)).toBe('pending');
    expect((await portalView(client)).payments).toEqual([expect.objectContaining({ status: 'PENDING' })]);

    // A day later (PAYMENT_RECONCILE_GIVE_UP_HOURS), still nothing: the checkout ends.
    await startedAgo(server, activation.id, 25 * 60);
    await server.db.dataSource.query(`UPDATE activations SET reconcile_next_at = NULL WHERE id = $1`, [activation.id]);
    await eventually(
      () => activationStatus(server, activation.id),
      (status) => status === 'cancelled',
      30_000,
    );
    const seen = await portalView(client);
    expect(seen.status).toBe('TRIAL');
    expect(seen.payments).toEqual([expect.objectContaining({ id: activation.id, status: 'CANCELLED' })]);

    // The provider's confirmation of a payment made after all is applied.
    const answer = await deliver(server, signedIpn(server, nowPaymentsIpn(activation)));
    expect(answer.json.outcome).toBe('activated');
    expect((await licenceOf(server, device.id)).payments).toBe(1);
    expect((await portalView(client)).status).toBe('ACTIVE');
  });
});

describe('late money: a checkout given up on stays askable for its provider’s payment window', () => {
  it('crypto: paid 25 h after its checkout with the callback lost, the schedule finds it', async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    // A day passes with nothing paid: the schedule gives the checkout up (cancelled).
    await startedAgo(server, activation.id, 24 * 60 + 5);
    await server.services.reconciler.runDue();
    expect(await activationStatus(server, activation.id)).toBe('cancelled');

    // An hour later the buyer pays the invoice (NOWPayments keeps a payment open 7 days); the IPN is lost.
    await payButLoseCallback(server.url, server, 'crypto', activation);
    await startedAgo(server, activation.id, 25 * 60);
    await server.db.dataSource.query(`UPDATE activations SET reconcile_next_at = now() WHERE id = $1`, [activation.id]);
    const seen = await eventually(() => portalView(client), active, 30_000);
    expect(seen.payments).toEqual([expect.objectContaining({ id: activation.id, status: 'PAID' })]);
    expect((await licenceOf(server, device.id)).payments).toBe(1);
    expect(await trailOf(server, activation.id)).toContainEqual({ kind: 'reconcile', outcome: 'activated' });
  });

  it('past the provider’s window the schedule stops asking; the support tool still can', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    await startedAgo(server, activation.id, 9 * 24 * 60);
    await server.services.reconciler.runDue();
    expect(await activationStatus(server, activation.id)).toBe('cancelled');
    const asked = (await trailOf(server, activation.id)).filter((e) => e.kind === 'reconcile').length;

    await payButLoseCallback(server.url, server, 'crypto', activation);
    await server.db.dataSource.query(`UPDATE activations SET reconcile_next_at = now() WHERE id = $1`, [activation.id]);
    await server.services.reconciler.runDue();
    expect((await trailOf(server, activation.id)).filter((e) => e.kind === 'reconcile')).toHaveLength(asked);
    expect(await activationStatus(server, activation.id)).toBe('cancelled');

    // `npm run device -- reconcile <reference>` asks whatever the age.
    expect((await server.services.reconciler.reconcile(activation.id)).outcome).toBe('activated');
    expect((await portalView(client)).status).toBe('ACTIVE');
  });
});
