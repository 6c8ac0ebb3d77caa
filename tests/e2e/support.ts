import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../chromium.mjs';
import { scratchDatabase } from '../support/scratch-database';
import { watchBrowser } from './failure-report';

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

/** The PostgreSQL server of the run (CI sets it), or undefined: the product then runs on its embedded engine. */
const POSTGRES_URL = process.env.DATABASE_URL || undefined;

/**
 * The built product as `npm start` runs it (node dist/server/src/main.js), with the test-only captcha answer and
 * a temporary data directory, on a fresh database: a PostgreSQL database of its own when the run has a server
 * (DATABASE_URL, as in CI: the product starts in about 2 s instead of 10), otherwise the embedded engine.
 * `options.database: 'embedded'` keeps a file on the embedded engine whatever the run has, so the path `npm start`
 * takes stays covered (signin.e2e.test.ts). An explicit `env.DATABASE_URL` is used as it is.
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: { database?: 'embedded' } = {},
): Promise<Product> {
  const database =
    env.DATABASE_URL === undefined && options.database !== 'embedded' && POSTGRES_URL
      ? await scratchDatabase(POSTGRES_URL, 'e2e')
      : undefined;
  try {
    // Another process may take the free port before the server binds it (files run in parallel): then again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await startProductOnce({ DATABASE_URL: database?.url ?? '', ...env }, database);
      } catch (error) {
        if (attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
      }
    }
  } catch (error) {
    await database?.drop();
    throw error;
  }
}

async function startProductOnce(
  env: Record<string, string>,
  database: { drop(): Promise<void> } | undefined,
): Promise<Product> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'm3u-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['dist/server/src/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA_TEST_ANSWER: CAPTCHA,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Device keys and PINs hashed at a test-only cost (server/src/common/secrets.ts); production's is tested there.
      SCRYPT_TEST_COST: process.env.SCRYPT_TEST_COST ?? '1024',
      // The check opens no channel of the tests' playlists unless a test asks for it: their channel addresses are
      // placeholders or public ones (tests/fixtures/README.md), never fetched. Stream tests set it (*streams*).
      PLAYLIST_CHECK_STREAM_SAMPLES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The server exited:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    // The embedded engine creates its cluster at start: about 10 s alone, more beside other test files.
    if (i >= 1200) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready after 120 s:\n${output}`);
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
      await database?.drop();
    },
  };
}

/** Chromium for a test file, followed so that a failing test prints what its pages showed (failure-report.ts). */
export async function launchBrowser(): Promise<Browser> {
  return watchBrowser(await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS }));
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
    // then goes through the graph, and the portal's page says its welcome. The page asks for its scripts only once
    // it has painted (client/script-after-paint.mts), which on a throttled CPU can come after the network was idle
    // for a while: wait until the entry and each module it preloads have arrived, then for the next frame.
    await this.page.waitForLoadState('networkidle');
    await this.page.waitForFunction(() => {
      const urls = [
        ...Array.from(document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]'), (el) => el.src),
        ...Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (el) => el.href),
      ];
      return (
        urls.length > 0 &&
        urls.every((url) =>
          performance.getEntriesByName(url).some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0),
        )
      );
    });
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
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
