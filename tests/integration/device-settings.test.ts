import { randomMacAddress } from '../../server/src/device/mac';
import { buildDevice, signedInDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

const MAX_PIN_FAILURES = 3;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES_PER_MAC: String(MAX_PIN_FAILURES),
    LOGIN_MAX_FAILURES_PER_IP: '1000',
  });
});
afterAll(() => server.stop());

type Client = ReturnType<TestServer['client']>;

const DEVICE_FIELDS = 'id macAddress status hasParentPin';
const CHANGE_KEY = `mutation($input: ChangeDeviceKeyInput!) { changeDeviceKey(input: $input) { message device { ${DEVICE_FIELDS} } } }`;
const CHANGE_PIN = `mutation($input: ChangeParentPinInput!) { changeParentPin(input: $input) { message device { ${DEVICE_FIELDS} } } }`;
const CHECK_PIN = `mutation($input: CheckParentPinInput!) { checkParentPin(input: $input) { valid } }`;
const SWITCH = `mutation($input: SwitchMacAddressInput!) { switchMacAddress(input: $input) { message device { ${DEVICE_FIELDS} } } }`;
const CURRENT = `query { currentDevice { ${DEVICE_FIELDS} } }`;
const PLAYLISTS = `query { playlists { id name } }`;
const CREATE_PLAYLIST = `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id name } } }`;

/** What a settings call answered, the same shape whichever transport carried it. */
interface Outcome {
  ok: boolean;
  /** The success message, or the error message. */
  message: string;
  /** GraphQL error code; for REST, the code its HTTP status stands for. */
  code?: string;
  httpStatus: number;
  /** The message for the one input field of the call, if the answer carried one. */
  fieldError?: string;
  body: any;
}

const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
};

interface Transport {
  name: string;
  /** `extra`: further input fields, under the transport's names (a TV's current key). */
  changeKey(
    client: Client,
    deviceKey: unknown,
    headers?: Record<string, string>,
    extra?: Record<string, unknown>,
  ): Promise<Outcome>;
  changePin(client: Client, pin: unknown): Promise<Outcome>;
  /** Switch MAC: the new MAC and the device key the new TV shows (left out of the request when undefined). */
  switchMac(client: Client, macAddress: unknown, deviceKey?: unknown): Promise<Outcome>;
}

function graphCall(query: string, field: string, inputField: string) {
  return async (
    client: Client,
    value: unknown,
    headers?: Record<string, string>,
    extra: Record<string, unknown> = {},
  ): Promise<Outcome> => {
    const res = await client.gql(query, { input: { [inputField]: value, ...extra } }, headers);
    const error = res.json.errors?.[0];
    if (error) {
      return {
        ok: false,
        message: error.message,
        code: error.extensions?.code,
        httpStatus: res.status,
        fieldError: error.extensions?.fieldErrors?.[inputField],
        body: res.json,
      };
    }
    return { ok: true, message: res.json.data[field].message, httpStatus: res.status, body: res.json };
  };
}

function restCall(path: string, bodyField: string) {
  return async (
    client: Client,
    value: unknown,
    headers?: Record<string, string>,
    extra: Record<string, unknown> = {},
  ): Promise<Outcome> => {
    const res = await client.request('POST', path, { body: { [bodyField]: value, ...extra }, headers });
    if (res.status === 200) {
      expect(res.json.status).toBe('success');
      return { ok: true, message: res.json.message, httpStatus: 200, body: res.json };
    }
    expect(res.json.status).toBe('error');
    return {
      ok: false,
      message: res.json.message,
      code: CODE_OF_STATUS[res.status] ?? `HTTP ${res.status}`,
      httpStatus: res.status,
      fieldError: res.json.errors?.[bodyField],
      body: res.json,
    };
  };
}

/** Switch MAC through the graph: the MAC and the key in one input; the field error reported is the MAC's. */
async function graphSwitch(client: Client, macAddress: unknown, deviceKey?: unknown): Promise<Outcome> {
  const input: Record<string, unknown> = { macAddress };
  if (deviceKey !== undefined) input.deviceKey = deviceKey;
  const res = await client.gql(SWITCH, { input });
  const error = res.json.errors?.[0];
  if (error) {
    return {
      ok: false,
      message: error.message,
      code: error.extensions?.code,
      httpStatus: res.status,
      fieldError: error.extensions?.fieldErrors?.macAddress,
      body: res.json,
    };
  }
  return { ok: true, message: res.json.data.switchMacAddress.message, httpStatus: res.status, body: res.json };
}

/** Switch MAC through REST: `mac_address` and `device_key`; the field error reported is the MAC's. */
async function restSwitch(client: Client, macAddress: unknown, deviceKey?: unknown): Promise<Outcome> {
  const body: Record<string, unknown> = { mac_address: macAddress };
  if (deviceKey !== undefined) body.device_key = deviceKey;
  const res = await client.request('POST', '/frontend/device/switchMacAddress', { body });
  if (res.status === 200) {
    expect(res.json.status).toBe('success');
    return { ok: true, message: res.json.message, httpStatus: 200, body: res.json };
  }
  expect(res.json.status).toBe('error');
  return {
    ok: false,
    message: res.json.message,
    code: CODE_OF_STATUS[res.status] ?? `HTTP ${res.status}`,
    httpStatus: res.status,
    fieldError: res.json.errors?.mac_address,
    body: res.json,
  };
}

const TRANSPORTS: Transport[] = [
  {
    name: 'GraphQL',
    changeKey: graphCall(CHANGE_KEY, 'changeDeviceKey', 'deviceKey'),
    changePin: graphCall(CHANGE_PIN, 'changeParentPin', 'pin'),
    switchMac: graphSwitch,
  },
  {
    name: 'REST',
    changeKey: restCall('/frontend/device/saveDeviceKey', 'device_key'),
    changePin: restCall('/frontend/device/saveParentPin', 'pin_code'),
    switchMac: restSwitch,
  },
];

/** Signs a new portal session in; the status of the sign-in answer and the client that holds it. */
async function signIn(mac: string, deviceKey: string): Promise<{ status: number; client: Client }> {
  const client = server.client();
  const token = await client.captcha();
  const res = await client.request('POST', '/frontend/device/login', {
    body: { mac_address: mac, device_key: deviceKey, captcha: TEST_CAPTCHA, token },
  });
  return { status: res.status, client };
}

function tv(token: string) {
  return { authorization: `Bearer ${token}` };
}

async function deviceRow(id: string) {
  const [row] = await server.db.dataSource.query(
    `SELECT id, mac_address, device_key_hash, parent_pin_hash, licence_expires_at, updated_at FROM devices WHERE id = $1`,
    [id],
  );
  return row;
}

async function playlistNames(deviceId: string): Promise<string[]> {
  const rows = await server.db.dataSource.query(`SELECT name FROM playlists WHERE device_id = $1 ORDER BY name`, [
    deviceId,
  ]);
  return rows.map((r: { name: string }) => r.name);
}

/** A playlist added by the owner of another device (a TV's token may not add playlists). */
async function addPlaylistTo(deviceId: string, name: string) {
  const url = `http://lists.example.com/${encodeURIComponent(name)}.m3u`;
  await server.services.playlists.create({ deviceId, clientIp: '127.0.0.1' }, { name, type: 'general', url });
}

async function addPlaylist(client: Client, name: string) {
  const res = await client.gql(CREATE_PLAYLIST, {
    input: { name, type: 'GENERAL', url: `http://lists.example.com/${encodeURIComponent(name)}.m3u` },
  });
  if (!res.json.data) throw new Error(JSON.stringify(res.json.errors));
  return res.json.data.createPlaylist.playlist.id as string;
}

function otherKey(key: string): string {
  return key === '000000' ? '111111' : '000000';
}

describe.each(TRANSPORTS)('device settings through $name', (transport) => {
  describe('device key', () => {
    it('refuses anything but 6 digits with the spec message, changing nothing', async () => {
      const { client, device } = await signedInDevice(server);
      const before = await deviceRow(device.id);
      const invalid: unknown[] = [
        '',
        '12345',
        '1234567',
        'abcdef',
        '12345a',
        ' 123456',
        '123 456',
        '１２３４５６',
        '12345\n',
      ];
      for (const value of invalid) {
        const outcome = await transport.changeKey(client, value);
        expect(outcome).toMatchObject({
          ok: false,
          code: 'BAD_USER_INPUT',
          message: '*Device key must be 6 digits (Only Numbers)',
          fieldError: '*Device key must be 6 digits (Only Numbers)',
        });
      }
      // Not text at all: the graph's own type check, or the same spec message on REST.
      for (const value of [123456, null, ['123456'], { key: '123456' }, true]) {
        const outcome = await transport.changeKey(client, value);
        expect(outcome.ok).toBe(false);
        expect(outcome.code).toBe('BAD_USER_INPUT');
        if (transport.name === 'REST') expect(outcome.message).toBe('*Device key must be 6 digits (Only Numbers)');
      }
      expect(await deviceRow(device.id)).toEqual(before);
    });

    it('changes the key: the new key signs in, the old does not, and only a hash is stored', async () => {
      const { client, device, deviceKey } = await signedInDevice(server);
      const newKey = deviceKey === '482915' ? '482916' : '482915';
      const outcome = await transport.changeKey(client, newKey);
      expect(outcome).toMatchObject({ ok: true, message: 'Device Key Changed Successfully!' });
      if (transport.name === 'GraphQL') {
        expect(outcome.body.data.changeDeviceKey.device.macAddress).toBe(device.macAddress);
      }
      expect(JSON.stringify(outcome.body)).not.toContain(newKey);

      const row = await deviceRow(device.id);
      expect(row.device_key_hash).toMatch(/^scrypt\$/);
      expect(row.device_key_hash).not.toContain(newKey);
      expect(row.device_key_hash).not.toBe(device.deviceKeyHash);

      expect((await signIn(device.macAddress, newKey)).status).toBe(200);
      expect((await signIn(device.macAddress, deviceKey)).status).toBe(401);
    });

    it('ends every other portal session of the device, and keeps the one that made the change', async () => {
      const { client, device, deviceKey } = await signedInDevice(server);
      const second = await signIn(device.macAddress, deviceKey);
      const third = await signIn(device.macAddress, deviceKey);
      const bystander = await signedInDevice(server);
      for (const c of [client, second.client, third.client]) {
        expect((await c.request('GET', '/frontend/device')).status).toBe(200);
      }

      const outcome = await transport.changeKey(client, otherKey(deviceKey));
      expect(outcome.ok).toBe(true);

      for (const c of [second.client, third.client]) {
        const res = await c.request('GET', '/frontend/device');
        expect(res.status).toBe(401);
        expect(res.json.message).toBe('You are not signed in.');
      }
      const me = await client.request('GET', '/frontend/device');
      expect(me.status).toBe(200);
      expect(me.json.device.mac_address).toBe(device.macAddress);
      // Another device's session is untouched.
      expect((await bystander.client.request('GET', '/frontend/device')).status).toBe(200);
      const sessions = await server.db.dataSource.query(`SELECT sid FROM sessions WHERE sess ->> 'deviceId' = $1`, [
        device.id,
      ]);
      expect(sessions).toHaveLength(1);
    });

    it('changed by the TV app (its token), ends every portal session of the device, even one sent along', async () => {
      const { client, device, deviceKey, deviceToken } = await signedInDevice(server);
      const second = await signIn(device.macAddress, deviceKey);
      const bystander = await signedInDevice(server);

      // The signed-in client sends its session cookie with the TV's token: the token is who is calling, and a TV
      // gives the current key (tv-tokens.test.ts: without it nothing changes and no session ends).
      const current = transport.name === 'REST' ? { current_device_key: deviceKey } : { currentDeviceKey: deviceKey };
      const outcome = await transport.changeKey(client, otherKey(deviceKey), tv(deviceToken), current);
      expect(outcome.ok).toBe(true);

      for (const c of [client, second.client]) {
        const res = await c.request('GET', '/frontend/device');
        expect(res.status).toBe(401);
        expect(res.json.message).toBe('You are not signed in.');
      }
      expect((await bystander.client.request('GET', '/frontend/device')).status).toBe(200);
      const sessions = await server.db.dataSource.query(`SELECT sid FROM sessions WHERE sess ->> 'deviceId' = $1`, [
        device.id,
      ]);
      expect(sessions).toHaveLength(0);
      // The TV keeps working with its token.
      expect((await server.client().gql(CURRENT, undefined, tv(deviceToken))).json.data.currentDevice.id).toBe(
        device.id,
      );
    });
  });

  describe('parent PIN', () => {
    it('refuses anything but 4 to 6 digits with the spec message, changing nothing', async () => {
      const { client, device } = await signedInDevice(server);
      const before = await deviceRow(device.id);
      for (const value of ['', '1', '123', '1234567', 'abcd', '12a4', '12 34', '１２３４', '1234\u0000']) {
        expect(await transport.changePin(client, value)).toMatchObject({
          ok: false,
          code: 'BAD_USER_INPUT',
          message: '*Parent PIN must be 4-6 digits (Only Numbers)',
          fieldError: '*Parent PIN must be 4-6 digits (Only Numbers)',
        });
      }
      for (const value of [1234, null, ['1234'], {}, false]) {
        const outcome = await transport.changePin(client, value);
        expect(outcome).toMatchObject({ ok: false, code: 'BAD_USER_INPUT' });
        if (transport.name === 'REST') expect(outcome.message).toBe('*Parent PIN must be 4-6 digits (Only Numbers)');
      }
      expect(await deviceRow(device.id)).toEqual(before);
    });

    it('sets a PIN of 4, 5 or 6 digits, stored hashed, and the device then has a parent PIN', async () => {
      const { client, device, deviceToken } = await signedInDevice(server);
      expect((await client.gql(CURRENT)).json.data.currentDevice.hasParentPin).toBe(false);
      for (const pin of ['0000', '12345', '987654']) {
        const outcome = await transport.changePin(client, pin);
        expect(outcome).toMatchObject({ ok: true, message: 'Parent Pin Changed Successfully!' });
        expect(JSON.stringify(outcome.body)).not.toContain(pin);
        const row = await deviceRow(device.id);
        expect(row.parent_pin_hash).toMatch(/^scrypt\$/);
        expect(row.parent_pin_hash).not.toContain(pin);
      }
      expect((await client.gql(CURRENT)).json.data.currentDevice.hasParentPin).toBe(true);
      // The TV sees the latest PIN only.
      const check = (pin: string) => server.client().gql(CHECK_PIN, { input: { pin } }, tv(deviceToken));
      expect((await check('987654')).json.data.checkParentPin.valid).toBe(true);
      expect((await check('12345')).json.data.checkParentPin.valid).toBe(false);
    });
  });

  describe('switch MAC address', () => {
    it('moves the device to a new TV with its key: new MAC and same key sign in, old MAC does not, old TV token stops', async () => {
      const { client, device, deviceKey, deviceToken } = await signedInDevice(server);
      await addPlaylist(client, 'News');
      await addPlaylist(client, 'Films');
      // The new TV's app registered on first launch and shows its device key.
      const newTv = await buildDevice(server);
      const newMac = newTv.device.macAddress;

      // Upper case with hyphens, as a TV may show it: stored in the one normal form.
      const outcome = await transport.switchMac(client, newMac.toUpperCase().replace(/:/g, '-'), newTv.deviceKey);
      expect(outcome).toMatchObject({ ok: true, message: 'Mac Address Switched Successfully!' });
      if (transport.name === 'REST') {
        expect(outcome.body).toMatchObject({ status: 'success', device: { mac_address: newMac } });
      } else {
        expect(outcome.body.data.switchMacAddress.device).toMatchObject({ id: device.id, macAddress: newMac });
      }

      expect((await deviceRow(device.id)).mac_address).toBe(newMac);
      expect(await playlistNames(device.id)).toEqual(['Films', 'News']);
      const fresh = await signIn(newMac, deviceKey);
      expect(fresh.status).toBe(200);
      expect((await fresh.client.gql(PLAYLISTS)).json.data.playlists.map((p: { name: string }) => p.name)).toEqual([
        'Films',
        'News',
      ]);
      expect((await signIn(device.macAddress, deviceKey)).status).toBe(401);
      // The session that switched stays signed in, now on the new MAC.
      expect((await client.request('GET', '/frontend/device')).json.device.mac_address).toBe(newMac);

      const oldTv = await server.client().gql(CURRENT, undefined, tv(deviceToken));
      expect(oldTv.status).toBe(401);
      expect(oldTv.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');

      const changes = await server.db.dataSource.query(
        `SELECT from_mac, to_mac, replaced_device_id, moved_playlists FROM device_mac_changes WHERE device_id = $1`,
        [device.id],
      );
      expect(changes).toEqual([
        { from_mac: device.macAddress, to_mac: newMac, replaced_device_id: newTv.device.id, moved_playlists: 0 },
      ]);
      // The new TV's own record is gone; its token now opens this device.
      expect(await deviceRow(newTv.device.id)).toBeUndefined();
      const onNewTv = await server.client().gql(CURRENT, undefined, tv(newTv.deviceToken));
      expect(onNewTv.json.data.currentDevice).toMatchObject({ id: device.id, macAddress: newMac });
    });

    it('refuses an unregistered MAC exactly like a wrong key, changing nothing', async () => {
      const { client, device } = await signedInDevice(server);
      const other = await buildDevice(server);
      const before = [await deviceRow(device.id), await deviceRow(other.device.id)];
      const unknown = await transport.switchMac(client, randomMacAddress(), other.deviceKey);
      const wrongKey = await transport.switchMac(client, other.device.macAddress, otherKey(other.deviceKey));
      const refused = 'The MAC address or its device key is incorrect.';
      expect(unknown).toMatchObject({ ok: false, code: 'FORBIDDEN', message: refused });
      expect(wrongKey).toMatchObject({ ok: false, code: 'FORBIDDEN', message: refused });
      expect(unknown.httpStatus).toBe(wrongKey.httpStatus);
      expect(unknown.body).toEqual(wrongKey.body);
      expect([await deviceRow(device.id), await deviceRow(other.device.id)]).toEqual(before);
    });

    it('replaces a registered trial device: its playlists are kept (a clashing name gets " (2)") and its TV now reads this device', async () => {
      const { client, device, deviceKey, deviceToken } = await signedInDevice(server);
      await addPlaylist(client, 'News');
      await addPlaylist(client, 'Sports');
      const newTv = await buildDevice(server);
      await addPlaylistTo(newTv.device.id, 'sports');
      await addPlaylistTo(newTv.device.id, 'Kids');
      const newTvPortal = await signIn(newTv.device.macAddress, newTv.deviceKey);
      expect(newTvPortal.status).toBe(200);

      const outcome = await transport.switchMac(client, newTv.device.macAddress, newTv.deviceKey);
      expect(outcome).toMatchObject({ ok: true, message: 'Mac Address Switched Successfully!' });

      // One record is left: this device, on the new TV's MAC, with every playlist of both.
      expect(await deviceRow(newTv.device.id)).toBeUndefined();
      expect((await deviceRow(device.id)).mac_address).toBe(newTv.device.macAddress);
      expect(await playlistNames(device.id)).toEqual(['Kids', 'News', 'Sports', 'sports (2)']);

      const replacedTv = await server
        .client()
        .gql(`query { currentDevice { id macAddress } playlists { name } }`, undefined, tv(newTv.deviceToken));
      expect(replacedTv.json.data.currentDevice).toEqual({ id: device.id, macAddress: newTv.device.macAddress });
      expect(replacedTv.json.data.playlists.map((p: { name: string }) => p.name).sort()).toEqual([
        'Kids',
        'News',
        'Sports',
        'sports (2)',
      ]);
      expect((await server.client().gql(CURRENT, undefined, tv(deviceToken))).status).toBe(401);
      // The replaced record's portal session ended with it; its key no longer signs in, this device's key does.
      expect((await newTvPortal.client.request('GET', '/frontend/device')).status).toBe(401);
      expect((await signIn(newTv.device.macAddress, deviceKey)).status).toBe(200);
      if (newTv.deviceKey !== deviceKey) {
        expect((await signIn(newTv.device.macAddress, newTv.deviceKey)).status).toBe(401);
      }

      const changes = await server.db.dataSource.query(
        `SELECT from_mac, to_mac, replaced_device_id, moved_playlists FROM device_mac_changes WHERE device_id = $1`,
        [device.id],
      );
      expect(changes).toEqual([
        {
          from_mac: device.macAddress,
          to_mac: newTv.device.macAddress,
          replaced_device_id: newTv.device.id,
          moved_playlists: 2,
        },
      ]);
    });

    it('refuses to replace an activated device with CONFLICT (to the holder of its key only), changing nothing', async () => {
      const { client, device, deviceToken } = await signedInDevice(server);
      await addPlaylist(client, 'Mine');
      const active = await buildDevice(server);
      await addPlaylistTo(active.device.id, 'Theirs');
      await server.db.dataSource.query(
        `UPDATE devices SET licence_expires_at = now() + interval '30 days' WHERE id = $1`,
        [active.device.id],
      );
      const snapshot = async () => ({
        devices: [await deviceRow(device.id), await deviceRow(active.device.id)],
        playlists: [await playlistNames(device.id), await playlistNames(active.device.id)],
        tokens: await server.db.dataSource.query(
          `SELECT id, device_id, revoked_at FROM device_tokens WHERE device_id IN ($1, $2) ORDER BY id`,
          [device.id, active.device.id],
        ),
        changes: await server.db.dataSource.query(`SELECT id FROM device_mac_changes WHERE device_id IN ($1, $2)`, [
          device.id,
          active.device.id,
        ]),
      });
      const before = await snapshot();

      const outcome = await transport.switchMac(client, active.device.macAddress, active.deviceKey);
      const message = 'That MAC address belongs to an activated device, so it cannot be replaced.';
      expect(outcome).toMatchObject({ ok: false, code: 'CONFLICT', message });
      if (transport.name === 'REST') expect(outcome.httpStatus).toBe(409);
      expect(await snapshot()).toEqual(before);
      // Without its key, nothing says the MAC is even registered, let alone activated.
      const guessed = await transport.switchMac(client, active.device.macAddress, otherKey(active.deviceKey));
      expect(guessed).toMatchObject({
        ok: false,
        code: 'FORBIDDEN',
        message: 'The MAC address or its device key is incorrect.',
      });
      expect(await snapshot()).toEqual(before);
      // Both TVs keep working.
      const mine = await server.client().gql(CURRENT, undefined, tv(deviceToken));
      expect(mine.json.data.currentDevice.macAddress).toBe(device.macAddress);
      const theirs = await server.client().gql(CURRENT, undefined, tv(active.deviceToken));
      expect(theirs.json.data.currentDevice).toMatchObject({ macAddress: active.device.macAddress, status: 'ACTIVE' });
    });

    it('refuses the device’s own MAC with CONFLICT, before asking anything else (the key)', async () => {
      const { client, device, deviceKey } = await signedInDevice(server);
      const before = await deviceRow(device.id);
      // The graph's input type requires a key; REST is also asked without one.
      const keys: unknown[] = [deviceKey, otherKey(deviceKey), '', 'abc'];
      if (transport.name === 'REST') keys.push(undefined);
      for (const mac of [device.macAddress, device.macAddress.toUpperCase(), device.macAddress.replace(/:/g, '-')]) {
        for (const key of keys) {
          expect(await transport.switchMac(client, mac, key)).toMatchObject({
            ok: false,
            code: 'CONFLICT',
            message: 'This device already has that MAC address.',
            fieldError: 'This device already has that MAC address.',
          });
        }
      }
      expect(await deviceRow(device.id)).toEqual(before);
      // Not counted as switches: the device still has its three of the day.
      for (let i = 0; i < 3; i += 1) {
        const newTv = await buildDevice(server);
        expect((await transport.switchMac(client, newTv.device.macAddress, newTv.deviceKey)).ok).toBe(true);
      }
    });

    it('refuses a missing or malformed MAC with the spec messages', async () => {
      const { client, device } = await signedInDevice(server);
      const before = await deviceRow(device.id);
      // The graph refuses a null for its String! field itself; REST reads a null as a missing MAC.
      const missing = transport.name === 'REST' ? ['', '   ', null, undefined] : ['', '   '];
      for (const value of missing) {
        expect(await transport.switchMac(client, value, '123456')).toMatchObject({
          ok: false,
          code: 'BAD_USER_INPUT',
          message: '* Mac Address is required *',
          fieldError: '* Mac Address is required *',
        });
      }
      const malformed = [
        'a1:b2:c3',
        'zz:zz:zz:zz:zz:zz',
        'a1:b2:c3:d4:e5:f6:07',
        'a1b2c3d4e5f6',
        'a1:b2:c3:d4:e5:f',
        'a1:b2:c3:d4:e5:fg',
        'а1:b2:c3:d4:e5:f6',
        "a1:b2:c3:d4:e5:f6' OR '1'='1",
        `${'a1:'.repeat(1000)}f6`,
      ];
      for (const value of malformed) {
        expect(await transport.switchMac(client, value, '123456')).toMatchObject({
          ok: false,
          code: 'BAD_USER_INPUT',
          message: '* Invalid Mac Address*',
          fieldError: '* Invalid Mac Address*',
        });
      }
      for (const wrongType of [112233445566, null, ['a1:b2:c3:d4:e5:f6'], { mac: 'a1:b2:c3:d4:e5:f6' }, true]) {
        expect(await transport.switchMac(client, wrongType, '123456')).toMatchObject({
          ok: false,
          code: 'BAD_USER_INPUT',
        });
      }
      expect(await deviceRow(device.id)).toEqual(before);
    });

    it('allows three switches a day: the fourth is refused with RATE_LIMITED (429)', async () => {
      const { client, device } = await signedInDevice(server);
      for (let i = 0; i < 3; i += 1) {
        const newTv = await buildDevice(server);
        expect((await transport.switchMac(client, newTv.device.macAddress, newTv.deviceKey)).ok).toBe(true);
      }
      const macBefore = (await deviceRow(device.id)).mac_address;
      const fourthTv = await buildDevice(server);
      const fourth = await transport.switchMac(client, fourthTv.device.macAddress, fourthTv.deviceKey);
      expect(fourth).toMatchObject({
        ok: false,
        code: 'RATE_LIMITED',
        message:
          'This device has switched MAC address several times today. Please try again tomorrow or contact support.',
      });
      if (transport.name === 'REST') expect(fourth.httpStatus).toBe(429);
      else expect(fourth.body.errors[0].extensions.retryAfterSeconds).toBeGreaterThan(3600);
      expect((await deviceRow(device.id)).mac_address).toBe(macBefore);
    });
  });

  it('asks to sign in first for every settings call', async () => {
    const { device } = await buildDevice(server);
    const before = await deviceRow(device.id);
    const anonymous = server.client();
    for (const outcome of [
      await transport.changeKey(anonymous, '123456'),
      await transport.changePin(anonymous, '1234'),
      await transport.switchMac(anonymous, randomMacAddress(), '123456'),
    ]) {
      expect(outcome).toMatchObject({ ok: false, code: 'UNAUTHENTICATED', message: 'You are not signed in.' });
      if (transport.name === 'REST') expect(outcome.httpStatus).toBe(401);
    }
    expect(await deviceRow(device.id)).toEqual(before);
  });
});

describe('checkParentPin (TV apps)', () => {
  it('answers true for the parent PIN and false for any other, and false while no PIN is set', async () => {
    const { client, deviceToken } = await signedInDevice(server);
    const check = async (pin: string) => {
      const res = await server.client().gql(CHECK_PIN, { input: { pin } }, tv(deviceToken));
      return res.json.data.checkParentPin.valid as boolean;
    };
    expect(await check('1234')).toBe(false);
    expect((await client.gql(CHANGE_PIN, { input: { pin: '2580' } })).json.data.changeParentPin.message).toBe(
      'Parent Pin Changed Successfully!',
    );
    expect(await check('2580')).toBe(true);
    expect(await check('2581')).toBe(false);
    expect(await check('2580')).toBe(true);
    // The portal session may check it too.
    expect((await client.gql(CHECK_PIN, { input: { pin: '2580' } })).json.data.checkParentPin.valid).toBe(true);
  });

  it('limits wrong PINs like sign-ins: after the limit even the right PIN is RATE_LIMITED', async () => {
    const { client, deviceToken } = await signedInDevice(server);
    await client.gql(CHANGE_PIN, { input: { pin: '13579' } });
    const check = (pin: string) => server.client().gql(CHECK_PIN, { input: { pin } }, tv(deviceToken));
    for (let i = 0; i < MAX_PIN_FAILURES; i += 1) {
      expect((await check(`0000${i}`)).json.data.checkParentPin.valid).toBe(false);
    }
    const limited = await check('13579');
    expect(limited.json.data).toBeNull();
    expect(limited.json.errors[0]).toMatchObject({
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(limited.json.errors[0].message).toMatch(/^Too many wrong PINs\. Please try again in \d+ minutes?\.$/);
    // Another device is not affected.
    const other = await signedInDevice(server);
    await other.client.gql(CHANGE_PIN, { input: { pin: '2468' } });
    const otherCheck = await server.client().gql(CHECK_PIN, { input: { pin: '2468' } }, tv(other.deviceToken));
    expect(otherCheck.json.data.checkParentPin.valid).toBe(true);
  });

  it('refuses malformed PINs and anonymous callers', async () => {
    const { deviceToken } = await signedInDevice(server);
    for (const pin of ['', 'x'.repeat(65)]) {
      const res = await server.client().gql(CHECK_PIN, { input: { pin } }, tv(deviceToken));
      expect(res.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    const anonymous = await server.client().gql(CHECK_PIN, { input: { pin: '1234' } });
    expect(anonymous.json.errors[0]).toMatchObject({
      message: 'You are not signed in.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });
});
