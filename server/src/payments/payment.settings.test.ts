import { ConfigError, loadConfig } from '../config';
import { pricingFrom } from '../pricing/pricing.service';
import { PAYPAL_CURRENCIES } from './providers/paypal-currencies';

/** Prices and currencies as the configuration takes them: ISO 4217 decimals, PayPal's own currency list. */
describe('PAYPAL_CURRENCY', () => {
  it("takes each currency PayPal's currency codes page lists", () => {
    expect([...PAYPAL_CURRENCIES].sort()).toEqual(
      [
        'AUD',
        'BRL',
        'CAD',
        'CNY',
        'CZK',
        'DKK',
        'EUR',
        'HKD',
        'HUF',
        'ILS',
        'JPY',
        'MYR',
        'MXN',
        'TWD',
        'NZD',
        'NOK',
        'PHP',
        'PLN',
        'GBP',
        'SGD',
        'SEK',
        'CHF',
        'THB',
        'USD',
      ].sort(),
    );
    expect(loadConfig({ PAYPAL_CURRENCY: 'USD', PRICE_USD: '9.99' }).providers.paypal.currency).toBe('USD');
  });

  it('refuses EGP, which PayPal does not take, with a message naming the variable and the list', () => {
    const start = () => loadConfig({ PAYPAL_CURRENCY: 'EGP' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(
      /^\s+PAYPAL_CURRENCY must be one of the currencies PayPal takes .*: AUD, BRL, .*, USD \(got "EGP"\)$/m,
    );
  });

  it.each(['KWD', 'INR', 'usd', 'XYZ'])('refuses %s too', (code) => {
    expect(() => loadConfig({ PAYPAL_CURRENCY: code, [`PRICE_${code}`]: '10' })).toThrow(
      /PAYPAL_CURRENCY must be one of/,
    );
  });
});

describe('prices in their currency (ISO 4217 decimals)', () => {
  it('takes PRICE_JPY=1500 and refuses 1500.50: the yen has no decimals', () => {
    const config = loadConfig({ CRYPTO_CURRENCY: 'JPY', PRICE_JPY: '1500' });
    expect(config.pricing.prices.JPY).toBe('1500');
    expect(() => loadConfig({ CRYPTO_CURRENCY: 'JPY', PRICE_JPY: '1500.50' })).toThrow(
      /^\s+PRICE_JPY must be a whole amount in JPY, which has no decimals \(ISO 4217\), such as 1500 \(got "1500.50"\)$/m,
    );
    // Even a price no method charges in is checked.
    expect(() => loadConfig({ PRICE_JPY: '1500.5' })).toThrow(/PRICE_JPY must be a whole amount/);
  });

  it('keeps three decimals for KWD, and refuses a fourth', () => {
    const config = loadConfig({ COWPAY_CURRENCY: 'KWD', PRICE_KWD: '2.75' });
    expect(config.pricing.prices.KWD).toBe('2.750');
    const pricing = pricingFrom(config);
    expect(pricing.methodPrices.find((price) => price.method === 'cowpay')).toEqual({
      method: 'cowpay',
      currency: 'KWD',
      price: '2.750',
    });
    expect(() => loadConfig({ PRICE_KWD: '2.7505' })).toThrow(
      /PRICE_KWD must be an amount in KWD with at most 3 decimals/,
    );
  });

  it('writes two decimals for the euro and the pound, and refuses a third', () => {
    expect(loadConfig({ PRICE_EUR: '9', PRICE_EGP: '520' }).pricing.prices).toEqual({ EUR: '9.00', EGP: '520.00' });
    expect(() => loadConfig({ PRICE_EUR: '8.999' })).toThrow(
      /PRICE_EUR must be an amount in EUR with at most 2 decimals/,
    );
  });

  it('refuses a price or a method currency that is no ISO 4217 currency', () => {
    expect(() => loadConfig({ PRICE_ABC: '10' })).toThrow(/PRICE_ABC names no ISO 4217 currency/);
    expect(() => loadConfig({ CRYPTO_CURRENCY: 'ABC', PRICE_ABC: '10' })).toThrow(
      /CRYPTO_CURRENCY must be an ISO 4217 currency code/,
    );
    expect(() => loadConfig({ OPAY_CURRENCY: 'XAU', PRICE_XAU: '1' })).toThrow(/OPAY_CURRENCY must be an ISO 4217/);
  });

  it.each(['HUF', 'TWD', 'JPY'])(
    'with PAYPAL_CURRENCY=%s requires a whole price: PayPal takes it without decimals',
    (code) => {
      expect(loadConfig({ PAYPAL_CURRENCY: code, [`PRICE_${code}`]: '3000' }).pricing.prices[code]).toBe(
        code === 'JPY' ? '3000' : '3000.00',
      );
      expect(() => loadConfig({ PAYPAL_CURRENCY: code, [`PRICE_${code}`]: '3000.50' })).toThrow(
        new RegExp(`PRICE_${code} must be a (whole amount: PayPal takes ${code} without decimals|whole amount in JPY)`),
      );
      // PayPal off: the currency's own decimals are enough.
      if (code !== 'JPY') {
        expect(
          loadConfig({ PAYPAL_CURRENCY: code, [`PRICE_${code}`]: '3000.50', PAYMENT_METHODS: 'crypto' }).pricing.prices[
            code
          ],
        ).toBe('3000.50');
      }
    },
  );
});
