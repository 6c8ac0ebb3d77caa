import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createLogger } from '../../server/src/logger';
import { buildDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

/**
 * The request log as an operator reads it (docs/operations.md, "Logs"): one short line per request at info, named
 * by its route pattern, with its status, time and id; headers only at debug; secrets never.
 */
interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method: string; route: string; operation?: string; url?: string; headers?: Record<string, string> };
  res?: { statusCode: number; headers?: Record<string, unknown> };
  responseTime?: number;
}

async function loggedServer(level: 'info' | 'debug') {
  const lines: string[] = [];
  const server = await startTestServer(
    { LOG_LEVEL: level },
    { logger: createLogger(level, { write: (line: string) => void lines.push(line) }) },
  );
  // A built script beside the stand-in page, as a page load asks for it.
  mkdirSync(path.join(server.dataDir, 'client', 'assets'));
  writeFileSync(path.join(server.dataDir, 'client', 'assets', 'index-3f9a.js'), 'console.log("app")\n');
  /** The request lines written since the last call. */
  const take = () =>
    lines
      .splice(0)
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.req);
  return { server, take };
}

/** What a browser does to sign in: the page and its script, a captcha, the sign-in, the portal's first read. */
async function signIn(server: TestServer, deviceKey?: string) {
  const { device, deviceKey: key } = await buildDevice(server);
  const client = server.client();
  await client.request('GET', '/device/login');
  await client.request('GET', '/assets/index-3f9a.js');
  const login = await client.request('POST', '/frontend/device/login', {
    body: {
      mac_address: device.macAddress,
      device_key: deviceKey ?? key,
      captcha: TEST_CAPTCHA,
      token: await client.captcha(),
    },
  });
  // As Apollo Client sends it: with its operation's name.
  await client.request('POST', '/graphql', {
    body: { operationName: 'CurrentDevice', query: 'query CurrentDevice { currentDevice { id } }' },
  });
  return { login, deviceKey: key, device };
}

describe('the request log at info', () => {
  let logged: Awaited<ReturnType<typeof loggedServer>>;
  beforeAll(async () => {
    logged = await loggedServer('info');
  });
  afterAll(() => logged.server.stop());

  it('says a sign-in in four short lines: method, route pattern, status, time and id, no headers', async () => {
    logged.take();
    const { login, deviceKey } = await signIn(logged.server);
    expect(login.status).toBe(200);
    const lines = logged.take();
    expect(lines.map((line) => [line.level, line.msg.replace(/ \d+ ms$/, '')])).toEqual([
      [30, 'GET /device/login 200'],
      [30, 'GET /frontend/captcha/generate 200'],
      [30, 'POST /frontend/device/login 200'],
      [30, 'POST /graphql CurrentDevice 200'],
    ]);
    expect(lines[0]?.req).toEqual({ method: 'GET', route: '/device/login' });
    expect(lines[2]?.req).toEqual({ method: 'POST', route: '/frontend/device/login' });
    expect(lines[3]?.req).toEqual({ method: 'POST', route: '/graphql', operation: 'CurrentDevice', url: '/graphql' });
    for (const line of lines) {
      expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(Object.keys(line.res ?? {})).toEqual(['statusCode']);
      const text = JSON.stringify(line);
      expect(text.length).toBeLessThan(300);
      expect(text).not.toContain(deviceKey);
    }
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(4);
  });

  it('gives each answer its request id, or the one a proxy sent, and warns of a refusal', async () => {
    logged.take();
    const client = logged.server.client();
    const answered = await client.request('GET', '/frontend/captcha/generate', {
      headers: { 'x-request-id': 'lb-7f3a9c' },
    });
    expect(answered.headers.get('x-request-id')).toBe('lb-7f3a9c');
    const forged = await client.request('GET', '/frontend/captcha/generate', {
      headers: { 'x-request-id': 'two words, {"level":60}' },
    });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await signIn(logged.server, '000000');
    const lines = logged.take();
    expect(lines[0]?.reqId).toBe('lb-7f3a9c');
    expect(lines[1]?.reqId).toBe(forged.headers.get('x-request-id'));
    const refused = lines.find((line) => line.req?.route === '/frontend/device/login');
    expect(refused).toMatchObject({ level: 40, res: { statusCode: expect.any(Number) } });
    expect(refused?.res?.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('the request log names', () => {
  let logged: Awaited<ReturnType<typeof loggedServer>>;
  beforeAll(async () => {
    logged = await loggedServer('info');
  });
  afterAll(() => logged.server.stop());

  it('a load of the TV app tv, in either language, apart from the portal’s pages', async () => {
    logged.take();
    const client = logged.server.client();
    await client.request('GET', '/tv/');
    await client.request('GET', '/ar/tv/');
    await client.request('GET', '/device/login');
    const lines = logged.take();
    expect(lines.map((line) => line.msg.replace(/ \d+ ms$/, ''))).toEqual([
      'GET tv 200',
      'GET tv 200',
      'GET /device/login 200',
    ]);
    // No pattern names a file of the TV app: the path does, as for a page.
    expect(lines.slice(0, 2).map((line) => line.req)).toEqual([
      { method: 'GET', route: 'tv', url: '/tv/' },
      { method: 'GET', route: 'tv', url: '/ar/tv/' },
    ]);
  });
});

describe('the request log at debug', () => {
  let logged: Awaited<ReturnType<typeof loggedServer>>;
  beforeAll(async () => {
    logged = await loggedServer('debug');
  });
  afterAll(() => logged.server.stop());

  it('adds the headers, with credentials, cookies and tokens in addresses redacted', async () => {
    logged.take();
    const { login } = await signIn(logged.server);
    const client = logged.server.client();
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    await client.request('GET', '/link?code=BCDF-GHJK', { headers: { cookie } });
    await client.request('GET', '/cowpay/checkout/frame-secret-41/intention-secret-97');
    await client.request('GET', '/graphql?operationName=TvStart&extensions=%7B%7D', {
      headers: {
        authorization: 'Bearer tv-token-that-must-not-be-logged-0123456789',
        'apollo-require-preflight': 'true',
      },
    });
    const lines = logged.take();
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    for (const secret of ['BCDF-GHJK', 'frame-secret-41', 'intention-secret-97', 'tv-token-that-must-not', cookie]) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
    expect(lines.map((line) => line.req?.url).filter(Boolean)).toEqual(
      expect.arrayContaining([
        '/link?code=[redacted]',
        '/cowpay/checkout/[redacted]',
        '/graphql?operationName=TvStart&extensions=[redacted]',
      ]),
    );
    // The built script is a debug line; the headers came, redacted where they hold a credential.
    expect(lines.find((line) => line.req?.url === '/assets/index-3f9a.js')?.level).toBe(20);
    const withToken = lines.find((line) => line.req?.url?.startsWith('/graphql?'));
    expect(withToken?.req?.headers).toMatchObject({ authorization: '[redacted]', 'apollo-require-preflight': 'true' });
    const signedIn = lines.find((line) => line.req?.route === '/frontend/device/login');
    expect(signedIn?.res?.headers).toMatchObject({ 'set-cookie': '[redacted]' });
  });
});
