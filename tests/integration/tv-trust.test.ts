import { signedInDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

/**
 * TV tokens an owner can trust (issue "TV tokens and link codes an owner can trust"): the attacks first.
 * - A leaked device key let an attacker sign in, link a TV of his own through a code he approved himself, and keep
 *   that TV token after the owner changed the key. A new key now signs every TV out, unless the owner keeps them.
 * - A link approval showed nothing of where the request came from: it now says when and from which network, the
 *   model as the TV reported it, and how many TVs approving signs out.
 */

let server: TestServer;
beforeAll(async () => {
  // Behind a trusted proxy on loopback: X-Forwarded-For stands for the TV's and the owner's networks.
  server = await startTestServer({ REGISTER_MAX_PER_IP_PER_HOUR: '1000', TRUST_PROXY: 'loopback' });
});
afterAll(() => server.stop());

type Client = ReturnType<TestServer['client']>;

const REQUEST = `mutation($i: RequestTvLinkInput!) { requestTvLink(input: $i) { code pollHandle } }`;
const POLL = `mutation($i: PollTvLinkInput!) { pollTvLink(input: $i) { status deviceToken } }`;
const APPROVE = `mutation($i: TvLinkCodeInput!) { approveTvLink(input: $i) { message } }`;
const CHANGE_KEY = `mutation($i: ChangeDeviceKeyInput!) { changeDeviceKey(input: $i) { message tvsSignedOut } }`;
const PLAYLISTS = `query { currentDevice { macAddress } }`;
const TVS = `query { currentDevice { tvSessions { id model } } }`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(client: Client, macAddress: string, deviceKey: string) {
  const captcha = await client.gql(`query { captcha { token } }`);
  const res = await client.gql(`mutation($i: LoginInput!) { login(input: $i) { message } }`, {
    i: { macAddress, deviceKey, captcha: TEST_CAPTCHA, captchaToken: captcha.json.data.captcha.token },
  });
  expect(res.json.errors).toBeUndefined();
}

/** A TV token collected through a link code that `approver` (a portal session of the device) approved. */
async function linkedToken(approver: Client, macAddress: string, model: string): Promise<string> {
  const asked = await server.client().gql(REQUEST, { i: { macAddress, model, appVersion: '2.5.0' } });
  const { code, pollHandle } = asked.json.data.requestTvLink;
  expect((await approver.gql(APPROVE, { i: { code } })).json.errors).toBeUndefined();
  const polled = await server.client().gql(POLL, { i: { pollHandle } });
  expect(polled.json.data.pollTvLink.status).toBe('APPROVED');
  return polled.json.data.pollTvLink.deviceToken as string;
}

async function works(token: string): Promise<boolean> {
  const res = await server.client().gql(PLAYLISTS, undefined, bearer(token));
  if (res.status === 401) return false;
  expect(res.json.data.currentDevice).not.toBeNull();
  return true;
}

describe('a leaked device key', () => {
  it("gives no lasting access: the owner's new key signs out the TV the attacker linked with it", async () => {
    const { device, deviceKey, client: owner } = await signedInDevice(server);
    // The attacker has the MAC and the key: he signs in, asks a link code for the MAC, approves it himself.
    const attacker = server.client();
    await signIn(attacker, device.macAddress, deviceKey);
    const stolen = await linkedToken(attacker, device.macAddress, 'Living room TV');
    expect(await works(stolen)).toBe(true);

    // The owner notices and changes the key, as the portal does by default.
    const changed = await owner.gql(CHANGE_KEY, { i: { deviceKey: '246813' } });
    expect(changed.json.errors).toBeUndefined();
    expect(changed.json.data.changeDeviceKey).toEqual({ message: 'Device Key Changed Successfully!', tvsSignedOut: 1 });
    expect(await works(stolen)).toBe(false);
    expect((await owner.gql(TVS)).json.data.currentDevice.tvSessions).toEqual([]);
    // The attacker's portal session ended with the key, as before.
    expect((await attacker.gql(PLAYLISTS)).json.data.currentDevice).toBeNull();
  });

  it('an owner who chooses to keep the TVs keeps them; REST signs them out by default too', async () => {
    const { device, client: owner } = await signedInDevice(server);
    const kept = await linkedToken(owner, device.macAddress, 'Kitchen TV');
    const keep = await owner.gql(CHANGE_KEY, { i: { deviceKey: '135792', keepTvsSignedIn: true } });
    expect(keep.json.data.changeDeviceKey.tvsSignedOut).toBe(0);
    expect(await works(kept)).toBe(true);

    const rest = await owner.request('POST', '/frontend/device/saveDeviceKey', { body: { device_key: '975310' } });
    expect(rest.status).toBe(200);
    expect(rest.json).toEqual({ status: 'success', message: 'Device Key Changed Successfully!', tvs_signed_out: 1 });
    expect(await works(kept)).toBe(false);
  });

  it('a TV that changes the key (with the current one) stays signed in itself', async () => {
    const { deviceKey, deviceToken } = await signedInDevice(server);
    const fromTv = await server
      .client()
      .gql(CHANGE_KEY, { i: { deviceKey: '112233', currentDeviceKey: deviceKey } }, bearer(deviceToken));
    expect(fromTv.json.errors).toBeUndefined();
    expect(fromTv.json.data.changeDeviceKey.tvsSignedOut).toBe(0);
    expect(await works(deviceToken)).toBe(true);
  });

  it('a bad keepTvsSignedIn is refused and changes nothing', async () => {
    const { deviceKey, client: owner, device } = await signedInDevice(server);
    const rest = await owner.request('POST', '/frontend/device/saveDeviceKey', {
      body: { device_key: '123123', keep_tvs_signed_in: 'yes' },
    });
    expect(rest.status).toBe(400);
    // The old key still signs in.
    await signIn(server.client(), device.macAddress, deviceKey);
  });
});

describe('link-code phishing', () => {
  const SHOW = `query($i: TvLinkCodeInput!) { tvLink(input: $i) {
    macAddress model requestedFrom sameNetwork signedInTvs sameMacAddress } }`;
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('a code asked for the owner’s MAC from elsewhere shows where it came from and what approving signs out', async () => {
    const { device, client: owner } = await signedInDevice(server);
    // Someone asks a code for the owner's MAC from his own network, under a model name of his choosing.
    const asked = await server
      .client()
      .gql(REQUEST, { i: { macAddress: device.macAddress, model: 'Living room TV' } }, from('198.51.100.23'));
    const { code } = asked.json.data.requestTvLink;
    const shown = await owner.gql(SHOW, { i: { code } }, from('203.0.113.9'));
    expect(shown.json.errors).toBeUndefined();
    expect(shown.json.data.tvLink).toEqual({
      macAddress: device.macAddress,
      model: 'Living room TV',
      requestedFrom: '198.51.100.23',
      sameNetwork: false,
      sameMacAddress: true,
      // The TV registered with this MAC is signed in: approving would sign it out.
      signedInTvs: 1,
    });
    // Asked from the owner's own network (an IPv6 home: the same /56), it says so.
    const home = await server
      .client()
      .gql(REQUEST, { i: { macAddress: device.macAddress } }, from('2001:db8:aa:bb01::10'));
    const atHome = await owner.gql(
      SHOW,
      { i: { code: home.json.data.requestTvLink.code } },
      from('2001:db8:aa:bb02::99'),
    );
    expect(atHome.json.data.tvLink).toMatchObject({ requestedFrom: '2001:db8:aa:bb01::10', sameNetwork: true });
  });
});
