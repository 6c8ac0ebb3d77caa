import { randomMacAddress } from '../../server/src/device/mac';
import { describeOnPostgres } from '../support/database';
import { eventually } from '../support/payments';
import { buildDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

/**
 * Issue "Device identity you can trust", part 1: Switch MAC asks for proof that the owner holds the new TV, the
 * device key that TV shows. Knowing a MAC address is not enough to absorb its device (its playlists with their
 * Xtream credentials, its TV, its key); an unknown MAC and a wrong key are refused alike; key guesses through
 * Switch MAC are limited like sign-ins; and two devices switching to one MAC at once get one success and one
 * CONFLICT, never a 500.
 */

const MAX_KEY_GUESSES = 3;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES_PER_MAC: String(MAX_KEY_GUESSES),
    LOGIN_MAX_FAILURES_PER_IP: '100000',
    REGISTER_MAX_PER_IP_PER_HOUR: '100000',
    // The race below holds a row lock on one connection while two switches wait on theirs.
    DB_POOL_SIZE: '10',
  });
});
afterAll(() => server.stop());

type Client = ReturnType<TestServer['client']>;

const REFUSED = 'The MAC address or its device key is incorrect.';
const RACED = 'Another device switched to that MAC address at the same moment. Nothing was changed: please try again.';
const DAILY_LIMIT =
  'This device has switched MAC address several times today. Please try again tomorrow or contact support.';
/** In every stored field of the victim's playlists: an answer holding it leaks the victim's data. */
const MARKER = 'zqvictim5t';

const SWITCH = `mutation($input: SwitchMacAddressInput!) { switchMacAddress(input: $input) { message device { id macAddress } } }`;
const CURRENT = `query { currentDevice { id macAddress } }`;
const PLAYLISTS = `query { playlists { id name url username password } }`;
const REGISTER = `mutation($input: RegisterDeviceInput!) { registerDevice(input: $input) { deviceKey deviceToken device { id macAddress } } }`;

interface Outcome {
  ok: boolean;
  httpStatus: number;
  code?: string;
  message: string;
  fieldErrors?: Record<string, string>;
  body: any;
}

const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  409: 'CONFLICT',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_SERVER_ERROR',
};

/** What a switch sends: a MAC and, unless left out, a device key. */
interface SwitchInput {
  macAddress: string;
  deviceKey?: unknown;
}

interface Transport {
  name: string;
  switchMac(client: Client, input: SwitchInput): Promise<Outcome>;
}

const TRANSPORTS: Transport[] = [
  {
    name: 'GraphQL',
    async switchMac(client, input) {
      const res = await client.gql(SWITCH, { input });
      const error = res.json?.errors?.[0];
      if (error) {
        return {
          ok: false,
          httpStatus: res.status,
          code: error.extensions?.code,
          message: error.message,
          fieldErrors: error.extensions?.fieldErrors,
          body: res.json,
        };
      }
      return { ok: true, httpStatus: res.status, message: res.json.data.switchMacAddress.message, body: res.json };
    },
  },
  {
    name: 'REST',
    async switchMac(client, input) {
      const body: Record<string, unknown> = { mac_address: input.macAddress };
      if ('deviceKey' in input) body.device_key = input.deviceKey;
      const res = await client.request('POST', '/frontend/device/switchMacAddress', { body });
      if (res.status === 200) return { ok: true, httpStatus: 200, message: res.json.message, body: res.json };
      return {
        ok: false,
        httpStatus: res.status,
        code: CODE_OF_STATUS[res.status] ?? `HTTP ${res.status}`,
        message: res.json?.message,
        fieldErrors: res.json?.errors,
        body: res.json,
      };
    },
  },
];

/** The field error on the key, under the name each transport uses. */
function keyError(transport: Transport, outcome: Outcome): string | undefined {
  return outcome.fieldErrors?.[transport.name === 'REST' ? 'device_key' : 'deviceKey'];
}

function tv(token: string) {
  return { authorization: `Bearer ${token}` };
}

function otherKey(key: string): string {
  return key === '000000' ? '111111' : '000000';
}

async function signIn(mac: string, deviceKey: string): Promise<{ status: number; client: Client }> {
  const client = server.client();
  const token = await client.captcha();
  const res = await client.request('POST', '/frontend/device/login', {
    body: { mac_address: mac, device_key: deviceKey, captcha: TEST_CAPTCHA, token },
  });
  return { status: res.status, client };
}

/** The attacker: a MAC of their own, registered as a TV app would, and signed in to the portal with its key. */
async function attacker() {
  const res = await server.client().gql(REGISTER, { input: { macAddress: randomMacAddress(), model: 'Own TV' } });
  const registered = res.json.data.registerDevice as {
    deviceKey: string;
    deviceToken: string;
    device: { id: string; macAddress: string };
  };
  const portal = await signIn(registered.device.macAddress, registered.deviceKey);
  expect(portal.status).toBe(200);
  return { ...registered, client: portal.client };
}

/** The victim: a TV in its trial with playlists (Xtream credentials among them), a parent PIN and a portal session. */
async function victim() {
  const registered = await buildDevice(server);
  const caller = { deviceId: registered.device.id, clientIp: '127.0.0.1' };
  for (const input of [
    { name: `News ${MARKER}`, type: 'general', url: `http://${MARKER}.example.com/list.m3u` },
    { name: `XC ${MARKER}`, type: 'xc', url: `http://${MARKER}.example.net`, username: MARKER, password: MARKER },
  ]) {
    await server.services.playlists.create(caller, input);
  }
  await server.services.devices.changeParentPin(registered.device.id, { pin: '8642' });
  const portal = await signIn(registered.device.macAddress, registered.deviceKey);
  expect(portal.status).toBe(200);
  return { ...registered, client: portal.client };
}

/** Everything stored about the given devices, to compare before and after. */
async function snapshot(...ids: string[]) {
  const query = (sql: string) => server.db.dataSource.query(sql, [ids]);
  return {
    devices: await query(
      `SELECT id, mac_address, device_key_hash, parent_pin_hash, licence_expires_at, updated_at
         FROM devices WHERE id = ANY($1) ORDER BY id`,
    ),
    playlists: await query(`SELECT * FROM playlists WHERE device_id = ANY($1) ORDER BY id`),
    tokens: await query(`SELECT id, device_id, revoked_at FROM device_tokens WHERE device_id = ANY($1) ORDER BY id`),
    sessions: await query(`SELECT sid FROM sessions WHERE sess ->> 'deviceId' = ANY($1) ORDER BY sid`),
    changes: await query(`SELECT id FROM device_mac_changes WHERE device_id = ANY($1) ORDER BY id`),
  };
}

/** The victim's TV, portal session and key all still open the victim's own device, with its own playlists. */
async function expectVictimIntact(target: Awaited<ReturnType<typeof victim>>) {
  const onTv = await server
    .client()
    .gql(`query { currentDevice { id macAddress } playlists { name } }`, undefined, tv(target.deviceToken));
  expect(onTv.json.data.currentDevice).toEqual({ id: target.device.id, macAddress: target.device.macAddress });
  expect(onTv.json.data.playlists.map((p: { name: string }) => p.name).sort()).toEqual([
    `News ${MARKER}`,
    `XC ${MARKER}`,
  ]);
  const session = await target.client.request('GET', '/frontend/device');
  expect(session.status).toBe(200);
  expect(session.json.device.mac_address).toBe(target.device.macAddress);
  expect((await signIn(target.device.macAddress, target.deviceKey)).status).toBe(200);
}

/** The attacker sees nothing of the victim and is still on its own MAC. */
async function expectAttackerEmptyHanded(own: Awaited<ReturnType<typeof attacker>>) {
  const mine = await own.client.gql(
    `query { currentDevice { id macAddress } playlists { id name url username password } }`,
  );
  expect(mine.json.data.currentDevice).toEqual({ id: own.device.id, macAddress: own.device.macAddress });
  expect(JSON.stringify(mine.json)).not.toContain(MARKER);
  const onTv = await server.client().gql(PLAYLISTS, undefined, tv(own.deviceToken));
  expect(JSON.stringify(onTv.json)).not.toContain(MARKER);
}

describe.each(TRANSPORTS)('Switch MAC through $name', (transport) => {
  it('cannot take over a device knowing only its MAC: no key or a wrong key is refused and nothing changes', async () => {
    const own = await attacker();
    const target = await victim();
    const before = await snapshot(own.device.id, target.device.id);

    // Without a key, as the portal used to switch.
    const keyless = await transport.switchMac(own.client, { macAddress: target.device.macAddress });
    expect(keyless).toMatchObject({ ok: false, code: 'BAD_USER_INPUT' });
    if (transport.name === 'REST') expect(keyError(transport, keyless)).toBe('* Device Key is required *');

    // Malformed keys get the sign-in screen's messages, before anything is counted or looked up.
    for (const [deviceKey, message] of [
      ['', '* Device Key is required *'],
      ['   ', '* Device Key is required *'],
      ['12345', '* Invalid Device Key *'],
      ['12345a', '* Invalid Device Key *'],
    ]) {
      const outcome = await transport.switchMac(own.client, { macAddress: target.device.macAddress, deviceKey });
      expect(outcome).toMatchObject({ ok: false, code: 'BAD_USER_INPUT', message });
      expect(keyError(transport, outcome)).toBe(message);
    }

    // A well-formed wrong key.
    const wrong = await transport.switchMac(own.client, {
      macAddress: target.device.macAddress.toUpperCase(),
      deviceKey: otherKey(target.deviceKey),
    });
    expect(wrong).toMatchObject({ ok: false, code: 'FORBIDDEN', message: REFUSED });
    expect(keyError(transport, wrong)).toBe(REFUSED);
    if (transport.name === 'REST') expect(wrong.httpStatus).toBe(403);
    expect(JSON.stringify(wrong.body)).not.toContain(MARKER);

    expect(await snapshot(own.device.id, target.device.id)).toEqual(before);
    await expectVictimIntact(target);
    await expectAttackerEmptyHanded(own);
  });

  it('answers an unknown MAC exactly as a wrong key, creating nothing', async () => {
    const own = await attacker();
    const target = await victim();
    const unknownMac = randomMacAddress();
    const before = await snapshot(own.device.id, target.device.id);
    const devicesBefore = await server.db.dataSource.query(`SELECT count(*)::int AS n FROM devices`);

    const wrongKey = await transport.switchMac(own.client, {
      macAddress: target.device.macAddress,
      deviceKey: otherKey(target.deviceKey),
    });
    const unknown = await transport.switchMac(own.client, { macAddress: unknownMac, deviceKey: target.deviceKey });

    expect(unknown.ok).toBe(false);
    expect(unknown.httpStatus).toBe(wrongKey.httpStatus);
    expect(unknown.body).toEqual(wrongKey.body);
    expect(unknown).toMatchObject({ code: 'FORBIDDEN', message: REFUSED });

    expect(await snapshot(own.device.id, target.device.id)).toEqual(before);
    expect(await server.db.dataSource.query(`SELECT count(*)::int AS n FROM devices`)).toEqual(devicesBefore);
    expect(await server.services.devices.findByMac(unknownMac)).toBeNull();
    await expectVictimIntact(target);
  });

  it('with the new TV’s key, switches as before: that record’s playlists and TV come along', async () => {
    const { client, device, deviceToken } = await attacker();
    const newTv = await victim();

    const outcome = await transport.switchMac(client, {
      macAddress: newTv.device.macAddress,
      deviceKey: newTv.deviceKey,
    });
    expect(outcome).toMatchObject({ ok: true, message: 'Mac Address Switched Successfully!' });

    const [row] = await server.db.dataSource.query(`SELECT mac_address FROM devices WHERE id = $1`, [device.id]);
    expect(row.mac_address).toBe(newTv.device.macAddress);
    expect(await server.services.devices.findById(newTv.device.id)).toBeNull();
    // The new TV now opens the switched device, with the playlists it had.
    const onNewTv = await server.client().gql(CURRENT, undefined, tv(newTv.deviceToken));
    expect(onNewTv.json.data.currentDevice).toEqual({ id: device.id, macAddress: newTv.device.macAddress });
    const lists = await client.gql(PLAYLISTS);
    expect(lists.json.data.playlists.map((p: { name: string }) => p.name).sort()).toEqual([
      `News ${MARKER}`,
      `XC ${MARKER}`,
    ]);
    // The old TV's token is revoked.
    expect((await server.client().gql(CURRENT, undefined, tv(deviceToken))).status).toBe(401);
  });

  it('counts key guesses through Switch MAC against the target MAC like sign-ins, and against the device', async () => {
    const target = await victim();
    const before = await snapshot(target.device.id);

    // Guesses from several signed-in devices add up on the target's MAC.
    for (let i = 0; i < MAX_KEY_GUESSES; i += 1) {
      const own = await attacker();
      const guess = await transport.switchMac(own.client, {
        macAddress: target.device.macAddress,
        deviceKey: otherKey(target.deviceKey),
      });
      expect(guess).toMatchObject({ ok: false, code: 'FORBIDDEN', message: REFUSED });
    }
    // Over the limit, even the right key is refused, through Switch MAC and on the sign-in screen alike.
    const late = await attacker();
    const limited = await transport.switchMac(late.client, {
      macAddress: target.device.macAddress,
      deviceKey: target.deviceKey,
    });
    expect(limited).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(limited.message).toMatch(
      /^Too many wrong device keys for that MAC address\. Please try again in \d+ minutes?\.$/,
    );
    if (transport.name === 'REST') expect(limited.httpStatus).toBe(429);
    expect((await signIn(target.device.macAddress, target.deviceKey)).status).toBe(429);
    expect(await snapshot(target.device.id)).toEqual(before);

    // A device's own attempts count against its three switches a day, right or wrong, at any MAC.
    const sweeper = await attacker();
    for (let i = 0; i < 3; i += 1) {
      const guess = await transport.switchMac(sweeper.client, { macAddress: randomMacAddress(), deviceKey: '123456' });
      expect(guess).toMatchObject({ ok: false, code: 'FORBIDDEN', message: REFUSED });
    }
    const fresh = await victim();
    const fourth = await transport.switchMac(sweeper.client, {
      macAddress: fresh.device.macAddress,
      deviceKey: fresh.deviceKey,
    });
    expect(fourth).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: DAILY_LIMIT });
    await expectVictimIntact(fresh);
  });

  it('two devices switching to one MAC at the same time: one succeeds, the other is refused, never a 500', async () => {
    for (let round = 0; round < 3; round += 1) {
      const first = await attacker();
      const second = await attacker();
      const newTv = await victim();
      const input = { macAddress: newTv.device.macAddress, deviceKey: newTv.deviceKey };

      const outcomes = await Promise.all([
        transport.switchMac(first.client, input),
        transport.switchMac(second.client, input),
      ]);
      for (const outcome of outcomes) {
        expect(outcome.httpStatus).toBeLessThan(500);
        expect(outcome.code).not.toBe('INTERNAL_SERVER_ERROR');
      }
      const won = outcomes.filter((outcome) => outcome.ok);
      expect(won).toHaveLength(1);
      // The loser either met the winner in the middle of the switch (CONFLICT), or came after it, when the MAC
      // already belonged to the winner and the new TV's key no longer opened it.
      const lost = outcomes.find((outcome) => !outcome.ok)!;
      if (lost.code === 'CONFLICT') expect(lost.message).toBe(RACED);
      else expect(lost).toMatchObject({ code: 'FORBIDDEN', message: REFUSED });

      const holders = await server.db.dataSource.query(`SELECT id FROM devices WHERE mac_address = $1`, [
        newTv.device.macAddress,
      ]);
      const winner = outcomes[0]!.ok ? first : second;
      const loser = outcomes[0]!.ok ? second : first;
      expect(holders).toEqual([{ id: winner.device.id }]);
      const [loserRow] = await server.db.dataSource.query(`SELECT mac_address FROM devices WHERE id = $1`, [
        loser.device.id,
      ]);
      expect(loserRow.mac_address).toBe(loser.device.macAddress);
    }
  });
});

describeOnPostgres('Switch MAC, two devices held at the same moment', () => {
  it.each(TRANSPORTS)(
    'through $name: both pass the key check, one wins, the other gets CONFLICT, never a 500',
    async (transport) => {
      const first = await attacker();
      const second = await attacker();
      const newTv = await victim();
      const input = { macAddress: newTv.device.macAddress, deviceKey: newTv.deviceKey };

      // Hold the new TV's row so that both switches check the key, then wait inside their transactions together.
      const holder = server.db.dataSource.createQueryRunner();
      await holder.connect();
      let outcomes: Outcome[];
      try {
        await holder.startTransaction();
        await holder.query(`SELECT id FROM devices WHERE id = $1 FOR UPDATE`, [newTv.device.id]);
        const pending = Promise.all([
          transport.switchMac(first.client, input),
          transport.switchMac(second.client, input),
        ]);
        const waiting = await eventually(
          async () =>
            (
              await server.db.dataSource.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
              )
            )[0].n as number,
          (n) => n >= 2,
          20_000,
        );
        expect(waiting).toBe(2);
        await holder.commitTransaction();
        outcomes = await pending;
      } finally {
        if (holder.isTransactionActive) await holder.rollbackTransaction();
        await holder.release();
      }

      for (const outcome of outcomes) {
        expect(outcome.httpStatus).toBeLessThan(500);
        expect(outcome.code).not.toBe('INTERNAL_SERVER_ERROR');
      }
      const won = outcomes.filter((outcome) => outcome.ok);
      const lost = outcomes.filter((outcome) => !outcome.ok);
      expect(won).toHaveLength(1);
      expect(won[0]).toMatchObject({ message: 'Mac Address Switched Successfully!' });
      expect(lost).toHaveLength(1);
      expect(lost[0]).toMatchObject({ code: 'CONFLICT', message: RACED });
      if (transport.name === 'REST') expect(lost[0]!.httpStatus).toBe(409);

      const winner = outcomes[0]!.ok ? first : second;
      const loser = outcomes[0]!.ok ? second : first;
      const holders = await server.db.dataSource.query(`SELECT id FROM devices WHERE mac_address = $1`, [
        newTv.device.macAddress,
      ]);
      expect(holders).toEqual([{ id: winner.device.id }]);
      // The loser is where it was: its MAC, its TV, no recorded switch.
      const [loserRow] = await server.db.dataSource.query(`SELECT mac_address FROM devices WHERE id = $1`, [
        loser.device.id,
      ]);
      expect(loserRow.mac_address).toBe(loser.device.macAddress);
      const onLoserTv = await server.client().gql(CURRENT, undefined, tv(loser.deviceToken));
      expect(onLoserTv.json.data.currentDevice).toEqual({ id: loser.device.id, macAddress: loser.device.macAddress });
      const changes = await server.db.dataSource.query(
        `SELECT count(*)::int AS n FROM device_mac_changes WHERE device_id = $1`,
        [loser.device.id],
      );
      expect(changes).toEqual([{ n: 0 }]);
    },
  );
});
