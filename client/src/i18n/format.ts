import { type IntlShape, useIntl } from 'react-intl';
import { formatDisplayDate } from '../../../common/dates';
import { DEFAULT_LOCALE } from '../../../common/i18n';
import { useLocale } from './LocaleProvider';

type DateInput = string | number | Date | null | undefined;

const NO_BREAK_SPACE = '\u00a0';

/**
 * Words that must stay on one line (a date, a time, the product's name): their spaces made no-break spaces, so a
 * narrow screen wraps before or after them, never inside ('5 ديسمبر' on one line and '2026.' on the next).
 */
export function keepTogether(text: string): string {
  return text.replace(/ /g, NO_BREAK_SPACE);
}

/**
 * Dates as people read them in the page's language: English keeps the specification's 'day Mon. year'
 * ('21 Nov. 2026'); another language gets Intl's day, month name and year in its own order and words
 * ('21 نوفمبر 2026'), with Latin digits (client/src/i18n/locale.ts formattingLocale says why). Never broken
 * across lines.
 */
export function useFormatDate(): (value: DateInput) => string {
  const intl = useIntl();
  const { locale } = useLocale();
  return (value) => {
    if (locale === DEFAULT_LOCALE) return keepTogether(formatDisplayDate(value));
    const date = value instanceof Date ? value : new Date(value ?? Number.NaN);
    if (Number.isNaN(date.getTime())) return formatDisplayDate(value);
    return keepTogether(intl.formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' }));
  };
}

/**
 * A time of day in the browser's time zone as people read it in the page's language: English keeps the portal's
 * 24-hour '14:05'; another language its own clock from Intl, with Latin digits: Arabic the 12-hour '2:05 م' (ص
 * before noon, م after), as Egyptian and Gulf consumer apps show times. Never broken across lines.
 */
export function formatTimeIn(intl: IntlShape, locale: string, date: Date): string {
  if (locale === DEFAULT_LOCALE) {
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  return keepTogether(intl.formatTime(date, { hour: 'numeric', minute: '2-digit' }));
}

/** formatTimeIn in the page's language. */
export function useFormatTime(): (value: Date) => string {
  const intl = useIntl();
  const { locale } = useLocale();
  return (value) => formatTimeIn(intl, locale, value);
}

/** A count in the page's conventions (grouping separators), Latin digits. */
export function useFormatNumber(): (value: number) => string {
  const intl = useIntl();
  return (value) => intl.formatNumber(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Dates inside sentences the server wrote in the page's language (a playlist check's: 'The line expired on
 * 21 September 2020'), kept on one line as the portal's own dates are: their day, month and year joined by
 * no-break spaces. The months are the language's own (Intl's), so only dates match.
 */
export function useKeepDatesTogether(): (sentence: string) => string {
  const intl = useIntl();
  const { locale } = useLocale();
  const months = Array.from({ length: 12 }, (_, month) =>
    locale === DEFAULT_LOCALE
      ? formatDisplayDate(new Date(2000, month, 1)).split(' ')[1]!
      : intl.formatDate(new Date(2000, month, 1), { month: 'long' }),
  );
  const date = new RegExp(`(\\d{1,2}) (${months.map(escapeRegExp).join('|')}) (\\d{4})`, 'g');
  return (sentence) => sentence.replace(date, (whole) => keepTogether(whole));
}
