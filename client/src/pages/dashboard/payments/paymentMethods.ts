import type { CountryCode } from 'libphonenumber-js/min';
import { createIntl, defineMessage, defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { formatDisplayDate } from '../../../../../common/dates';
import { DEFAULT_LOCALE } from '../../../../../common/i18n';
import { countryDialCodes, type CheckoutMethod } from '../../../../../common/payment';
import type { ActivationStatus, PaymentMethod } from '../../../__generated__/graphql';
import { useLocale } from '../../../i18n/LocaleProvider';
import { useFormatDate } from '../../../i18n/format';

/** How each method is named on the Activate Device screen, its button and the payment history. */
export const METHOD_LABELS = defineMessages<PaymentMethod>({
  IBOSTORE: { id: 'payments.method.ibostore', defaultMessage: 'ibostore' },
  OPAY: { id: 'payments.method.opay', defaultMessage: 'OPay' },
  OPAY1: { id: 'payments.method.opay1', defaultMessage: 'OPay 1' },
  COWPAY: { id: 'payments.method.cowpay', defaultMessage: 'Card (Cowpay)' },
  CRYPTO: { id: 'payments.method.crypto', defaultMessage: 'Crypto' },
  PAYPAL: { id: 'payments.method.paypal', defaultMessage: 'PayPal' },
});

/**
 * What tells OPay and OPay 1 apart for a buyer, said under each when both are offered: two merchant accounts of
 * ours on the same OPay checkout, country, currency and price (docs/payments.md, "OPay").
 */
export const METHOD_NOTES: Partial<Record<PaymentMethod, MessageDescriptor>> = defineMessages({
  OPAY: { id: 'payments.method.opay.note', defaultMessage: 'Our first OPay account.' },
  OPAY1: {
    id: 'payments.method.opay1.note',
    defaultMessage: 'Our second OPay account: the same checkout and price. Use it if OPay does not go through.',
  },
});

export const STATUS_LABELS = defineMessages<ActivationStatus>({
  PENDING: { id: 'payments.status.pending', defaultMessage: 'Pending' },
  PAID: { id: 'payments.status.paid', defaultMessage: 'Paid' },
  FAILED: { id: 'payments.status.failed', defaultMessage: 'Failed' },
  CANCELLED: { id: 'payments.status.cancelled', defaultMessage: 'Cancelled' },
  PARTIALLY_PAID: { id: 'payments.status.partiallyPaid', defaultMessage: 'Partially paid' },
  REFUNDED: { id: 'payments.status.refunded', defaultMessage: 'Refunded' },
  REVERSED: { id: 'payments.status.reversed', defaultMessage: 'Reversed' },
});

export const SANDBOX_NOTICE = defineMessage({
  id: 'payments.sandbox',
  defaultMessage: 'Sandbox: no money moves. This method runs against a local stand-in of its provider.',
});

/** Said on every payment page when the operator says the payments taken are tests (PAYMENTS_ARE_TESTS). */
export const TEST_PAYMENTS_NOTICE = defineMessage({
  id: 'payments.testPayments',
  defaultMessage: 'Test payment: this site uses its payment providers’ test accounts, and no real money moves.',
});

type Standing =
  'active' | 'activeLifetime' | 'trial' | 'trialLifetime' | 'fromConfirmation' | 'fromConfirmationLifetime';

const STANDING: Record<Standing, MessageDescriptor> = defineMessages({
  active: {
    id: 'payments.standing.active',
    defaultMessage: 'Your device is active until {date}. Paying now adds {length} after that: until {end}.',
  },
  activeLifetime: {
    id: 'payments.standing.activeLifetime',
    defaultMessage: 'Your device is active until {date}. Paying now makes its licence lifetime.',
  },
  trial: {
    id: 'payments.standing.trial',
    defaultMessage: 'Your trial runs until {date}. A licence bought now starts when it ends: until {end}.',
  },
  trialLifetime: {
    id: 'payments.standing.trialLifetime',
    defaultMessage: 'Your trial runs until {date}. A licence bought now starts when it ends: a lifetime licence.',
  },
  fromConfirmation: {
    id: 'payments.standing.fromConfirmation',
    defaultMessage: 'A licence bought now starts on the day it is confirmed: until {end}.',
  },
  fromConfirmationLifetime: {
    id: 'payments.standing.fromConfirmationLifetime',
    defaultMessage: 'A licence bought now starts on the day it is confirmed: a lifetime licence.',
  },
});

const LICENCE: Record<'days' | 'lifetime', MessageDescriptor> = defineMessages({
  // {count} rather than #: the day count is written as it always was, with no grouping separator.
  days: { id: 'payments.licence.days', defaultMessage: '{days, plural, one {{count} day} other {{count} days}}' },
  lifetime: { id: 'payments.licence.lifetime', defaultMessage: 'Lifetime' },
});

let englishIntl: IntlShape | undefined;

/** The code's own English, for callers outside React (and this module's tests). */
function english(): IntlShape {
  englishIntl ??= createIntl({ locale: DEFAULT_LOCALE, defaultLocale: DEFAULT_LOCALE, messages: {} });
  return englishIntl;
}

/** What a method charges when it is not the euro price the page shows: '499.00 EGP', or null. */
export function methodCharge(
  pricing: {
    price: string;
    currency: string;
    methodPrices: { method: PaymentMethod; price: string; currency: string }[];
  },
  method: PaymentMethod,
  format: (amount: string, currency: string) => string = formatAmount,
): string | null {
  const own = pricing.methodPrices.find((price) => price.method === method);
  if (!own || (own.currency === pricing.currency && own.price === pricing.price)) return null;
  return format(own.price, own.currency);
}

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

/** '365 days', '1 day' or 'Lifetime' (no day count means a licence for life), in the language of `intl`. */
export function licenceLength(days: number | null, intl: IntlShape = english()): string {
  if (days === null) return intl.formatMessage(LICENCE.lifetime);
  return intl.formatMessage(LICENCE.days, { days, count: String(days) });
}

/** '8.99€' for euro, the spec's way of writing the price; '8.99 USD' for anything else. */
export function formatAmount(amount: string, currency: string): string {
  return currency === 'EUR' ? `${amount}€` : `${amount} ${currency}`;
}

/**
 * An amount in the page's language: English as the spec writes it (formatAmount); another language through
 * Intl's currency format ('‏8.99 €', '‏499.00 ج.م.‏'), keeping the amount's own decimals (a crypto amount has
 * more than a currency's two). A code Intl does not take as a currency (USDT) follows the number.
 */
export function formatMoney(intl: IntlShape, locale: string, amount: string, currency: string): string {
  const value = Number(amount);
  if (locale === DEFAULT_LOCALE || !amount.trim() || !Number.isFinite(value)) return formatAmount(amount, currency);
  const decimals = Math.min(/\.(\d+)$/.exec(amount.trim())?.[1]?.length ?? 0, 20);
  const digits = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
  if (/^[A-Z]{3}$/.test(currency)) return intl.formatNumber(value, { style: 'currency', currency, ...digits });
  return `${intl.formatNumber(value, digits)} ${currency}`;
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

const countryOptions = new Map<string, CountryOption[]>();

/**
 * Every country as the phone field offers it, 'Egypt (+20)', sorted by name, in a language (names from Intl;
 * the dial code kept left to right inside a right-to-left name). Built once per language, on first use.
 */
export function phoneCountries(locale: string = DEFAULT_LOCALE): CountryOption[] {
  let options = countryOptions.get(locale);
  if (!options) {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    // U+2066 LEFT-TO-RIGHT ISOLATE … U+2069: '+20' would otherwise read '20+' in Arabic.
    const dial = (dialCode: string) => (locale === DEFAULT_LOCALE ? dialCode : `\u2066${dialCode}\u2069`);
    options = countryDialCodes()
      .map(({ code, dialCode }) => {
        const name = names.of(code) ?? code;
        return { code, dialCode, name, label: `${name} (${dial(dialCode)})` };
      })
      .sort((a, b) => a.name.localeCompare(b.name, locale))
      .map(({ code, dialCode, label }) => ({ code, dialCode, label }));
    countryOptions.set(locale, options);
  }
  return options;
}

const DAY_MS = 86_400_000;

/**
 * Where the device stands and what paying now adds: a licence starts when the trial or the current licence ends,
 * so nothing already paid for (or given) is lost. In English unless given the page's intl and date format.
 */
export function standingText(
  device: { status: string; expireDate?: string | null },
  licenceDays: number | null,
  now = Date.now(),
  { intl = english(), formatDate = formatDisplayDate }: { intl?: IntlShape; formatDate?: (date: Date) => string } = {},
): string {
  const end = device.expireDate ? new Date(device.expireDate) : null;
  const running = end !== null && end.getTime() > now && device.status !== 'INACTIVE' ? end : null;
  const endOf = (from: number) => formatDate(new Date(from + (licenceDays ?? 0) * DAY_MS));
  if (device.status === 'ACTIVE' && running) {
    const date = formatDate(running);
    return licenceDays === null
      ? intl.formatMessage(STANDING.activeLifetime, { date })
      : intl.formatMessage(STANDING.active, {
          date,
          length: licenceLength(licenceDays, intl),
          end: endOf(running.getTime()),
        });
  }
  if (device.status === 'TRIAL' && running) {
    const date = formatDate(running);
    return licenceDays === null
      ? intl.formatMessage(STANDING.trialLifetime, { date })
      : intl.formatMessage(STANDING.trial, { date, end: endOf(running.getTime()) });
  }
  return licenceDays === null
    ? intl.formatMessage(STANDING.fromConfirmationLifetime)
    : intl.formatMessage(STANDING.fromConfirmation, { end: endOf(now) });
}

/** The payment screens' words and amounts in the page's language. */
export function usePaymentText() {
  const intl = useIntl();
  const { locale, text } = useLocale();
  const formatDate = useFormatDate();
  return {
    intl,
    locale,
    /** A shared message (common/messages.ts) or a server's, arriving as English: in the page's language. */
    text,
    formatDate,
    money: (amount: string, currency: string) => formatMoney(intl, locale, amount, currency),
    method: (method: PaymentMethod) => intl.formatMessage(METHOD_LABELS[method]),
    status: (status: ActivationStatus) => intl.formatMessage(STATUS_LABELS[status]),
    licence: (days: number | null) => licenceLength(days, intl),
    standing: (device: { status: string; expireDate?: string | null }, days: number | null) =>
      standingText(device, days, Date.now(), { intl, formatDate }),
  };
}
