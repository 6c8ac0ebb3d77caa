import type { ReactNode } from 'react';
import { DEFAULT_LOCALE } from '../../../common/i18n';
import { useLocale } from '../i18n/LocaleProvider';

/**
 * Text that reads left to right whatever the page's language (the product name, an e-mail address, a phone
 * number, a MAC address), isolated inside another language's sentence so its digits and punctuation keep their
 * order. English pages need no isolation and keep their markup as it was.
 */
export function useLtr(): (value: ReactNode) => ReactNode {
  const { locale } = useLocale();
  return (value) => (locale === DEFAULT_LOCALE ? value : <bdi dir="ltr">{value}</bdi>);
}

/** The same for plain text (a chat message, a document title): Unicode's first-strong isolate around the value. */
export function useLtrText(): (value: string) => string {
  const { locale } = useLocale();
  return (value) => (locale === DEFAULT_LOCALE ? value : `\u2068${value}\u2069`);
}

/** A name of unknown direction (an account name someone typed), isolated in its own direction. */
export function useIsolate(): (value: ReactNode) => ReactNode {
  const { locale } = useLocale();
  return (value) => (locale === DEFAULT_LOCALE ? value : <bdi>{value}</bdi>);
}
