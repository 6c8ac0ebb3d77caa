import pg from 'pg';
import { NOT_SIGNED_IN_MESSAGE } from '../../server/src/common/errors';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * The portal's session store reads a session and its signed-in device in one statement: every portal request
 * needs both, and a second query for the device would be a second round trip to the database on each.
 */
describe('sessions read with their device', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server.stop();
  });

  /** The statements the server sends while `work` runs (every query goes through a pg Client). */
  async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const original = pg.Client.prototype.query;
    const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
      if (text) sent.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as never);
    try {
      await work();
    } finally {
      spy.mockRestore();
    }
    return sent;
  }

  const readsDevices = (sql: string) => /\bdevices\b/.test(sql);

  it('answers a signed-in request with one statement for the session and its device, on REST and on the graph', async () => {
    const { client, device } = await signedInDevice(server);
    let rest: Awaited<ReturnType<typeof client.request>> | undefined;
    const restStatements = await statementsDuring(async () => {
      rest = await client.request('GET', '/frontend/device');
    });
    expect(rest?.status).toBe(200);
    expect(rest?.json.device.mac_address).toBe(device.macAddress);
    expect(restStatements.filter(readsDevices)).toHaveLength(1);
    expect(restStatements.filter(readsDevices)[0]).toMatch(/\bsessions\b/);

    let graph: Awaited<ReturnType<typeof client.gql>> | undefined;
    const graphStatements = await statementsDuring(async () => {
      graph = await client.gql('{ currentDevice { macAddress } }');
    });
    expect(graph?.json).toEqual({ data: { currentDevice: { macAddress: device.macAddress } } });
    expect(graphStatements.filter(readsDevices)).toHaveLength(1);
    expect(graphStatements.filter(readsDevices)[0]).toMatch(/\bsessions\b/);
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
