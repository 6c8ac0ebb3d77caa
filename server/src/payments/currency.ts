import { code as iso4217 } from 'currency-codes';

/*
 * Amounts in each currency's own decimals, as ISO 4217 gives them (its "minor unit": JPY 0, EUR and EGP 2, KWD, BHD,
 * JOD, OMR and TND 3). The table is ISO's own list, as the currency-codes package ships it (built from ISO 4217
 * "list one"; its publish date is currency-codes' `publishDate`). Intl.NumberFormat's digits are CLDR's, which are
 * not ISO 4217's for several currencies (HUF 0 and IQD 0 in CLDR, 2 and 3 in ISO 4217), so they are not used here.
 */

/**
 * The entries of ISO 4217's list whose minor unit is "N.A." (precious metals, bond market units, SDR, the testing
 * and no-currency codes). The currency-codes package writes their minor unit as 0; nothing is priced in them.
 */
const NO_MINOR_UNIT = new Set([
  'XAG',
  'XAU',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XDR',
  'XPD',
  'XPT',
  'XSU',
  'XTS',
  'XUA',
  'XXX',
]);

/** The decimals of an ISO 4217 currency (0, 2, 3 or 4), or null when the code is no currency with a minor unit. */
export function currencyDigits(currency: string): number | null {
  if (!/^[A-Z]{3}$/.test(currency) || NO_MINOR_UNIT.has(currency)) return null;
  return iso4217(currency)?.digits ?? null;
}

/** The digits of a currency the configuration has already checked; a code that is none throws. */
function digitsOf(currency: string): number {
  const digits = currencyDigits(currency);
  if (digits === null) throw new Error(`${currency} is not an ISO 4217 currency with a minor unit.`);
  return digits;
}

/**
 * A decimal amount written with exactly the currency's decimals, or null when it is no plain amount or has more
 * (non-zero) decimals than the currency: '499' EGP → '499.00', '4.5' KWD → '4.500', '1500' JPY → '1500',
 * '1500.50' JPY → null. Text arithmetic: no floating point.
 */
export function amountIn(text: string, currency: string): string | null {
  const digits = digitsOf(currency);
  const match = /^(\d{1,12})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  return digits === 0 ? whole : `${whole}.${fraction.padEnd(digits, '0')}`;
}

/** A decimal amount in minor units: '8.99' EUR → 899, '1500' JPY → 1500, '4.500' KWD → 4500; null as amountIn. */
export function minorUnitsOf(text: string, currency: string): number | null {
  const exact = amountIn(text, currency);
  if (exact === null) return null;
  const minor = Number(exact.replace('.', ''));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the decimal text providers and the graph write: 899 EUR → '8.99', 1500 JPY → '1500', 4500 KWD → '4.500'. */
export function decimalAmount(minor: number, currency: string): string {
  const digits = digitsOf(currency);
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`${minor} is not an amount in minor units.`);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A provider's decimal amount (text or JSON number) in minor units of the currency, or null when it is not a plain
 * amount in it (or the currency is none ISO 4217 knows): '8.99' EUR → 899, '1500' or '1500.00' JPY → 1500, 2.75 KWD → 2750, '8.999' EUR → null (never
 * rounded to something it did not say).
 */
export function minorAmount(value: unknown, currency: string): number | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (currencyDigits(currency) === null) return null;
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,18})?$/.test(text)) return null;
  return minorUnitsOf(text, currency);
}

/**
 * A stored amount (an activation's minor units and currency) as text: decimalAmount, or two decimals for a code ISO
 * 4217 does not know (the configuration has refused those since amounts follow ISO 4217; older rows may hold one).
 */
export function storedAmount(minor: number, currency: string): string {
  const code = currency.trim();
  return currencyDigits(code) === null ? (minor / 100).toFixed(2) : decimalAmount(minor, code);
}
