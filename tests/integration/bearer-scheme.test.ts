import { buildDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Issue "TV tokens and link codes an owner can trust, and no 5xx left", part 5: the authentication scheme's name
 * is case-insensitive (RFC 7235 §2.1, RFC 9110 §11.1), so a TV whose HTTP stack writes `bearer` or `BEARER`
 * is the TV its token says, on the graph and on REST. Before the fix, only `Bearer` opened anything: the others
 * answered 401 `invalid_token`, and the TV dropped a token that worked.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const SCHEMES = ['Bearer', 'bearer', 'BEARER', 'bEaReR'];

describe.each(SCHEMES)('Authorization: %s <token>', (scheme) => {
  it('opens the device on the graph', async () => {
    const { device, deviceToken } = await buildDevice(server);
    const res = await server
      .client()
      .gql('{ currentDevice { id macAddress } }', undefined, { authorization: `${scheme} ${deviceToken}` });
    expect(res.status).toBe(200);
    expect(res.json.data.currentDevice).toEqual({ id: device.id, macAddress: device.macAddress });
  });

  it('opens the device on REST', async () => {
    const { device, deviceToken } = await buildDevice(server);
    const res = await server
      .client()
      .request('GET', '/frontend/device', { headers: { authorization: `${scheme} ${deviceToken}` } });
    expect(res.status).toBe(200);
    expect(res.json.device.mac_address).toBe(device.macAddress);
  });

  it('is still refused with a token that opens nothing', async () => {
    const { deviceToken } = await buildDevice(server);
    for (const authorization of [`${scheme} ${deviceToken}x`, `${scheme} ${'x'.repeat(43)}`]) {
      const graph = await server.client().gql('{ currentDevice { id } }', undefined, { authorization });
      expect(graph.status).toBe(401);
      expect(graph.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
      const rest = await server.client().request('GET', '/frontend/device', { headers: { authorization } });
      expect(rest.status).toBe(401);
    }
  });
});

it('takes no other scheme for a token, in any case', async () => {
  const { deviceToken } = await buildDevice(server);
  for (const authorization of [`Basic ${deviceToken}`, `Token ${deviceToken}`, `Bearers ${deviceToken}`, deviceToken]) {
    const res = await server.client().gql('{ currentDevice { id } }', undefined, { authorization });
    expect([authorization, res.status]).toEqual([authorization, 401]);
  }
});
