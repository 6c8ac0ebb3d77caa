import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { macSequence, portalUnderTest } from './portal';
import { SiteFrame } from './pages';
import { watchPage } from './support';

/**
 * The pages' CSP nonce in Chromium against the built product (PayPal's JS SDK best practices: the page's nonce
 * goes to the SDK as data-csp-nonce, so the scripts the SDK writes into the page pass the CSP).
 */

const portal = portalUnderTest();
const nextMac = macSequence('0e:7a:6c:7d:8e');

/** The nonce the response's CSP allows in script-src. */
function headerNonce(res: Response | null): string | undefined {
  const csp = res?.headers()['content-security-policy'] ?? '';
  return /script-src [^;]*'nonce-([^']+)'/.exec(csp)?.[1];
}

/** What the page itself holds: the meta element's nonce (read as its property) and the built script's. */
function pageNonces(page: Page) {
  return page.evaluate(() => ({
    meta: document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce,
    // Browsers hide the attribute's value once the CSP has applied: the property is the way to read it.
    metaAttribute: document.querySelector('meta[property="csp-nonce"]')?.getAttribute('nonce'),
    entryScript: document.querySelector<HTMLScriptElement>('script[type="module"][src^="/assets/"]')?.nonce,
  }));
}

/** Adds an inline script, as PayPal's SDK does, with or without the page's nonce; answers whether it ran. */
function inlineScriptRuns(page: Page, withNonce: boolean) {
  return page.evaluate(async (useNonce) => {
    const flag = `ran${Math.random().toString(36).slice(2)}`;
    const script = document.createElement('script');
    const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
    if (useNonce) script.nonce = nonce;
    script.textContent = `window.${flag} = true;`;
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as Record<string, unknown>)[flag] === true;
  }, withNonce);
}

describe('the landing page under its CSP', () => {
  it("carries its response's nonce; its own scripts and a nonced inline script run, an un-nonced one does not", async () => {
    const context = await portal.browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const problems = await watchPage(page);
      const site = new SiteFrame(page, portal.product.url);
      // The server-rendered page shows at once; its entry script is added after the first paint, so wait for
      // React to have hydrated the page (which that script does) before reading the script's nonce.
      const first = await site.open('/');
      const nonce = headerNonce(first);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(await pageNonces(page)).toEqual({ meta: nonce, metaAttribute: '', entryScript: nonce });
      // The landing page loads and hydrates without a single CSP violation or error.
      expect(problems).toEqual([]);

      expect(await inlineScriptRuns(page, true)).toBe(true);
      expect(await inlineScriptRuns(page, false)).toBe(false);
      // Reported twice (Chromium's own console message and the violation event), both about that one script.
      expect(problems).toContain('CSP violation: script-src-elem inline');
      expect(problems.filter((problem) => !/inline/.test(problem))).toEqual([]);

      // A reload is a new response: a new nonce, in the page and its header alike.
      const second = await page.reload();
      await site.waitUntilReady();
      expect(headerNonce(second)).not.toBe(nonce);
      expect((await pageNonces(page)).meta).toBe(headerNonce(second));
    } finally {
      await context.close();
    }
  });
});

describe('the Activate Device page under its CSP', () => {
  it("gives PayPal's SDK the page's nonce, and the sandbox PayPal flow activates with no CSP violation", async () => {
    const owner = await portal.signedIn(nextMac);
    await owner.dashboard.goTo('Activate Device');
    await owner.page.getByRole('radio', { name: 'PayPal', exact: true }).check();
    const buttons = owner.page.getByTestId('paypal-sandbox-buttons');
    await buttons.waitFor();
    const nonces = await owner.page.evaluate(() => {
      const sdk = document.querySelector<HTMLScriptElement>('script[data-js-sdk-library="paypal-js"]');
      return {
        meta: document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce,
        sdk: sdk?.nonce,
        dataCspNonce: sdk?.getAttribute('data-csp-nonce'),
      };
    });
    expect(nonces.meta).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces).toEqual({ meta: nonces.meta, sdk: nonces.meta, dataCspNonce: nonces.meta });
    await buttons.getByRole('button', { name: 'PayPal (sandbox)', exact: true }).click();
    await owner.page.getByText('Thanks for your payment, your MAC address is now activated.').waitFor();
    expect(owner.pageErrors).toEqual([]);
  });
});
