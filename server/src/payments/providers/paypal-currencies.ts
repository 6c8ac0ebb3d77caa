import { decimalAmount } from '../currency';
import { ProviderError } from '../provider';

/**
 * The currencies PayPal takes for payments, as PayPal's REST API reference lists them: "Currency codes"
 * (developer.paypal.com/api/rest/reference/currency-codes/, the page PayPal's DECIMALS_NOT_SUPPORTED error points to:
 * developer.paypal.com/api/payments/v2/errors/decimals_not_supported). BRL, CNY and MYR are for in-country PayPal
 * accounts only (the page's notes); they are listed, and the account's receiving preferences decide. EGP is not
 * among them.
 */
export const PAYPAL_CURRENCIES = [
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
] as const;

/**
 * The listed currencies PayPal takes without decimals: the same page says of HUF, JPY and TWD "This currency does not
 * support decimals. If you pass a decimal amount, an error occurs." (the DECIMALS_NOT_SUPPORTED issue). HUF and TWD
 * have two decimals in ISO 4217, so their prices must be whole and are sent without decimals ('3000', not
 * '3000.00'); JPY has none anyway.
 */
export const PAYPAL_WHOLE_AMOUNTS: ReadonlySet<string> = new Set(['HUF', 'JPY', 'TWD']);

/** An amount as PayPal takes it: the currency's decimals ('8.99' EUR), none for HUF, JPY and TWD ('1500' JPY). */
export function paypalValue(minor: number, currency: string): string {
  const value = decimalAmount(minor, currency);
  if (!PAYPAL_WHOLE_AMOUNTS.has(currency)) return value;
  const [whole = value, fraction = ''] = value.split('.');
  // The configuration refuses such a price (payment.settings.ts); an activation made before would be refused by PayPal.
  if (/[1-9]/.test(fraction)) throw new ProviderError(`PayPal takes ${currency} without decimals, not ${value}.`);
  return whole;
}
