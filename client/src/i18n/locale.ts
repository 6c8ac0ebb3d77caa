import { createIntl, createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl';
import { DEFAULT_LOCALE, fillArguments, localesFromFiles, splitLocalePath } from '../../../common/i18n';

/**
 * The page's language and its messages. English, the code's own language, needs no download: its messages are in
 * the code, compiled at build time. Another language's messages come in parts (client/i18n-catalogs.mts), each
 * loaded once, before the pages that show them render (so hydration sees the server's words).
 */
export type CatalogPart = 'site' | 'landing' | 'legal' | 'portal' | 'tvapp';

interface Catalog {
  messages: Record<string, MessageFormatElement[]>;
  /** English of a shared message (common/messages.ts) → its id. */
  byEnglish: Record<string, string>;
}

// (English is in the code; lang/en.json is its extract, for translators and the missing-message check.)
const CATALOGS: Record<CatalogPart, Record<string, () => Promise<Catalog>>> = {
  site: import.meta.glob<Catalog>(['../../../lang/*.json', '!../../../lang/en.json'], {
    query: '?part=site',
    import: 'default',
  }),
  landing: import.meta.glob<Catalog>(['../../../lang/*.json', '!../../../lang/en.json'], {
    query: '?part=landing',
    import: 'default',
  }),
  legal: import.meta.glob<Catalog>(['../../../lang/*.json', '!../../../lang/en.json'], {
    query: '?part=legal',
    import: 'default',
  }),
  portal: import.meta.glob<Catalog>(['../../../lang/*.json', '!../../../lang/en.json'], {
    query: '?part=portal',
    import: 'default',
  }),
  tvapp: import.meta.glob<Catalog>(['../../../lang/*.json', '!../../../lang/en.json'], {
    query: '?part=tvapp',
    import: 'default',
  }),
};

/** Every language of the product, one per file in lang/, English first. */
export const LOCALES = localesFromFiles(Object.keys(CATALOGS.site));

/** The language of a path: `/ar/…` is Arabic, a path with no language segment English. */
export function localeOfPath(pathname: string): string {
  return splitLocalePath(pathname, LOCALES).locale;
}

const loading = new Map<string, Promise<Catalog>>();
const loaded = new Map<string, Catalog[]>();
let version = 0;
const listeners = new Set<() => void>();

/** Loads the parts of a language's messages a page needs (nothing for English). */
export async function loadMessages(locale: string, parts: readonly CatalogPart[]): Promise<void> {
  if (locale === DEFAULT_LOCALE || !LOCALES.includes(locale)) return;
  const fresh = parts.filter((part) => !loading.has(`${locale}:${part}`));
  await Promise.all(
    parts.map((part) => {
      const key = `${locale}:${part}`;
      let catalog = loading.get(key);
      if (!catalog) {
        const load = Object.entries(CATALOGS[part]).find(([file]) => file.endsWith(`/${locale}.json`))?.[1];
        catalog = load ? load() : Promise.resolve({ messages: {}, byEnglish: {} });
        loading.set(key, catalog);
        // A failed download is tried again by the next page that needs it.
        catalog.catch(() => loading.delete(key));
      }
      return catalog;
    }),
  );
  if (!fresh.length) return;
  const catalogs = await Promise.all(fresh.map((part) => loading.get(`${locale}:${part}`)!));
  loaded.set(locale, [...(loaded.get(locale) ?? []), ...catalogs]);
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: a part of the messages arrived. */
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function messagesVersion(): number {
  return version;
}

/**
 * The locale Intl formats in: the language with Latin digits (0-9), whatever the language. Device keys, PINs, MAC
 * addresses and prices are typed and read against a TV screen and a keyboard that show Latin digits; Arabic-Indic
 * digits (٠١٢) beside them would make the same number look like two.
 */
export function formattingLocale(locale: string): string {
  if (locale === DEFAULT_LOCALE) return locale;
  // Without Intl.Locale (the TV app's Chromium 68), the same request as a BCP 47 extension.
  if (typeof Intl.Locale !== 'function') return `${locale}-u-nu-latn`;
  try {
    // eslint-disable-next-line compat/compat -- guarded above
    return new Intl.Locale(locale, { numberingSystem: 'latn' }).toString();
  } catch {
    return locale;
  }
}

export interface Translator {
  intl: IntlShape;
  /**
   * A shared message, arriving as its English (a validation message, a server's error), in the language, with
   * its `{arguments}` filled; other text as it is.
   */
  text: (english: string, values?: Record<string, string | number>) => string;
}

const cache = createIntlCache();
const built = new Map<string, { version: number; translator: Translator }>();

/** react-intl's object for a language, with every part of its messages loaded so far. */
export function translatorFor(locale: string): Translator {
  const entry = built.get(locale);
  if (entry && entry.version === version) return entry.translator;
  const catalogs = loaded.get(locale) ?? [];
  const messages = Object.assign({}, ...catalogs.map((catalog) => catalog.messages)) as Catalog['messages'];
  const byEnglish = Object.assign({}, ...catalogs.map((catalog) => catalog.byEnglish)) as Catalog['byEnglish'];
  const intl = createIntl(
    {
      locale: formattingLocale(locale),
      defaultLocale: DEFAULT_LOCALE,
      messages,
      onError(error) {
        // A message missing from a translation shows in English; `npm run i18n:check` keeps that from shipping.
        if (error.code === 'MISSING_TRANSLATION') return;
        console.error(error);
      },
    },
    cache,
  );
  // (Named apart from `formatMessage`, which the build compiles as a message of the code's own.)
  const translate = intl.formatMessage;
  const text: Translator['text'] = (english, values) => {
    const id = byEnglish[english];
    if (id) return translate({ id }, values);
    return fillArguments(english, values);
  };
  const translator = { intl, text };
  built.set(locale, { version, translator });
  return translator;
}
