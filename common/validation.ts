import { z } from 'zod';
import { messages } from './messages';

// zod's JIT probes `new Function`, which the pages' Content Security Policy refuses (and reports). The
// interpreted path is plenty fast for forms.
z.config({ jitless: true });

/** Hex pairs separated by colons or hyphens: the 17 characters a TV app shows. */
const MAC_PATTERN = /^[0-9a-fA-F]{2}([:-][0-9a-fA-F]{2}){5}$/;
const SIX_DIGITS = /^\d{6}$/;
// C0 and C1 control characters (tab and newline included): never meaningful in a single-line field.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

/** Lower-case, colon-separated: the one form a MAC address is stored and compared in. */
export function normalizeMac(mac: string): string {
  return mac.trim().toLowerCase().replace(/-/g, ':');
}

export function isValidMac(mac: string): boolean {
  return mac.length === 17 && MAC_PATTERN.test(mac);
}

/** A required text field: missing, non-text and blank values all get the `required` message. */
function requiredText(required: string) {
  return z.string({ error: required }).trim().min(1, { error: required, abort: true });
}

export const macAddressSchema = requiredText(messages.mac.required)
  .refine(isValidMac, messages.mac.invalid)
  .transform(normalizeMac);

export const loginSchema = z.object({
  macAddress: macAddressSchema,
  deviceKey: requiredText(messages.loginDeviceKey.required).regex(SIX_DIGITS, messages.loginDeviceKey.invalid),
  captcha: requiredText(messages.captcha.required)
    .max(12, messages.captcha.invalid)
    .transform((answer) => answer.toUpperCase()),
  captchaToken: requiredText(messages.captcha.required).max(100, messages.captcha.invalid),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;

function optionalLabel(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${label} must not contain control characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const registerDeviceSchema = z.object({
  macAddress: macAddressSchema,
  model: optionalLabel('Model', 100),
  appVersion: optionalLabel('App version', 40),
});
export type RegisterDeviceValues = z.output<typeof registerDeviceSchema>;

export const newDeviceKeySchema = z.string({ error: messages.newDeviceKey }).regex(SIX_DIGITS, messages.newDeviceKey);
export const parentPinSchema = z.string({ error: messages.parentPin }).regex(/^\d{4,6}$/, messages.parentPin);

/** Local part, @, domain, and a top-level domain of at least 2 letters (spec section 5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** The spec sets no length on contact fields; these bounds only stop abuse and are far above real use. */
export const CONTACT_LIMITS = { name: 200, email: 254, subject: 300, message: 20_000 } as const;

function contactText(required: string, label: string, max: number) {
  return requiredText(required).max(max, `* ${label} must be at most ${max.toLocaleString('en')} characters *`);
}

export const contactSchema = z.object({
  name: contactText(messages.contact.nameRequired, 'Name', CONTACT_LIMITS.name),
  email: requiredText(messages.contact.emailRequired)
    .max(CONTACT_LIMITS.email, messages.contact.emailInvalid)
    .regex(EMAIL_PATTERN, messages.contact.emailInvalid),
  subject: contactText(messages.contact.subjectRequired, 'Subject', CONTACT_LIMITS.subject),
  message: contactText(messages.contact.messageRequired, 'Message', CONTACT_LIMITS.message),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
