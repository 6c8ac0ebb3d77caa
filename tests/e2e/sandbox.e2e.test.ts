import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startProduct, type Product } from './support';

const SHOTS = 'test-results/screenshots';

describe('Apollo Sandbox on /graphql', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('says so when Sandbox cannot load from Apollo’s CDN, and links to the schema and the operations', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    // Offline, as a developer on a train is: nothing leaves this machine, the CDN is unreachable.
    await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
    await page.goto(`${product.url}/graphql`);
    await page.getByText('Apollo Sandbox cannot be loaded').waitFor();
    // Apollo's line and ours fade in after a second, in case Sandbox was only slow.
    await expect
      .poll(() => page.locator('.without-sandbox').evaluate((e) => getComputedStyle(e).opacity), { timeout: 5000 })
      .toBe('1');
    await page.screenshot({ path: `${SHOTS}/sandbox-offline-desktop.png` });
    const schema = page.getByRole('link', { name: 'The schema (SDL)' });
    await schema.click();
    await page.waitForURL(`${product.url}/graphql/schema.graphql`);
    expect(await page.textContent('body')).toMatch(/^type Device \{/m);
    await page.goBack();
    await page.getByRole('link', { name: 'The safelisted operations' }).click();
    expect(await page.textContent('body')).toContain('TvStart');
    await page.close();
  });
});
