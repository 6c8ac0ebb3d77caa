import { buildDevice, count, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES_PER_MAC: '5', REGISTER_MAX_PER_IP_PER_HOUR: '50' });
});
afterAll(() => server.stop());

const REGISTER = `mutation Register($input: RegisterDeviceInput!) {
  registerDevice(input: $input) { deviceKey deviceToken device { id macAddress status isTrial createdAt expireDate model appVersion } }
}`;
const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { message device { macAddress status } } }`;
const CURRENT = `query { currentDevice { macAddress status isTrial expireDate } }`;

async function captchaToken(client: ReturnType<TestServer['client']>): Promise<string> {
  const res = await client.gql('query { captcha { svg token } }');
  expect(res.json.data.captcha.svg).toContain('<svg');
  return res.json.data.captcha.token;
}

describe('registerDevice (TV apps)', () => {
  it('registers a TV in its trial and returns its device key and token once', async () => {
    const res = await server
      .client()
      .gql(REGISTER, { input: { macAddress: 'A2-B2-C3-D4-E5-F6', model: 'Tizen 8', appVersion: '2.4.1' } });
    const payload = res.json.data.registerDevice;
    expect(payload.deviceKey).toMatch(/^\d{6}$/);
    expect(payload.deviceToken.length).toBeGreaterThanOrEqual(40);
    expect(payload.device).toMatchObject({
      macAddress: 'a2:b2:c3:d4:e5:f6',
      status: 'TRIAL',
      isTrial: 1,
      model: 'Tizen 8',
      appVersion: '2.4.1',
    });
    const created = Date.parse(payload.device.createdAt);
    expect(Date.parse(payload.device.expireDate) - created).toBe(7 * 86_400_000);

    // Only hashes are stored.
    const [row] = await server.db.dataSource.query(
      `SELECT device_key_hash FROM devices WHERE mac_address = 'a2:b2:c3:d4:e5:f6'`,
    );
    expect(row.device_key_hash).not.toContain(payload.deviceKey);
    const tokens = await server.db.dataSource.query(`SELECT token_hash FROM device_tokens`);
    expect(JSON.stringify(tokens)).not.toContain(payload.deviceToken);

    // The TV authenticates with its token.
    const me = await server.client().gql(CURRENT, undefined, { authorization: `Bearer ${payload.deviceToken}` });
    expect(me.json.data.currentDevice).toMatchObject({ macAddress: 'a2:b2:c3:d4:e5:f6', status: 'TRIAL' });
  });

  it('answers a registration that asks for the payments too, instead of losing its key (found by fuzzing)', async () => {
    const before = await count(server, 'devices');
    const res = await server.client().gql(
      `mutation { registerDevice(input: { macAddress: "a3:b2:c3:d4:e5:f6" }) {
         deviceKey deviceToken device { macAddress payments { id } } } }`,
    );
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.registerDevice).toMatchObject({
      deviceKey: expect.stringMatching(/^\d{6}$/),
      deviceToken: expect.any(String),
      device: { macAddress: 'a3:b2:c3:d4:e5:f6', payments: [] },
    });
    expect(await count(server, 'devices')).toBe(before + 1);
  });

  it('refuses a MAC that is already registered, revealing and resetting nothing', async () => {
    const first = await buildDevice(server);
    const res = await server.client().gql(REGISTER, { input: { macAddress: first.device.macAddress } });
    expect(res.json.data).toBeNull();
    expect(res.json.errors[0].extensions.code).toBe('CONFLICT');
    expect(JSON.stringify(res.json)).not.toMatch(/\d{6}/);
    // The original key still signs in.
    const client = server.client();
    const token = await captchaToken(client);
    const login = await client.gql(LOGIN, {
      input: {
        macAddress: first.device.macAddress,
        deviceKey: first.deviceKey,
        captcha: TEST_CAPTCHA,
        captchaToken: token,
      },
    });
    expect(login.json.data.login.device.macAddress).toBe(first.device.macAddress);
  });

  it('rejects bad input with BAD_USER_INPUT and stores nothing', async () => {
    const before = await count(server, 'devices');
    const cases = [
      { macAddress: 'x'.repeat(10_240) },
      { macAddress: 'a1:b2:c3:d4:e5' },
      { macAddress: 'a1:b2:c3:d4:e5:f6', model: 'bad\u0007model' },
      { macAddress: 'a1:b2:c3:d4:e5:f6', appVersion: 'v'.repeat(41) },
      { macAddress: 42 },
      { macAddress: 'a1:b2:c3:d4:e5:f6', extra: 'field' },
    ];
    for (const input of cases) {
      const res = await server.client().gql(REGISTER, { input });
      expect(res.status).toBeLessThan(500);
      expect(res.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(res.json.errors[0].message).not.toMatch(/internal|stack|sql/i);
    }
    expect(await count(server, 'devices')).toBe(before);
  });

  it('refuses an unknown or malformed device token with UNAUTHENTICATED (401)', async () => {
    for (const header of ['Bearer not-a-real-token-but-long-enough', 'Bearer ', 'Basic abc']) {
      const res = await server.client().gql(CURRENT, undefined, { authorization: header });
      expect(res.status).toBe(401);
      expect(res.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('login, currentDevice and logout (portal)', () => {
  it('signs in with a cookie session, reads the device, and logs out server-side', async () => {
    const { device, deviceKey } = await buildDevice(server);
    const client = server.client();
    expect((await client.gql(CURRENT)).json.data.currentDevice).toBeNull();
    const token = await captchaToken(client);
    const res = await client.gql(LOGIN, {
      input: { macAddress: device.macAddress, deviceKey, captcha: TEST_CAPTCHA.toLowerCase(), captchaToken: token },
    });
    expect(res.json.data.login).toEqual({
      message: 'Signed in successfully.',
      device: { macAddress: device.macAddress, status: 'TRIAL' },
    });
    expect((await client.gql(CURRENT)).json.data.currentDevice.macAddress).toBe(device.macAddress);

    const sessionsBefore = await count(server, 'sessions');
    const cookie = client.cookieHeader;
    expect((await client.gql('mutation { logout { success } }')).json.data.logout.success).toBe(true);
    expect(await count(server, 'sessions')).toBe(sessionsBefore - 1);
    const replay = await server.client().gql(CURRENT, undefined, { cookie });
    expect(replay.json.data.currentDevice).toBeNull();
  });

  it('answers a failed sign-in with one generic UNAUTHENTICATED message', async () => {
    const { device } = await buildDevice(server);
    const client = server.client();
    const token = await captchaToken(client);
    const res = await client.gql(LOGIN, {
      input: { macAddress: device.macAddress, deviceKey: '999999', captcha: TEST_CAPTCHA, captchaToken: token },
    });
    expect(res.json.errors[0]).toMatchObject({
      message: 'The MAC address, device key or captcha is incorrect.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  it('counts every aliased attempt, so aliases cannot multiply guesses', async () => {
    const { device } = await buildDevice(server);
    const aliased = (tokens: string[]) =>
      `mutation { ${tokens
        .map(
          (token, i) =>
            `a${i}: login(input: { macAddress: "${device.macAddress}", deviceKey: "${100000 + i}", captcha: "${TEST_CAPTCHA}", captchaToken: "${token}" }) { message }`,
        )
        .join('\n')} }`;
    const firstCodes: string[] = [];
    for (let request = 0; request < 6; request += 1) {
      const client = server.client();
      const res = await client.gql(aliased([await captchaToken(client), await captchaToken(client)]));
      firstCodes.push(res.json.errors[0].extensions.code);
    }
    // Mutations run one after another and a failed sign-in stops the rest of the request; every attempt
    // that did run, with a solved captcha, was counted, so the sixth request meets the per-MAC limit of 5.
    expect(firstCodes).toEqual([
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'RATE_LIMITED',
    ]);
    const [row] = await server.db.dataSource.query(`SELECT points FROM rate_limits WHERE key = $1`, [
      `login_mac:${device.macAddress}`,
    ]);
    expect(row.points).toBe(6);
  });

  it('counts aliased captcha requests one by one: no more than 60 a minute are drawn', async () => {
    const points = async (): Promise<number> => {
      const rows = await server.db.dataSource.query(`SELECT points FROM rate_limits WHERE key LIKE 'captcha_ip:%'`);
      return rows.reduce((sum: number, r: { points: number }) => sum + r.points, 0);
    };
    const pointsBefore = await points();
    const challengesBefore = await count(server, 'captcha_challenges');
    // 70 captchas in five requests of 14 aliases (one request may hold at most GRAPHQL_MAX_ALIASES, 15).
    const codes: string[] = [];
    for (let request = 0; request < 5; request += 1) {
      const res = await server
        .client()
        .gql(`query { ${Array.from({ length: 14 }, (_, i) => `c${i}: captcha { token }`).join(' ')} }`);
      codes.push(res.json.errors?.[0]?.extensions.code ?? 'OK');
    }
    expect(codes.at(-1)).toBe('RATE_LIMITED');
    // The answer goes out at the first refusal; wait for the other aliases to finish.
    for (let i = 0; i < 50 && (await points()) < pointsBefore + 70; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await points()).toBe(pointsBefore + 70);
    expect((await count(server, 'captcha_challenges')) - challengesBefore).toBe(60 - pointsBefore);
  });

  it('refuses batched requests', async () => {
    const res = await server
      .client()
      .request('POST', '/graphql', { body: [{ query: '{ ping }' }, { query: '{ ping }' }] });
    expect(res.status).toBe(400);
  });

  it('refuses a simple cross-site request (Apollo CSRF prevention)', async () => {
    const res = await server.client().request('POST', '/graphql', {
      rawBody: '{"query":"mutation { logout { success } }"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/CSRF/);
  });

  it('answers wrong variable types with BAD_USER_INPUT, never a 500', async () => {
    const res = await server.client().gql(LOGIN, { input: { macAddress: 5, deviceKey: null } });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res.json)).not.toMatch(/stacktrace/);
  });
});
