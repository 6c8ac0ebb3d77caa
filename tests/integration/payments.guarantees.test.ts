import {
  activationStatus,
  daysFromNow,
  deliver,
  deliverUntilAccepted,
  eventually,
  licenceOf,
  nowPaymentsIpn,
  operatorConnection,
  portalView,
  signedIpn,
  startCheckout,
  webhookOutcomes,
  YEAR_AFTER_TRIAL,
  type Delivery,
} from '../support/payments';
import { count, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Exactly once: a provider's paid confirmation extends a licence once, however often, however concurrently it is
 * delivered, and even when the server loses its database connections in the middle of the deliveries.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Dropping the server's connections needs PostgreSQL's pg_terminate_backend; the embedded engine has none. */
const onPostgres = process.env.DATABASE_URL ? it : it.skip;

/** One year, bought during the trial: it starts when the trial ends. */
function expectOneYear(expiresAt: Date | string | null) {
  const days = daysFromNow(expiresAt);
  expect(days).toBeGreaterThan(YEAR_AFTER_TRIAL - 0.1);
  expect(days).toBeLessThan(YEAR_AFTER_TRIAL + 0.1);
}

/** What an operator checks after the storm: one payment, one year, one activation, the rest duplicates. */
async function expectAppliedExactlyOnce(
  deviceId: string,
  activationId: string,
  marker: string,
  deliveries: number,
  paymentsBefore: number,
) {
  expect(await count(server, 'payments')).toBe(paymentsBefore + 1);
  const [payment] = await server.db.dataSource.query(
    `SELECT count(*)::int AS n FROM payments WHERE activation_id = $1`,
    [activationId],
  );
  expect(payment.n).toBe(1);
  const licence = await licenceOf(server, deviceId);
  expect(licence.payments).toBe(1);
  expectOneYear(licence.expiresAt);
  expect(await activationStatus(server, activationId)).toBe('paid');
  const outcomes = await webhookOutcomes(server, 'crypto', marker);
  expect(outcomes.filter((o) => o === 'activated')).toHaveLength(1);
  expect(outcomes.filter((o) => o !== 'activated').every((o) => o === 'duplicate' || o === 'already-applied')).toBe(
    true,
  );
  // Every delivery that was answered is in the audit trail once; the ones cut off by the drop left nothing.
  expect(outcomes).toHaveLength(deliveries);
}

describe('a paid NOWPayments confirmation', () => {
  it('delivered 20 times (10 one after another, 10 at once) extends the licence exactly once', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    const paymentsBefore = await count(server, 'payments');
    const ipn = nowPaymentsIpn(activation);
    const delivery = signedIpn(server, ipn);

    const answers = [];
    for (let n = 0; n < 10; n += 1) answers.push(await deliverUntilAccepted(server, delivery));
    answers.push(...(await Promise.all(Array.from({ length: 10 }, () => deliverUntilAccepted(server, delivery)))));

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json.outcome === 'activated')).toHaveLength(1);
    await expectAppliedExactlyOnce(activation.deviceId, activation.id, String(ipn.payment_id), 20, paymentsBefore);
    const seen = await portalView(client);
    expect(seen.status).toBe('ACTIVE');
    expect(seen.payments).toEqual([expect.objectContaining({ method: 'CRYPTO', status: 'PAID', amount: '8.99' })]);
  });

  // PostgreSQL only: the embedded engine (PGlite) is one in-process backend that cannot be terminated.
  onPostgres(
    'delivered 20 times while the server loses its database connections, extends the licence exactly once',
    async () => {
      const { client } = await signedInDevice(server);
      const activation = await startCheckout(server, client, 'crypto');
      const paymentsBefore = await count(server, 'payments');
      const ipn = nowPaymentsIpn(activation);
      const delivery: Delivery = signedIpn(server, ipn);
      const operator = await operatorConnection(server);
      /** A count from pg_stat_activity, read afresh (inside a transaction it is otherwise a cached snapshot). */
      const activity = async (sql: string, params: unknown[] = []) => {
        await operator.query('SELECT pg_stat_clear_snapshot()');
        return (await operator.query(sql, params)).rows[0].n as number;
      };
      try {
        // The operator holds the activation's row, so the server's deliveries are caught mid-transaction
        // (waiting for it) when their connections are dropped: the drop cannot miss them.
        await operator.query('BEGIN');
        await operator.query('SELECT id FROM activations WHERE id = $1 FOR UPDATE', [activation.id]);
        const burst = Array.from({ length: 10 }, () => deliverUntilAccepted(server, delivery));
        const waiting = await eventually(
          () =>
            activity(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
            ),
          (n) => n >= 1,
        );
        expect(waiting).toBeGreaterThanOrEqual(1);

        const dropped = await operator.query(
          `SELECT pid, pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        expect(dropped.rows.length).toBeGreaterThanOrEqual(1);
        expect(dropped.rows.every((row) => row.terminated === true)).toBe(true);
        const pids = dropped.rows.map((row) => row.pid as number);
        // The dropped backends are gone before the row is let go, so none of them can still commit.
        const left = await eventually(
          () => activity(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1)`, [pids]),
          (n) => n === 0,
        );
        expect(left).toBe(0);
        await operator.query('ROLLBACK');
        const concurrent = await Promise.all(burst);

        // Some deliveries were cut off (answered 503) and succeeded when the provider retried them.
        expect(concurrent.some((a) => a.statuses.some((s) => s >= 500 || s === 0))).toBe(true);
        expect(concurrent.map((a) => a.status)).toEqual(Array(10).fill(200));

        const sequential = [];
        for (let n = 0; n < 10; n += 1) sequential.push(await deliverUntilAccepted(server, delivery));
        expect(sequential.map((a) => a.status)).toEqual(Array(10).fill(200));
        expect(sequential.map((a) => a.json.outcome)).toEqual(Array(10).fill('duplicate'));
        expect([...concurrent, ...sequential].filter((a) => a.json.outcome === 'activated')).toHaveLength(1);
      } finally {
        await operator.end();
      }
      await expectAppliedExactlyOnce(activation.deviceId, activation.id, String(ipn.payment_id), 20, paymentsBefore);
      expect((await portalView(client)).status).toBe('ACTIVE');
    },
  );

  it('followed by a late event of the same payment (confirming, then expired) changes nothing', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    const finished = nowPaymentsIpn(activation);
    expect((await deliver(server, signedIpn(server, finished))).json.outcome).toBe('activated');
    const paid = await licenceOf(server, activation.deviceId);

    const confirming = await deliver(server, signedIpn(server, { ...finished, payment_status: 'confirming' }));
    expect(confirming.status).toBe(200);
    expect(confirming.json.outcome).toBe('pending');
    const expired = await deliver(server, signedIpn(server, { ...finished, payment_status: 'expired' }));
    expect(expired.status).toBe(200);
    expect(expired.json.outcome).toBe('ignored');

    expect(await licenceOf(server, activation.deviceId)).toEqual(paid);
    expect(await activationStatus(server, activation.id)).toBe('paid');
    expect(await webhookOutcomes(server, 'crypto', String(finished.payment_id))).toEqual([
      'activated',
      'pending',
      'ignored',
    ]);
    expect((await portalView(client)).status).toBe('ACTIVE');
  });

  it('carrying a NUL character in a text field is applied, and recorded in the audit trail', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    // PostgreSQL cannot store U+0000 in jsonb: the record must not fail (503) and leave the payment unapplied.
    const ipn = nowPaymentsIpn(activation, { order_description: 'Licence\u0000(365 days)' });
    const answer = await deliver(server, signedIpn(server, ipn));
    expect(answer.status).toBe(200);
    expect(answer.json.outcome).toBe('activated');
    expect(await webhookOutcomes(server, 'crypto', String(ipn.payment_id))).toEqual(['activated']);
    expect((await portalView(client)).status).toBe('ACTIVE');
  });

  it('for two different payments of two checkouts of one device extends the licence twice, a year after the other', async () => {
    const { client } = await signedInDevice(server);
    const first = await startCheckout(server, client, 'crypto');
    const second = await startCheckout(server, client, 'crypto');
    const firstIpn = nowPaymentsIpn(first);
    const secondIpn = nowPaymentsIpn(second);

    expect((await deliver(server, signedIpn(server, firstIpn))).json.outcome).toBe('activated');
    expectOneYear((await licenceOf(server, first.deviceId)).expiresAt);
    // Each delivered twice: the repeats change nothing.
    expect((await deliver(server, signedIpn(server, secondIpn))).json.outcome).toBe('activated');
    expect((await deliver(server, signedIpn(server, firstIpn))).json.outcome).toBe('duplicate');
    expect((await deliver(server, signedIpn(server, secondIpn))).json.outcome).toBe('duplicate');

    const licence = await licenceOf(server, first.deviceId);
    expect(licence.payments).toBe(2);
    // The second year starts where the first ends, not today.
    const days = daysFromNow(licence.expiresAt);
    expect(days).toBeGreaterThan(YEAR_AFTER_TRIAL + 364.9);
    expect(days).toBeLessThan(YEAR_AFTER_TRIAL + 365.1);
    expect(await activationStatus(server, first.id)).toBe('paid');
    expect(await activationStatus(server, second.id)).toBe('paid');
    const [after] = await server.db.dataSource.query(
      `SELECT licence_before, licence_after FROM payments WHERE activation_id = $1`,
      [second.id],
    );
    expect(daysFromNow(after.licence_before)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
    expect(new Date(after.licence_after).getTime()).toBe(new Date(licence.expiresAt!).getTime());
    const seen = await portalView(client);
    expect(seen.payments.map((p) => p.status)).toEqual(['PAID', 'PAID']);
  });
});
