import { useIntl } from 'react-intl';
import { formatDisplayDate } from '../../../common/dates';
import { DEFAULT_LOCALE } from '../../../common/i18n';
import { useLocale } from './LocaleProvider';

type DateInput = string | number | Date | null | undefined;

/**
 * Dates as people read them in the page's language: English keeps the specification's 'day Mon. year'
 * ('21 Nov. 2026'); another language gets Intl's day, month name and year in its own order and words
 * ('21 نوفمبر 2026'), with Latin digits (client/src/i18n/locale.ts formattingLocale says why).
 */
export function useFormatDate(): (value: DateInput) => string {
  const intl = useIntl();
  const { locale } = useLocale();
  return (value) => {
    if (locale === DEFAULT_LOCALE) return formatDisplayDate(value);
    const date = value instanceof Date ? value : new Date(value ?? Number.NaN);
    if (Number.isNaN(date.getTime())) return formatDisplayDate(value);
    return intl.formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' });
  };
}

/** A count in the page's conventions (grouping separators), Latin digits. */
export function useFormatNumber(): (value: number) => string {
  const intl = useIntl();
  return (value) => intl.formatNumber(value);
}
