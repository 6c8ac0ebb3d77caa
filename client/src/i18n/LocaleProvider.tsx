import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { RawIntlProvider } from 'react-intl';
import { DEFAULT_LOCALE, fillArguments, localizePath, textDirection } from '../../../common/i18n';
import { messagesVersion, subscribeMessages, translatorFor, type Translator } from './locale';

interface LocaleValue {
  locale: string;
  dir: 'ltr' | 'rtl';
  /** A shared message that arrives as its English (common/messages.ts: validation, a server's error), translated. */
  text: Translator['text'];
}

const LocaleContext = createContext<LocaleValue>({
  locale: DEFAULT_LOCALE,
  dir: 'ltr',
  text: fillArguments,
});

/** The page's language around an app: react-intl's provider, and the language for the few places that need it. */
export function LocaleProvider({ locale, children }: { locale: string; children: ReactNode }) {
  // A part of the messages that arrives later (the legal pages') renders the page again in full.
  useSyncExternalStore(subscribeMessages, messagesVersion, messagesVersion);
  const translator = translatorFor(locale);
  return (
    <RawIntlProvider value={translator.intl}>
      <LocaleContext.Provider value={{ locale, dir: textDirection(locale), text: translator.text }}>
        {children}
      </LocaleContext.Provider>
    </RawIntlProvider>
  );
}

export function useLocale(): LocaleValue {
  return useContext(LocaleContext);
}

/** An app path in the page's language, for what the router does not prefix itself (a full page load, a share). */
export function useLocalizedPath(): (path: string) => string {
  const { locale } = useLocale();
  return (path) => localizePath(locale, path);
}
