import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  languageName,
  localizePath,
  textDirection,
} from '../../../common/i18n';
import { useLocale } from '../i18n/LocaleProvider';
import { LOCALES } from '../i18n/locale';

/** Keeps the visitor's choice: the server sends English paths on to it from now on (http/locale-redirect.ts). */
function remember(locale: string) {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; samesite=lax${secure}`;
}

/**
 * The page you are on in each other language, each named in itself ('العربية', 'English'). A plain link, a full
 * page load: the page comes from the server in the new language and direction, and works with no script too.
 */
export function LanguageSwitcher({ className = '', landmark = false }: { className?: string; landmark?: boolean }) {
  const intl = useIntl();
  const { locale: current } = useLocale();
  const { pathname, search, hash } = useLocation();
  const others = LOCALES.filter((locale) => locale !== current);
  if (!others.length) return null;
  // One navigation landmark named 'Language' per page (the header's): the footer's and the dashboard's are the
  // same links again, and landmarks of one name would be indistinct to a screen reader.
  const Wrapper = landmark ? 'nav' : 'div';
  return (
    <Wrapper
      className={`language-switcher ${className}`.trim()}
      aria-label={landmark ? intl.formatMessage({ id: 'site.language.label', defaultMessage: 'Language' }) : undefined}
    >
      <ul>
        {others.map((locale) => (
          <li key={locale}>
            <a
              href={`${localizePath(locale, pathname)}${search}${hash}`}
              hrefLang={locale}
              lang={locale}
              dir={textDirection(locale)}
              onClick={() => remember(locale)}
            >
              {languageName(locale)}
            </a>
          </li>
        ))}
      </ul>
    </Wrapper>
  );
}
