import { loadScript } from '@paypal/paypal-js';
import { afterEach, describe, expect, it } from 'vitest';
import { sdkOptions } from './PayPalButtons';

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
