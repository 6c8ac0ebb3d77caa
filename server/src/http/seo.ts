import express, { type Router } from 'express';
import { INDEXABLE_PATHS } from '../../../common/head';
import { DEFAULT_LOCALE, localizePath } from '../../../common/i18n';
import type { Config } from '../config';

/**
 * robots.txt and sitemap.xml for the public pages, in every language; the portal is not for search engines. Each
 * URL of the sitemap lists its page in the other languages (and x-default, the English page), as Google reads
 * them (https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap).
 */
export function seoRouter(config: Config, locales: readonly string[]): Router {
  const router = express.Router();
  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          ...locales.flatMap((locale) =>
            ['/dashboard', '/login', '/device/'].map((path) => `Disallow: ${localizePath(locale, path)}`),
          ),
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });
  router.get('/sitemap.xml', (_req, res) => {
    const url = (locale: string, path: string) => `${config.publicUrl}${localizePath(locale, path)}`;
    const alternates = (path: string) =>
      [...locales.map((locale) => [locale, locale]), ['x-default', DEFAULT_LOCALE]]
        .map(
          ([hreflang, locale]) =>
            `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${url(locale!, path)}"/>`,
        )
        .join('\n');
    const urls = INDEXABLE_PATHS.flatMap((path) =>
      locales.map((locale) => `  <url>\n    <loc>${url(locale, path)}</loc>\n${alternates(path)}\n  </url>`),
    ).join('\n');
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
      );
  });
  return router;
}
