import { buildDevice, signedInDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

/**
 * A TV token's lifecycle (issue "Device identity you can trust", part 4): what a bearer token may do, how it
 * expires after disuse, is renewed and is revoked from the portal, and the 401s a bad one gets (RFC 6750).
 */

const MAX_GUESSES = 3;
const IDLE_DAYS = 30;
const OWNER_ONLY = 'This needs the device owner: sign in to the portal.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES_PER_MAC: String(MAX_GUESSES),
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    DEVICE_TOKEN_IDLE_DAYS: String(IDLE_DAYS),
  });
});
afterAll(() => server.stop());

type Client = ReturnType<TestServer['client']>;

const CURRENT = `query { currentDevice { id macAddress hasParentPin appVersion } }`;
const CHANGE_KEY = `mutation($input: ChangeDeviceKeyInput!) { changeDeviceKey(input: $input) { message device { id } } }`;
const CHANGE_PIN = `mutation($input: ChangeParentPinInput!) { changeParentPin(input: $input) { message device { id hasParentPin } } }`;
const CHECK_PIN = `mutation($input: CheckParentPinInput!) { checkParentPin(input: $input) { valid } }`;
const RENEW = `mutation { renewDeviceToken { deviceToken device { id } } }`;
const REPORT = `mutation($input: ReportAppVersionInput!) { reportAppVersion(input: $input) { message device { id appVersion } } }`;
const REVOKE = `mutation($input: RevokeDeviceTokenInput!) { revokeDeviceToken(input: $input) { id message } }`;
const SESSIONS = `query { currentDevice { id tvSessions { id model appVersion signedInAt lastSeenAt } } }`;

function tv(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A TV app: every request carries its device token and no cookie. */
function tvClient(token: string) {
  const client = server.client();
  return {
    gql: (query: string, variables?: Record<string, unknown>) => client.gql(query, variables, tv(token)),
    request: (method: string, path: string, body?: unknown) =>
      client.request(method, path, { body, headers: tv(token) }),
  };
}

function errorOf(res: { json: any }): { message: string; code: string } | undefined {
  const error = res.json?.errors?.[0];
  return error ? { message: error.message, code: error.extensions?.code } : undefined;
}

async function deviceRow(id: string) {
  const [row] = await server.db.dataSource.query(
    `SELECT mac_address, device_key_hash, parent_pin_hash, app_version, updated_at FROM devices WHERE id = $1`,
    [id],
  );
  return row;
}

async function tokenRows(deviceId: string) {
  return server.db.dataSource.query(
    `SELECT id, token_hash, revoked_at, last_used_at FROM device_tokens WHERE device_id = $1 ORDER BY created_at, id`,
    [deviceId],
  );
}

async function signIn(mac: string, deviceKey: string): Promise<{ status: number; client: Client }> {
  const client = server.client();
  const token = await client.captcha();
  const res = await client.request('POST', '/frontend/device/login', {
    body: { mac_address: mac, device_key: deviceKey, captcha: TEST_CAPTCHA, token },
  });
  return { status: res.status, client };
}

async function stillSignedIn(client: Client): Promise<boolean> {
  return (await client.request('GET', '/frontend/device')).status === 200;
}

function otherKey(key: string): string {
  return key === '000000' ? '111111' : '000000';
}

describe('a TV token is not an owner credential: the device key and parent PIN need the current one', () => {
  it('refuses changeParentPin and changeDeviceKey with only the bearer token, changing nothing; the owner stays signed in', async () => {
    const owner = await signedInDevice(server);
    await owner.client.gql(CHANGE_PIN, { input: { pin: '2580' } });
    const before = await deviceRow(owner.device.id);
    const attacker = tvClient(owner.deviceToken);

    const pin = await attacker.gql(CHANGE_PIN, { input: { pin: '1111' } });
    expect(errorOf(pin)).toEqual({
      code: 'FORBIDDEN',
      message: 'Enter the current parent PIN to change it from the TV.',
    });
    const key = await attacker.gql(CHANGE_KEY, { input: { deviceKey: otherKey(owner.deviceKey) } });
    expect(errorOf(key)).toEqual({
      code: 'FORBIDDEN',
      message: 'Enter the current device key to change it from the TV.',
    });
    // The legacy REST paths say the same.
    const restPin = await attacker.request('POST', '/frontend/device/saveParentPin', { pin_code: '1111' });
    expect(restPin.status).toBe(403);
    expect(restPin.json).toMatchObject({
      status: 'error',
      message: 'Enter the current parent PIN to change it from the TV.',
    });
    const restKey = await attacker.request('POST', '/frontend/device/saveDeviceKey', { device_key: '123456' });
    expect(restKey.status).toBe(403);
    expect(restKey.json.message).toBe('Enter the current device key to change it from the TV.');

    expect(await deviceRow(owner.device.id)).toEqual(before);
    expect(await stillSignedIn(owner.client)).toBe(true);
    expect((await signIn(owner.device.macAddress, owner.deviceKey)).status).toBe(200);
    const check = await attacker.gql(CHECK_PIN, { input: { pin: '2580' } });
    expect(check.json.data.checkParentPin.valid).toBe(true);
  });

  it('refuses a wrong current PIN or key with FORBIDDEN, counts the guesses, and then limits them', async () => {
    const owner = await signedInDevice(server);
    await owner.client.gql(CHANGE_PIN, { input: { pin: '2580' } });
    const before = await deviceRow(owner.device.id);
    const attacker = tvClient(owner.deviceToken);

    for (let i = 0; i < MAX_GUESSES; i += 1) {
      const res = await attacker.gql(CHANGE_PIN, { input: { pin: '1111', currentPin: `99${i}9` } });
      expect(errorOf(res)).toEqual({ code: 'FORBIDDEN', message: 'The current parent PIN is incorrect.' });
    }
    const pinLimited = await attacker.gql(CHANGE_PIN, { input: { pin: '1111', currentPin: '2580' } });
    expect(errorOf(pinLimited)?.code).toBe('RATE_LIMITED');

    const wrongKey = owner.deviceKey === '999999' ? '999998' : '999999';
    for (let i = 0; i < MAX_GUESSES; i += 1) {
      const res = await attacker.gql(CHANGE_KEY, { input: { deviceKey: '123123', currentDeviceKey: wrongKey } });
      expect(errorOf(res)).toEqual({ code: 'FORBIDDEN', message: 'The current device key is incorrect.' });
    }
    const keyLimited = await attacker.gql(CHANGE_KEY, {
      input: { deviceKey: '123123', currentDeviceKey: owner.deviceKey },
    });
    expect(errorOf(keyLimited)?.code).toBe('RATE_LIMITED');

    expect(await deviceRow(owner.device.id)).toEqual(before);
    expect(await stillSignedIn(owner.client)).toBe(true);
  });

  it('changes them from the TV with the right current PIN or key', async () => {
    const owner = await signedInDevice(server);
    await owner.client.gql(CHANGE_PIN, { input: { pin: '2580' } });
    const set = tvClient(owner.deviceToken);

    const pin = await set.gql(CHANGE_PIN, { input: { pin: '13579', currentPin: '2580' } });
    expect(pin.json.data.changeParentPin).toMatchObject({ message: 'Parent Pin Changed Successfully!' });
    expect((await set.gql(CHECK_PIN, { input: { pin: '13579' } })).json.data.checkParentPin.valid).toBe(true);
    const restPin = await set.request('POST', '/frontend/device/saveParentPin', {
      pin_code: '2468',
      current_pin_code: '13579',
    });
    expect(restPin.status).toBe(200);
    expect((await set.gql(CHECK_PIN, { input: { pin: '2468' } })).json.data.checkParentPin.valid).toBe(true);

    const newKey = otherKey(owner.deviceKey);
    const key = await set.gql(CHANGE_KEY, { input: { deviceKey: newKey, currentDeviceKey: owner.deviceKey } });
    expect(key.json.data.changeDeviceKey.message).toBe('Device Key Changed Successfully!');
    expect((await signIn(owner.device.macAddress, newKey)).status).toBe(200);
    const restKey = await set.request('POST', '/frontend/device/saveDeviceKey', {
      device_key: owner.deviceKey,
      current_device_key: newKey,
    });
    expect(restKey.status).toBe(200);
    expect((await signIn(owner.device.macAddress, owner.deviceKey)).status).toBe(200);
  });

  it('cannot set a first parent PIN from the TV: there is no current one to prove', async () => {
    const { device, deviceToken } = await buildDevice(server);
    const res = await tvClient(deviceToken).gql(CHANGE_PIN, { input: { pin: '1234', currentPin: '0000' } });
    expect(errorOf(res)).toEqual({
      code: 'FORBIDDEN',
      message: 'This device has no parent PIN yet: set it in the portal.',
    });
    expect((await deviceRow(device.id)).parent_pin_hash).toBeNull();
  });

  it('asks nothing more of the portal session than the spec does', async () => {
    const owner = await signedInDevice(server);
    const pin = await owner.client.gql(CHANGE_PIN, { input: { pin: '4321' } });
    expect(pin.json.data.changeParentPin.message).toBe('Parent Pin Changed Successfully!');
    const key = await owner.client.gql(CHANGE_KEY, { input: { deviceKey: otherKey(owner.deviceKey) } });
    expect(key.json.data.changeDeviceKey.message).toBe('Device Key Changed Successfully!');
    expect(await stillSignedIn(owner.client)).toBe(true);
  });
});

describe('what a TV token may do, and what needs the owner', () => {
  it('reads status and playlists, unlocks a playlist, checks the parent PIN and reports its app version', async () => {
    const owner = await signedInDevice(server);
    const created = await owner.client.gql(
      `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }`,
      { input: { name: 'Kids', type: 'CODE', playlistCode: '123456', isProtected: true, pin: '7777' } },
    );
    const playlistId = created.json.data.createPlaylist.playlist.id as string;
    const set = tvClient(owner.deviceToken);

    expect((await set.gql(CURRENT)).json.data.currentDevice.id).toBe(owner.device.id);
    expect((await set.gql(`query { playlists { id locked } }`)).json.data.playlists).toEqual([
      { id: playlistId, locked: true },
    ]);
    const unlocked = await set.gql(
      `mutation($input: UnlockPlaylistInput!) { unlockPlaylist(input: $input) { playlist { playlistCode } } }`,
      { input: { id: playlistId, pin: '7777' } },
    );
    expect(unlocked.json.data.unlockPlaylist.playlist.playlistCode).toBe('123456');
    expect((await set.gql(CHECK_PIN, { input: { pin: '0000' } })).json.data.checkParentPin.valid).toBe(false);
    expect((await set.request('GET', '/frontend/device')).status).toBe(200);
    expect((await set.request('GET', '/frontend/device/playlists')).status).toBe(200);
    expect((await set.request('POST', `/frontend/device/unlockPlaylist/${playlistId}`, { pin: '7777' })).status).toBe(
      200,
    );

    const reported = await set.gql(REPORT, { input: { appVersion: '2.4.1' } });
    expect(reported.json.data.reportAppVersion).toEqual({
      message: 'App version recorded.',
      device: { id: owner.device.id, appVersion: '2.4.1' },
    });
    const listed = await owner.client.gql(SESSIONS);
    expect(listed.json.data.currentDevice.tvSessions).toEqual([expect.objectContaining({ appVersion: '2.4.1' })]);
    // Only a TV reports its version; a bad one is refused with the registration's rule.
    expect(errorOf(await owner.client.gql(REPORT, { input: { appVersion: '2.5' } }))?.code).toBe('FORBIDDEN');
    expect(errorOf(await set.gql(REPORT, { input: { appVersion: 'x'.repeat(41) } }))).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'App version must be at most 40 characters',
    });
  });

  it('refuses every owner-only operation to a token with FORBIDDEN, changing nothing', async () => {
    const owner = await signedInDevice(server);
    const created = await owner.client.gql(
      `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }`,
      { input: { name: 'News', type: 'GENERAL', url: 'http://news.example.com/list.m3u' } },
    );
    const playlistId = created.json.data.createPlaylist.playlist.id as string;
    const snapshot = async () => ({
      device: await deviceRow(owner.device.id),
      playlists: await server.db.dataSource.query(`SELECT * FROM playlists WHERE device_id = $1`, [owner.device.id]),
      activations: await server.db.dataSource.query(`SELECT id FROM activations WHERE device_id = $1`, [
        owner.device.id,
      ]),
      macChanges: await server.db.dataSource.query(`SELECT id FROM device_mac_changes WHERE device_id = $1`, [
        owner.device.id,
      ]),
    });
    const before = await snapshot();
    const set = tvClient(owner.deviceToken);
    const playlist = { name: 'Taken', type: 'GENERAL', url: 'http://evil.example.com/list.m3u' };

    const graph: Array<[string, Record<string, unknown> | undefined]> = [
      [`mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }`, { input: playlist }],
      [
        `mutation($input: UpdatePlaylistInput!) { updatePlaylist(input: $input) { playlist { id } } }`,
        { input: { id: playlistId, playlist } },
      ],
      [
        `mutation($input: DeletePlaylistInput!) { deletePlaylist(input: $input) { id } }`,
        { input: { id: playlistId } },
      ],
      [
        `mutation($input: CheckPlaylistInput!) { checkPlaylist(input: $input) { verdict } }`,
        { input: { id: playlistId } },
      ],
      [`mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { verdict } }`, { input: playlist }],
      [
        `mutation($input: SwitchMacAddressInput!) { switchMacAddress(input: $input) { message } }`,
        { input: { macAddress: '02:aa:bb:cc:dd:ee', deviceKey: '000000' } },
      ],
      [
        `mutation($input: StartActivationInput!) { startActivation(input: $input) { redirectUrl } }`,
        { input: { method: 'CRYPTO', email: 'owner@example.com', coinType: 'BTC' } },
      ],
      [`mutation { createPayPalOrder { id } }`, undefined],
      [`mutation($id: ID!) { capturePayPalOrder(orderId: $id) { activation { id } } }`, { id: 'ORDER-1' }],
      [`query { activationEligibility { eligible } }`, undefined],
      [REVOKE, { input: { id: (await tokenRows(owner.device.id))[0].id } }],
    ];
    for (const [query, variables] of graph) {
      const res = await set.gql(query, variables);
      expect({ query, error: errorOf(res) }).toEqual({ query, error: { code: 'FORBIDDEN', message: OWNER_ONLY } });
    }

    const rest: Array<[string, string, Record<string, unknown> | undefined]> = [
      [
        'POST',
        '/frontend/device/savePlaylist',
        { current_playlist_url_id: -1, playlist_name: 'T', playlist_type: 'code', playlist_code: '111111' },
      ],
      ['DELETE', `/frontend/device/deletePlayListUrl/${playlistId}`, undefined],
      ['POST', `/frontend/device/checkPlaylist/${playlistId}`, undefined],
      [
        'POST',
        '/frontend/device/checkPlaylist',
        { playlist_name: 'T', playlist_type: 'general', playlist_url: 'http://x.example.com/a.m3u' },
      ],
      ['POST', '/frontend/device/switchMacAddress', { mac_address: '02:aa:bb:cc:dd:ef', device_key: '000000' }],
      ['GET', '/frontend/device/checkMacValid', undefined],
      [
        'POST',
        '/frontend/device/saveActivation',
        { payment_type: 'crypto', email: 'owner@example.com', coin_type: 'BTC' },
      ],
      ['POST', '/frontend/paypal/order/create', undefined],
      ['POST', '/frontend/paypal/order/capture/ORDER-1', undefined],
    ];
    for (const [method, path, body] of rest) {
      const res = await set.request(method, path, body);
      expect({ path, status: res.status, message: res.json?.message }).toEqual({
        path,
        status: 403,
        message: OWNER_ONLY,
      });
    }

    expect(await snapshot()).toEqual(before);
    // The owner's own session still does them.
    expect((await owner.client.gql(`query { activationEligibility { eligible } }`)).json.data).toBeTruthy();
  });
});

describe('expiry after disuse', () => {
  it(`refuses a token unused for more than ${IDLE_DAYS} days with 401 and WWW-Authenticate: Bearer error="invalid_token"`, async () => {
    const { device, deviceToken } = await buildDevice(server);
    await server.db.dataSource.query(
      `UPDATE device_tokens SET last_used_at = now() - make_interval(days => $2) WHERE device_id = $1`,
      [device.id, IDLE_DAYS + 1],
    );
    const res = await tvClient(deviceToken).gql(CURRENT);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect(errorOf(res)).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'The device token is missing, malformed or no longer valid.',
    });
    const rest = await tvClient(deviceToken).request('GET', '/frontend/device/playlists');
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    // Using it again does not bring it back.
    expect((await tvClient(deviceToken).gql(CURRENT)).status).toBe(401);
  });

  it(`keeps a token used within ${IDLE_DAYS} days, sliding: its last use is written at most once a day`, async () => {
    const { device, deviceToken } = await buildDevice(server);
    const set = tvClient(deviceToken);
    const lastUsed = async () => (await tokenRows(device.id))[0].last_used_at as Date;

    await server.db.dataSource.query(
      `UPDATE device_tokens SET last_used_at = now() - interval '2 hours' WHERE device_id = $1`,
      [device.id],
    );
    const recent = await lastUsed();
    for (let i = 0; i < 3; i += 1) expect((await set.gql(CURRENT)).status).toBe(200);
    expect(await lastUsed()).toEqual(recent);

    await server.db.dataSource.query(
      `UPDATE device_tokens SET last_used_at = now() - make_interval(days => $2) WHERE device_id = $1`,
      [device.id, IDLE_DAYS - 1],
    );
    expect((await set.gql(CURRENT)).status).toBe(200);
    const touched = await lastUsed();
    expect(Date.now() - touched.getTime()).toBeLessThan(60_000);
    expect((await set.gql(CURRENT)).status).toBe(200);
    expect(await lastUsed()).toEqual(touched);
  });

  it('answers a 401 without credentials on REST with WWW-Authenticate: Bearer', async () => {
    const res = await server.client().request('GET', '/frontend/device/playlists');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    const bad = await server
      .client()
      .gql(CURRENT, undefined, { authorization: 'Bearer not-a-real-token-but-long-enough' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
  });
});

describe('renewal', () => {
  it('gives the TV a new token once: the new one works, the old one is 401', async () => {
    const { device, deviceToken } = await buildDevice(server, { model: 'Samsung QE55' });
    const renewed = await tvClient(deviceToken).gql(RENEW);
    const fresh = renewed.json.data.renewDeviceToken.deviceToken as string;
    expect(renewed.json.data.renewDeviceToken.device.id).toBe(device.id);
    expect(fresh).not.toBe(deviceToken);
    expect(fresh.length).toBeGreaterThanOrEqual(40);

    expect((await tvClient(fresh).gql(CURRENT)).json.data.currentDevice.id).toBe(device.id);
    const old = await tvClient(deviceToken).gql(CURRENT);
    expect(old.status).toBe(401);
    expect(old.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect((await tvClient(deviceToken).gql(RENEW)).status).toBe(401);

    // Stored hashed only; the old row stays, revoked, for the audit trail.
    const rows = await tokenRows(device.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row: { revoked_at: Date | null }) => row.revoked_at === null)).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(fresh);
  });

  it('is for a TV: a portal session cannot renew', async () => {
    const owner = await signedInDevice(server);
    const res = await owner.client.gql(RENEW);
    expect(errorOf(res)).toEqual({
      code: 'FORBIDDEN',
      message: 'Only a TV renews its token: send its device token.',
    });
    expect(await tokenRows(owner.device.id)).toHaveLength(1);
  });
});

describe('the TVs signed in, and signing one out from the portal', () => {
  it('lists the TVs to the owner and signs one out: that token is 401, the other TV keeps working', async () => {
    const owner = await signedInDevice(server);
    // A second TV of the same device: the TV that was registered, then renewed its token (a new session).
    const second = await server.services.tokens.issue(owner.device.id, { model: 'LG webOS', appVersion: '3.0.0' });

    const listed = await owner.client.gql(SESSIONS);
    const sessions = listed.json.data.currentDevice.tvSessions as Array<Record<string, string | null>>;
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => s.model).sort()).toEqual(['LG webOS', null]);
    for (const s of sessions) {
      expect(new Date(s.signedInAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(new Date(s.lastSeenAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    const hashes = (await tokenRows(owner.device.id)).map((row: { token_hash: string }) => row.token_hash);
    for (const hash of hashes) expect(listed.text).not.toContain(hash);
    expect(listed.text).not.toContain(owner.deviceToken);
    expect(listed.text).not.toContain(second.token);

    const first = sessions.find((s) => s.model === null)!;
    const revoked = await owner.client.gql(REVOKE, { input: { id: first.id } });
    expect(revoked.json.data.revokeDeviceToken).toEqual({ id: first.id, message: 'The TV is signed out.' });

    const gone = await tvClient(owner.deviceToken).gql(CURRENT);
    expect(gone.status).toBe(401);
    expect(gone.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    expect((await tvClient(second.token).gql(CURRENT)).json.data.currentDevice.id).toBe(owner.device.id);
    const after = await owner.client.gql(SESSIONS);
    expect(after.json.data.currentDevice.tvSessions.map((s: { id: string }) => s.id)).toEqual([second.id]);
    expect(await stillSignedIn(owner.client)).toBe(true);

    // Signing out a TV that is already signed out, or one of another device, is NOT_FOUND.
    expect(errorOf(await owner.client.gql(REVOKE, { input: { id: first.id } }))?.code).toBe('NOT_FOUND');
    const stranger = await buildDevice(server);
    const strangerToken = (await tokenRows(stranger.device.id))[0].id as string;
    const foreign = await owner.client.gql(REVOKE, { input: { id: strangerToken } });
    expect(errorOf(foreign)).toEqual({ code: 'NOT_FOUND', message: 'This TV is not signed in.' });
    expect(errorOf(await owner.client.gql(REVOKE, { input: { id: 'not-a-uuid' } }))?.code).toBe('NOT_FOUND');
    expect((await tvClient(stranger.deviceToken).gql(CURRENT)).status).toBe(200);
  });

  it('shows the list to the owner only: a TV reads none, and a token cannot sign another TV out', async () => {
    const owner = await signedInDevice(server);
    const other = await server.services.tokens.issue(owner.device.id, { model: 'Sony', appVersion: null });
    const set = tvClient(owner.deviceToken);
    expect((await set.gql(SESSIONS)).json.data.currentDevice.tvSessions).toEqual([]);
    const res = await set.gql(REVOKE, { input: { id: other.id } });
    expect(errorOf(res)).toEqual({ code: 'FORBIDDEN', message: OWNER_ONLY });
    expect((await tvClient(other.token).gql(CURRENT)).status).toBe(200);
  });

  it('leaves out revoked and expired tokens', async () => {
    const owner = await signedInDevice(server);
    const idle = await server.services.tokens.issue(owner.device.id, { model: 'Idle TV', appVersion: null });
    await server.db.dataSource.query(
      `UPDATE device_tokens SET last_used_at = now() - make_interval(days => $2) WHERE id = $1`,
      [idle.id, IDLE_DAYS + 1],
    );
    await tvClient(owner.deviceToken).gql(RENEW);
    const listed = await owner.client.gql(SESSIONS);
    expect(listed.json.data.currentDevice.tvSessions).toEqual([expect.objectContaining({ model: null })]);
  });
});

describe('an Authorization header that holds no token at all', () => {
  // Browser code that builds the header from a missing variable sends these: the portal's cookie must still count.
  const JUNK = ['Bearer undefined', 'Bearer null', 'Bearer ', 'Bearer [object Object]', 'Basic Zm9vOmJhcg=='];

  it('leaves the portal session signed in, on the graph and on REST', async () => {
    const { client, device } = await signedInDevice(server);
    for (const authorization of JUNK) {
      const graph = await client.gql(CURRENT, undefined, { authorization });
      expect([authorization, graph.status, graph.json.data?.currentDevice?.id]).toEqual([
        authorization,
        200,
        device.id,
      ]);
      const rest = await client.request('GET', '/frontend/device', { headers: { authorization } });
      expect([authorization, rest.status]).toEqual([authorization, 200]);
    }
  });

  it('is still a 401 without a session, and a well-formed token that opens nothing is a 401 even with one', async () => {
    for (const authorization of JUNK) {
      const anonymous = await server.client().gql(CURRENT, undefined, { authorization });
      expect([authorization, anonymous.status]).toEqual([authorization, 401]);
    }
    const { client } = await signedInDevice(server);
    const unknown = await client.gql(CURRENT, undefined, { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
