import type { CountryCode } from 'libphonenumber-js/min';
import { formatDisplayDate } from '../../../../../common/dates';
import { countryDialCodes, type CheckoutMethod } from '../../../../../common/payment';
import type { ActivationStatus, PaymentMethod } from '../../../__generated__/graphql';

/** How each method is named on the Activate Device screen, its button and the payment history. */
export const METHOD_LABELS: Record<PaymentMethod, string> = {
  IBOSTORE: 'ibostore',
  OPAY: 'OPay',
  OPAY1: 'OPay 1',
  COWPAY: 'Card (Cowpay)',
  CRYPTO: 'Crypto',
  PAYPAL: 'PayPal',
};

export const STATUS_LABELS: Record<ActivationStatus, string> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  PARTIALLY_PAID: 'Partially paid',
  REFUNDED: 'Refunded',
  REVERSED: 'Reversed',
};

/** What a method charges when it is not the euro price the page shows: '499.00 EGP', or null. */
export function methodCharge(
  pricing: {
    price: string;
    currency: string;
    methodPrices: { method: PaymentMethod; price: string; currency: string }[];
  },
  method: PaymentMethod,
): string | null {
  const own = pricing.methodPrices.find((price) => price.method === method);
  if (!own || (own.currency === pricing.currency && own.price === pricing.price)) return null;
  return formatAmount(own.price, own.currency);
}

export const SANDBOX_NOTICE = 'Sandbox: no money moves. This method runs against a local stand-in of its provider.';

/** The methods paid through a checkout this site starts (startActivation), as common/payment.ts names them. */
export function checkoutMethodOf(method: PaymentMethod): CheckoutMethod | null {
  switch (method) {
    case 'OPAY':
      return 'opay';
    case 'OPAY1':
      return 'opay1';
    case 'COWPAY':
      return 'cowpay';
    case 'CRYPTO':
      return 'crypto';
    case 'IBOSTORE':
    case 'PAYPAL':
      return null;
  }
}

/** '365 days', '1 day' or 'Lifetime' (no day count means a licence for life). */
export function licenceLength(days: number | null): string {
  if (days === null) return 'Lifetime';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** '8.99€' for euro, the spec's way of writing the price; '8.99 USD' for anything else. */
export function formatAmount(amount: string, currency: string): string {
  return currency === 'EUR' ? `${amount}€` : `${amount} ${currency}`;
}

/** The app store's activation page for this device. */
export function ibostoreLink(template: string, macAddress: string): string {
  return template.replaceAll('{mac}', encodeURIComponent(macAddress));
}

export interface CountryOption {
  code: CountryCode;
  dialCode: string;
  label: string;
}

let countryOptions: CountryOption[] | undefined;

/** Every country as the phone field offers it, 'Egypt (+20)', sorted by name. Built once, on first use. */
export function phoneCountries(): CountryOption[] {
  if (!countryOptions) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    countryOptions = countryDialCodes()
      .map(({ code, dialCode }) => {
        const name = names.of(code) ?? code;
        return { code, dialCode, name, label: `${name} (${dialCode})` };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
      .map(({ code, dialCode, label }) => ({ code, dialCode, label }));
  }
  return countryOptions;
}

const DAY_MS = 86_400_000;

/**
 * Where the device stands and what paying now adds: a licence starts when the trial or the current licence ends,
 * so nothing already paid for (or given) is lost.
 */
export function standingText(
  device: { status: string; expireDate?: string | null },
  licenceDays: number | null,
  now = Date.now(),
): string {
  const end = device.expireDate ? new Date(device.expireDate) : null;
  const running = end !== null && end.getTime() > now && device.status !== 'INACTIVE' ? end : null;
  const until = (from: number) =>
    licenceDays === null ? 'a lifetime licence' : `until ${formatDisplayDate(new Date(from + licenceDays * DAY_MS))}`;
  if (device.status === 'ACTIVE' && running) {
    return licenceDays === null
      ? `Your device is active until ${formatDisplayDate(running)}. Paying now makes its licence lifetime.`
      : `Your device is active until ${formatDisplayDate(running)}. Paying now adds ${licenceLength(licenceDays)} after that: ${until(running.getTime())}.`;
  }
  if (device.status === 'TRIAL' && running) {
    return `Your trial runs until ${formatDisplayDate(running)}. A licence bought now starts when it ends: ${until(running.getTime())}.`;
  }
  return `A licence bought now starts on the day it is confirmed: ${until(now)}.`;
}
