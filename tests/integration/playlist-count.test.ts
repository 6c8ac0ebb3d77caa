import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Adding a playlist within the device's limit is one statement, on the count the playlists trigger keeps on the
 * device row (migration PlaylistCount1764200000000). That count must equal the playlists the device really holds
 * after every kind of change, and the migration must count what devices already held.
 */
const LIMIT = 3;
const CREATE = `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }`;
const DELETE = `mutation($input: DeletePlaylistInput!) { deletePlaylist(input: $input) { id } }`;
const SWITCH =
  'mutation($mac: String!, $key: String!) { switchMacAddress(input: { macAddress: $mac, deviceKey: $key }) { message } }';
const LIMIT_MESSAGE = `This device already has ${LIMIT} playlists, the most it can hold. Delete one before adding another.`;

describe('the playlist count kept on each device', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ PLAYLIST_MAX_PER_DEVICE: String(LIMIT) });
  });

  afterAll(async () => {
    await server.stop();
  });

  /** The kept count beside the real one, per device. */
  async function counts(...deviceIds: string[]) {
    const rows = (await server.db.dataSource.query(
      `SELECT d.id, d.playlist_count AS kept, (SELECT count(*)::int FROM playlists p WHERE p.device_id = d.id) AS real
        FROM devices d WHERE d.id = ANY($1)`,
      [deviceIds],
    )) as { id: string; kept: number; real: number }[];
    return Object.fromEntries(rows.map((row) => [row.id, { kept: row.kept, real: row.real }]));
  }

  it('follows adds, deletes (plain and PIN-protected), refusals and a MAC switch moving playlists', async () => {
    const a = await signedInDevice(server);
    const b = await signedInDevice(server);
    const add = (client: typeof a.client, input: Record<string, unknown>) => client.gql(CREATE, { input });
    const code = (name: string) => ({ name, type: 'CODE', playlistCode: '123456' });

    const first = await add(a.client, code('One'));
    await add(a.client, { ...code('Kids'), isProtected: true, pin: '4321' });
    await add(a.client, code('Three'));
    expect(await counts(a.device.id)).toEqual({ [a.device.id]: { kept: 3, real: 3 } });

    // Full: refused, and nothing counted.
    const refused = await add(a.client, code('Four'));
    expect(refused.json.errors?.[0]?.message).toBe(LIMIT_MESSAGE);
    // A duplicate name is refused by the unique index after the count check: the count is not moved either.
    await a.client.gql(DELETE, { input: { id: first.json.data.createPlaylist.playlist.id } });
    const duplicate = await add(a.client, code('three'));
    expect(duplicate.json.errors?.[0]?.extensions.code).toBe('CONFLICT');
    expect(await counts(a.device.id)).toEqual({ [a.device.id]: { kept: 2, real: 2 } });

    // A protected playlist is deleted through its PIN.
    const [kids] = await server.db.dataSource.query(`SELECT id FROM playlists WHERE device_id = $1 AND name = 'Kids'`, [
      a.device.id,
    ]);
    const withoutPin = await a.client.gql(DELETE, { input: { id: kids.id } });
    expect(withoutPin.json.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(await counts(a.device.id)).toEqual({ [a.device.id]: { kept: 2, real: 2 } });
    expect((await a.client.gql(DELETE, { input: { id: kids.id, pin: '4321' } })).json.data).toBeTruthy();
    expect(await counts(a.device.id)).toEqual({ [a.device.id]: { kept: 1, real: 1 } });

    // B takes A's MAC address: A's playlists move to B, and the counts with them.
    await add(b.client, code('On B'));
    const switched = await b.client.gql(SWITCH, { mac: a.device.macAddress, key: a.deviceKey });
    expect(switched.json.errors).toBeUndefined();
    const after = await counts(a.device.id, b.device.id);
    expect(after[b.device.id]).toEqual({ kept: 2, real: 2 });
    if (after[a.device.id]) expect(after[a.device.id]).toEqual({ kept: 0, real: 0 });

    // Room again on B: one more fits, the next does not.
    expect((await add(b.client, code('Last'))).json.errors).toBeUndefined();
    expect((await add(b.client, code('Too many'))).json.errors?.[0]?.message).toBe(LIMIT_MESSAGE);
    expect((await counts(b.device.id))[b.device.id]).toEqual({ kept: 3, real: 3 });
  });

  it('counts the playlists devices already held when the migration runs', async () => {
    const { dataSource } = server.db;
    const a = await signedInDevice(server);
    const b = await signedInDevice(server);
    const applied = async () =>
      ((await dataSource.query(`SELECT name FROM migrations`)) as { name: string }[]).map((m) => m.name);
    while ((await applied()).includes('PlaylistCount1764200000000')) await dataSource.undoLastMigration();
    // Playlists written before the count existed (as by an older version of the server).
    for (const [device, n] of [
      [a.device.id, 2],
      [b.device.id, 1],
    ] as const) {
      for (let i = 0; i < n; i += 1) {
        await dataSource.query(
          `INSERT INTO playlists (device_id, name, type, playlist_code) VALUES ($1, $2, 'code', '1')`,
          [device, `Old ${i}`],
        );
      }
    }
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await counts(a.device.id, b.device.id)).toEqual({
      [a.device.id]: { kept: 2, real: 2 },
      [b.device.id]: { kept: 1, real: 1 },
    });
    // And the trigger counts from there on.
    expect(
      (await a.client.gql(CREATE, { input: { name: 'New', type: 'CODE', playlistCode: '123456' } })).json.errors,
    ).toBeUndefined();
    expect(await counts(a.device.id)).toEqual({ [a.device.id]: { kept: 3, real: 3 } });
  });
});
