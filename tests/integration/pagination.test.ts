import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Pages of the device's payments and playlists for the graph's callers: `first`/`after` and a count, with what
 * the fields always answered as the default page (50 payments, every playlist), so no client breaks.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Client = Awaited<ReturnType<typeof signedInDevice>>['client'];

/** `n` payment attempts of the device, one a minute apart, newest last. */
async function attempts(deviceId: string, macAddress: string, n: number) {
  await server.db.dataSource.query(
    `INSERT INTO activations (device_id, mac_address, method, status, amount_minor, currency, licence_days, created_at)
     SELECT $1, $2, 'crypto', 'failed', 899, 'EUR', 365, now() - make_interval(mins => 1000 - i)
       FROM generate_series(1, $3) AS i`,
    [deviceId, macAddress, n],
  );
}

const PAYMENTS = `query($first: Int, $after: ID) {
  currentDevice { paymentCount payments(first: $first, after: $after) { id createdAt } } }`;

async function page(client: Client, variables: Record<string, unknown> = {}) {
  const res = await client.gql(PAYMENTS, variables);
  return res.json;
}

describe('Device.payments', () => {
  it('answers 50 by default, says how many there are, and pages on from the last one seen', async () => {
    const { client, device } = await signedInDevice(server);
    await attempts(device.id, device.macAddress, 73);
    const first = await page(client);
    expect(first.errors).toBeUndefined();
    expect(first.data.currentDevice.paymentCount).toBe(73);
    const ids: string[] = first.data.currentDevice.payments.map((p: { id: string }) => p.id);
    expect(ids).toHaveLength(50);
    const second = await page(client, { first: 50, after: ids.at(-1) });
    const more: string[] = second.data.currentDevice.payments.map((p: { id: string }) => p.id);
    expect(more).toHaveLength(23);
    // Every attempt once, newest first.
    expect(new Set([...ids, ...more]).size).toBe(73);
    const times = [...first.data.currentDevice.payments, ...second.data.currentDevice.payments].map((p) =>
      Date.parse(p.createdAt),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const last = await page(client, { first: 10, after: more.at(-1) });
    expect(last.data.currentDevice.payments).toEqual([]);
  });

  it('pages through payments started in the same instant, each once', async () => {
    const { client, device } = await signedInDevice(server);
    await server.db.dataSource.query(
      `INSERT INTO activations (device_id, mac_address, method, status, amount_minor, currency, licence_days, created_at)
       SELECT $1, $2, 'crypto', 'failed', 899, 'EUR', 365, now() FROM generate_series(1, 5)`,
      [device.id, device.macAddress],
    );
    const seen: string[] = [];
    let after: string | undefined;
    for (let n = 0; n < 4; n += 1) {
      const ids = (await page(client, { first: 2, after })).data.currentDevice.payments.map(
        (p: { id: string }) => p.id,
      );
      seen.push(...ids);
      after = ids.at(-1);
      if (!after) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses a page size out of range and a cursor that is not one of its payments, with clear errors', async () => {
    const { client, device } = await signedInDevice(server);
    await attempts(device.id, device.macAddress, 3);
    const other = await signedInDevice(server);
    await attempts(other.device.id, other.device.macAddress, 1);
    const [foreign] = await server.db.dataSource.query(`SELECT id FROM activations WHERE device_id = $1`, [
      other.device.id,
    ]);
    for (const [variables, message] of [
      [{ first: 0 }, '`first` is from 1 to 200.'],
      [{ first: 201 }, '`first` is from 1 to 200.'],
      [{ after: 'not-an-id' }, '`after` is not one of these payments: start again from the first page.'],
      [{ after: foreign.id }, '`after` is not one of these payments: start again from the first page.'],
    ] as const) {
      const res = await page(client, variables);
      expect([variables, res.errors?.[0]?.message, res.errors?.[0]?.extensions?.code]).toEqual([
        variables,
        message,
        'BAD_USER_INPUT',
      ]);
    }
  });
});

const PLAYLISTS = `query($first: Int, $after: ID, $search: String) {
  playlistCount(search: $search) playlists(first: $first, after: $after, search: $search) { id name } }`;

describe('Query.playlists', () => {
  it('answers every playlist by default, and pages with first/after and a count, search included', async () => {
    const { client } = await signedInDevice(server);
    for (const name of ['News 1', 'Sports 1', 'News 2', 'Sports 2', 'News 3']) {
      const res = await client.gql(`mutation($i: PlaylistInput!) { createPlaylist(input: $i) { playlist { id } } }`, {
        i: { name, type: 'GENERAL', url: `http://lists.example.com/${encodeURIComponent(name)}.m3u` },
      });
      expect(res.json.errors).toBeUndefined();
    }
    const all = (await client.gql(PLAYLISTS)).json.data;
    expect(all.playlistCount).toBe(5);
    expect(all.playlists.map((p: { name: string }) => p.name)).toEqual([
      'News 3',
      'Sports 2',
      'News 2',
      'Sports 1',
      'News 1',
    ]);
    const first = (await client.gql(PLAYLISTS, { first: 2 })).json.data.playlists;
    expect(first.map((p: { name: string }) => p.name)).toEqual(['News 3', 'Sports 2']);
    const next = (await client.gql(PLAYLISTS, { first: 2, after: first[1].id })).json.data.playlists;
    expect(next.map((p: { name: string }) => p.name)).toEqual(['News 2', 'Sports 1']);
    const news = (await client.gql(PLAYLISTS, { search: 'news', first: 1, after: first[0].id })).json.data;
    expect(news.playlistCount).toBe(3);
    expect(news.playlists.map((p: { name: string }) => p.name)).toEqual(['News 2']);
    const bad = (await client.gql(PLAYLISTS, { first: 0 })).json.errors[0];
    expect(bad).toMatchObject({ message: '`first` is from 1 to 1000.', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
