import { buildDevice, signedInDevice, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES_PER_MAC: '5',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    IBOSTORE_URL: 'https://store.example.net/activate?mac={mac}',
  });
});
afterAll(() => server.stop());

const FIELDS = 'id name type isProtected locked url epgUrl username password playlistCode';
const CURRENT = `query { currentDevice { id macAddress status expireDate isTrial hasParentPin createdAt } }`;
const LIST = `query { playlists { ${FIELDS} } }`;
const ONE = `query($id: ID!) { playlist(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { ${FIELDS} } } }`;
const UPDATE = `mutation($input: UpdatePlaylistInput!) { updatePlaylist(input: $input) { playlist { id } } }`;
const DELETE = `mutation($input: DeletePlaylistInput!) { deletePlaylist(input: $input) { id } }`;
const UNLOCK = `mutation($input: UnlockPlaylistInput!) { unlockPlaylist(input: $input) { message playlist { ${FIELDS} } } }`;
const PRICING = `query { pricing { price currency licenceDays methods coins { code name } paypalClientId } }`;

type Client = ReturnType<TestServer['client']>;

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A TV app: every request carries its device token and no cookie. */
function tvOf(token: string) {
  const client = server.client();
  return {
    gql: (query: string, variables?: Record<string, unknown>) => client.gql(query, variables, bearer(token)),
  };
}

async function create(client: Client, input: Record<string, unknown>) {
  const res = await client.gql(CREATE, { input });
  if (!res.json.data) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data.createPlaylist.playlist;
}

function codeOf(res: { json: { errors?: Array<{ extensions: { code: string } }> } }): string | undefined {
  return res.json.errors?.[0]?.extensions.code;
}

/** A device with an open and a protected playlist, set up through the portal. */
async function deviceWithPlaylists() {
  const owner = await signedInDevice(server);
  const open = await create(owner.client, {
    name: 'Open news',
    type: 'GENERAL',
    url: 'http://open.example.com/news.m3u',
    epgUrl: 'http://open.example.com/epg.xml',
  });
  const locked = await create(owner.client, {
    name: 'Locked XC',
    type: 'XC',
    url: 'http://hidden-host.example.com:8080',
    epgUrl: 'http://hidden-host.example.com:8080/xmltv.php',
    username: 'hiddenuser',
    password: 'Hidden.Pass1',
    isProtected: true,
    pin: '7531',
  });
  const code = await create(owner.client, {
    name: 'Locked code',
    type: 'CODE',
    playlistCode: '864200',
    isProtected: true,
    pin: '7531',
  });
  return { ...owner, open, locked, code };
}

describe('the TV’s view through the graph (Authorization: Bearer <device token>)', () => {
  it('reads its own device: status, expiry, trial code and whether a parent PIN is set', async () => {
    const { device, deviceToken } = await buildDevice(server);
    const tv = tvOf(deviceToken);
    const res = await tv.gql(CURRENT);
    expect(res.status).toBe(200);
    expect(res.json.data.currentDevice).toEqual({
      id: device.id,
      macAddress: device.macAddress,
      status: 'TRIAL',
      isTrial: 1,
      expireDate: new Date(device.createdAt.getTime() + 7 * 86_400_000).toISOString(),
      hasParentPin: false,
      createdAt: device.createdAt.toISOString(),
    });

    await server.services.devices.changeParentPin(device.id, { pin: '1212' });
    const licenceEnd = new Date(Date.now() + 200 * 86_400_000);
    licenceEnd.setMilliseconds(0);
    await server.db.dataSource.query(`UPDATE devices SET licence_expires_at = $2 WHERE id = $1`, [
      device.id,
      licenceEnd,
    ]);
    const later = await tv.gql(CURRENT);
    expect(later.json.data.currentDevice).toMatchObject({
      status: 'ACTIVE',
      isTrial: 2,
      expireDate: licenceEnd.toISOString(),
      hasParentPin: true,
    });
    // Nothing secret about the device travels to the TV.
    expect(later.text).not.toContain('scrypt');
    expect(later.text).not.toContain('1212');
  });

  it('lists its playlists with the protected ones locked and their secrets null', async () => {
    const { deviceToken, open, locked, code } = await deviceWithPlaylists();
    const res = await tvOf(deviceToken).gql(LIST);
    expect(res.status).toBe(200);
    const playlists = res.json.data.playlists;
    expect(playlists.map((p: { id: string }) => p.id)).toEqual([code.id, locked.id, open.id]);
    expect(playlists[2]).toMatchObject({
      isProtected: false,
      locked: false,
      url: 'http://open.example.com/news.m3u',
      epgUrl: 'http://open.example.com/epg.xml',
    });
    for (const playlist of playlists.slice(0, 2)) {
      expect(playlist).toMatchObject({
        isProtected: true,
        locked: true,
        url: null,
        epgUrl: null,
        username: null,
        password: null,
        playlistCode: null,
      });
    }
    for (const secret of ['hidden-host', 'hiddenuser', 'Hidden.Pass1', '864200', '7531']) {
      expect(res.text).not.toContain(secret);
    }
    const one = await tvOf(deviceToken).gql(ONE, { id: locked.id });
    expect(one.json.data.playlist).toMatchObject({ id: locked.id, locked: true, url: null, password: null });
  });

  it('opens a protected playlist with its PIN and gets its details, for that answer only', async () => {
    const { deviceToken, locked, code } = await deviceWithPlaylists();
    const tv = tvOf(deviceToken);
    const wrong = await tv.gql(UNLOCK, { input: { id: locked.id, pin: '0000' } });
    expect(wrong.json.errors[0]).toMatchObject({
      message: 'Wrong PIN!',
      extensions: { code: 'FORBIDDEN', fieldErrors: { pin: 'Please try again!' } },
    });
    expect(wrong.text).not.toContain('hiddenuser');

    const unlocked = await tv.gql(UNLOCK, { input: { id: locked.id, pin: '7531' } });
    expect(unlocked.json.data.unlockPlaylist).toEqual({
      message: 'Playlist unlocked.',
      playlist: {
        id: locked.id,
        name: 'Locked XC',
        type: 'XC',
        isProtected: true,
        locked: false,
        url: 'http://hidden-host.example.com:8080',
        epgUrl: 'http://hidden-host.example.com:8080/xmltv.php',
        username: 'hiddenuser',
        password: 'Hidden.Pass1',
        playlistCode: null,
      },
    });
    const unlockedCode = await tv.gql(UNLOCK, { input: { id: code.id, pin: '7531' } });
    expect(unlockedCode.json.data.unlockPlaylist.playlist).toMatchObject({ locked: false, playlistCode: '864200' });
    // The next read is locked again.
    expect((await tv.gql(ONE, { id: locked.id })).json.data.playlist).toMatchObject({ locked: true, url: null });
  });

  it('answers pricing to anyone, with or without a device token', async () => {
    const expected = {
      price: '8.99',
      currency: 'EUR',
      licenceDays: 365,
      methods: ['IBOSTORE', 'OPAY', 'OPAY1', 'COWPAY', 'CRYPTO', 'PAYPAL'],
      coins: [
        { code: 'BTC', name: 'Bitcoin' },
        { code: 'ETH', name: 'Ethereum' },
        { code: 'USDTTRC20', name: 'Tether (TRC-20)' },
        { code: 'LTC', name: 'Litecoin' },
      ],
      paypalClientId: 'sb',
    };
    const anonymous = await server.client().gql(PRICING);
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({ data: { pricing: expected } });
    const { deviceToken } = await buildDevice(server);
    expect((await tvOf(deviceToken).gql(PRICING)).json.data.pricing).toEqual(expected);
  });

  it('never shows a TV another device’s playlists: their ids are NOT_FOUND and nothing changes', async () => {
    const owner = await deviceWithPlaylists();
    const stranger = await buildDevice(server);
    const tv = tvOf(stranger.deviceToken);
    const rowsBefore = await server.db.dataSource.query(
      `SELECT id, name, url, updated_at FROM playlists WHERE device_id = $1 ORDER BY id`,
      [owner.device.id],
    );

    expect((await tv.gql(LIST)).json.data.playlists).toEqual([]);
    for (const id of [owner.open.id, owner.locked.id, owner.code.id]) {
      const read = await tv.gql(ONE, { id });
      expect(read.json.errors[0]).toMatchObject({
        message: 'This playlist does not exist.',
        extensions: { code: 'NOT_FOUND' },
      });
      expect(codeOf(await tv.gql(UNLOCK, { input: { id, pin: '7531' } }))).toBe('NOT_FOUND');
      // Changing playlists is the owner's (a TV's token is refused before any id is looked at).
      expect(
        codeOf(
          await tv.gql(UPDATE, {
            input: {
              id,
              currentPin: '7531',
              playlist: { name: 'Taken', type: 'GENERAL', url: 'http://evil.example.com' },
            },
          }),
        ),
      ).toBe('FORBIDDEN');
      expect(codeOf(await tv.gql(DELETE, { input: { id, pin: '7531' } }))).toBe('FORBIDDEN');
    }
    const rowsAfter = await server.db.dataSource.query(
      `SELECT id, name, url, updated_at FROM playlists WHERE device_id = $1 ORDER BY id`,
      [owner.device.id],
    );
    expect(rowsAfter).toEqual(rowsBefore);
    expect((await tv.gql(CURRENT)).json.data.currentDevice.id).toBe(stranger.device.id);
  });

  it('never shows a portal session another device’s data, through the graph or REST', async () => {
    const owner = await deviceWithPlaylists();
    const other = await signedInDevice(server);
    await create(other.client, { name: 'Other’s own', type: 'CODE', playlistCode: '111222' });

    const current = await other.client.gql(CURRENT);
    expect(current.json.data.currentDevice.id).toBe(other.device.id);
    const list = await other.client.gql(LIST);
    expect(list.json.data.playlists.map((p: { name: string }) => p.name)).toEqual(['Other’s own']);
    expect(codeOf(await other.client.gql(ONE, { id: owner.open.id }))).toBe('NOT_FOUND');
    expect(codeOf(await other.client.gql(UNLOCK, { input: { id: owner.locked.id, pin: '7531' } }))).toBe('NOT_FOUND');

    const rest = await other.client.request('GET', '/frontend/device/playlists');
    expect(rest.json.device.mac_address).toBe(other.device.macAddress);
    expect(rest.json.playlists.map((p: { playlist_name: string }) => p.playlist_name)).toEqual(['Other’s own']);
    expect(rest.text).not.toContain(owner.device.macAddress);
    expect(rest.text).not.toContain('open.example.com');
    const restDelete = await other.client.request('DELETE', `/frontend/device/deletePlayListUrl/${owner.open.id}`);
    expect(restDelete.status).toBe(404);
    const restUnlock = await other.client.request('POST', `/frontend/device/unlockPlaylist/${owner.locked.id}`, {
      body: { pin: '7531' },
    });
    expect(restUnlock.status).toBe(404);
    const restEdit = await other.client.request('POST', '/frontend/device/savePlaylist', {
      body: {
        current_playlist_url_id: owner.open.id,
        playlist_name: 'Taken',
        playlist_type: 'code',
        playlist_code: '999999',
      },
    });
    expect(restEdit.status).toBe(404);
    expect((await owner.client.gql(LIST)).json.data.playlists).toHaveLength(3);
    const [row] = await server.db.dataSource.query(`SELECT name FROM playlists WHERE id = $1`, [owner.open.id]);
    expect(row.name).toBe('Open news');
  });

  it('answers an unknown, malformed or revoked device token with UNAUTHENTICATED and HTTP 401', async () => {
    const { device, deviceToken } = await buildDevice(server);
    const headers = [
      'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      `Bearer ${deviceToken}x`,
      `Bearer ${deviceToken.slice(0, -1)}`,
      'Bearer short',
      'Bearer ',
      'Bearer',
      `Basic ${Buffer.from('user:pass').toString('base64')}`,
      `bearer  ${'!'.repeat(40)}`,
      `Bearer ${'a'.repeat(5000)}`,
    ];
    for (const authorization of headers) {
      for (const query of [CURRENT, LIST, PRICING]) {
        const res = await server.client().gql(query, undefined, { authorization });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
        expect(res.json.errors[0]).toMatchObject({
          message: 'The device token is missing, malformed or no longer valid.',
          extensions: { code: 'UNAUTHENTICATED' },
        });
        expect(res.json.data).toBeUndefined();
      }
    }
    // The REST paths treat a bad token the same way.
    const rest = await server.client().request('GET', '/frontend/device/playlists', {
      headers: { authorization: 'Bearer not-a-real-token-000000000' },
    });
    expect(rest.status).toBe(401);

    // A revoked token stops working at once.
    expect((await tvOf(deviceToken).gql(CURRENT)).json.data.currentDevice.id).toBe(device.id);
    await server.db.dataSource.query(`UPDATE device_tokens SET revoked_at = now() WHERE device_id = $1`, [device.id]);
    const revoked = await tvOf(deviceToken).gql(CURRENT);
    expect(revoked.status).toBe(401);
    expect(codeOf(revoked)).toBe('UNAUTHENTICATED');
  });

  it('lets a TV without a token see only public data: currentDevice is null and playlists need sign-in', async () => {
    const anonymous = server.client();
    expect((await anonymous.gql(CURRENT)).json.data.currentDevice).toBeNull();
    const list = await anonymous.gql(LIST);
    expect(list.json.errors[0]).toMatchObject({
      message: 'You are not signed in.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });
});
