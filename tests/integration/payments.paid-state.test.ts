import { startCheckout } from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * What the portal needs to say a device is paid, and to ask before it is paid again: Device.lastPayment, the
 * latest payment still paid, for the owner's session only. And Pricing.testPayments, the operator's word that the
 * payments taken are tests (PAYMENTS_ARE_TESTS).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const LAST = 'query { currentDevice { lastPayment { id amount currency paidAt } } }';

describe('Device.lastPayment', () => {
  it("is the latest payment still paid, for the owner's session; a TV sees none; money back takes it away", async () => {
    const { client, deviceToken } = await signedInDevice(server);
    expect((await client.gql(LAST)).json.data.currentDevice.lastPayment).toBeNull();

    const activation = await startCheckout(server, client, 'cowpay');
    // A checkout started and not paid is no payment yet.
    expect((await client.gql(LAST)).json.data.currentDevice.lastPayment).toBeNull();
    const outcome = await server.services.ledger.confirm(
      'cowpay',
      {
        eventId: `paid-state:${activation.id}`,
        reference: activation.id,
        providerReference: activation.providerReference,
        transactionId: `paid-state-${activation.id}`,
        status: 'paid',
        amountMinor: activation.amountMinor,
        currency: activation.currency,
        providerStatus: 'PAID',
      },
      'webhook',
      {},
    );
    expect(outcome).toBe('activated');

    const seen = (await client.gql(LAST)).json.data.currentDevice.lastPayment;
    expect(seen).toEqual({
      id: activation.id,
      amount: (activation.amountMinor / 100).toFixed(2),
      currency: activation.currency,
      paidAt: expect.any(String),
    });
    expect(Date.now() - new Date(seen.paidAt).getTime()).toBeLessThan(60_000);

    const tv = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceToken}` },
      body: JSON.stringify({ query: LAST }),
    });
    expect(((await tv.json()) as { data: { currentDevice: unknown } }).data.currentDevice).toEqual({
      lastPayment: null,
    });

    await server.services.ledger.recordMoneyBack(activation.id, 'refunded', { actor: 'test', note: 'refund' }, null);
    expect((await client.gql(LAST)).json.data.currentDevice.lastPayment).toBeNull();
  });
});

describe('Pricing.testPayments', () => {
  it('says whether the operator set PAYMENTS_ARE_TESTS', async () => {
    const query = 'query { pricing { testPayments } }';
    expect((await server.client().gql(query)).json.data.pricing).toEqual({ testPayments: false });
    const tests = await startTestServer({ PAYMENTS_ARE_TESTS: 'true' });
    try {
      expect((await tests.client().gql(query)).json.data.pricing).toEqual({ testPayments: true });
    } finally {
      await tests.stop();
    }
  });
});
