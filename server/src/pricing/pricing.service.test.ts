import { ConfigError, loadConfig } from '../config';
import { legacyPricing } from './pricing.rest-view';
import { pricingFrom } from './pricing.service';

/**
 * Production safety of the payment methods: a production server offers only what has real credentials, never a
 * sandbox stand-in (PAYMENT_SANDBOX=true stops its start), and ibostore only with its store's address.
 */

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://tv.example.com' };
const CRYPTO_CREDENTIALS = { CRYPTO_API_KEY: 'live-api-key-0123', CRYPTO_IPN_SECRET: 'live-ipn-secret-0123' };
const ALL_CHECKOUTS = ['opay', 'opay1', 'cowpay', 'crypto', 'paypal'];
const IBOSTORE = { IBOSTORE_URL: 'https://store.example.net/activate?mac={mac}' };

describe('pricingFrom in production', () => {
  it('with no provider credentials offers nothing, and nothing on a sandbox', () => {
    const pricing = pricingFrom(loadConfig(PRODUCTION));
    expect(pricing.methods).toEqual([]);
    expect(pricing.sandboxMethods).toEqual([]);
    expect(pricing.paypalClientId).toBeNull();
    expect(pricing.paypalSdkUrl).toBeNull();
  });

  it('with IBOSTORE_URL offers ibostore, with that address', () => {
    const pricing = pricingFrom(loadConfig({ ...PRODUCTION, ...IBOSTORE }));
    expect(pricing.methods).toEqual(['ibostore']);
    expect(pricing.ibostoreUrl).toBe(IBOSTORE.IBOSTORE_URL);
    expect(pricing.sandboxMethods).toEqual([]);
  });

  it.each(['true', '1', 'yes'])(
    'refuses to start with PAYMENT_SANDBOX=%s, naming the variable: every method would take no money',
    (value) => {
      const start = () => loadConfig({ ...PRODUCTION, PAYMENT_SANDBOX: value });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(/^\s+PAYMENT_SANDBOX must not be true when NODE_ENV=production/m);
      // Even with every credential there is: the setting itself is the mistake.
      expect(() => loadConfig({ ...PRODUCTION, ...CRYPTO_CREDENTIALS, PAYMENT_SANDBOX: value })).toThrow(
        /PAYMENT_SANDBOX must not be true/,
      );
    },
  );

  it('takes PAYMENT_SANDBOX=false, which changes nothing there', () => {
    const pricing = pricingFrom(loadConfig({ ...PRODUCTION, ...CRYPTO_CREDENTIALS, PAYMENT_SANDBOX: 'false' }));
    expect(pricing.methods).toEqual(['crypto']);
    expect(pricing.sandboxMethods).toEqual([]);
  });

  it('with crypto credentials offers crypto for real (not sandbox), and still no method without credentials', () => {
    const pricing = pricingFrom(loadConfig({ ...PRODUCTION, ...CRYPTO_CREDENTIALS, ...IBOSTORE }));
    expect(pricing.methods).toEqual(['ibostore', 'crypto']);
    expect(pricing.sandboxMethods).toEqual([]);
  });

  it('PAYMENT_METHODS still narrows what is offered', () => {
    const pricing = pricingFrom(
      loadConfig({ ...PRODUCTION, ...CRYPTO_CREDENTIALS, ...IBOSTORE, PAYMENT_METHODS: 'opay' }),
    );
    expect(pricing.methods).toEqual(['ibostore']);
  });
});

describe('pricingFrom outside production', () => {
  it('offers every method on its sandbox by default (development and tests), ibostore only with IBOSTORE_URL', () => {
    for (const NODE_ENV of ['development', 'test']) {
      const pricing = pricingFrom(loadConfig({ NODE_ENV }));
      expect(pricing.methods).toEqual(ALL_CHECKOUTS);
      expect([...pricing.sandboxMethods].sort()).toEqual([...ALL_CHECKOUTS].sort());
      expect(pricing.ibostoreUrl).toBeNull();
      expect(pricingFrom(loadConfig({ NODE_ENV, ...IBOSTORE })).methods).toEqual(['ibostore', ...ALL_CHECKOUTS]);
    }
  });

  it('with crypto credentials and PAYMENT_SANDBOX=true: crypto is real, the others are sandbox', () => {
    const pricing = pricingFrom(
      loadConfig({ NODE_ENV: 'development', ...CRYPTO_CREDENTIALS, ...IBOSTORE, PAYMENT_SANDBOX: 'true' }),
    );
    expect(pricing.methods).toEqual(['ibostore', ...ALL_CHECKOUTS]);
    expect(pricing.sandboxMethods).not.toContain('crypto');
    expect(pricing.sandboxMethods).not.toContain('ibostore');
    expect([...pricing.sandboxMethods].sort()).toEqual(['cowpay', 'opay', 'opay1', 'paypal']);
    expect(pricing.paypalSdkUrl).toMatch(/^\/sandbox\/paypal\/sdk\/js\?/);
  });

  it('PAYMENT_SANDBOX=false turns the sandboxes off there too', () => {
    const pricing = pricingFrom(loadConfig({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'false', ...IBOSTORE }));
    expect(pricing.methods).toEqual(['ibostore']);
    expect(pricing.sandboxMethods).toEqual([]);
  });
});

describe('ibostore and IBOSTORE_URL', () => {
  it('has no default: unset, the legacy REST answer says show_mdls 0 as well', () => {
    const off = pricingFrom(loadConfig({}));
    expect(off.methods).not.toContain('ibostore');
    expect(legacyPricing(off).show_mdls).toBe(0);
    const on = pricingFrom(loadConfig(IBOSTORE));
    expect(on.methods[0]).toBe('ibostore');
    expect(legacyPricing(on).show_mdls).toBe(1);
  });

  it.each([
    ['http, not https', 'http://store.example.net/activate?mac={mac}'],
    ['no {mac}', 'https://store.example.net/activate'],
    ['a space', 'https://store.example.net/activate?mac={mac} x'],
  ])('refuses an address with %s', (_name, url) => {
    expect(() => loadConfig({ IBOSTORE_URL: url })).toThrow(/^\s+IBOSTORE_URL must be an https:\/\/ URL with \{mac\}/m);
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
  it("is the stand-in's frame on the sandbox, and Cowpay's own page under COWPAY_API_URL with credentials", () => {
    expect(pricingFrom(loadConfig({})).cowpayFrameUrl).toBe('/sandbox/cowpay/api/v1/iframe/load/');
    const credentials = {
      COWPAY_MERCHANT_CODE: 'merchant-0123',
      COWPAY_HASH_KEY: 'hash-key-0123',
      COWPAY_API_TOKEN: 'api-token-0123',
    };
    const staging = pricingFrom(loadConfig({ ...credentials, COWPAY_API_URL: 'https://staging.cowpay.me' }));
    expect(staging.sandboxMethods).not.toContain('cowpay');
    // As Cowpay's WooCommerce plugin loads it: {host}/api/v1/iframe/load/{token}.
    expect(staging.cowpayFrameUrl).toBe('https://staging.cowpay.me/api/v1/iframe/load/');
    expect(pricingFrom(loadConfig(credentials)).cowpayFrameUrl).toBe('https://cowpay.me/api/v1/iframe/load/');
  });

  it('refuses COWPAY_IFRAME_PLUGIN_URL, which is no longer read, saying what replaced it', () => {
    expect(() => loadConfig({ COWPAY_IFRAME_PLUGIN_URL: 'https://cowpay.me/js/plugins/CCIframePlugin.js' })).toThrow(
      /^\s+COWPAY_IFRAME_PLUGIN_URL is no longer read: the card frame is Cowpay's own page, \{COWPAY_API_URL\}\/api\/v1\/iframe\/load\/\{token\}/m,
    );
  });
});
