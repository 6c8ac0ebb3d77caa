import { getCountries, getCountryCallingCode, isPossiblePhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { messages } from './messages';

z.config({ jitless: true });

/** The methods the Activate Device screen offers, in its order. */
export const PAYMENT_METHODS = ['ibostore', 'opay', 'opay1', 'cowpay', 'crypto', 'paypal'] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
/** The methods paid through a checkout this site starts (saveActivation / startActivation). */
export const CHECKOUT_METHODS = ['opay', 'opay1', 'cowpay', 'crypto'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** Names and phone inputs hold at most 17 characters. */
export const PAYER_LIMITS = { name: 17, phone: 17, email: 254 } as const;
/** Egypt's +20, the spec's default dial code. */
export const DEFAULT_COUNTRY: CountryCode = 'EG';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
// C0 and C1 control characters (tab and newline included): never meaningful in a single-line field.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Every country with its dial code (about 240, from libphonenumber's metadata), sorted by code. */
export function countryDialCodes(): { code: CountryCode; dialCode: string }[] {
  return getCountries().map((code) => ({ code, dialCode: `+${getCountryCallingCode(code)}` }));
}

/** The payer's phone number in international form: strip non-digits, drop one leading zero, prefix the country's dial code. */
export function normalisePhone(dialCode: string, number: string): string {
  const digits = number.replace(/\D/g, '').replace(/^0/, '');
  return `${dialCode}${digits}`;
}

function text(required: string, max: number, tooLong: string, control: string = messages.payment.controlCharacters) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, tooLong)
    .refine((value) => !CONTROL_CHARACTERS.test(value), control);
}

const email = text(
  messages.payment.emailRequired,
  PAYER_LIMITS.email,
  messages.payment.emailInvalid,
  messages.payment.emailInvalid,
).regex(EMAIL_PATTERN, messages.payment.emailInvalid);
const name = (required: string) => text(required, PAYER_LIMITS.name, messages.payment.nameTooLong);

/** A full international number: + and its digits, possible for its country. */
const phoneNumber = text(messages.payment.mobileRequired, 20, messages.payment.mobileInvalid).refine(
  (value) => /^\+\d{6,19}$/.test(value) && isPossiblePhoneNumber(value),
  messages.payment.mobileInvalid,
);

export interface PayerDetails {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  coinType: string | null;
}

/**
 * What each checkout method needs from the payer, for the server: cowpay the names, e-mail
 * and phone; crypto the e-mail and a coin; opay and opay1 nothing. Fields a method does not use are dropped.
 */
export function payerSchemaFor(method: CheckoutMethod, coinCodes: readonly string[]) {
  const coinType = text(messages.payment.coinTypeRequired, 15, messages.payment.coinTypeInvalid).refine(
    (code) => coinCodes.includes(code.toUpperCase()),
    messages.payment.coinTypeInvalid,
  );
  const none = { firstName: null, lastName: null, email: null, phoneNumber: null, coinType: null };
  switch (method) {
    case 'cowpay':
      return z
        .object({
          firstName: name(messages.payment.firstNameRequired),
          lastName: name(messages.payment.lastNameRequired),
          email,
          phoneNumber,
        })
        .transform((v): PayerDetails => ({ ...none, ...v }));
    case 'crypto':
      return z
        .object({ email, coinType })
        .transform((v): PayerDetails => ({ ...none, email: v.email, coinType: v.coinType.toUpperCase() }));
    default:
      return z.object({}).transform((): PayerDetails => none);
  }
}

/**
 * The Activate Device form (the browser): the phone is typed as a national number beside a country choice,
 * and checked as the spec's normalised number.
 */
export function paymentFormSchemaFor(method: CheckoutMethod, coinCodes: readonly string[]) {
  return z
    .object({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      email: z.string().optional(),
      country: z.string().optional(),
      phone: z.string().optional(),
      coinType: z.string().optional(),
    })
    .transform((form, ctx) => {
      const country = (form.country || DEFAULT_COUNTRY) as CountryCode;
      const dialCode = getCountries().includes(country) ? `+${getCountryCallingCode(country)}` : '+20';
      const candidate = {
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        phoneNumber: form.phone?.trim() ? normalisePhone(dialCode, form.phone) : form.phone,
        coinType: form.coinType,
      };
      const parsed = payerSchemaFor(method, coinCodes).safeParse(candidate);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'phoneNumber' ? 'phone' : issue.path[0];
        ctx.addIssue({ code: 'custom', path: [field as string], message: issue.message });
      }
      return z.NEVER;
    });
}
