import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';

export const CAPTCHA = 'E2E42';
const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Product {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The built product as `npm start` runs it (node dist/server/src/main.js), on a fresh embedded database in a
 * temporary data directory, with the test-only captcha answer.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'm3u-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/server/src/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i >= 300) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready after 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** What a TV app does on first launch: register through the graph. */
export async function registerDevice(url: string, macAddress: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation($input: RegisterDeviceInput!) { registerDevice(input: $input) { deviceKey deviceToken device { macAddress status } } }',
      variables: { input: { macAddress, model: 'E2E TV', appVersion: '1.0.0' } },
    }),
  });
  const json = (await res.json()) as { data: { registerDevice: { deviceKey: string; deviceToken: string } } };
  return json.data.registerDevice;
}

/** Page object for the device sign-in screen. */
export class SignInScreen {
  constructor(readonly page: Page) {}

  async open(baseUrl: string, route = '/device/login') {
    await this.page.goto(baseUrl + route);
    await this.page.getByRole('heading', { name: 'Manage Your Playlist' }).waitFor();
    // On a first visit the site's loading cover holds the page (inert) until its images are in.
    await this.page.locator('.preload-cover').waitFor({ state: 'detached' });
    // The screen's script has arrived and taken over (keys typed earlier are tested in signin-early): the sign-in
    // then goes through the graph, and the portal's page says its welcome.
    await this.page.waitForLoadState('networkidle');
  }

  async signIn(mac: string, key: string, captcha = CAPTCHA) {
    // The server sends the form with its captcha, usable at once: keys typed before the script took over are
    // kept, and Login pressed before then posts the form to the server (signin-early.e2e.test.ts).
    await this.page.getByRole('img', { name: 'Captcha' }).waitFor();
    // Typed key by key, as a person would, so the MAC input's separators are exercised.
    await this.page.getByLabel('MAC Address', { exact: true }).pressSequentially(mac.replace(/:/g, ''));
    await this.page.getByLabel('Device Key', { exact: true }).fill(key);
    await this.page.getByLabel('Captcha', { exact: true }).fill(captcha);
    await this.page.getByRole('button', { name: 'Login', exact: true }).click();
  }
}

/**
 * Records what would go wrong for a person on this page: uncaught errors, and every Content Security Policy
 * violation (a blocked script, frame, image or connection), including one a script swallows, which still fires
 * `securitypolicyviolation`. Call it before the page's first navigation.
 */
export async function watchPage(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CSP violation/.test(message.text()))
      problems.push(message.text());
  });
  await reportCspViolations(page);
  return problems;
}

/**
 * Makes every CSP violation on the page (or on every page of the context) a console error, "CSP violation: …",
 * even one a script swallows (a feature probe): the event fires all the same.
 */
export async function reportCspViolations(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

let axeSource: string | undefined;

/**
 * axe-core's WCAG 2.1 A/AA and best-practice rules over the page as it stands, one line per violation
 * (`rule: selectors`). The script is injected through the DevTools protocol, which the page's CSP does not govern.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } };
    const result = await axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
