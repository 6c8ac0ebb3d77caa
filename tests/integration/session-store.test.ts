import { NOT_SIGNED_IN_MESSAGE } from '../../server/src/common/errors';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/** A portal session opens its device as the device is now, and only while it exists. */
describe('sessions and their device', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.stop();
  });

  it('reads the device as it is now: a change made elsewhere shows on the next request', async () => {
    const { client, device } = await signedInDevice(server);
    const before = await client.gql('{ currentDevice { status } }');
    expect(before.json.data.currentDevice.status).toBe('TRIAL');
    // Another instance (or an operator) activates the device for a lifetime.
    await server.db.dataSource.query(`UPDATE devices SET licence_lifetime = true WHERE id = $1`, [device.id]);
    const after = await client.gql('{ currentDevice { status } }');
    expect(after.json.data.currentDevice.status).toBe('ACTIVE');
  });

  it('treats a session whose device is gone as signed out', async () => {
    const { client, device } = await signedInDevice(server);
    await server.db.dataSource.query(`DELETE FROM devices WHERE id = $1`, [device.id]);
    const rest = await client.request('GET', '/frontend/device');
    expect(rest.status).toBe(401);
    expect(rest.json).toMatchObject({ status: 'error', message: NOT_SIGNED_IN_MESSAGE });
    const graph = await client.gql('{ currentDevice { macAddress } }');
    expect(graph.json).toEqual({ data: { currentDevice: null } });
  });

  it('treats a stored session naming no valid device as signed out, not as a server error', async () => {
    const { client, device } = await signedInDevice(server);
    await server.db.dataSource.query(
      `UPDATE sessions SET sess = json_build_object('cookie', sess -> 'cookie', 'deviceId', 'not-a-device-id')
        WHERE sess ->> 'deviceId' = $1`,
      [device.id],
    );
    const rest = await client.request('GET', '/frontend/device');
    expect(rest.status).toBe(401);
    expect(rest.json).toMatchObject({ status: 'error', message: NOT_SIGNED_IN_MESSAGE });
  });
});
