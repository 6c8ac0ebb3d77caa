import { z } from 'zod';
import { messages } from './messages';

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
