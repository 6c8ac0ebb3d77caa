import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSession } from './portal';
import { settle } from './pages';
import {
  axeViolations,
  launchBrowser,
  registerDevice,
  reportCspViolations,
  startProduct,
  type Product,
} from './support';

// Arabic pages are the English ones mirrored (docs/i18n.md, 'Right to left'): the same layout, read from the right.

let product: Product;
let browser: Browser;
const shots = 'test-results/screenshots';
const WIDTHS = [390, 1440] as const;
const PAGES = ['/ar', '/ar/contact', '/ar/terms-and-conditions', '/ar/privacy-policy', '/ar/device/login'] as const;
const DASHBOARD_PAGES = [
  '/ar/dashboard',
  '/ar/dashboard/active-device',
  '/ar/dashboard/device-key',
  '/ar/dashboard/parent-pin',
  '/ar/dashboard/account',
  '/ar/dashboard/switch-mac',
] as const;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function openPage(width: number, cookie?: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await reportCspViolations(context);
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: product.url };
      }),
    );
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** A page of the site, loaded, its loading cover gone and its entrance animations over. */
async function load(page: Page, path: string) {
  await page.goto(product.url + path);
  await page.locator('h1').first().waitFor();
  await page.locator('.preload-cover').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  await settle(page);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} is not laid out`);
  return { left: found.x, right: found.x + found.width, center: found.x + found.width / 2 };
}

/** Where the two chat launchers are: the first widget's, then the second's ('chat-widget--left' in English). */
async function launchers(page: Page) {
  return {
    first: await box(page.locator('.chat-widget:not(.chat-widget--left) .chat-widget__button')),
    second: await box(page.locator('.chat-widget--left .chat-widget__button')),
  };
}

function shotName(path: string, width: number) {
  return `${shots}/rtl-${path.replace(/^\/ar\/?/, '').replace(/\//g, '-') || 'landing'}-${width}.png`;
}

async function close(page: Page) {
  await page.context().close();
}

describe('Arabic pages mirror the English ones', () => {
  for (const width of WIDTHS) {
    it.each(PAGES)(`%s is right to left, with no overflow, at ${width}px`, async (path) => {
      const { page, errors } = await openPage(width);
      await load(page, path);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        'ar',
        'rtl',
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      // The header: the brand at the right, the menu (its toggle on phones) and the language switcher at the left.
      const brand = await box(page.locator('.site-header__brand'));
      const menu = await box(page.locator(width < 992 ? '.site-header__toggle' : '#site-nav'));
      const language = await box(page.locator('.site-header__language'));
      expect(brand.center).toBeGreaterThan(width / 2);
      expect(menu.center).toBeLessThan(width / 2);
      expect(menu.right).toBeLessThanOrEqual(brand.left);
      expect(language.right).toBeLessThanOrEqual(brand.left);
      expect(language.left).toBeGreaterThanOrEqual(0);

      // The chat launchers in the other corners: the first one at the left, the second at the right.
      const { first, second } = await launchers(page);
      expect(first.center).toBeLessThan(width / 2);
      expect(second.center).toBeGreaterThan(width / 2);

      await page.screenshot({ path: shotName(path, width), fullPage: true });
      expect(errors).toEqual([]);
      await close(page);
    });

    it(`the chat launchers swap corners with the English page at ${width}px`, async () => {
      const english = await openPage(width);
      await load(english.page, '/');
      const ltr = await launchers(english.page);
      await close(english.page);
      const arabic = await openPage(width);
      await load(arabic.page, '/ar');
      const rtl = await launchers(arabic.page);
      await close(arabic.page);
      expect(ltr.first.center).toBeGreaterThan(width / 2);
      expect(ltr.second.center).toBeLessThan(width / 2);
      // Mirror images of each other, to the pixel.
      expect(rtl.first.left).toBeCloseTo(width - ltr.first.right, 0);
      expect(rtl.second.left).toBeCloseTo(width - ltr.second.right, 0);
    });
  }
});

describe('the Arabic dashboard', () => {
  let cookie: string;
  beforeAll(async () => {
    const mac = '00:1a:2b:3c:4d:a1';
    const { deviceKey } = await registerDevice(product.url, mac);
    cookie = await ownerSession(product.url, mac, deviceKey);
  });

  for (const width of WIDTHS) {
    it.each(DASHBOARD_PAGES)(`%s is right to left, with no overflow, at ${width}px`, async (path) => {
      const { page, errors } = await openPage(width, cookie);
      await page.goto(product.url + path);
      await page.locator('.dashboard__topbar').waitFor();
      await page.locator('.dashboard__content h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      if (width >= 992) {
        // The sidebar at the right of the screen it opens.
        const sidebar = await box(page.locator('.dashboard__sidebar'));
        const main = await box(page.locator('.dashboard__main'));
        expect(sidebar.left).toBeGreaterThanOrEqual(main.right);
      }
      await page.screenshot({ path: shotName(path, width), fullPage: true });
      expect(errors).toEqual([]);
      await close(page);
    });
  }
});

describe('accessibility of the Arabic pages (axe-core)', () => {
  for (const width of WIDTHS) {
    it.each(PAGES)(`%s has no axe violation at ${width}px`, async (path) => {
      const { page } = await openPage(width);
      await load(page, path);
      const violations = await axeViolations(page);
      expect(violations).toEqual([]);
      await close(page);
    });
  }
});
