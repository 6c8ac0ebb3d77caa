import { ALLOWED_ORIGIN, buildDevice, count, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES_PER_MAC: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => server.stop());

async function login(client: ReturnType<TestServer['client']>, fields: Record<string, unknown>) {
  const token = await client.captcha();
  return client.request('POST', '/frontend/device/login', {
    body: { captcha: TEST_CAPTCHA.toLowerCase(), token, ...fields },
  });
}

describe('REST sign-in (/frontend)', () => {
  it('hands out a captcha as an svg picture and a token', async () => {
    const res = await server.client().request('GET', '/frontend/captcha/generate');
    expect(res.status).toBe(200);
    expect(res.json.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(res.json.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('signs a device in, keeps it signed in, and signs it out server-side', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    const res = await login(client, { mac_address: device.macAddress.toUpperCase(), device_key: deviceKey });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('Signed in successfully.');
    expect(res.json.device).toEqual({
      mac_address: device.macAddress,
      is_trial: 1,
      created_time: device.createdAt.toISOString(),
      expire_date: new Date(device.createdAt.getTime() + 7 * 86_400_000).toISOString(),
    });
    expect(JSON.stringify(res.json)).not.toContain(deviceKey);

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Idle timeout: the cookie (and the stored session) lapse 30 minutes after the last request.
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie ?? '')?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + 30 * 60_000))).toBeLessThan(60_000);

    const me = await client.request('GET', '/frontend/device');
    expect(me.status).toBe(200);
    expect(me.json.device.mac_address).toBe(device.macAddress);

    const stolenCookie = client.cookieHeader;
    expect((await client.request('GET', '/frontend/device/logout')).status).toBe(200);
    expect((await client.request('GET', '/frontend/device')).status).toBe(401);
    // The old cookie is worthless: the session is gone from the database, not just from the browser.
    const replay = await server.client().request('GET', '/frontend/device', { headers: { cookie: stolenCookie } });
    expect(replay.status).toBe(401);
  });

  it('gives a new session id on sign-in, so a planted id is useless', async () => {
    // The attacker signs in to their own device and plants that valid session cookie in the victim's browser.
    const attackersDevice = await buildDevice(server);
    const attacker = server.client();
    const own = await login(attacker, {
      mac_address: attackersDevice.device.macAddress,
      device_key: attackersDevice.deviceKey,
    });
    expect(own.status).toBe(200);
    const planted = attacker.cookies.get('sid')!;
    const victim = server.client();
    victim.cookies.set('sid', planted);

    const victimsDevice = await buildDevice(server);
    const res = await login(victim, {
      mac_address: victimsDevice.device.macAddress,
      device_key: victimsDevice.deviceKey,
    });
    expect(res.status).toBe(200);
    expect(victim.cookies.get('sid')).not.toBe(planted);
    expect((await victim.request('GET', '/frontend/device')).json.device.mac_address).toBe(
      victimsDevice.device.macAddress,
    );
    // The planted id never reaches the victim's device.
    const replay = await attacker.request('GET', '/frontend/device');
    expect(replay.json.device?.mac_address).not.toBe(victimsDevice.device.macAddress);
    expect(replay.status).toBe(401);
  });

  it('answers every wrong field with the same generic 401', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const wrongKey = await login(server.client(), {
      mac_address: device.macAddress,
      device_key: deviceKey === '000000' ? '111111' : '000000',
    });
    const unknownMac = await login(server.client(), { mac_address: '02:00:00:00:00:01', device_key: deviceKey });
    const wrongCaptcha = await login(server.client(), {
      mac_address: device.macAddress,
      device_key: deviceKey,
      captcha: 'WRONG',
    });
    for (const res of [wrongKey, unknownMac, wrongCaptcha]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ status: 'error', message: 'The MAC address, device key or captcha is incorrect.' });
    }
  });

  it('accepts a captcha once only', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    const token = await client.captcha();
    const body = { mac_address: device.macAddress, device_key: deviceKey, captcha: TEST_CAPTCHA, token };
    expect((await client.request('POST', '/frontend/device/login', { body })).status).toBe(200);
    expect((await server.client().request('POST', '/frontend/device/login', { body })).status).toBe(401);
  });

  it('refuses a captcha past its lifetime, even answered right', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    const token = await client.captcha();
    await server.db.dataSource.query(
      `UPDATE captcha_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [token],
    );
    const body = { mac_address: device.macAddress, device_key: deviceKey, captcha: TEST_CAPTCHA, token };
    const res = await client.request('POST', '/frontend/device/login', { body });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('The MAC address, device key or captcha is incorrect.');
    expect(client.cookies.size).toBe(0);
  });

  it('locks a MAC after repeated failures, says when to retry, and refuses even the right key meanwhile', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const wrong = deviceKey === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i += 1) {
      expect((await login(server.client(), { mac_address: device.macAddress, device_key: wrong })).status).toBe(401);
    }
    const locked = await login(server.client(), { mac_address: device.macAddress, device_key: deviceKey });
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // An unknown MAC locks the same way, so the answer does not reveal which MAC addresses exist.
    for (let i = 0; i < 3; i += 1)
      await login(server.client(), { mac_address: '02:aa:bb:cc:dd:ee', device_key: wrong });
    const unknown = await login(server.client(), { mac_address: '02:aa:bb:cc:dd:ee', device_key: wrong });
    expect(unknown.status).toBe(429);
    expect(unknown.json.message).toBe(locked.json.message);
  });

  it('a successful sign-in clears the failures of that MAC', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const wrong = deviceKey === '000000' ? '111111' : '000000';
    await login(server.client(), { mac_address: device.macAddress, device_key: wrong });
    await login(server.client(), { mac_address: device.macAddress, device_key: wrong });
    expect((await login(server.client(), { mac_address: device.macAddress, device_key: deviceKey })).status).toBe(200);
    await login(server.client(), { mac_address: device.macAddress, device_key: wrong });
    await login(server.client(), { mac_address: device.macAddress, device_key: wrong });
    expect((await login(server.client(), { mac_address: device.macAddress, device_key: deviceKey })).status).toBe(200);
  });

  it.each([
    [
      'malformed JSON',
      { rawBody: '{"mac_address": ', headers: { 'content-type': 'application/json' } },
      'The request body is not valid JSON.',
    ],
    ['an empty object', { body: {} }, '* Mac Address is required *'],
    ['a JSON array', { body: [1, 2] }, '* Mac Address is required *'],
    [
      'wrong types',
      { body: { mac_address: 17, device_key: ['1'], captcha: {}, token: null } },
      '* Mac Address is required *',
    ],
    [
      'a 10 KB MAC',
      { body: { mac_address: 'a'.repeat(10_240), device_key: '123456', captcha: 'X', token: 'x' } },
      '* Invalid Mac Address*',
    ],
    [
      'control characters',
      { body: { mac_address: 'a1:b2:c3:d4:e5:f\u0000', device_key: '12\n456', captcha: 'X', token: 'x' } },
      '* Invalid Mac Address*',
    ],
    [
      'unicode look-alikes',
      { body: { mac_address: 'а1:b2:c3:d4:e5:f6', device_key: '１２３４５６', captcha: 'X', token: 'x' } },
      '* Invalid Mac Address*',
    ],
    [
      'a short device key',
      { body: { mac_address: 'a1:b2:c3:d4:e5:f6', device_key: '1234', captcha: 'X', token: 'x' } },
      '* Invalid Device Key *',
    ],
  ])('answers %s with a 400, a clear message, and changes nothing', async (_name, init, message) => {
    const before = { devices: await count(server, 'devices'), sessions: await count(server, 'sessions') };
    const res = await server.client().request('POST', '/frontend/device/login', init);
    expect(res.status).toBe(400);
    expect(res.json.status).toBe('error');
    expect(res.json.message).toContain(message);
    expect({ devices: await count(server, 'devices'), sessions: await count(server, 'sessions') }).toEqual(before);
  });

  it('reports each invalid field under the name the client sent', async () => {
    const res = await server
      .client()
      .request('POST', '/frontend/device/login', { body: { mac_address: 'nope', device_key: '' } });
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      mac_address: '* Invalid Mac Address*',
      device_key: '* Device Key is required *',
    });
  });

  it('refuses a sign-in posted from another site, and allows the configured origin', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    const token = await client.captcha();
    const body = { mac_address: device.macAddress, device_key: deviceKey, captcha: TEST_CAPTCHA, token };
    const evil = await client.request('POST', '/frontend/device/login', {
      body,
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    const ok = await client.request('POST', '/frontend/device/login', { body, headers: { origin: ALLOWED_ORIGIN } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('answers GET /frontend/device with 401 when nobody is signed in', async () => {
    const res = await server.client().request('GET', '/frontend/device');
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('You are not signed in.');
  });
});
