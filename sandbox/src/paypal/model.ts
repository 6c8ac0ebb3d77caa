import { createHmac, randomBytes } from 'node:crypto';
import { currencyDecimals, decimalText, minorOf } from '../kit';
import type { SandboxKeys } from '../keys';

/**
 * The signature this stand-in puts on its webhooks and checks in its verify-webhook-signature. PayPal signs
 * `transmission_id|transmission_time|webhook_id|crc32(body)` with SHA256withRSA and a certificate at cert_url;
 * the adapter never checks that itself (it asks verify-webhook-signature), so the stand-in keys an HMAC with its
 * client secret over the same fields and the whole body instead.
 */
export function transmissionSig(keys: SandboxKeys, id: string, time: string, body: string): string {
  return createHmac('sha256', keys.paypalClientSecret)
    .update(`${id}|${time}|${keys.paypalWebhookId}|${body}`)
    .digest('base64');
}

/** How the buyer approved, chosen on the stand-in's buttons; decides what the capture does. */
export type Funding = 'good' | 'declined' | 'review' | 'lost-answer' | 'completing';

export interface Amount {
  currency_code: string;
  value: string;
}

export interface SandboxCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  reason: string | null;
  amountMinor: number;
  refundedMinor: number;
  createTime: string;
  updateTime: string;
}

export interface SandboxOrder {
  id: string;
  reference: string;
  referenceId: string;
  description: string | null;
  amountMinor: number;
  currency: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  funding: Funding | null;
  capture: SandboxCapture | null;
  /** This server's origin as the adapter called it: links and the webhook URL. */
  site: string;
  createTime: string;
  updateTime: string;
}

export interface SandboxDispute {
  id: string;
  capture: SandboxCapture;
  createTime: string;
}

/** PayPal's ids: 17 upper-case letters and digits. */
export const paypalId = () => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);
export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
export const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The currencies PayPal takes, as its REST reference lists them ("Currency codes",
 * developer.paypal.com/api/rest/reference/currency-codes/): anything else is CURRENCY_NOT_SUPPORTED.
 */
const PAYPAL_CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(' '),
);
/** "This currency does not support decimals. If you pass a decimal amount, an error occurs." (the same page). */
const WHOLE_CURRENCIES = new Set(['HUF', 'JPY', 'TWD']);

/** An amount as PayPal writes it: the currency's decimals ("8.99" EUR), none for HUF, JPY and TWD ("1500"). */
export function paypalMoneyText(minor: number, currency: string): string {
  if (!WHOLE_CURRENCIES.has(currency)) return decimalText(minor, currency);
  return String(Math.round(minor / 10 ** (currencyDecimals(currency) ?? 0)));
}

/**
 * A `value` sent to PayPal, in minor units of its currency (ISO 4217), or the issue PayPal answers it with (its
 * Orders v2 errors: CURRENCY_NOT_SUPPORTED, DECIMALS_NOT_SUPPORTED for HUF, JPY and TWD with decimals,
 * DECIMAL_PRECISION for more decimals than two, CANNOT_BE_ZERO_OR_NEGATIVE).
 */
export function paypalValue(
  value: unknown,
  currency: string,
): number | 'CURRENCY_NOT_SUPPORTED' | 'DECIMALS_NOT_SUPPORTED' | 'DECIMAL_PRECISION' | 'CANNOT_BE_ZERO_OR_NEGATIVE' {
  if (!PAYPAL_CURRENCIES.has(currency)) return 'CURRENCY_NOT_SUPPORTED';
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d+)?$/.test(value)) return 'CANNOT_BE_ZERO_OR_NEGATIVE';
  if (WHOLE_CURRENCIES.has(currency) && value.includes('.')) return 'DECIMALS_NOT_SUPPORTED';
  const minor = minorOf(value, currency);
  if (minor === null || !DECIMAL.test(value)) return 'DECIMAL_PRECISION';
  return minor > 0 ? minor : 'CANNOT_BE_ZERO_OR_NEGATIVE';
}

/** PayPal's words for those issues (its Orders v2 error catalogue). */
export const VALUE_ISSUES = {
  CURRENCY_NOT_SUPPORTED: 'Currency code is not currently supported.',
  DECIMALS_NOT_SUPPORTED: 'Currency does not support decimals.',
  DECIMAL_PRECISION: 'If the currency supports decimals, only two decimal place precision is supported.',
  CANNOT_BE_ZERO_OR_NEGATIVE: 'Must be greater than zero.',
} as const;

/** A bounded map: the oldest entries go first. */
export function bounded<V>(limit: number) {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    set: (key: string, value: V) => {
      if (map.size >= limit) map.delete(map.keys().next().value as string);
      map.set(key, value);
      return value;
    },
  };
}
