import { messages } from '../../common/messages';
import {
  daysFromNow,
  deliver,
  licenceOf,
  nowPaymentsIpn,
  portalView,
  signedIpn,
  startCheckout,
  type StartedActivation,
  YEAR_AFTER_TRIAL,
} from '../support/payments';
import { count, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Switching MAC address never loses payment history: the record being replaced takes its checkouts and
 * payments to the device that switches onto its MAC, and a payment confirmed after the switch credits that device.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Device = Awaited<ReturnType<typeof signedInDevice>>;

async function pay(activation: StartedActivation) {
  const answer = await deliver(server, signedIpn(server, nowPaymentsIpn(activation)));
  expect(answer.json.outcome).toBe('activated');
}

/** Device A's TV from years ago: it paid once, its licence ran out, a checkout was abandoned, one is open. */
async function oldTvWithHistory(a: Device) {
  const paid = await startCheckout(server, a.client, 'crypto');
  await pay(paid);
  const expired = await startCheckout(server, a.client, 'crypto');
  const answer = await deliver(server, signedIpn(server, nowPaymentsIpn(expired, { payment_status: 'expired' })));
  expect(answer.json.outcome).toBe('failed');
  const pending = await startCheckout(server, a.client, 'opay');
  await server.db.dataSource.query(
    `UPDATE devices SET created_at = now() - interval '800 days', licence_expires_at = now() - interval '30 days'
      WHERE id = $1`,
    [a.device.id],
  );
  expect((await portalView(a.client)).status).toBe('INACTIVE');
  return { paid, expired, pending };
}

/** `device` switches onto `target`'s MAC, with the device key `target`'s TV shows. */
async function switchMac(device: Device, target: Device) {
  return device.client.request('POST', '/frontend/device/switchMacAddress', {
    body: { mac_address: target.device.macAddress, device_key: target.deviceKey },
  });
}

async function totals() {
  return {
    activations: await count(server, 'activations'),
    payments: await count(server, 'payments'),
    paymentEvents: await count(server, 'payment_events'),
  };
}

describe('switching MAC onto a device that has payment history', () => {
  it('is refused while that device has an active paid licence, and nothing moves', async () => {
    const a = await signedInDevice(server);
    const b = await signedInDevice(server);
    const paid = await startCheckout(server, a.client, 'crypto');
    await pay(paid);
    const before = await totals();

    const answer = await switchMac(b, a);
    expect(answer.status).toBe(409);
    expect(answer.json.errors.mac_address).toBe(
      'That MAC address belongs to an activated device, so it cannot be replaced.',
    );

    expect(await totals()).toEqual(before);
    const seenByA = await portalView(a.client);
    expect(seenByA.status).toBe('ACTIVE');
    expect(seenByA.payments.map((p) => p.id)).toEqual([paid.id]);
    expect((await portalView(b.client)).payments).toEqual([]);
  });

  it('moves every checkout and payment of the replaced record to the switching device, deleting none (REST)', async () => {
    const a = await signedInDevice(server);
    const b = await signedInDevice(server);
    const own = await startCheckout(server, b.client, 'opay');
    const history = await oldTvWithHistory(a);
    const before = await totals();

    const answer = await switchMac(b, a);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ status: 'success', message: messages.switchMac.success });

    expect(await totals()).toEqual(before);
    const [replaced] = await server.db.dataSource.query(`SELECT count(*)::int AS n FROM devices WHERE id = $1`, [
      a.device.id,
    ]);
    expect(replaced.n).toBe(0);
    const seen = await portalView(b.client);
    expect(seen.macAddress).toBe(a.device.macAddress);
    expect(new Set(seen.payments.map((p) => p.id))).toEqual(
      new Set([own.id, history.paid.id, history.expired.id, history.pending.id]),
    );
    expect(Object.fromEntries(seen.payments.map((p) => [p.id, p.status]))).toEqual({
      [own.id]: 'PENDING',
      [history.paid.id]: 'PAID',
      [history.expired.id]: 'FAILED',
      [history.pending.id]: 'PENDING',
    });
    // The money trail moved too: A's payment row now names B.
    const rows = await server.db.dataSource.query(`SELECT device_id FROM payments WHERE activation_id = $1`, [
      history.paid.id,
    ]);
    expect(rows).toEqual([{ device_id: b.device.id }]);
    // B gains A's history, not a licence: A's had run out.
    expect(seen.status).toBe('TRIAL');
  });

  it('a checkout opened on the replaced record and paid after the switch activates the switching device (graph)', async () => {
    const a = await signedInDevice(server);
    const b = await signedInDevice(server);
    const history = await oldTvWithHistory(a);
    const late = await startCheckout(server, a.client, 'crypto');

    const switched = await b.client.gql(
      `mutation($mac: String!, $key: String!) {
        switchMacAddress(input: { macAddress: $mac, deviceKey: $key }) { message device { macAddress } }
      }`,
      { mac: a.device.macAddress, key: a.deviceKey },
    );
    expect(switched.json.data.switchMacAddress).toEqual({
      message: messages.switchMac.success,
      device: { macAddress: a.device.macAddress },
    });

    // The owner paid at the provider before switching; the confirmation arrives afterwards.
    await pay(late);
    const seen = await portalView(b.client);
    expect(seen.status).toBe('ACTIVE');
    expect(seen.payments.find((p) => p.id === late.id)?.status).toBe('PAID');
    expect(seen.payments.find((p) => p.id === history.paid.id)?.status).toBe('PAID');
    const licence = await licenceOf(server, b.device.id);
    expect(licence.payments).toBe(2);
    expect(daysFromNow(licence.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
  });
});
