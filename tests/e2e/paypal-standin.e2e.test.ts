import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYPAL_SANDBOX_SDK } from '../../sandbox/src/paypal/sdk';
import { SHOTS } from './portal';
import { launchBrowser } from './support';

/**
 * The PayPal stand-in's buttons speak the page's language, as PayPal's do for the SDK's `locale` query (the
 * portal asks for ar_EG on /ar): Arabic, right to left, each sentence's full stop at its end (the left); English
 * left to right even inside an Arabic page (issue 54, part 5). The SDK is served by the test (no product needed).
 */
const SDK = 'http://127.0.0.1:9/sandbox/paypal/sdk/js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function buttons(query: string, width: number, lang: 'en' | 'ar') {
  const page = await browser.newPage({ viewport: { width, height: 600 } });
  await page.route(`${SDK}*`, (route) => route.fulfill({ contentType: 'text/javascript', body: PAYPAL_SANDBOX_SDK }));
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  await page.setContent(
    `<html lang="${lang}" dir="${dir}"><body style="font: 16px sans-serif"><div id="pp"></div>
      <script src="${SDK}?client-id=sandbox${query}"></script>
      <script>paypal.Buttons({}).render('#pp')</script></body></html>`,
  );
  const box = page.getByTestId('paypal-sandbox-buttons');
  await box.waitFor();
  return { page, box };
}

describe('the PayPal stand-in’s buttons', () => {
  it('are in Arabic on /ar, right to left, the banner’s full stop at its left end', async () => {
    for (const width of [390, 1440]) {
      const { page, box } = await buttons('&locale=ar_EG', width, 'ar');
      expect(await box.getAttribute('lang')).toBe('ar');
      const names = await box.getByRole('button').allInnerTexts();
      expect(names).toEqual([
        'PayPal (وضع الاختبار)',
        'ادفع ببطاقة مرفوضة (وضع الاختبار)',
        'ادفع، مع تعليق الدفعة للمراجعة (وضع الاختبار)',
        'إلغاء (وضع الاختبار)',
      ]);
      // The full stop is drawn at the banner's left end: the end of a right-to-left sentence.
      const ends = await box.locator('p').evaluate((p) => {
        const text = p.firstChild!;
        const range = document.createRange();
        range.setStart(text, text.textContent!.length - 1);
        range.setEnd(text, text.textContent!.length);
        const stop = range.getBoundingClientRect();
        range.setStart(text, 0);
        const all = range.getBoundingClientRect();
        return { stopLeft: stop.left, left: all.left, direction: getComputedStyle(p).direction };
      });
      expect(ends.direction).toBe('rtl');
      expect(Math.abs(ends.stopLeft - ends.left)).toBeLessThan(2);
      await page.screenshot({ path: `${SHOTS}/paypal-standin-ar-${width}.png` });
      await page.close();
    }
  });

  it('are in English left to right without a locale, even inside a right-to-left page', async () => {
    const { page, box } = await buttons('', 390, 'ar');
    expect(await box.getByRole('button').allInnerTexts()).toEqual([
      'PayPal (sandbox)',
      'Pay with a declined card (sandbox)',
      'Pay, held for review (sandbox)',
      'Cancel (sandbox)',
    ]);
    expect(await box.locator('p').evaluate((p) => getComputedStyle(p).direction)).toBe('ltr');
    await page.screenshot({ path: `${SHOTS}/paypal-standin-en-390.png` });
    await page.close();
  });
});
