import { spawnSync } from 'node:child_process';
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
});
