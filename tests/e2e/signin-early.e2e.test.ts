import { mkdirSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CAPTCHA, launchBrowser, registerDevice, startProduct, type Product } from './support';

/**
 * The sign-in screen on a slow phone: the server sends it ready to type into, with its captcha, before any script
 * has arrived. Keys typed then are kept when the script takes over, and Login pressed then still signs in (the
 * form posts to the server). One captcha per page load.
 */

let product: Product;
let browser: Browser;
const shots = 'test-results/screenshots';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  product = await startProduct();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Counts the captchas the page asks the server for (through the graph or the legacy path). */
function countCaptchaRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().includes('/frontend/captcha')) count += 1;
    if (request.url().endsWith('/graphql') && /"operationName":"Captcha"/.test(request.postData() ?? '')) count += 1;
  });
  return () => count;
}

/** Holds the page's scripts back until `release()`: the screen as a phone sees it while they download. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return {
    heldCount: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Types as a person does: the MAC's digits only (the field adds the colons once its script runs). */
async function fill(page: Page, mac: string, key: string) {
  await page.getByLabel('MAC Address', { exact: true }).pressSequentially(mac.replace(/:/g, ''));
  await page.getByLabel('Device Key', { exact: true }).fill(key);
  await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
}

describe('the sign-in screen before its script arrives', () => {
  for (const width of [390, 1440]) {
    it(`keeps the keys typed before the script took over, and signs in (${width}px)`, async () => {
      const mac = width === 390 ? '0a:1b:2c:3d:5e:01' : '0a:1b:2c:3d:5e:02';
      const { deviceKey } = await registerDevice(product.url, mac);
      const page = await browser.newPage({ viewport: { width, height: 844 } });
      const captchas = countCaptchaRequests(page);
      const scripts = await holdScripts(page);
      // Not 'domcontentloaded': module scripts hold that event back until they have run.
      await page.goto(`${product.url}/device/login`, { waitUntil: 'commit' });

      // Visible and usable at once: the form, its captcha picture, no spinner.
      await page.getByRole('img', { name: 'Captcha' }).waitFor();
      expect(await page.getByText('Loading captcha…').count()).toBe(0);
      // The page asks for its script once it has painted (client/script-after-paint.mts): held here.
      await vi.waitFor(() => expect(scripts.heldCount()).toBeGreaterThan(0));
      await fill(page, mac, deviceKey);
      await page.screenshot({ path: `${shots}/signin-before-script-${width}.png` });

      await scripts.release();
      await page.waitForLoadState('networkidle');
      // The script has taken over (its Show button toggles the key) and what was typed is still there.
      await page.getByRole('button', { name: 'Show device key' }).click();
      await expect.poll(() => page.getByLabel('Device Key', { exact: true }).getAttribute('type')).toBe('text');
      expect(await page.getByLabel('MAC Address', { exact: true }).inputValue()).toBe(mac);
      expect(await page.getByLabel('Device Key', { exact: true }).inputValue()).toBe(deviceKey);
      expect(await page.getByLabel('Captcha', { exact: true }).inputValue()).toBe(CAPTCHA);

      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${product.url}/dashboard`);
      await page.getByText(mac).first().waitFor();
      // The portal's page says the welcome the sign-in handed it.
      await page.getByRole('heading', { name: 'Signed in successfully.' }).waitFor();
      expect(captchas()).toBe(0);
      await page.close();
    });
  }

  it('signs in when Login is pressed before any script ran (the form posts to the server)', async () => {
    const mac = '0a:1b:2c:3d:5e:03';
    const { deviceKey } = await registerDevice(product.url, mac);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${product.url}/device/login`);

    // A wrong key first: the screen comes back with the MAC kept, the reason, and a new captcha.
    await fill(page, mac, '000000');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Login failed. The MAC address, device key or captcha is incorrect.').waitFor();
    expect(await page.getByRole('alert').first().textContent()).toContain('Device information is incorrect');
    // Given back as typed: the digits (no script has put its colons in).
    expect(await page.getByLabel('MAC Address', { exact: true }).inputValue()).toBe(mac.replace(/:/g, ''));
    await page.screenshot({ path: `${shots}/signin-no-script-refused.png`, fullPage: true });

    await page.getByLabel('Device Key', { exact: true }).fill(deviceKey);
    await page.getByLabel('Captcha', { exact: true }).fill(CAPTCHA);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${product.url}/dashboard`);

    // Signed in: the same session opens the dashboard in a browser that runs the portal.
    const withScript = await browser.newContext({ storageState: await context.storageState() });
    const dashboard = await withScript.newPage();
    await dashboard.goto(`${product.url}/dashboard`);
    await dashboard.getByText(mac).first().waitFor();
    await withScript.close();
    await context.close();
  });
});
