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

/** A device key as the owner types it: the 6 digits the TV app shows (sign-in, and proof of a TV for Switch MAC). */
export const deviceKeySchema = requiredText(messages.loginDeviceKey.required).regex(
  SIX_DIGITS,
  messages.loginDeviceKey.invalid,
);

export const loginSchema = z.object({
  macAddress: macAddressSchema,
  deviceKey: deviceKeySchema,
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

/** RFC 8628's alphabet for codes people type: no vowels (no words), no look-alike letters. */
export const LINK_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const LINK_CODE = new RegExp(`^[${LINK_CODE_ALPHABET}]{8}$`);
/** A link code as typed or scanned (any case, with or without its dash or spaces), read as its 8 letters. */
export const linkCodeSchema = requiredText(messages.link.codeRequired)
  .max(20, messages.link.codeInvalid)
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
  .refine((code) => LINK_CODE.test(code), messages.link.codeInvalid);
export const linkCodeFormSchema = z.object({ code: linkCodeSchema });
export type LinkCodeInput = z.input<typeof linkCodeFormSchema>;

/** A link code's 8 letters as shown: XXXX-XXXX. */
export function formatLinkCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * Switch MAC: the new TV's MAC address and, as proof that the owner holds that TV, the device key its app shows.
 * The portal's form and the server (graph and REST) check the same rules.
 */
export const switchMacSchema = z.object({
  macAddress: macAddressSchema,
  deviceKey: deviceKeySchema,
});
export type SwitchMacInput = z.input<typeof switchMacSchema>;
export type SwitchMacValues = z.output<typeof switchMacSchema>;

export const newDeviceKeySchema = z.string({ error: messages.newDeviceKey }).regex(SIX_DIGITS, messages.newDeviceKey);
export const parentPinSchema = z.string({ error: messages.parentPin }).regex(/^\d{4,6}$/, messages.parentPin);

/** Local part, @, domain, and a top-level domain of at least 2 letters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** The spec sets no length on contact fields; these bounds only stop abuse and are far above real use. */
export const CONTACT_LIMITS = { name: 200, email: 254, subject: 300, message: 20_000 } as const;

/**
 * A contact field. Any text people type is kept as typed (line breaks too: the e-mail forward defends its
 * headers), except NUL, which PostgreSQL cannot store.
 */
function contactText(required: string, label: string, max: number) {
  return requiredText(required)
    .max(max, `* ${label} must be at most ${max.toLocaleString('en')} characters *`)
    .refine((value) => !value.includes('\u0000'), `* ${label} must not contain NUL characters *`);
}

export const contactSchema = z.object({
  name: contactText(messages.contact.nameRequired, 'Name', CONTACT_LIMITS.name),
  email: requiredText(messages.contact.emailRequired)
    .max(CONTACT_LIMITS.email, messages.contact.emailInvalid)
    .regex(EMAIL_PATTERN, messages.contact.emailInvalid)
    .refine((value) => !value.includes('\u0000'), messages.contact.emailInvalid),
  subject: contactText(messages.contact.subjectRequired, 'Subject', CONTACT_LIMITS.subject),
  message: contactText(messages.contact.messageRequired, 'Message', CONTACT_LIMITS.message),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

/** The three kinds of playlist: a URL (general), Xtream Codes (xc), and a code opened by the TV app (code). */
export const PLAYLIST_TYPES = ['general', 'xc', 'code'] as const;
export type PlaylistType = (typeof PLAYLIST_TYPES)[number];

/**
 * Bounds far above real use that keep one record sane. Provider URLs carry long tokens, so URLs get 8,192
 * characters (the common limit of web servers for a request line). The spec sets no length on a playlist's PIN:
 * it is taken as typed up to 1,000 characters (a bound on the work of hashing it, nothing a person reaches).
 */
export const PLAYLIST_LIMITS = { name: 100, url: 8192, username: 255, password: 255, pin: 1000, code: 6 } as const;

/** The spec's password helper: letters, digits and !@#$%^&*)(+=._- only. */
const PASSWORD_PATTERN = /^[A-Za-z0-9!@#$%^&*)(+=._-]+$/;

/** The spec's URL rule (begins with http, https or ftp), plus what a browser or player could actually open. */
export function isPlaylistUrl(value: string): boolean {
  if (!/^(https?|ftp):\/\/[^/?#\s]/i.test(value)) return false;
  // Whitespace, quotes, angle brackets and control characters (NUL cannot even be stored) never belong in a URL
  // a player is given.
  if (/[\s"<>\\`]/.test(value) || CONTROL_CHARACTERS.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** Any text field of the playlist forms: absent, null and blank all read as empty. */
const formText = z
  .union([z.string(), z.number()], { error: 'Must be text' })
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

/** A playlist's PIN: any characters, spaces included, kept exactly as typed (absent and null read as empty). */
const formSecret = z
  .union([z.string(), z.number()], { error: 'Must be text' })
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));

const formFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0', 'on', ''])], {
    error: 'Must be true or false',
  })
  .nullish()
  .transform((value) => value === true || value === 1 || value === 'true' || value === '1' || value === 'on');

const playlistFields = {
  name: formText,
  type: z
    .string({ error: 'Choose the kind of playlist: general, xc or code' })
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(PLAYLIST_TYPES, { error: 'Choose the kind of playlist: general, xc or code' })),
  url: formText,
  epgUrl: formText,
  username: formText,
  password: formText,
  playlistCode: formText,
  isProtected: formFlag,
  pin: formSecret,
};

type PlaylistFieldValues = { [K in keyof typeof playlistFields]: z.output<(typeof playlistFields)[K]> };

/** The values a playlist is stored with: only the fields its kind uses, the rest null. */
export interface PlaylistValues {
  name: string;
  type: PlaylistType;
  url: string | null;
  epgUrl: string | null;
  username: string | null;
  password: string | null;
  playlistCode: string | null;
  isProtected: boolean;
  /** Only when protected. */
  pin: string | null;
}

function checkPlaylist(values: PlaylistFieldValues, ctx: z.RefinementCtx) {
  const m = messages.playlist;
  const problem = (path: keyof PlaylistFieldValues, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });

  if (!values.name) problem('name', m.nameRequired);
  // Measured as stored: NFC can lengthen a name (U+0958 becomes two code points).
  else if (values.name.normalize('NFC').length > PLAYLIST_LIMITS.name)
    problem('name', `Playlist name must be at most ${PLAYLIST_LIMITS.name} characters`);
  else if (CONTROL_CHARACTERS.test(values.name) || /[<>]/.test(values.name))
    problem('name', 'Playlist name must not contain < > or control characters');

  const url = (path: 'url' | 'epgUrl', required: string | null, invalid: string) => {
    const value = values[path];
    if (!value) {
      if (required) problem(path, required);
    } else if (value.length > PLAYLIST_LIMITS.url) {
      problem(path, `URLs must be at most ${PLAYLIST_LIMITS.url.toLocaleString('en')} characters`);
    } else if (!isPlaylistUrl(value)) {
      problem(path, invalid);
    }
  };

  switch (values.type) {
    case 'general':
      url('url', m.urlRequired, m.urlInvalid);
      url('epgUrl', null, m.urlInvalid);
      break;
    case 'xc':
      url('url', m.hostRequired, m.hostInvalid);
      url('epgUrl', null, m.urlInvalid);
      if (!values.username) problem('username', m.usernameRequired);
      else if (values.username.length > PLAYLIST_LIMITS.username)
        problem('username', `Username must be at most ${PLAYLIST_LIMITS.username} characters`);
      else if (/[\s<>"]/.test(values.username) || CONTROL_CHARACTERS.test(values.username))
        problem('username', 'Username must not contain spaces, quotes or < >');
      if (!values.password) problem('password', m.passwordRequired);
      else if (values.password.length > PLAYLIST_LIMITS.password)
        problem('password', `Password must be at most ${PLAYLIST_LIMITS.password} characters`);
      else if (!PASSWORD_PATTERN.test(values.password))
        problem('password', 'Password may contain only letters, digits and !@#$%^&*)(+=._-');
      break;
    case 'code':
      if (!values.playlistCode) problem('playlistCode', m.codeRequired);
      else if (!SIX_DIGITS.test(values.playlistCode))
        problem('playlistCode', 'Playlist code must be 6 digits (Only Numbers)');
      break;
  }

  if (values.isProtected) {
    if (!values.pin) problem('pin', m.pinRequired);
    else if (values.pin.length > PLAYLIST_LIMITS.pin)
      problem('pin', `PIN must be at most ${PLAYLIST_LIMITS.pin.toLocaleString('en')} characters`);
    else if (CONTROL_CHARACTERS.test(values.pin)) problem('pin', 'PIN must not contain control characters');
  }
}

function toPlaylistValues(values: PlaylistFieldValues): PlaylistValues {
  const orNull = (value: string) => value || null;
  return {
    name: values.name.normalize('NFC'),
    type: values.type,
    url: values.type === 'code' ? null : values.url,
    epgUrl: values.type === 'code' ? null : orNull(values.epgUrl),
    username: values.type === 'xc' ? values.username : null,
    password: values.type === 'xc' ? values.password : null,
    playlistCode: values.type === 'code' ? values.playlistCode : null,
    isProtected: values.isProtected,
    pin: values.isProtected ? values.pin : null,
  };
}

/**
 * A playlist as the server stores it: every rule and message of the three forms. Fields the
 * kind does not use are ignored, so legacy clients may send them empty.
 */
export const playlistSchema = z.object(playlistFields).superRefine(checkPlaylist).transform(toPlaylistValues);

/** The add and edit forms: the same rules, plus the PIN typed twice. */
export const playlistFormSchema = z
  .object({ ...playlistFields, pinConfirmation: formSecret })
  .superRefine((values, ctx) => {
    checkPlaylist(values, ctx);
    if (values.isProtected && values.pin && values.pin !== values.pinConfirmation) {
      ctx.addIssue({ code: 'custom', path: ['pinConfirmation'], message: messages.playlist.pinMismatch });
    }
  })
  .transform(toPlaylistValues);
export type PlaylistFormInput = z.input<typeof playlistFormSchema>;

/** A PIN typed to open, edit or delete a protected playlist: only checked for shape here. */
export const playlistPinSchema = z
  .string({ error: messages.playlist.pinRequired })
  .min(1, messages.playlist.pinRequired)
  .max(PLAYLIST_LIMITS.pin, messages.playlist.wrongPin);

/**
 * Parental control by category: the groups (an M3U's `group-title`, an Xtream line's categories) a TV keeps
 * behind the parent PIN. Bounds far above real playlists (a 20,000-channel list has a few hundred groups) that
 * keep one record small.
 */
export const LOCKED_GROUPS_LIMITS = { count: 500, length: 200 } as const;

/**
 * A playlist's locked groups as the owner gives them: each trimmed, blanks dropped, repeats kept once in the order
 * first given. Otherwise kept as typed: a TV compares them exactly with the groups the shared M3U parser reads
 * (also trimmed), so "Sport" and "sport" are two groups.
 */
export const lockedGroupsSchema = z.unknown().transform((value, ctx): string[] => {
  const refuse = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (!Array.isArray(value)) return refuse(messages.lockedGroups.notList);
  if (value.some((group) => typeof group !== 'string')) return refuse(messages.lockedGroups.notText);
  const groups = [...new Set((value as string[]).map((group) => group.trim()).filter(Boolean))];
  if (groups.length > LOCKED_GROUPS_LIMITS.count) return refuse(messages.lockedGroups.tooMany);
  if (groups.some((group) => group.length > LOCKED_GROUPS_LIMITS.length)) return refuse(messages.lockedGroups.tooLong);
  if (groups.some((group) => CONTROL_CHARACTERS.test(group))) return refuse(messages.lockedGroups.controlCharacters);
  return groups;
});
