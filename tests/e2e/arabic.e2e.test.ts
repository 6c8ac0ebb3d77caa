import { readFileSync } from 'node:fs';
import { createIntl } from '@formatjs/intl';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SweetAlert } from './pages';
import { SHOTS, macSequence } from './portal';
import {
  CAPTCHA,
  axeViolations,
  launchBrowser,
  registerDevice,
  startProduct,
  watchPage,
  type Product,
} from './support';

/**
 * The portal's main flows in Arabic, as an Arabic-speaking owner meets them: their browser asks for Arabic, the
 * English sign-in link sends them to the Arabic page, and they sign in, add a playlist, change the parent PIN and
 * start a payment, on a phone and on a desktop, every word on the way in Arabic and the layout right to left.
 * The words are read from lang/ar.json (the translators' file), so the test follows the translation, not a copy.
 */

const catalog = JSON.parse(readFileSync(new URL('../../lang/ar.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;
const intl = createIntl({ locale: 'ar', messages: catalog, onError: () => undefined });

/** A message as the Arabic page says it. */
function ar(id: string, values?: Record<string, string>): string {
  expect(catalog[id], `lang/ar.json has ${id}`).toBeTruthy();
  const translate = intl.formatMessage;
  return translate({ id }, values) as string;
}

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

const nextMac = macSequence('0e:a1:b2:c3:d4');
let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function arabicPage(viewport: Viewport): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'ar-EG',
  });
  const page = await context.newPage();
  return { page, problems: await watchPage(page) };
}

async function noHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** The self-closing notice with this title, seen and then dismissed. */
async function notice(page: Page, title: string) {
  await page.locator('.swal2-popup .swal2-title', { hasText: title }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
}

/** A dashboard screen through the sidebar (behind the menu button on a phone). */
async function goTo(page: Page, entryId: string) {
  const toggle = page.getByRole('button', { name: ar('dashboard.menu'), exact: true });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await page
    .getByRole('navigation', { name: ar('dashboard.menu.label'), includeHidden: true })
    .getByRole('link', { name: ar(entryId), exact: true })
    .click();
}

describe('the portal in Arabic in Chromium', () => {
  for (const viewport of VIEWPORTS) {
    it(`signs in, adds a playlist, changes the parent PIN and starts a payment (${viewport.name})`, async () => {
      const mac = nextMac();
      const { deviceKey } = await registerDevice(product.url, mac);
      const { page, problems } = await arabicPage(viewport);
      const shot = (name: string) =>
        page.screenshot({ path: `${SHOTS}/arabic-${name}-${viewport.name}.png`, fullPage: true });

      // The English link of the sign-in screen, from a browser that asks for Arabic: the Arabic screen.
      await page.goto(`${product.url}/device/login`);
      await page.waitForURL(`${product.url}/ar/device/login`);
      expect(await page.locator('html').getAttribute('lang')).toBe('ar');
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await page.getByRole('heading', { name: ar('signIn.heading') }).waitFor();
      await page.locator('.preload-cover').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      const macInput = page.getByLabel(ar('signIn.macAddress'), { exact: true });
      // A MAC address reads left to right inside the Arabic page.
      expect(await macInput.getAttribute('dir')).toBe('ltr');
      await macInput.pressSequentially(mac.replace(/:/g, ''));
      const keyInput = page.getByLabel(ar('signIn.deviceKey'), { exact: true });
      // Its Arabic hint ('6 أرقام') reads right to left while it shows; the key itself is typed left to right.
      const direction = () => keyInput.evaluate((input) => getComputedStyle(input).direction);
      expect(await direction()).toBe('rtl');
      if (viewport.name === 'phone') await shot('sign-in-empty');
      await keyInput.fill(deviceKey);
      expect(await direction()).toBe('ltr');
      await page.getByLabel(ar('signIn.captcha'), { exact: true }).fill(CAPTCHA);
      await shot('sign-in');
      await page.getByRole('button', { name: ar('signIn.submit'), exact: true }).click();

      await page.waitForURL(`${product.url}/ar/dashboard`);
      await page.getByRole('heading', { name: ar('msg.login.success') }).waitFor();
      // The notice closes by itself: it takes no keyboard focus and hides nothing from a screen reader meanwhile.
      expect(await page.evaluate(() => !!document.activeElement?.closest('.swal2-container'))).toBe(false);
      expect(await page.locator('#root').getAttribute('aria-hidden')).toBeNull();
      await page.locator('.swal2-container').waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: ar('playlists.title'), exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      await noHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);
      await shot('dashboard');

      // Add a playlist.
      await page.getByRole('button', { name: ar('playlists.add.general'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: ar('playlists.add.general'), exact: true }).waitFor();
      await page.getByLabel(ar('playlists.form.name'), { exact: true }).fill('أفلام العائلة');
      const url = page.getByLabel(ar('playlists.form.url'), { exact: true });
      expect(await url.getAttribute('dir')).toBe('ltr');
      await url.fill('http://127.0.0.1:9/family.m3u');
      // A bad address first: the message under the field is Arabic.
      await url.fill('not a url');
      await page.getByRole('button', { name: ar('playlists.form.save'), exact: true }).click();
      await page.getByText(ar('msg.playlist.urlInvalid'), { exact: true }).waitFor();
      await shot('playlist-form-error');
      await url.fill('http://127.0.0.1:9/family.m3u');
      await page.getByRole('button', { name: ar('playlists.form.save'), exact: true }).click();
      await notice(page, ar('playlists.saved'));
      await page.getByText('أفلام العائلة').first().waitFor();
      await noHorizontalOverflow(page);
      await shot('playlists');

      // Change the parent PIN: a wrong one is refused in Arabic, then a good one is saved.
      await goTo(page, 'dashboard.menu.parentPin');
      await page.waitForURL(`${product.url}/ar/dashboard/parent-pin`);
      await page.getByRole('heading', { level: 1, name: ar('settings.parentPin.heading'), exact: true }).waitFor();
      const pin = page.getByLabel(ar('settings.parentPin.label'), { exact: true });
      await pin.fill('12');
      await page.getByRole('button', { name: ar('settings.parentPin.save'), exact: true }).click();
      await page.getByText(ar('msg.parentPin'), { exact: true }).waitFor();
      await pin.fill('4321');
      await page.getByRole('button', { name: ar('settings.parentPin.save'), exact: true }).click();
      await notice(page, ar('msg.settings.parentPinChanged'));
      await page.getByText(ar('settings.parentPin.set'), { exact: true }).waitFor();
      await noHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);
      await shot('parent-pin');

      // Start a payment: crypto, the form checked in Arabic, the confirmation in Arabic, on to the invoice.
      await goTo(page, 'dashboard.menu.activateDevice');
      await page.waitForURL(`${product.url}/ar/dashboard/active-device`);
      const crypto = ar('payments.method.crypto');
      await page.getByRole('radio', { name: crypto, exact: true }).check();
      const pay = page.getByRole('button', { name: ar('payments.payWith', { method: crypto }), exact: true });
      await pay.click();
      await page.getByText(ar('msg.payment.emailRequired'), { exact: true }).waitFor();
      await page.getByLabel(ar('payments.form.email'), { exact: true }).fill('payer@example.com');
      await page.getByLabel(ar('payments.form.coinType'), { exact: true }).selectOption('BTC');
      await noHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);
      await shot('activate');
      await pay.click();
      await page.locator('.swal2-popup .swal2-title', { hasText: ar('payments.confirm.title') }).waitFor();
      // sweetalert2 lays its dialog out right to left on a right-to-left page.
      expect(await page.locator('.swal2-container').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
      await new SweetAlert(page).waitUntilShown();
      await shot('confirm-payment');
      await page.getByRole('button', { name: ar('payments.confirm.continue'), exact: true }).click();
      await page.waitForURL(/\/sandbox\/crypto\/checkout\//);

      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
