import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatMoney, methodCharge, standingText } from './paymentMethods';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');

describe('standingText: where the device stands and what paying now adds', () => {
  it('in the trial, a licence starts when the trial ends', () => {
    expect(standingText({ status: 'TRIAL', expireDate: '2026-12-02T12:00:00.000Z' }, 365, NOW)).toBe(
      'Your trial runs until 2 Dec. 2026. A licence bought now starts when it ends: until 2 Dec. 2027.',
    );
  });

  it('when active, paying adds the licence after the current one', () => {
    expect(standingText({ status: 'ACTIVE', expireDate: '2027-03-01T12:00:00.000Z' }, 365, NOW)).toBe(
      // 365 days, as the server adds them: 2028 is a leap year.
      'Your device is active until 1 Mar. 2027. Paying now adds 365 days after that: until 29 Feb. 2028.',
    );
    expect(standingText({ status: 'ACTIVE', expireDate: '2027-03-01T12:00:00.000Z' }, null, NOW)).toBe(
      'Your device is active until 1 Mar. 2027. Paying now makes its licence lifetime.',
    );
  });

  it('when nothing runs, the licence starts on the day it is confirmed', () => {
    expect(standingText({ status: 'INACTIVE', expireDate: '2026-11-01T12:00:00.000Z' }, 30, NOW)).toBe(
      'A licence bought now starts on the day it is confirmed: until 25 Dec. 2026.',
    );
  });
});

describe('methodCharge', () => {
  const pricing = {
    price: '8.99',
    currency: 'EUR',
    methodPrices: [
      { method: 'COWPAY' as const, price: '499.00', currency: 'EGP' },
      { method: 'PAYPAL' as const, price: '8.99', currency: 'EUR' },
    ],
  };
  it("names a method's own amount only where it differs from the page's euro price", () => {
    expect(methodCharge(pricing, 'COWPAY')).toBe('499.00 EGP');
    expect(methodCharge(pricing, 'PAYPAL')).toBeNull();
    expect(methodCharge(pricing, 'IBOSTORE')).toBeNull();
  });
});

describe('formatMoney: each currency with the decimals the server wrote (ISO 4217)', () => {
  const arabic = createIntl({ locale: 'ar', messages: {} });
  const english = createIntl({ locale: 'en', messages: {} });

  it('writes yen whole and dinars with three decimals, in English as the spec does', () => {
    expect(formatMoney(english, 'en', '1500', 'JPY')).toBe('1500 JPY');
    expect(formatMoney(english, 'en', '2.750', 'KWD')).toBe('2.750 KWD');
    expect(formatMoney(english, 'en', '8.99', 'EUR')).toBe('8.99€');
  });

  it("keeps them in another language's currency format, never adding or cutting a decimal", () => {
    const yen = formatMoney(arabic, 'ar', '1500', 'JPY');
    const dinars = formatMoney(arabic, 'ar', '2.750', 'KWD');
    // No decimal separator in the yen; three digits after it in the dinars (Arabic-Indic digits in Arabic).
    expect(yen).not.toMatch(/[.٫]/);
    expect(dinars).toMatch(/[.٫][0-9٠-٩]{3}(?![0-9٠-٩])/);
    expect(formatMoney(arabic, 'ar', '499.00', 'EGP')).toMatch(/[.٫][0-9٠-٩]{2}(?![0-9٠-٩])/);
  });
});
