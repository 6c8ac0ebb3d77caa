import type { JSXElementConstructor, ReactNode } from 'react';
import { DEFAULT_LOCALE } from '../../../common/i18n';
import { LocaleProvider } from '../i18n/LocaleProvider';
import { loadMessages } from '../i18n/locale';

let testLocale = DEFAULT_LOCALE;

/** Renders of the current test in a language (its messages loaded first); back to English after each test. */
export async function setTestLocale(locale: string): Promise<void> {
  await loadMessages(locale, ['site', 'landing', 'legal', 'portal']);
  testLocale = locale;
}

export function resetTestLocale() {
  testLocale = DEFAULT_LOCALE;
}

type Wrapper = JSXElementConstructor<{ children: ReactNode }>;

/** A render's wrapper inside the test's language. */
export function withLocale(Inner?: Wrapper): Wrapper {
  return function InLocale({ children }: { children: ReactNode }) {
    return <LocaleProvider locale={testLocale}>{Inner ? <Inner>{children}</Inner> : children}</LocaleProvider>;
  };
}
