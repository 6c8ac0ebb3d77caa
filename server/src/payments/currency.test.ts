import { amountIn, currencyDigits, decimalAmount, minorAmount, minorUnitsOf, storedAmount } from './currency';

/*
 * The minor units of ISO 4217 (list one, as the currency-codes package ships it), for the currencies this product is
 * asked about: JPY has none, most have 2, KWD, BHD, JOD, OMR and TND have 3. HUF and TWD have 2 in ISO 4217 (CLDR,
 * and so Intl, gives HUF 0: not used).
 */
describe('currency decimals (ISO 4217)', () => {
  it.each([
    ['JPY', 0],
    ['KRW', 0],
    ['EUR', 2],
    ['EGP', 2],
    ['USD', 2],
    ['HUF', 2],
    ['TWD', 2],
    ['KWD', 3],
    ['BHD', 3],
    ['JOD', 3],
    ['OMR', 3],
    ['TND', 3],
    ['IQD', 3],
  ])('%s has %i', (code, digits) => {
    expect(currencyDigits(code)).toBe(digits);
  });

  it.each(['ABC', 'egp', 'EU', 'XAU', 'XXX', 'XTS', 'XDR'])('%s is no currency to price in', (code) => {
    expect(currencyDigits(code)).toBeNull();
  });
});

describe('amounts in their currency', () => {
  it.each([
    ['499', 'EGP', '499.00'],
    ['8.9', 'EUR', '8.90'],
    ['8.99', 'EUR', '8.99'],
    ['1500', 'JPY', '1500'],
    ['1500.00', 'JPY', '1500'],
    ['4.5', 'KWD', '4.500'],
    ['4.500', 'KWD', '4.500'],
    ['007.5', 'BHD', '7.500'],
  ])('%s %s is written %s', (text, currency, written) => {
    expect(amountIn(text, currency)).toBe(written);
  });

  it.each([
    ['1500.50', 'JPY'],
    ['8.999', 'EUR'],
    ['4.5001', 'KWD'],
    ['-1', 'EUR'],
    ['1e3', 'EUR'],
    ['', 'EUR'],
  ])('%s %s is refused', (text, currency) => {
    expect(amountIn(text, currency)).toBeNull();
  });

  it('counts minor units exactly, in text, never through floating point', () => {
    expect(minorUnitsOf('8.99', 'EUR')).toBe(899);
    expect(minorUnitsOf('1500', 'JPY')).toBe(1500);
    expect(minorUnitsOf('4.500', 'KWD')).toBe(4500);
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(minorUnitsOf('0.29', 'EUR')).toBe(29);
    expect(minorUnitsOf('1.005', 'KWD')).toBe(1005);
  });

  it('writes minor units with the currency decimals', () => {
    expect(decimalAmount(899, 'EUR')).toBe('8.99');
    expect(decimalAmount(5, 'EUR')).toBe('0.05');
    expect(decimalAmount(49900, 'EGP')).toBe('499.00');
    expect(decimalAmount(1500, 'JPY')).toBe('1500');
    expect(decimalAmount(4500, 'KWD')).toBe('4.500');
    expect(decimalAmount(7, 'KWD')).toBe('0.007');
    expect(() => decimalAmount(899, 'ABC')).toThrow(/ABC/);
    expect(() => decimalAmount(8.5, 'EUR')).toThrow();
  });

  it("reads a provider's amount in the currency, never rounding what it did not say", () => {
    expect(minorAmount('8.99', 'EUR')).toBe(899);
    expect(minorAmount(8.99, 'EUR')).toBe(899);
    expect(minorAmount('1500', 'JPY')).toBe(1500);
    expect(minorAmount('1500.00', 'JPY')).toBe(1500);
    expect(minorAmount('3000', 'HUF')).toBe(300000);
    expect(minorAmount(2.75, 'KWD')).toBe(2750);
    expect(minorAmount('2.750', 'KWD')).toBe(2750);
    expect(minorAmount('1500.5', 'JPY')).toBeNull();
    expect(minorAmount('8.999', 'EUR')).toBeNull();
    expect(minorAmount('8.99', 'ABC')).toBeNull();
    expect(minorAmount({ value: '8.99' }, 'EUR')).toBeNull();
    expect(minorAmount(Number.NaN, 'EUR')).toBeNull();
  });

  it('writes a stored amount in its currency, and one of an unknown code with two decimals', () => {
    expect(storedAmount(1500, 'JPY')).toBe('1500');
    expect(storedAmount(4500, 'KWD')).toBe('4.500');
    expect(storedAmount(899, 'ABC')).toBe('8.99');
  });
});
