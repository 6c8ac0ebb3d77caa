import { mkdirSync } from 'node:fs';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, reportCspViolations, startProduct, type Product } from './support';
import { SiteFrame, settle } from './pages';

let product: Product;
let browser: Browser;
const shots = 'test-results/screenshots';
const PUBLIC_PAGES = [
  ['/', 'Premium Media Player for M3U & M3U8 Playlists'],
  ['/contact', 'Contact Us'],
  ['/terms-and-conditions', 'Terms and Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
] as const;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  product = await startProduct({ CONTACT_MAX_PER_IP_PER_HOUR: '3' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/**
 * Until React has hydrated the page. A server-rendered page shows at once and asks for its scripts only after its
 * first paint (client/script-after-paint.mts), so the network may go idle before they are even asked for.
 */
function hydrated(page: Page) {
  return new SiteFrame(page, product.url).waitUntilReady();
}

/** A page that records every console error (hydration mismatches and CSP violations are reported there). */
async function openPage(width: number, options: { javaScript?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  await reportCspViolations(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

async function close(page: Page) {
  await page.context().close();
}

describe('public pages without JavaScript', () => {
  it.each(PUBLIC_PAGES)('%s is readable before any script runs', async (path, heading) => {
    const { page } = await openPage(390, { javaScript: false });
    const res = await page.goto(product.url + path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading }).count()).resolves.toBe(1);
    // On phones the menu is collapsed behind its toggle; it is in the page all the same.
    await expect(page.getByRole('navigation', { name: 'Main', includeHidden: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(1);
    await close(page);
  });

  it('an unknown path answers 404 with the not-found page in the HTML', async () => {
    const { page } = await openPage(390, { javaScript: false });
    const res = await page.goto(`${product.url}/nothing/here`);
    expect(res?.status()).toBe(404);
    await page.getByText('This page was not found!').waitFor();
    await close(page);
  });
});

describe('public pages in Chromium', () => {
  for (const width of [390, 1440]) {
    it.each(PUBLIC_PAGES)(
      `%s hydrates with no console error, CSP violation or layout overflow at ${width}px`,
      async (path, heading) => {
        const { page, errors } = await openPage(width);
        await page.goto(product.url + path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        await settle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const name = path === '/' ? 'landing' : path.slice(1);
        await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
        expect(errors).toEqual([]);
        await close(page);
      },
    );
  }

  it('hydrates on a device whose clock is years off, the form typed meanwhile kept', async () => {
    // A TV or an old phone with a wrong date: the page must stay the one the server sent (its footer's year
    // included), or React throws it away and renders it again, losing what the visitor typed.
    const { page, errors } = await openPage(390);
    await page.clock.install({ time: new Date('2019-06-01T12:00:00Z') });
    const response = await page.goto(`${product.url}/contact`);
    // (The product's name is never broken across lines: a no-break space joins its words.)
    const served = /© (\d{4}) M3U\u00a0Player\. All rights reserved\./.exec((await response?.text()) ?? '')?.[1];
    expect(served).toBe(String(new Date().getUTCFullYear()));
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    const footer = page.locator('.site-footer__copyright');
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('.site-footer__copyright') ?? {}).some((key) =>
        key.startsWith('__reactProps$'),
      ),
    );
    await page.waitForLoadState('networkidle');
    expect(await footer.innerText()).toBe(`© ${served} M3U\u00a0Player. All rights reserved.`);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada Lovelace');
    expect(errors).toEqual([]);
    await close(page);
  });

  it('loads no Apollo Client and no sweetalert2 on the landing page', async () => {
    const { page } = await openPage(390);
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    await page.goto(`${product.url}/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const code = await (await fetch(url)).text();
      expect([url, /ApolloClient|__APOLLO/.test(code), code.includes('swal2')]).toEqual([url, false, false]);
    }
    await close(page);
  });

  it('sends each page its own head data, the same after client-side navigation', async () => {
    const { page } = await openPage(1440);
    await page.goto(`${product.url}/`);
    expect(await page.title()).toBe('premium media player');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${product.url}/`);
    // Client-side navigation needs the router: before hydration the link would load the page from the server.
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CONTACT' }).click();
    await page.waitForURL(`${product.url}/contact`);
    await expect.poll(() => page.title()).toBe('M3U Player | Contact Us');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Contact M3U Player/);
    await close(page);
  });
});

describe('accessibility (axe-core)', () => {
  for (const width of [390, 1440]) {
    it.each(PUBLIC_PAGES)(`%s has no axe violation at ${width}px`, async (path, heading) => {
      const { page } = await openPage(width);
      await page.goto(product.url + path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      // The page as a visitor uses it: hydrated, the chat widgets and the menu's states there.
      await hydrated(page);
      await settle(page);
      const violations = await axeViolations(page);
      expect(violations).toEqual([]);
      await close(page);
    });
  }
});
