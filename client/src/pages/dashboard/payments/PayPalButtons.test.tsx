import { MockedProvider } from '@apollo/client/testing/react';
import { loadScript } from '@paypal/paypal-js';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '../../../../../common/csp';
import { UserProvider } from '../../../hooks/useUser';
import { setTestLocale } from '../../../test/locale';
import { PayPalButtons, paypalLocale, sdkOptions } from './PayPalButtons';

describe('PayPal SDK loader options', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete window.paypal;
  });

  it("points PayPal's loader at PayPal's SDK with the server's query, in its order", () => {
    expect(sdkOptions('https://www.paypal.com/sdk/js?client-id=AZ-live_1&currency=EUR&intent=capture')).toEqual({
      sdkBaseUrl: 'https://www.paypal.com/sdk/js',
      clientId: 'AZ-live_1',
      currency: 'EUR',
      intent: 'capture',
    });
  });

  it("points it at the stand-in's SDK on this site in sandbox mode", () => {
    expect(
      sdkOptions('/sandbox/paypal/sdk/js?client-id=sb&currency=EGP&intent=capture', 'http://127.0.0.1:4000/dashboard'),
    ).toEqual({
      sdkBaseUrl: 'http://127.0.0.1:4000/sandbox/paypal/sdk/js',
      clientId: 'sb',
      currency: 'EGP',
      intent: 'capture',
    });
  });

  it('makes the loader request exactly the address the server gave, marked as loaded by paypal-js', async () => {
    const sdkUrl = 'https://www.sandbox.paypal.com/sdk/js?client-id=test-loader&currency=EUR&intent=capture';
    const loading = loadScript(sdkOptions(sdkUrl));
    const script = document.head.querySelector<HTMLScriptElement>('script[data-js-sdk-library="paypal-js"]');
    expect(script?.getAttribute('src')).toBe(sdkUrl);
    window.paypal = { version: 'test' };
    script?.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toEqual({ version: 'test' });
  });
});

describe("PayPal's SDK under the page's Content Security Policy", () => {
  afterEach(() => {
    document.head.querySelectorAll('script, meta[property="csp-nonce"]').forEach((element) => element.remove());
    delete window.paypal;
  });

  /** The page as the server sends it: its response's nonce in <meta property="csp-nonce">. */
  function pageNonce(nonce: string) {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', nonce);
    document.head.append(meta);
  }

  /** Renders the buttons and returns the SDK script PayPal's loader put in the page. */
  async function sdkScript(sdkUrl: string) {
    render(
      <MockedProvider mocks={[]}>
        <UserProvider>
          <PayPalButtons sdkUrl={sdkUrl} />
        </UserProvider>
      </MockedProvider>,
    );
    let script: HTMLScriptElement | undefined;
    await waitFor(() => {
      script = Array.from(document.scripts).find((element) => element.getAttribute('src') === sdkUrl);
      expect(script).toBeDefined();
    });
    return script as HTMLScriptElement;
  }

  it("gives PayPal's loader the page's nonce: the SDK's script carries it, and data-csp-nonce for the SDK", async () => {
    pageNonce('kB3q9mZ1xY7vT2pL0aRw8g==');
    const script = await sdkScript('https://www.paypal.com/sdk/js?client-id=nonce-test&currency=EUR');
    expect(script.getAttribute('data-csp-nonce')).toBe('kB3q9mZ1xY7vT2pL0aRw8g==');
    expect(script.getAttribute('nonce')).toBe('kB3q9mZ1xY7vT2pL0aRw8g==');
  });

  it("passes no nonce where the page has none, or only the build's placeholder (the dev server)", async () => {
    expect(sdkOptions('https://www.paypal.com/sdk/js?client-id=a')).not.toHaveProperty('dataCspNonce');
    pageNonce(CSP_NONCE_PLACEHOLDER);
    const script = await sdkScript('https://www.paypal.com/sdk/js?client-id=placeholder-test&currency=EUR');
    expect(script.hasAttribute('data-csp-nonce')).toBe(false);
    expect(script.hasAttribute('nonce')).toBe(false);
  });
});

describe("PayPal's SDK in the page's language", () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete window.paypal;
  });

  it('asks PayPal for its Arabic (ar_EG) on an Arabic page, and for no language on an English one', () => {
    expect(paypalLocale('ar')).toBe('ar_EG');
    expect(paypalLocale('en')).toBeUndefined();
    expect(sdkOptions('https://www.paypal.com/sdk/js?client-id=a&currency=EUR', undefined, undefined, 'ar_EG')).toEqual(
      {
        sdkBaseUrl: 'https://www.paypal.com/sdk/js',
        clientId: 'a',
        currency: 'EUR',
        locale: 'ar_EG',
      },
    );
  });

  it('loads the SDK with locale=ar_EG on an Arabic page, and says what it is doing in Arabic', async () => {
    await setTestLocale('ar');
    const sdkUrl = 'https://www.paypal.com/sdk/js?client-id=arabic-test&currency=EUR';
    const { findByText } = render(
      <MockedProvider mocks={[]}>
        <UserProvider>
          <PayPalButtons sdkUrl={sdkUrl} />
        </UserProvider>
      </MockedProvider>,
    );
    expect(await findByText('جارٍ تحميل PayPal…')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        Array.from(document.scripts).some((element) => element.getAttribute('src') === `${sdkUrl}&locale=ar_EG`),
      ).toBe(true),
    );
  });
});
