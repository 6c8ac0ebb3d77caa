import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SweetAlert } from './pages';
import { signInToDashboard } from './portal';
import { launchBrowser, registerDevice, SignInScreen, startProduct, type Product } from './support';

let product: Product;
let browser: Browser;
const shots = 'test-results/screenshots';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  // This file runs on the embedded engine, as `npm start` does, whatever database the run has: that path stays
  // covered while the other files use PostgreSQL when it is there.
  product = await startProduct({}, { database: 'embedded' });
  browser = await launchBrowser();
  // The embedded engine creates its cluster at start (about 10 s alone, several times that beside other files).
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function newPage(width = 1366, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  return context.newPage();
}

describe('device sign-in in Chromium', () => {
  it('a TV registers, its owner signs in, stays signed in across a reload, and signs out', async () => {
    const mac = '0a:1b:2c:3d:4e:5f';
    const { deviceKey } = await registerDevice(product.url, mac);
    const page = await newPage();
    const screen = new SignInScreen(page);
    await screen.open(product.url);
    await expect.poll(() => page.title()).toContain('Device Login');
    await page.screenshot({ path: `${shots}/signin-desktop.png`, fullPage: true });

    await screen.signIn(mac, deviceKey);
    await page.waitForURL(`${product.url}/dashboard`);
    await page.getByText(mac).first().waitFor();
    for (const entry of [
      'Manage Playlists',
      'Activate Device',
      'Device Key',
      'Parent PIN',
      'Account Details',
      'Switch MAC',
      'Logout',
    ]) {
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByText(entry, { exact: true })
        .waitFor({ timeout: 5000 });
    }
    await page.screenshot({ path: `${shots}/dashboard-desktop.png`, fullPage: true });

    await page.reload();
    await page.getByText(mac).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${product.url}/device/login`);
    await page.goto(`${product.url}/dashboard`);
    await page.waitForURL(`${product.url}/device/login`);
    await page.getByRole('heading', { name: 'Manage Your Playlist' }).waitFor();
    await page.context().close();
  });

  it('Back right after Logout lands on the sign-in page, not on a spinner that never ends', async () => {
    const mac = '0a:1b:2c:3d:5e:01';
    const { deviceKey } = await registerDevice(product.url, mac);
    const page = await newPage(390, 844);
    // A slow phone on a slow network: Back comes before the sign-in page is drawn (it then failed 3 times in 6).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.route('**/graphql', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const screen = new SignInScreen(page);
    await screen.open(product.url);
    await screen.signIn(mac, deviceKey);
    await page.waitForURL(`${product.url}/dashboard`);
    await page.getByText(mac).first().waitFor();
    await page.locator('.dashboard__menu-toggle').click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${product.url}/device/login`);
    await page.goBack();
    await page.waitForURL(`${product.url}/device/login`, { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Manage Your Playlist' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Checking your device…').count()).toBe(0);
    await page.context().close();
  });

  it('a Logout that fails says so, and the owner stays signed in', async () => {
    const mac = '0a:1b:2c:3d:5e:02';
    const { deviceKey } = await registerDevice(product.url, mac);
    const page = await newPage(1366, 900);
    const screen = new SignInScreen(page);
    await screen.open(product.url);
    await screen.signIn(mac, deviceKey);
    await page.waitForURL(`${product.url}/dashboard`);
    // The portal's welcome comes and goes first.
    await page.getByRole('heading', { name: 'Signed in successfully.' }).waitFor();
    await page.locator('.swal2-container').waitFor({ state: 'detached' });
    // The network drops the sign-out.
    await page.route('**/graphql', (route) =>
      route.request().postData()?.includes('mutation Logout') ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = new SweetAlert(page);
    await dialog.waitUntilShown();
    expect(await page.locator('.swal2-title').innerText()).toBe('Could not log out');
    await page.screenshot({ path: `${shots}/logout-failed-desktop.png`, fullPage: true });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.context().close();
  });

  it('a wrong device key shows the banner and the failure dialog', async () => {
    const mac = '0a:1b:2c:3d:4e:60';
    const { deviceKey } = await registerDevice(product.url, mac);
    const page = await newPage(390, 844);
    const screen = new SignInScreen(page);
    await screen.open(product.url, '/login');
    await screen.signIn(mac, deviceKey === '000000' ? '111111' : '000000');
    await page.getByText('Device information is incorrect').waitFor();
    await page.getByText('Login failed.').waitFor();
    // The dialog fully in, not half-faded over the form.
    await new SweetAlert(page).waitUntilShown();
    await page.screenshot({ path: `${shots}/signin-failed-phone.png`, fullPage: true });
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it('a signed-in owner who opens the sign-in screen goes straight to the dashboard', async () => {
    const mac = '0a:1b:2c:3d:4e:61';
    const { deviceKey } = await registerDevice(product.url, mac);
    const page = await newPage();
    // Until the dashboard shows, the sign-in's own hand-over to the portal page is still loading.
    await signInToDashboard(page, product.url, mac, deviceKey);
    await page.goto(`${product.url}/device/login`);
    await page.waitForURL(`${product.url}/dashboard`);
    await page.context().close();
  });

  it('unknown paths show the not-found page with a link home', async () => {
    const page = await newPage(390, 844);
    const res = await page.goto(`${product.url}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByText('This page was not found!').waitFor();
    await page.screenshot({ path: `${shots}/not-found-phone.png`, fullPage: true });
    await page.context().close();
  });
});
