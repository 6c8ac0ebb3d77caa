import { randomInt, randomUUID } from 'node:crypto';
import type { Confirmation } from '../../server/src/payments/provider';
import {
  daysFromNow,
  licenceOf,
  startCheckout,
  webhookOutcomes,
  type StartedActivation,
  YEAR_AFTER_TRIAL,
} from '../support/payments';
import { createTestDatabase } from '../support/database';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Money back (refunds, reversals, chargebacks) and part payments, as the payment service applies them once an
 * adapter has read the provider's notification: the days a payment gave come off the licence, once; a notice of
 * money back for something never paid changes nothing; a payment that fell short is kept with what arrived. Each
 * provider's own notifications of these are tested with its adapter and stand-in.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

const HISTORY = `query { currentDevice { status expireDate payments {
  status amount currency licenceExpiresAt takenBackAt partialPayment { received expected missing currency } } } }`;

function paid(activation: StartedActivation, transactionId = String(randomInt(1e9, 9e9))): Confirmation {
  return {
    eventId: `${transactionId}:finished`,
    reference: activation.id,
    providerReference: activation.providerReference,
    transactionId,
    status: 'paid',
    amountMinor: activation.amountMinor,
    currency: activation.currency,
    providerStatus: 'finished',
  };
}

function moneyBack(
  status: 'refunded' | 'reversed',
  fields: { reference?: string | null; takesBack?: string | null; id?: string },
): Confirmation {
  const id = fields.id ?? `R-${randomUUID()}`;
  return {
    eventId: `${id}:${status}`,
    reference: fields.reference ?? null,
    providerReference: null,
    transactionId: id,
    takesBack: fields.takesBack ?? null,
    status,
    amountMinor: null,
    currency: null,
    providerStatus: status,
  };
}

const confirm = (c: Confirmation) => server.services.ledger.confirm('crypto', c, 'webhook', { test: true });

async function refundedView(client: Client) {
  const res = await client.gql('query { currentDevice { status payments { status refunded dispute { state } } } }');
  return res.json.data.currentDevice as { status: string; payments: Array<Record<string, any>> };
}

async function history(client: Client) {
  const res = await client.gql(HISTORY);
  return res.json.data.currentDevice as {
    status: string;
    expireDate: string;
    payments: Array<Record<string, any>>;
  };
}

describe('money back', () => {
  it('a refund takes back the year it paid for: the licence ends, Account Details says Refunded', async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    expect(await confirm(paid(activation))).toBe('activated');
    expect((await history(client)).status).toBe('ACTIVE');

    expect(await confirm(moneyBack('refunded', { reference: activation.id }))).toBe('refunded');
    // Bought during the trial, the year started at the trial's end: with it gone, nothing paid is left.
    const licence = await licenceOf(server, device.id);
    expect(licence.expiresAt).toBeNull();
    // Back to the trial it still has.
    const seen = await history(client);
    expect(seen.status).toBe('TRIAL');
    expect(seen.payments).toEqual([
      expect.objectContaining({ status: 'REFUNDED', partialPayment: null, takenBackAt: expect.any(String) }),
    ]);
  });

  it('a refund of one payment of two leaves the other year; found by the payment it names alone', async () => {
    const { client, device } = await signedInDevice(server);
    const first = await startCheckout(server, client, 'crypto');
    const firstPayment = String(randomInt(1e9, 9e9));
    expect(await confirm(paid(first, firstPayment))).toBe('activated');
    const second = await startCheckout(server, client, 'crypto');
    expect(await confirm(paid(second))).toBe('activated');
    expect(daysFromNow((await licenceOf(server, device.id)).expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL + 365, 1);

    // A PayPal refund names the capture it refunds, not our reference.
    expect(await confirm(moneyBack('reversed', { takesBack: firstPayment }))).toBe('reversed');
    expect(daysFromNow((await licenceOf(server, device.id)).expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
    const statuses = (await history(client)).payments.map((p) => p.status);
    expect(statuses).toEqual(['PAID', 'REVERSED']);
  });

  it('takes back once: a second notice of it, or another refund of the same payment, changes nothing', async () => {
    const { client, device } = await signedInDevice(server);
    const one = await startCheckout(server, client, 'crypto');
    expect(await confirm(paid(one))).toBe('activated');
    const two = await startCheckout(server, client, 'crypto');
    expect(await confirm(paid(two))).toBe('activated');
    const refund = moneyBack('refunded', { reference: one.id });
    expect(await confirm(refund)).toBe('refunded');
    const after = (await licenceOf(server, device.id)).expiresAt;

    expect(await confirm(refund)).toBe('duplicate');
    expect(await confirm(moneyBack('reversed', { reference: one.id }))).toBe('already-applied');
    expect((await licenceOf(server, device.id)).expiresAt).toEqual(after);
    expect(daysFromNow(after)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
  });

  it('a refund of a checkout that was never paid is recorded and changes nothing', async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    const refund = moneyBack('refunded', { reference: activation.id });
    expect(await confirm(refund)).toBe('ignored');
    expect((await licenceOf(server, device.id)).expiresAt).toBeNull();
    expect((await history(client)).payments.map((p) => p.status)).toEqual(['PENDING']);
    expect(await webhookOutcomes(server, 'crypto', refund.transactionId!)).toEqual(['ignored']);
  });

  it("money back for something that is not ours is answered 'ignored' and recorded", async () => {
    const refund = moneyBack('refunded', { reference: null, takesBack: 'CAPTURE-OF-ANOTHER-SHOP' });
    expect(await confirm(refund)).toBe('ignored');
    expect(await webhookOutcomes(server, 'crypto', refund.transactionId!)).toEqual(['ignored']);
  });

  it('refunds by amount add up: the days stay until the money back reaches the price, then come off once', async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    expect(await confirm(paid(activation))).toBe('activated');
    const year = (await licenceOf(server, device.id)).expiresAt;
    const part = (minor: number, id?: string) => ({
      ...moneyBack('refunded', { reference: activation.id, id }),
      amountMinor: minor,
      currency: activation.currency,
    });
    const first = part(50);
    expect(await confirm(first)).toBe('partly-refunded');
    // The same refund told again under another event id counts once (its own id is the key).
    expect(await confirm({ ...first, eventId: `${first.eventId}:again` })).toBe('already-applied');
    expect(await confirm({ ...part(25), currency: 'JPY' })).toBe('refused-currency');
    // Money back of nothing, or of less than nothing, is refused (and recorded), and counts nothing.
    expect(await confirm(part(0))).toBe('refused-amount');
    expect(await confirm(part(-100))).toBe('refused-amount');
    expect((await licenceOf(server, device.id)).expiresAt).toEqual(year);
    let seen = await refundedView(client);
    expect(seen).toEqual({ status: 'ACTIVE', payments: [{ status: 'PAID', refunded: '0.50', dispute: null }] });

    // The rest, in one more refund: the sum reaches the price, the year comes off.
    expect(await confirm(part(activation.amountMinor - 50))).toBe('refunded');
    expect((await licenceOf(server, device.id)).expiresAt).toBeNull();
    seen = await refundedView(client);
    const price = (activation.amountMinor / 100).toFixed(2);
    expect(seen).toEqual({ status: 'TRIAL', payments: [{ status: 'REFUNDED', refunded: price, dispute: null }] });
    // More money back after that takes nothing more.
    // A provider telling of more money back than is left is recorded for support, and counts nothing.
    expect(await confirm(part(100))).toBe('above-paid');
    expect(await confirm(moneyBack('refunded', { reference: activation.id }))).toBe('already-applied');
    expect((await refundedView(client)).payments[0]?.refunded).toBe(price);
  });

  it('a lifetime licence that is refunded ends, back to what the device had before', async () => {
    const lifetime = await startTestServer({ LICENCE_DAYS: 'lifetime' });
    try {
      const { client, device } = await signedInDevice(lifetime);
      const activation = await startCheckout(lifetime, client, 'crypto');
      const apply = (c: Confirmation) => lifetime.services.ledger.confirm('crypto', c, 'webhook', {});
      expect(await apply(paid(activation))).toBe('activated');
      expect((await licenceOf(lifetime, device.id)).lifetime).toBe(true);
      expect(await apply(moneyBack('reversed', { reference: activation.id }))).toBe('reversed');
      const licence = await licenceOf(lifetime, device.id);
      expect(licence).toMatchObject({ lifetime: false, expiresAt: null });
      const res = await client.gql(`query { currentDevice { status } }`);
      expect(res.json.data.currentDevice.status).toBe('TRIAL');
    } finally {
      await lifetime.stop();
    }
  });
});

describe('part payments', () => {
  it('a payment that fell short is kept with what arrived and what is missing, then paid in full', async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    const partial: Confirmation = {
      ...paid(activation, '6000000001'),
      eventId: '6000000001:partially_paid',
      status: 'partial',
      providerStatus: 'partially_paid',
      partial: { received: '0.00012', expected: '0.0002', currency: 'BTC' },
    };
    expect(await confirm(partial)).toBe('partial');
    expect((await licenceOf(server, device.id)).expiresAt).toBeNull();
    expect((await history(client)).payments).toEqual([
      expect.objectContaining({
        status: 'PARTIALLY_PAID',
        partialPayment: { received: '0.00012', expected: '0.0002', missing: '0.00008', currency: 'BTC' },
      }),
    ]);

    // The buyer sends the rest; the processor then reports the payment finished.
    expect(await confirm(paid(activation, '6000000001'))).toBe('activated');
    const [payment] = (await history(client)).payments;
    expect(payment).toMatchObject({ status: 'PAID', partialPayment: null });
  });
});

describe('prices per currency', () => {
  // Two servers on one database, as before and after an operator changes PRICE_EGP (needs PostgreSQL).
  const onPostgres = process.env.DATABASE_URL ? it : it.skip;

  onPostgres(
    'a checkout keeps the amount it started with: a later price change never refuses its payment',
    async () => {
      const database = await createTestDatabase();
      const before = await startTestServer({}, { databaseUrl: database.url });
      let after: TestServer | undefined;
      try {
        const { client, device } = await signedInDevice(before);
        const activation = await startCheckout(before, client, 'opay');
        expect(activation).toMatchObject({ amountMinor: 49_900, currency: 'EGP' });
        await before.stop();

        after = await startTestServer({ PRICE_EGP: '550.00' }, { databaseUrl: database.url });
        const outcome = await after.services.ledger.confirm('opay', paid(activation), 'webhook', {});
        expect(outcome).toBe('activated');
        expect(daysFromNow((await licenceOf(after, device.id)).expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
        // A new checkout is priced at the new price.
        const other = await signedInDevice(after);
        const next = await startCheckout(after, other.client, 'opay');
        expect(next).toMatchObject({ amountMinor: 55_000, currency: 'EGP' });
      } finally {
        await after?.stop();
        await database.drop();
      }
    },
  );
});

describe('when a licence starts', () => {
  async function payOnDayOf(createdDaysAgo: number) {
    const { client, device } = await signedInDevice(server);
    await server.db.dataSource.query(
      `UPDATE devices SET created_at = now() - make_interval(days => $2) WHERE id = $1`,
      [device.id, createdDaysAgo],
    );
    const activation = await startCheckout(server, client, 'crypto');
    expect(await confirm(paid(activation))).toBe('activated');
    return daysFromNow((await licenceOf(server, device.id)).expiresAt);
  }

  it('bought on day 2 of the 7-day trial, the year starts when the trial ends: the 5 days left are kept', async () => {
    expect(await payOnDayOf(2)).toBeCloseTo(365 + 5, 1);
  });

  it('bought after the trial ended, the year starts now', async () => {
    expect(await payOnDayOf(10)).toBeCloseTo(365, 1);
  });
});
