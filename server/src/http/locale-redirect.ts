import type { Request, RequestHandler } from 'express';
import { DEFAULT_LOCALE, LOCALE_COOKIE, localizePath, preferredLocale, splitLocalePath } from '../../../common/i18n';
import { isClientRoute } from '../../../common/routes';
import type { Localizer } from '../i18n/localizer';

/** The language the visitor chose with the switcher (the `lang` cookie), if any. */
function rememberedLocale(req: Request): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(req.headers.cookie ?? '');
  return match?.[1]?.trim();
}

/**
 * A page asked for at its English path by a visitor whose language is another of ours goes to that language's
 * path (302): the language they chose with the switcher, or, never having chosen, the first of ours their browser
 * asks for. A page asked for under a language's tag is always in that language (the URL comes first), and a
 * visitor who chose English stays on English paths whatever their browser says. The answer depends on both
 * headers, and says so (Vary), so no cache hands one visitor's language to another.
 */
export function localeRedirect(localizer: Localizer): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (splitLocalePath(req.path, localizer.locales).locale !== DEFAULT_LOCALE || !isClientRoute(req.path))
      return next();
    res.vary('Accept-Language');
    res.vary('Cookie');
    const locale = preferredLocale(localizer.locales, rememberedLocale(req), (locales) =>
      req.headers['accept-language'] ? req.acceptsLanguages(locales) : false,
    );
    if (locale === DEFAULT_LOCALE) return next();
    const query = req.originalUrl.indexOf('?');
    res.redirect(302, `${localizePath(locale, req.path)}${query >= 0 ? req.originalUrl.slice(query) : ''}`);
  };
}
