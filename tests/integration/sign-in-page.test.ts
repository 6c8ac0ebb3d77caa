import { LOGIN_FAILED_MESSAGE } from '../../server/src/device/device.service';
import { messages } from '../../common/messages';
import { ALLOWED_ORIGIN, buildDevice, count, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

/**
 * The sign-in screen as the server sends it: with a captcha of its own (the browser asks for none before the
 * owner can type), and signing in a plain form post, which is what a phone sends when the owner presses Login
 * before the screen's script has arrived.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES_PER_MAC: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => server.stop());

type Client = ReturnType<TestServer['client']>;

/** The state the page was sent with (the JSON block the screen reads). */
function stateOf(html: string): { captcha?: { svg: string; token: string }; macAddress?: string; error?: string } {
  const match = /<script id="sign-in-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('the page carries no sign-in state');
  return JSON.parse(match[1]!) as ReturnType<typeof stateOf>;
}

/** Opens the screen and posts its form as a browser does (urlencoded, from this site). */
async function postForm(client: Client, fields: Record<string, string>, path = '/device/login') {
  const page = await client.request('GET', path);
  const token = stateOf(page.text).captcha!.token;
  return client.request('POST', path, {
    rawBody: new URLSearchParams({ captcha: TEST_CAPTCHA.toLowerCase(), token, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
  });
}

describe('the sign-in page the server sends', () => {
  it('comes with a captcha of its own, a new one each load, and is never cached', async () => {
    const client = server.client();
    const first = await client.request('GET', '/device/login');
    const second = await client.request('GET', '/device/login');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const one = stateOf(first.text).captcha!;
    const two = stateOf(second.text).captcha!;
    expect(one.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(one.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(two.token).not.toBe(one.token);
    // Written so that no text in it can end the script element it sits in.
    expect(/<script id="sign-in-state"[^>]*>([\s\S]*?)<\/script>/.exec(first.text)![1]).not.toContain('<');
  });

  it('signs in a form posted before the script arrived, and goes on to the dashboard', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    const res = await postForm(client, { mac_address: device.macAddress.toUpperCase(), device_key: deviceKey });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    // The session is the portal's: the graph now knows the device.
    const me = await client.gql('{ currentDevice { macAddress } }');
    expect(me.json.data.currentDevice).toEqual({ macAddress: device.macAddress });
  });

  it('reads a MAC typed without its colons (no script was there to add them) as the TV shows it', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const digits = device.macAddress.replace(/:/g, '');
    const res = await postForm(server.client(), { mac_address: digits, device_key: deviceKey });
    expect(res.status).toBe(303);
    const refused = await postForm(server.client(), { mac_address: digits, device_key: '000000' });
    // Given back as typed (the field puts its colons in once its script runs).
    expect(stateOf(refused.text).macAddress).toBe(digits);
  });

  it('goes on only to the places the screen goes on to (no open redirect)', async () => {
    const { device, deviceKey } = await buildDevice(server);
    for (const [next, location] of [
      ['/dashboard/active-device', '/dashboard/active-device'],
      ['/link?code=BCDF-GHJK', '/link?code=BCDF-GHJK'],
      ['https://evil.example/', '/dashboard'],
      ['//evil.example/link', '/dashboard'],
    ]) {
      const res = await postForm(server.client(), {
        mac_address: device.macAddress,
        device_key: deviceKey,
        next: next!,
      });
      expect({ next, status: res.status, location: res.headers.get('location') }).toEqual({
        next,
        status: 303,
        location,
      });
    }
  });

  it('refuses a wrong key with the screen again: the MAC kept, a new captcha, the reason, no session', async () => {
    const { device } = await buildDevice(server);
    const client = server.client();
    const res = await postForm(client, { mac_address: device.macAddress, device_key: '000000' });
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const state = stateOf(res.text);
    expect(state.macAddress).toBe(device.macAddress);
    expect(state.error).toBe(LOGIN_FAILED_MESSAGE);
    expect(state.captcha?.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sid='))).toBeUndefined();
    expect((await client.gql('{ currentDevice { id } }')).json.data.currentDevice).toBeNull();
  });

  it('says what is wrong with what was typed, as the screen would', async () => {
    const res = await postForm(server.client(), { mac_address: 'not a mac', device_key: '12' });
    expect(res.status).toBe(400);
    const { error } = stateOf(res.text);
    expect(error).toContain(messages.mac.invalid);
    expect(error).toContain(messages.loginDeviceKey.invalid);
  });

  it('counts form posts against the same guessing limits as every other sign-in', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postForm(client, { mac_address: device.macAddress, device_key: '999999' })).status).toBe(401);
    }
    const limited = await postForm(client, { mac_address: device.macAddress, device_key: deviceKey });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(stateOf(limited.text).error).toMatch(/Too many/i);
  });

  it('refuses a sign-in posted from another site (nobody can sign a visitor into their account)', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    const page = await client.request('GET', '/device/login');
    const before = await count(server, 'sessions');
    const res = await client.request('POST', '/device/login', {
      rawBody: new URLSearchParams({
        mac_address: device.macAddress,
        device_key: deviceKey,
        captcha: TEST_CAPTCHA,
        token: stateOf(page.text).captcha!.token,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await count(server, 'sessions')).toBe(before);
    // A site the portal names as its own (ALLOWED_ORIGINS) may post.
    const allowed = await server.client().request('POST', '/device/login', {
      rawBody: new URLSearchParams({
        mac_address: device.macAddress,
        device_key: deviceKey,
        captcha: TEST_CAPTCHA,
        token: stateOf((await server.client().request('GET', '/device/login')).text).captcha!.token,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ALLOWED_ORIGIN },
    });
    expect(allowed.status).toBe(303);
  });

  it('answers the legacy /login path the same way', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const res = await postForm(server.client(), { mac_address: device.macAddress, device_key: deviceKey }, '/login');
    expect(res.status).toBe(303);
  });
});

describe('the sign-in page for an owner already signed in', () => {
  it('goes straight on to the dashboard, or to where it was asked to go next', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    expect((await postForm(client, { mac_address: device.macAddress, device_key: deviceKey })).status).toBe(303);
    const page = await client.request('GET', '/device/login');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/dashboard');
    const next = await client.request('GET', `/device/login?next=${encodeURIComponent('/dashboard/active-device')}`);
    expect(next.headers.get('location')).toBe('/dashboard/active-device');
    const elsewhere = await client.request('GET', `/login?next=${encodeURIComponent('https://evil.example/')}`);
    expect(elsewhere.headers.get('location')).toBe('/dashboard');
    // A bearer token that opens nothing, sent along by some tool, gets the page rather than an API's 401.
    const stray = await client.request('GET', '/device/login', {
      headers: { authorization: `Bearer ${'A'.repeat(43)}` },
    });
    expect(stray.status).toBe(200);
    expect(stray.text).toContain('id="sign-in-state"');
  });
});
