/**
 * The product's languages, shared by the server and both client apps.
 *
 * A language is one file of messages in lang/ (`lang/<tag>.json`, its BCP 47 tag as the name); nothing else
 * names it. lang/en.json is English, the language the code is written in: `npm run i18n:extract` writes it from
 * the messages in the code, word for word as the product specification quotes them. Every other file translates
 * each of its messages (`npm run i18n:check` fails on one missing, extra or with other placeholders).
 *
 * URLs: English stays at the paths it always had (no link breaks); every other language is the same path under
 * its tag (`/ar/contact`, `/ar` for the landing page). The language of a page is the one of its URL; at an
 * English path a visitor is sent to their language's path when they chose it with the switcher (the
 * `lang` cookie) or, never having chosen, their browser asks for it first (Accept-Language).
 *
 * Direction, the name of a language in itself and its conventions for numbers and dates come from the browser's
 * and Node's own `Intl` data, so a right-to-left language needs no code either.
 */

/** The language the code's messages are written in, served at unprefixed paths and the `x-default`. */
export const DEFAULT_LOCALE = 'en';

/** The cookie that keeps a visitor's chosen language (set by the language switcher). */
export const LOCALE_COOKIE = 'lang';

/** A year: the remembered choice outlives sessions, as a choice of language should. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** A language tag as a file name and path segment: `ar`, `pt-BR`, `zh-Hant`. */
const TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function isLocaleTag(value: string): boolean {
  return TAG.test(value);
}

/** The languages from the file names of lang/ (`['ar', 'en']`), the default first. */
export function localesFromFiles(files: readonly string[]): string[] {
  const tags = files
    .map((file) => /([^/\\]+)\.json$/.exec(file)?.[1])
    .filter((tag): tag is string => tag !== undefined && isLocaleTag(tag));
  return [DEFAULT_LOCALE, ...tags.filter((tag) => tag !== DEFAULT_LOCALE).sort()];
}

export interface LocalizedPath {
  locale: string;
  /** The path without its language segment: the app's own routes. */
  path: string;
}

/** Splits `/ar/contact` into `ar` and `/contact`; a path with no language segment is the default language's. */
export function splitLocalePath(pathname: string, locales: readonly string[]): LocalizedPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const segment = match?.[1];
  if (segment && segment !== DEFAULT_LOCALE && locales.includes(segment))
    return { locale: segment, path: match?.[2] || '/' };
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The router's basename for a language: '' for the default, `/ar` for Arabic. */
export function localeBasename(locale: string): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** An app path (`/contact`) in a language: `/contact` in English, `/ar/contact` in Arabic, `/ar` for `/`. */
export function localizePath(locale: string, path: string): string {
  const base = localeBasename(locale);
  if (!base) return path;
  return path === '/' ? base : `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

interface TextInfo {
  direction?: 'ltr' | 'rtl';
}

/** Right-to-left languages, for engines without Intl.Locale (the TV app's Chromium 68). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'yi', 'dv', 'ckb']);

/** 'rtl' for Arabic, Hebrew, Persian…, from Intl's own data (Intl.Locale's text info). */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  const byList = RTL_LANGUAGES.has(locale.split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
  // Intl.Locale came with Chromium 74: a TV engine older than that goes by the list.
  if (typeof Intl.Locale !== 'function') return byList;
  try {
    // eslint-disable-next-line compat/compat -- guarded above
    const info = new Intl.Locale(locale) as Intl.Locale & { getTextInfo?: () => TextInfo; textInfo?: TextInfo };
    const direction = (info.getTextInfo?.() ?? info.textInfo)?.direction;
    return direction === 'rtl' || direction === 'ltr' ? direction : byList;
  } catch {
    return 'ltr';
  }
}

const languageNames = new Map<string, string>();

/** A language's name in itself ('العربية', 'English'), as a switcher shows it. */
export function languageName(locale: string): string {
  let name = languageNames.get(locale);
  if (name === undefined) {
    try {
      const own = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
      name = own.charAt(0).toLocaleUpperCase(locale) + own.slice(1);
    } catch {
      name = locale;
    }
    languageNames.set(locale, name);
  }
  return name;
}

/**
 * The language for a request at a default-language path: the remembered choice if it is one of ours, else the
 * first of ours the browser asks for (`acceptsLanguages`, Express's reading of Accept-Language by quality), else
 * the default.
 */
export function preferredLocale(
  locales: readonly string[],
  remembered: string | undefined,
  acceptsLanguages: (locales: string[]) => string | false,
): string {
  if (remembered && locales.includes(remembered)) return remembered;
  const accepted = acceptsLanguages([...locales]);
  return accepted && locales.includes(accepted) ? accepted : DEFAULT_LOCALE;
}

/** A message the server and the client both show (common/messages.ts), as extracted for translators. */
export interface SourceMessage {
  /** Stable across wording changes: translators' files are keyed by it. */
  id: string;
  /** The English, word for word as the specification quotes it; no ICU arguments in a `text()` (see defineMessage). */
  defaultMessage: string;
  description?: string;
}

/**
 * The English of a shared message. `npm run i18n:extract` finds these calls (as it finds react-intl's); where the
 * text is shown, it is translated into the page's or the request's language by its English (the client's
 * `translateText`, the server's `Localizer.text`), so forms, validation and errors keep passing plain strings.
 */
export function text(message: SourceMessage): string {
  return message.defaultMessage;
}

/**
 * A shared message with ICU arguments (`{minutes, plural, one {# minute} other {# minutes}}`): unlike `text`, its
 * English needs formatting, so it travels as this descriptor and is said by the server's `Localizer.format` in the
 * request's language (English included). `npm run i18n:extract` finds these calls by their name.
 */
export function defineMessage(message: SourceMessage): SourceMessage {
  return message;
}

/**
 * English with its `{arguments}` filled, as the code's English is said where no translation applies (a shared
 * message's English, a head's `{product}`); an argument with no value stays as written.
 */
export function fillArguments(english: string, values?: Record<string, string | number>): string {
  if (!values) return english;
  return english.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
