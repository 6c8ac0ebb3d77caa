import { runCli } from '../../server/src/cli';
import { loadConfig } from '../../server/src/config';
import { startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function cli(...args: string[]) {
  const lines: string[] = [];
  // The tool opens its own connection: point it at the test server's database.
  const url = (server.db.dataSource.options as { url: string }).url;
  const code = await runCli(
    args,
    (l) => lines.push(l),
    loadConfig({ DATABASE_URL: url, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' }),
  );
  return { code, output: lines.join('\n') };
}

async function signIn(mac: string, key: string) {
  const client = server.client();
  const token = await client.captcha();
  return client.request('POST', '/frontend/device/login', {
    body: { mac_address: mac, device_key: key, captcha: TEST_CAPTCHA, token },
  });
}

describe('support command-line tool', () => {
  it('creates a device, shows its status, and resets its key', async () => {
    const created = await cli('create', '--mac', '02:11:22:33:44:55', '--model', 'Support bench');
    expect(created.code).toBe(0);
    expect(created.output).toContain('MAC address: 02:11:22:33:44:55');
    expect(created.output).toContain('Status:      Trial');
    const key = /Device key:\s+(\d{6})/.exec(created.output)?.[1] as string;
    expect((await signIn('02:11:22:33:44:55', key)).status).toBe(200);

    const status = await cli('status', '02-11-22-33-44-55');
    expect(status.code).toBe(0);
    expect(status.output).toMatch(/Expires:\s+\d{1,2} \w{3}\. \d{4}/);
    expect(status.output).not.toContain(key);

    const reset = await cli('reset-key', '02:11:22:33:44:55');
    const newKey = /New device key: (\d{6})/.exec(reset.output)?.[1] as string;
    expect(reset.code).toBe(0);
    expect((await signIn('02:11:22:33:44:55', key)).status).toBe(key === newKey ? 200 : 401);
    expect((await signIn('02:11:22:33:44:55', newKey)).status).toBe(200);
  });

  it('says clearly when a device does not exist or input is bad', async () => {
    expect(await cli('status', '02:99:99:99:99:99')).toEqual({
      code: 1,
      output: 'No device is registered with the MAC address 02:99:99:99:99:99.',
    });
    expect((await cli('reset-key', 'nonsense')).output).toBe('* Invalid Mac Address*');
    expect((await cli('frobnicate')).code).toBe(64);
  });
});
