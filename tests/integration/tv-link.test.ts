import { randomMacAddress } from '../../server/src/device/mac';
import { describeOnPostgres } from '../support/database';
import { buildDevice, signedInDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

/**
 * Linking a TV without typing (issue "Device identity you can trust", part 3; RFC 8628's device grant): a
 * reinstalled app whose token is gone asks for a code, the owner approves it on the portal, and the TV's poll
 * collects a new token once. The attacks first: reused, expired, guessed and refused codes, polling too fast,
 * and one request's poll handle collecting another's token.
 */

const MAX_WRONG_CODES = 4;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    LOGIN_MAX_FAILURES_PER_MAC: String(MAX_WRONG_CODES),
    LOGIN_MAX_FAILURES_PER_IP: '1000',
    REGISTER_MAX_PER_IP_PER_HOUR: '1000',
  });
});
afterAll(() => server.stop());

type Client = ReturnType<TestServer['client']>;

const REGISTER = `mutation($i: RegisterDeviceInput!) { registerDevice(input: $i) { deviceKey deviceToken device { id } } }`;
const REQUEST = `mutation($i: RequestTvLinkInput!) { requestTvLink(input: $i) { code pollHandle expiresIn interval verificationUrl } }`;
const POLL = `mutation($i: PollTvLinkInput!) { pollTvLink(input: $i) { status interval deviceToken device { id macAddress } } }`;
const SHOW = `query($i: TvLinkCodeInput!) { tvLink(input: $i) { code macAddress model appVersion requestedAt expiresAt sameMacAddress signedInTv } }`;
const APPROVE = `mutation($i: TvLinkCodeInput!) { approveTvLink(input: $i) { message device { id macAddress } } }`;
const REFUSE = `mutation($i: TvLinkCodeInput!) { refuseTvLink(input: $i) { message } }`;
const CURRENT = `query { currentDevice { id macAddress } }`;
const UNKNOWN = 'This code is unknown, already used or expired. Ask the TV for a new code.';

const tv = (token: string) => ({ authorization: `Bearer ${token}` });

function errorOf(res: { json: any }): { message: string; code: string } | undefined {
  const error = res.json?.errors?.[0];
  return error ? { message: error.message, code: error.extensions?.code } : undefined;
}

interface Link {
  code: string;
  pollHandle: string;
  expiresIn: number;
  interval: number;
  verificationUrl: string;
}

async function requestLink(
  macAddress: string,
  extra: { model?: string; appVersion?: string } = {},
  token?: string,
): Promise<Link> {
  const res = await server
    .client()
    .gql(REQUEST, { i: { macAddress, model: 'Living room TV', ...extra } }, token ? tv(token) : undefined);
  expect(errorOf(res)).toBeUndefined();
  return res.json.data.requestTvLink as Link;
}

/** The poll, as if the TV had waited its interval since the last one. */
async function poll(pollHandle: string) {
  await server.db.dataSource.query(
    `UPDATE tv_links SET last_polled_at = last_polled_at - interval '1 hour' WHERE last_polled_at IS NOT NULL`,
  );
  return pollNow(pollHandle);
}

async function pollNow(pollHandle: string) {
  const res = await server.client().gql(POLL, { i: { pollHandle } });
  expect(errorOf(res)).toBeUndefined();
  return res.json.data.pollTvLink as { status: string; interval: number; deviceToken: string | null; device: any };
}

async function signIn(client: Client, macAddress: string, deviceKey: string) {
  const captcha = await client.gql(`query { captcha { token svg } }`);
  const res = await client.gql(`mutation($i: LoginInput!) { login(input: $i) { message } }`, {
    i: { macAddress, deviceKey, captcha: TEST_CAPTCHA, captchaToken: captcha.json.data.captcha.token },
  });
  expect(errorOf(res)).toBeUndefined();
}

describe('a reinstalled TV links itself through the owner', () => {
  it('register, lose the token, CONFLICT, request a link, the owner approves, the poll gets a working token once', async () => {
    const macAddress = randomMacAddress();
    const anonymous = server.client();
    const registered = await anonymous.gql(REGISTER, { i: { macAddress, model: 'Old app' } });
    expect(errorOf(registered)).toBeUndefined();
    const { deviceKey, deviceToken: lostToken } = registered.json.data.registerDevice;

    // The app is reinstalled: its token is gone, and registering again is refused.
    const again = await server.client().gql(REGISTER, { i: { macAddress } });
    expect(errorOf(again)?.code).toBe('CONFLICT');

    const link = await requestLink(macAddress, { model: 'Living room TV', appVersion: '3.1.0' });
    expect(link.code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(link.pollHandle.length).toBeGreaterThanOrEqual(40);
    expect(link.expiresIn).toBe(900);
    expect(link.interval).toBe(5);
    expect(link.verificationUrl).toMatch(/^http:\/\/localhost:\d+\/link\?code=/);
    expect(link.verificationUrl.endsWith(`/link?code=${link.code}`)).toBe(true);
    // Only the handle's hash is stored.
    const [stored] = await server.db.dataSource.query(`SELECT * FROM tv_links WHERE code = $1`, [
      link.code.replace('-', ''),
    ]);
    expect(JSON.stringify(stored)).not.toContain(link.pollHandle);

    expect((await pollNow(link.pollHandle)).status).toBe('PENDING');

    // The owner signs in on the portal with the MAC and key, looks at the request and approves it.
    const owner = server.client();
    await signIn(owner, macAddress, deviceKey);
    const shown = await owner.gql(SHOW, { i: { code: link.code.toLowerCase().replace('-', ' ') } });
    expect(errorOf(shown)).toBeUndefined();
    expect(shown.json.data.tvLink).toMatchObject({
      code: link.code,
      macAddress,
      model: 'Living room TV',
      appVersion: '3.1.0',
      sameMacAddress: true,
    });
    const approved = await owner.gql(APPROVE, { i: { code: link.code } });
    expect(errorOf(approved)).toBeUndefined();
    expect(approved.json.data.approveTvLink.message).toBe('The TV is linked: it signs in within a few seconds.');

    const collected = await poll(link.pollHandle);
    expect(collected.status).toBe('APPROVED');
    expect(typeof collected.deviceToken).toBe('string');
    expect(collected.device.macAddress).toBe(macAddress);

    // The new token works; the old one (had it survived somewhere) is revoked.
    const current = await server.client().gql(CURRENT, undefined, tv(collected.deviceToken!));
    expect(current.json.data.currentDevice.macAddress).toBe(macAddress);
    const old = await server.client().gql(CURRENT, undefined, tv(lostToken));
    expect(old.status).toBe(401);
    const [token] = await server.db.dataSource.query(
      `SELECT model, app_version FROM device_tokens WHERE device_id = $1 AND revoked_at IS NULL`,
      [collected.device.id],
    );
    expect(token).toEqual({ model: 'Living room TV', app_version: '3.1.0' });

    // The token is returned exactly once: the request is used up.
    const second = await poll(link.pollHandle);
    expect(second).toMatchObject({ status: 'EXPIRED', deviceToken: null, device: null });
    // And the code cannot be reused.
    const reused = await owner.gql(APPROVE, { i: { code: link.code } });
    expect(errorOf(reused)).toEqual({ code: 'NOT_FOUND', message: UNKNOWN });
  });
});

describe('a new TV takes over the licence by link code (Switch MAC without typing)', () => {
  const SETTINGS = `query { currentDevice { id macAddress } playlists { name } }`;

  async function addPlaylist(deviceId: string, name: string) {
    const url = `http://lists.example.com/${encodeURIComponent(name)}.m3u`;
    await server.services.playlists.create({ deviceId, clientIp: '127.0.0.1' }, { name, type: 'general', url });
  }

  it('the new TV asks with its own token; approving moves the device onto it and the poll signs it in', async () => {
    const owner = await signedInDevice(server);
    await addPlaylist(owner.device.id, 'Sports');
    // The new TV's app registered on first launch: it holds a token for its own (trial) record.
    const newTv = await buildDevice(server, { model: 'Bedroom TV' });
    const link = await requestLink(
      newTv.device.macAddress,
      { model: 'Bedroom TV', appVersion: '3.2.0' },
      newTv.deviceToken,
    );

    const shown = await owner.client.gql(SHOW, { i: { code: link.code } });
    expect(shown.json.data.tvLink).toMatchObject({
      macAddress: newTv.device.macAddress,
      sameMacAddress: false,
      signedInTv: true,
    });
    const approved = await owner.client.gql(APPROVE, { i: { code: link.code } });
    expect(errorOf(approved)).toBeUndefined();
    expect(approved.json.data.approveTvLink).toEqual({
      message:
        'Your licence, playlists, device key and parent PIN moved to this TV: it signs in within a few seconds. The old TV is signed out.',
      device: { id: owner.device.id, macAddress: newTv.device.macAddress },
    });

    // The owner's portal session follows the device onto its new MAC; the playlists came along.
    const settings = await owner.client.gql(SETTINGS);
    expect(settings.json.data.currentDevice).toEqual({ id: owner.device.id, macAddress: newTv.device.macAddress });
    expect(settings.json.data.playlists).toEqual([{ name: 'Sports' }]);
    // The old TV is signed out; the new TV's record is gone, and the switch is recorded like any Switch MAC.
    expect((await server.client().gql(CURRENT, undefined, tv(owner.deviceToken))).status).toBe(401);
    expect(await server.db.dataSource.query(`SELECT id FROM devices WHERE id = $1`, [newTv.device.id])).toEqual([]);
    const changes = await server.db.dataSource.query(
      `SELECT from_mac, to_mac, replaced_device_id FROM device_mac_changes WHERE device_id = $1`,
      [owner.device.id],
    );
    expect(changes).toEqual([
      { from_mac: owner.device.macAddress, to_mac: newTv.device.macAddress, replaced_device_id: newTv.device.id },
    ]);

    // The TV collects a fresh token for the owner's device; the token it asked with stops working.
    const collected = await poll(link.pollHandle);
    expect(collected.status).toBe('APPROVED');
    expect(collected.device).toEqual({ id: owner.device.id, macAddress: newTv.device.macAddress });
    const current = await server.client().gql(CURRENT, undefined, tv(collected.deviceToken!));
    expect(current.json.data.currentDevice).toEqual({ id: owner.device.id, macAddress: newTv.device.macAddress });
    expect((await server.client().gql(CURRENT, undefined, tv(newTv.deviceToken))).status).toBe(401);
  });

  it('refuses a switch onto an activated TV, changing nothing and leaving the code pending', async () => {
    const owner = await signedInDevice(server);
    const active = await buildDevice(server);
    await server.db.dataSource.query(
      `UPDATE devices SET licence_expires_at = now() + interval '30 days' WHERE id = $1`,
      [active.device.id],
    );
    const link = await requestLink(active.device.macAddress, {}, active.deviceToken);
    const approved = await owner.client.gql(APPROVE, { i: { code: link.code } });
    expect(errorOf(approved)).toEqual({
      code: 'CONFLICT',
      message: 'That MAC address belongs to an activated device, so it cannot be replaced.',
    });
    const macs = await server.db.dataSource.query(
      `SELECT id, mac_address FROM devices WHERE id IN ($1, $2) ORDER BY id`,
      [owner.device.id, active.device.id],
    );
    expect(macs).toEqual(
      [
        { id: owner.device.id, mac_address: owner.device.macAddress },
        { id: active.device.id, mac_address: active.device.macAddress },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect((await poll(link.pollHandle)).status).toBe('PENDING');
  });

  it("refuses when the TV's record changed MAC since it asked", async () => {
    const owner = await signedInDevice(server);
    const newTv = await buildDevice(server);
    const link = await requestLink(newTv.device.macAddress, {}, newTv.deviceToken);
    // Meanwhile the new TV's own record moved to another MAC (its owner used Switch MAC).
    await server.db.dataSource.query(`UPDATE devices SET mac_address = $2 WHERE id = $1`, [
      newTv.device.id,
      randomMacAddress(),
    ]);
    const approved = await owner.client.gql(APPROVE, { i: { code: link.code } });
    expect(errorOf(approved)?.code).toBe('CONFLICT');
    const [row] = await server.db.dataSource.query(`SELECT mac_address FROM devices WHERE id = $1`, [owner.device.id]);
    expect(row.mac_address).toBe(owner.device.macAddress);
  });

  it('counts against the three switches a device may make in a day, Switch MAC by key included', async () => {
    const owner = await signedInDevice(server);
    const ask = async () => {
      const tvDevice = await buildDevice(server);
      return (await requestLink(tvDevice.device.macAddress, {}, tvDevice.deviceToken)).code;
    };
    const byKey = await buildDevice(server);
    const switched = await owner.client.gql(
      `mutation($i: SwitchMacAddressInput!) { switchMacAddress(input: $i) { message } }`,
      { i: { macAddress: byKey.device.macAddress, deviceKey: byKey.deviceKey } },
    );
    expect(errorOf(switched)).toBeUndefined();
    expect(errorOf(await owner.client.gql(APPROVE, { i: { code: await ask() } }))).toBeUndefined();
    expect(errorOf(await owner.client.gql(APPROVE, { i: { code: await ask() } }))).toBeUndefined();
    const fourth = await owner.client.gql(APPROVE, { i: { code: await ask() } });
    expect(errorOf(fourth)).toEqual({
      code: 'RATE_LIMITED',
      message:
        'This device has switched MAC address several times today. Please try again tomorrow or contact support.',
    });
  });
});

describe('attacks on link codes', () => {
  it('an expired code is answered like an unknown one, and its TV gets EXPIRED', async () => {
    const owner = await signedInDevice(server);
    const link = await requestLink(owner.device.macAddress);
    await server.db.dataSource.query(`UPDATE tv_links SET expires_at = now() - interval '1 second' WHERE code = $1`, [
      link.code.replace('-', ''),
    ]);
    const expired = await owner.client.gql(APPROVE, { i: { code: link.code } });
    const unknown = await owner.client.gql(APPROVE, { i: { code: 'BBBB-BBBB' } });
    expect(errorOf(expired)).toEqual({ code: 'NOT_FOUND', message: UNKNOWN });
    expect(errorOf(unknown)).toEqual(errorOf(expired));
    expect(expired.status).toBe(unknown.status);
    expect((await poll(link.pollHandle)).status).toBe('EXPIRED');
  });

  it('polling sooner than the interval answers SLOW_DOWN and lengthens the interval', async () => {
    const link = await requestLink((await buildDevice(server)).device.macAddress);
    expect(await pollNow(link.pollHandle)).toMatchObject({ status: 'PENDING', interval: 5 });
    expect(await pollNow(link.pollHandle)).toMatchObject({ status: 'SLOW_DOWN', interval: 10, deviceToken: null });
    expect(await pollNow(link.pollHandle)).toMatchObject({ status: 'SLOW_DOWN', interval: 15 });
    expect(await poll(link.pollHandle)).toMatchObject({ status: 'PENDING', interval: 15 });
  });

  it('a too-fast poll never hands over an approved token', async () => {
    const owner = await signedInDevice(server);
    const link = await requestLink(owner.device.macAddress);
    await pollNow(link.pollHandle);
    await owner.client.gql(APPROVE, { i: { code: link.code } });
    expect(await pollNow(link.pollHandle)).toMatchObject({ status: 'SLOW_DOWN', deviceToken: null });
    expect((await poll(link.pollHandle)).status).toBe('APPROVED');
  });

  it('counts wrong codes per signed-in device, right ones included in the look-ups', async () => {
    const owner = await signedInDevice(server);
    const link = await requestLink(owner.device.macAddress);
    for (let i = 0; i < MAX_WRONG_CODES; i += 1) {
      const wrong = await owner.client.gql(SHOW, { i: { code: 'ZZZZ-ZZZZ' } });
      expect(errorOf(wrong)?.code).toBe('NOT_FOUND');
    }
    // Over the limit even the right code is not looked up.
    const limited = await owner.client.gql(APPROVE, { i: { code: link.code } });
    expect(errorOf(limited)?.code).toBe('RATE_LIMITED');
    expect(limited.json.errors[0].extensions.retryAfterSeconds).toBeGreaterThan(0);
    expect((await poll(link.pollHandle)).status).toBe('PENDING');
    // GraphQL aliases do not multiply guesses either.
    const aliases = await owner.client.gql(
      `query { a: tvLink(input: { code: "ZZZZ-ZZZB" }) { code } b: tvLink(input: { code: "ZZZZ-ZZZC" }) { code } }`,
    );
    expect(aliases.json.data).toBeNull();
    expect(new Set(aliases.json.errors.map((e: any) => e.extensions.code))).toEqual(new Set(['RATE_LIMITED']));
  });

  it('counts wrong codes per client address across devices', async () => {
    const limited = await startTestServer({
      LOGIN_MAX_FAILURES_PER_MAC: '100',
      LOGIN_MAX_FAILURES_PER_IP: '3',
    });
    try {
      const devices = [await signedInDevice(limited), await signedInDevice(limited)];
      // Three wrong codes from this address, whichever device is signed in, then no more look-ups.
      const answers: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await devices[i % 2]!.client.gql(SHOW, { i: { code: 'ZZZZ-ZZZZ' } });
        answers.push(errorOf(res)!.code);
      }
      expect(answers).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'RATE_LIMITED']);
    } finally {
      await limited.stop();
    }
  });

  it('a refused link gives no token, and the code is spent', async () => {
    const owner = await signedInDevice(server);
    const link = await requestLink(owner.device.macAddress);
    const refused = await owner.client.gql(REFUSE, { i: { code: link.code } });
    expect(refused.json.data.refuseTvLink.message).toBe('The request is refused: the TV gets no access.');
    expect(await poll(link.pollHandle)).toMatchObject({ status: 'REFUSED', deviceToken: null, device: null });
    expect(errorOf(await owner.client.gql(APPROVE, { i: { code: link.code } }))?.code).toBe('NOT_FOUND');
    expect((await poll(link.pollHandle)).status).toBe('REFUSED');
  });

  it("one request's poll handle cannot collect another's token, and a made-up handle gets nothing", async () => {
    const owner = await signedInDevice(server);
    const victim = await requestLink(owner.device.macAddress);
    const attacker = await requestLink(owner.device.macAddress, { model: 'Attacker' });
    await owner.client.gql(APPROVE, { i: { code: victim.code } });
    expect(await poll(attacker.pollHandle)).toMatchObject({ status: 'PENDING', deviceToken: null });
    expect(await poll('x'.repeat(43))).toMatchObject({ status: 'EXPIRED', deviceToken: null });
    const collected = await poll(victim.pollHandle);
    expect(collected.status).toBe('APPROVED');
    // The code itself is no poll handle.
    expect((await poll(victim.code)).deviceToken).toBeNull();
  });

  it('a TV reporting another MAC address is not linked to the device', async () => {
    const owner = await signedInDevice(server);
    const other = await buildDevice(server);
    const link = await requestLink(other.device.macAddress);
    const shown = await owner.client.gql(SHOW, { i: { code: link.code } });
    expect(shown.json.data.tvLink.sameMacAddress).toBe(false);
    const approved = await owner.client.gql(APPROVE, { i: { code: link.code } });
    expect(errorOf(approved)).toEqual({
      code: 'CONFLICT',
      message:
        'This TV reports another MAC address than this device and asked without its own sign-in, so nothing proves it is that TV: it cannot be linked. To move your licence to a new TV, open the app on it and ask for a new code, or use Switch MAC with the device key it shows.',
    });
    expect((await poll(link.pollHandle)).status).toBe('PENDING');
    // Nothing moved: the other MAC keeps its own record.
    const [row] = await server.db.dataSource.query(`SELECT id FROM devices WHERE mac_address = $1`, [
      other.device.macAddress,
    ]);
    expect(row.id).toBe(other.device.id);
  });

  it("a TV's token cannot vouch for another MAC address (the takeover by link)", async () => {
    const attacker = await signedInDevice(server);
    const victim = await buildDevice(server);
    const res = await server
      .client()
      .gql(REQUEST, { i: { macAddress: victim.device.macAddress } }, tv(attacker.deviceToken));
    expect(errorOf(res)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'This is not the MAC address of the TV this token belongs to.',
    });
    expect(
      await server.db.dataSource.query(`SELECT id FROM tv_links WHERE mac_address = $1`, [victim.device.macAddress]),
    ).toEqual([]);
  });

  it('only the owner answers: anonymous callers and TV tokens are refused', async () => {
    const owner = await signedInDevice(server);
    const link = await requestLink(owner.device.macAddress);
    const anonymous = await server.client().gql(APPROVE, { i: { code: link.code } });
    expect(errorOf(anonymous)?.code).toBe('UNAUTHENTICATED');
    const byToken = await server.client().gql(APPROVE, { i: { code: link.code } }, tv(owner.deviceToken));
    expect(errorOf(byToken)?.code).toBe('FORBIDDEN');
    const showByToken = await server.client().gql(SHOW, { i: { code: link.code } }, tv(owner.deviceToken));
    expect(errorOf(showByToken)?.code).toBe('FORBIDDEN');
    expect((await poll(link.pollHandle)).status).toBe('PENDING');
  });

  it('validates what a TV and an owner send', async () => {
    const bad = await server.client().gql(REQUEST, { i: { macAddress: 'nope' } });
    expect(errorOf(bad)?.code).toBe('BAD_USER_INPUT');
    const owner = await signedInDevice(server);
    const badCode = await owner.client.gql(APPROVE, { i: { code: 'AEIO-U123' } });
    expect(errorOf(badCode)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'The code is the 8 letters shown on the TV, like BCDF-GHJK.',
    });
  });

  it('refuses at once a link for a MAC address no device has, storing nothing', async () => {
    const macAddress = randomMacAddress();
    const before = await server.db.dataSource.query(`SELECT count(*)::int AS n FROM tv_links`);
    const res = await server.client().gql(REQUEST, { i: { macAddress } });
    expect(errorOf(res)).toEqual({
      code: 'NOT_FOUND',
      message:
        'No device is registered with this MAC address, so there is nothing to link: register it first (the app does this on its first launch).',
    });
    expect(res.json.data).toBeNull();
    expect(await server.db.dataSource.query(`SELECT count(*)::int AS n FROM tv_links`)).toEqual(before);
    expect(await server.db.dataSource.query(`SELECT id FROM devices WHERE mac_address = $1`, [macAddress])).toEqual([]);
  });

  it('tells whether a MAC is registered no faster than registering does: both spend one budget', async () => {
    const limited = await startTestServer({ REGISTER_MAX_PER_IP_PER_HOUR: '3' });
    try {
      const known = await buildDevice(limited);
      const ask = (macAddress: string) => limited.client().gql(REQUEST, { i: { macAddress } });
      const register = (macAddress: string) => limited.client().gql(REGISTER, { i: { macAddress } });
      expect(errorOf(await ask(randomMacAddress()))?.code).toBe('NOT_FOUND');
      expect(errorOf(await ask(known.device.macAddress))).toBeUndefined();
      expect(errorOf(await register(known.device.macAddress))?.code).toBe('CONFLICT');
      // Three answers about MACs from this network this hour, by either door: the fourth is refused by both.
      expect(errorOf(await register(randomMacAddress()))?.code).toBe('RATE_LIMITED');
      expect(errorOf(await ask(randomMacAddress()))?.code).toBe('RATE_LIMITED');
    } finally {
      await limited.stop();
    }
  });

  it('counts link requests per client address', async () => {
    const limited = await startTestServer({ REGISTER_MAX_PER_IP_PER_HOUR: '2' });
    try {
      const known = await buildDevice(limited);
      const send = () => limited.client().gql(REQUEST, { i: { macAddress: known.device.macAddress } });
      expect(errorOf(await send())).toBeUndefined();
      expect(errorOf(await send())).toBeUndefined();
      const third = await send();
      expect(errorOf(third)).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many link requests from this network. Please try again later.',
      });
    } finally {
      await limited.stop();
    }
  });
});

describe('the link code settings', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startTestServer({ TV_LINK_TTL_SECONDS: '2', TV_LINK_INTERVAL_SECONDS: '1' });
  });
  afterAll(() => short.stop());

  it('TV_LINK_TTL_SECONDS and TV_LINK_INTERVAL_SECONDS set how long a code lives and how often it is polled', async () => {
    const { device } = await buildDevice(short);
    const asked = await short.client().gql(REQUEST, { i: { macAddress: device.macAddress, model: 'Living room TV' } });
    expect(errorOf(asked)).toBeUndefined();
    const link = asked.json.data.requestTvLink as Link;
    expect(link).toMatchObject({ expiresIn: 2, interval: 1 });
    const polled = async () =>
      (await short.client().gql(POLL, { i: { pollHandle: link.pollHandle } })).json.data.pollTvLink;
    expect(await polled()).toMatchObject({ status: 'PENDING', interval: 1 });
    // A second later is not too soon.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await polled()).toMatchObject({ status: 'PENDING', interval: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await polled()).toMatchObject({ status: 'EXPIRED' });
  });
});

describeOnPostgres('a poll that meets the approval', () => {
  /** Until `n` of the server's database sessions wait for a lock (a row another transaction holds). */
  async function waitingOnLocks(n: number) {
    for (let i = 0; i < 200; i += 1) {
      const [{ waiting }] = await server.db.dataSource.query(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      if (waiting >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${n} sessions never waited for a lock`);
  }

  // Seen in a browser run under load: the TV's poll read the link as pending, the owner's approval committed, and
  // the poll then found it approved without having locked the device first; it spent the approval and answered
  // EXPIRED, so the TV said "The code expired." right after the owner was told it was linked.
  it("a poll that began before the owner's approval committed still collects the token", async () => {
    const macAddress = randomMacAddress();
    const registered = await server.client().gql(REGISTER, { i: { macAddress, model: 'Old app' } });
    expect(errorOf(registered)).toBeUndefined();
    const link = await requestLink(macAddress);
    const owner = server.client();
    await signIn(owner, macAddress, registered.json.data.registerDevice.deviceKey);

    // The link's row held a moment, as any slower transaction may: the approval queues for it first, then the poll
    // (which has already read the link as pending).
    const holder = server.db.dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    let approving: Promise<{ json: any }> | undefined;
    let polling: Promise<{ json: any }> | undefined;
    try {
      await holder.query(`SELECT id FROM tv_links WHERE code = $1 FOR UPDATE`, [link.code.replace('-', '')]);
      approving = owner.gql(APPROVE, { i: { code: link.code } });
      await waitingOnLocks(1);
      polling = server.client().gql(POLL, { i: { pollHandle: link.pollHandle } });
      await waitingOnLocks(2);
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }
    const [approved, polled] = await Promise.all([approving!, polling!]);
    expect(errorOf(approved)).toBeUndefined();
    expect(errorOf(polled)).toBeUndefined();
    const answer = polled.json.data.pollTvLink;
    expect(answer.status).toBe('APPROVED');
    expect(answer.device.macAddress).toBe(macAddress);
    const current = await server.client().gql(CURRENT, undefined, tv(answer.deviceToken));
    expect(current.json.data.currentDevice.macAddress).toBe(macAddress);
  });
});
