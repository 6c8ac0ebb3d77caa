import { ConfigError, loadConfig } from '../config';
import { pricingFrom } from './pricing.service';

/**
 * Production safety of the payment methods: a production server offers only what has real credentials, never a
 * sandbox stand-in unless PAYMENT_SANDBOX=true says so.
 */

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://tv.example.com' };
const CRYPTO_CREDENTIALS = { CRYPTO_API_KEY: 'live-api-key-0123', CRYPTO_IPN_SECRET: 'live-ipn-secret-0123' };
const ALL_CHECKOUTS = ['opay', 'opay1', 'cowpay', 'crypto', 'paypal'];

describe('pricingFrom in production', () => {
  it('with no provider credentials offers only ibostore, and nothing on a sandbox', () => {
    const pricing = pricingFrom(loadConfig(PRODUCTION));
    expect(pricing.methods).toEqual(['ibostore']);
    expect(pricing.sandboxMethods).toEqual([]);
    expect(pricing.paypalClientId).toBeNull();
    expect(pricing.paypalSdkUrl).toBeNull();
  });

  it('with PAYMENT_SANDBOX=true offers every method, each listed as running on its sandbox', () => {
    const pricing = pricingFrom(loadConfig({ ...PRODUCTION, PAYMENT_SANDBOX: 'true' }));
    expect(pricing.methods).toEqual(['ibostore', ...ALL_CHECKOUTS]);
    expect([...pricing.sandboxMethods].sort()).toEqual([...ALL_CHECKOUTS].sort());
    expect(pricing.sandboxMethods).not.toContain('ibostore');
    expect(pricing.paypalSdkUrl).toMatch(/^\/sandbox\/paypal\/sdk\/js\?/);
  });

  it('with crypto credentials offers crypto for real (not sandbox), and still no method without credentials', () => {
    const pricing = pricingFrom(loadConfig({ ...PRODUCTION, ...CRYPTO_CREDENTIALS }));
    expect(pricing.methods).toEqual(['ibostore', 'crypto']);
    expect(pricing.sandboxMethods).toEqual([]);
  });

  it('with crypto credentials and PAYMENT_SANDBOX=true: crypto is real, the others are sandbox', () => {
    const pricing = pricingFrom(loadConfig({ ...PRODUCTION, ...CRYPTO_CREDENTIALS, PAYMENT_SANDBOX: 'true' }));
    expect(pricing.methods).toEqual(['ibostore', ...ALL_CHECKOUTS]);
    expect(pricing.sandboxMethods).not.toContain('crypto');
    expect([...pricing.sandboxMethods].sort()).toEqual(['cowpay', 'opay', 'opay1', 'paypal']);
  });

  it('PAYMENT_METHODS still narrows what is offered', () => {
    const pricing = pricingFrom(loadConfig({ ...PRODUCTION, ...CRYPTO_CREDENTIALS, PAYMENT_METHODS: 'opay' }));
    expect(pricing.methods).toEqual(['ibostore']);
  });
});

describe('pricingFrom outside production', () => {
  it('offers every method on its sandbox by default (development and tests)', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const pricing = pricingFrom(loadConfig({ NODE_ENV }));
      expect(pricing.methods).toEqual(['ibostore', ...ALL_CHECKOUTS]);
      expect([...pricing.sandboxMethods].sort()).toEqual([...ALL_CHECKOUTS].sort());
    }
  });

  it('PAYMENT_SANDBOX=false turns the sandboxes off there too', () => {
    const pricing = pricingFrom(loadConfig({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'false' }));
    expect(pricing.methods).toEqual(['ibostore']);
    expect(pricing.sandboxMethods).toEqual([]);
  });
});

describe('half-set provider credentials', () => {
  it('CRYPTO_API_KEY without CRYPTO_IPN_SECRET stops the start, naming CRYPTO_IPN_SECRET', () => {
    expect(() => loadConfig({ ...PRODUCTION, CRYPTO_API_KEY: 'live-api-key-0123' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, CRYPTO_API_KEY: 'live-api-key-0123' })).toThrow(
      /^\s+CRYPTO_IPN_SECRET is needed with CRYPTO_API_KEY/m,
    );
  });

  it('CRYPTO_IPN_SECRET without CRYPTO_API_KEY names CRYPTO_API_KEY', () => {
    expect(() => loadConfig({ ...PRODUCTION, CRYPTO_IPN_SECRET: 'live-ipn-secret-0123' })).toThrow(
      /^\s+CRYPTO_API_KEY is needed with CRYPTO_IPN_SECRET/m,
    );
  });

  it.each([
    ['COWPAY_MERCHANT_CODE alone', { COWPAY_MERCHANT_CODE: 'merchant-0123' }, 'COWPAY_HASH_KEY'],
    [
      'COWPAY_MERCHANT_CODE and COWPAY_HASH_KEY without the API token',
      { COWPAY_MERCHANT_CODE: 'merchant-0123', COWPAY_HASH_KEY: 'hash-key-0123' },
      'COWPAY_API_TOKEN',
    ],
    [
      'OPAY_MERCHANT_ID and OPAY_PUBLIC_KEY',
      { OPAY_MERCHANT_ID: '256600000000001', OPAY_PUBLIC_KEY: 'OPAYPUB-live-0123' },
      'OPAY_SECRET_KEY',
    ],
    ['OPAY1_SECRET_KEY alone', { OPAY1_SECRET_KEY: 'OPAYPRV-live-0123' }, 'OPAY1_MERCHANT_ID'],
  ])('%s stops the start naming the missing one', (_name, credentials, missing) => {
    expect(() => loadConfig({ ...PRODUCTION, ...credentials })).toThrow(
      new RegExp(`^\\s+${missing} is needed with`, 'm'),
    );
  });
});

describe("Cowpay's card frame in the pricing", () => {
  it("is the stand-in's iframe plugin on the sandbox, and Cowpay's (under COWPAY_API_URL) with credentials", () => {
    expect(pricingFrom(loadConfig({})).cowpayFrameUrl).toBe('/sandbox/cowpay/js/plugins/CCIframePlugin.js');
    const credentials = {
      COWPAY_MERCHANT_CODE: 'merchant-0123',
      COWPAY_HASH_KEY: 'hash-key-0123',
      COWPAY_API_TOKEN: 'api-token-0123',
    };
    const staging = pricingFrom(loadConfig({ ...credentials, COWPAY_API_URL: 'https://staging.cowpay.me' }));
    expect(staging.sandboxMethods).not.toContain('cowpay');
    expect(staging.cowpayFrameUrl).toBe('https://staging.cowpay.me/js/plugins/CCIframePlugin.js');
    const own = { ...credentials, COWPAY_IFRAME_PLUGIN_URL: 'https://plugins.cowpay.example/iframe.js' };
    expect(pricingFrom(loadConfig(own)).cowpayFrameUrl).toBe('https://plugins.cowpay.example/iframe.js');
    expect(() => loadConfig({ ...credentials, COWPAY_IFRAME_PLUGIN_URL: 'http://cowpay.example/x.js' })).toThrow(
      /COWPAY_IFRAME_PLUGIN_URL/,
    );
  });
});
