import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('server start-up with a bad configuration', () => {
  it('stops with a message naming the bad value', () => {
    const res = start({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(res.status).toBe(78);
    expect(res.stderr).toContain('PORT must be a port number (got "eighty")');
    expect(res.stderr).toContain('LOG_LEVEL');
  });

  it('refuses the test captcha answer in production', () => {
    const res = start({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), CAPTCHA_TEST_ANSWER: 'ABCDE' });
    expect(res.status).toBe(78);
    expect(res.stderr).toContain('CAPTCHA_TEST_ANSWER is for tests only and must not be set when NODE_ENV=production');
  });

  it('refuses PAYMENT_SANDBOX=true in production, naming it: every method would run on a stand-in taking no money', () => {
    const res = start({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PAYMENT_SANDBOX: 'true' });
    expect(res.status).toBe(78);
    expect(res.stderr).toContain('PAYMENT_SANDBOX must not be true when NODE_ENV=production');
  });

  it('refuses a PAYPAL_CURRENCY PayPal does not take (EGP), naming it', () => {
    const res = start({ PAYPAL_CURRENCY: 'EGP' });
    expect(res.status).toBe(78);
    expect(res.stderr).toContain('PAYPAL_CURRENCY must be one of the currencies PayPal takes');
    expect(res.stderr).toContain('(got "EGP")');
  });
});

describe('server shutdown', () => {
  it('stops cleanly on SIGTERM, releasing the data directory for the next process', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'm3u-shutdown-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      // Development, as `npm start` runs: the mode in which Apollo would otherwise install signal handlers too.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    for (let i = 0; i < 300; i += 1) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    child.kill('SIGTERM');
    // 0 only when every step of the shutdown finished (the watchdog exits with 1).
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});
