import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CSP_NONCE_PLACEHOLDER } from '../../../common/csp';
import { headFor, INDEXABLE_PATHS, SHARE_IMAGE, type HeadData } from '../../../common/head';
import { DEFAULT_LOCALE, localizePath, splitLocalePath, textDirection } from '../../../common/i18n';
import { isClientRoute } from '../../../common/routes';
import { copyrightYearNow, type SiteConfig } from '../../../common/site';
import { localizer as productLocalizer, type Localizer } from '../i18n/localizer';
import type { Config } from '../config';
import type { Logger } from '../logger';

const NONCE_ATTRIBUTE = `nonce="${CSP_NONCE_PLACEHOLDER}"`;

/**
 * A kept page as one response sends it: the placeholder in its `nonce` attributes replaced by that response's
 * CSP nonce (res.locals.cspNonce, the one its Content-Security-Policy header allows; security-headers.ts).
 */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll(NONCE_ATTRIBUTE, `nonce="${nonce}"`);
}

type SsrModule = {
  render(url: string, site: Config['site'], signIn?: SignInState): Promise<{ html: string; status: number }>;
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside a <script> element (no `</script>`, no HTML comment openers). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A page's URL in a language: English at its own path, another language under its tag. */
function pageUrl(publicUrl: string, locale: string, path: string): string {
  return new URL(localizePath(locale, path), `${publicUrl}/`).toString();
}

/**
 * The page's address in each language, for search engines (hreflang alternates, and x-default: the English
 * page, where a visitor whose language is none of ours lands). Pages that are not for search engines have none.
 */
function alternateLinks(head: HeadData, publicUrl: string, locales: readonly string[]): string[] {
  if (head.noindex) return [];
  const link = (hreflang: string, locale: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(pageUrl(publicUrl, locale, head.canonicalPath))}" />`;
  return [...locales.map((locale) => link(locale, locale)), link('x-default', DEFAULT_LOCALE)];
}

/** A language as Open Graph names it, language_TERRITORY ('ar_EG', 'en_US'), its likeliest region from Intl. */
function openGraphLocale(locale: string): string {
  try {
    const likely = new Intl.Locale(locale).maximize();
    return likely.region ? `${likely.language}_${likely.region}` : likely.language;
  } catch {
    return locale;
  }
}

function headTags(
  head: HeadData,
  publicUrl: string,
  productName: string,
  locale: string,
  locales: readonly string[],
): string {
  const canonical = pageUrl(publicUrl, locale, head.canonicalPath);
  const image = new URL(head.ogImage, `${publicUrl}/`).toString();
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords),
    meta('name', 'robots', head.noindex ? 'noindex' : 'index, follow'),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...alternateLinks(head, publicUrl, locales),
    meta('property', 'og:site_name', productName),
    meta('property', 'og:locale', openGraphLocale(locale)),
    ...locales
      .filter((other) => other !== locale)
      .map((other) => meta('property', 'og:locale:alternate', openGraphLocale(other))),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('name', 'twitter:card', head.twitterCard),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
  ].join('\n    ');
}

export interface RenderedPage {
  status: number;
  html: string;
}

/** What the sign-in screen is sent with (client/src/lib/signInState.ts). */
export interface SignInState {
  captcha?: { svg: string; token: string };
  macAddress?: string;
  error?: string;
}

function prepareTemplate(file: string): string {
  let template = readFileSync(file, 'utf8')
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
  // The nonce the client gives the scripts it adds (PayPal's SDK): Vite's build writes this meta element, an
  // index.html built without html.cspNonce would lack it.
  if (!template.includes('property="csp-nonce"'))
    template = template.replace('</head>', `  <meta property="csp-nonce" ${NONCE_ATTRIBUTE} />\n  </head>`);
  return template;
}

/**
 * Builds the HTML the server sends for every client route: a built page (site.html for the public pages, the
 * sign-in screen and the not-found page, which the server renders with React and the browser hydrates with a
 * light router; index.html for the portal's pages, which depend on the session and render in the browser) with
 * that route's head data (title, description, canonical URL, share tags) and the site's brand values for the
 * scripts. Pages are rendered once and kept until the year changes (their footer's copyright year is the server's,
 * common/site.ts), except the sign-in screen: it carries a new captcha each time.
 */
export class PageRenderer {
  private readonly cache = new Map<string, RenderedPage>();
  private cachedYear = copyrightYearNow();
  private templates: { portal: string; site: string } | undefined;
  private ssr: SsrModule | undefined;

  constructor(
    private readonly clientDir: string,
    private readonly ssrEntry: string,
    private readonly config: Config,
    private readonly logger: Logger,
    readonly localizer: Localizer = productLocalizer(),
  ) {}

  get built(): boolean {
    return this.templates !== undefined;
  }

  /** Reads the build and renders the public pages, so the first visitor does not wait. */
  async init(): Promise<void> {
    const indexFile = path.join(this.clientDir, 'index.html');
    if (!existsSync(indexFile)) return;
    const siteFile = path.join(this.clientDir, 'site.html');
    const portal = prepareTemplate(indexFile);
    this.templates = { portal, site: existsSync(siteFile) ? prepareTemplate(siteFile) : portal };
    if (existsSync(this.ssrEntry)) {
      // The renderer is an ES module built by Vite; the server is CommonJS, so it is loaded with import().
      this.ssr = (await import(pathToFileURL(this.ssrEntry).href)) as SsrModule;
    } else {
      this.logger.warn({ ssrEntry: this.ssrEntry }, 'no server renderer built: pages are sent without content');
    }
    for (const locale of this.localizer.locales) {
      for (const pagePath of INDEXABLE_PATHS) await this.page(localizePath(locale, pagePath));
      await this.page(localizePath(locale, '/__not-found__'));
    }
  }

  /**
   * The page for a path, in the language of the path (`/ar/contact`: Arabic): status 200 for client routes, 404
   * (with the not-found page) for anything else.
   */
  async page(pathname: string): Promise<RenderedPage> {
    const { locale, path } = splitLocalePath(pathname, this.localizer.locales);
    const year = copyrightYearNow();
    if (year !== this.cachedYear) {
      this.cache.clear();
      this.cachedYear = year;
    }
    const pageKey = cacheKey(path);
    const key = `${locale}:${pageKey}`;
    let page = this.cache.get(key);
    if (!page) {
      page = await this.build(locale, pageKey === '404' ? path : pageKey, pageKey !== '404');
      this.cache.set(key, page);
    }
    return page;
  }

  /** The sign-in screen with this request's captcha (and, after a refused form post, what was typed and why). */
  async signInPage(pathname: string, state: SignInState, status = 200): Promise<RenderedPage> {
    const { locale, path } = splitLocalePath(pathname, this.localizer.locales);
    const page = await this.build(locale, path, true, state);
    return { ...page, status };
  }

  private async build(locale: string, pathname: string, found: boolean, signIn?: SignInState): Promise<RenderedPage> {
    if (!this.templates) throw new Error('The web client is not built');
    const { publicUrl } = this.config;
    // The page's own values: the configured brand, and the year it is rendered in for the footer. The browser
    // renders the footer with this year too, whatever its clock says.
    const site: SiteConfig = { ...this.config.site, copyrightYear: copyrightYearNow() };
    const head = headFor(pathname, site.productName, found, (english, values) =>
      this.localizer.text(locale, english, values),
    );
    // The server renders the indexable pages' content (common/head.ts); portal pages depend on the session.
    const serverRendered = !found || INDEXABLE_PATHS.includes(pathname) || signIn !== undefined;
    let body = '';
    if (this.ssr && serverRendered) {
      const url = `${publicUrl}${localizePath(locale, found ? pathname : '/__not-found__')}`;
      try {
        body = (await this.ssr.render(url, site, signIn)).html;
      } catch (err) {
        // The browser can still render the page itself.
        this.logger.error({ err, pathname }, 'server rendering failed');
      }
    }
    const state = signIn
      ? `\n    <script id="sign-in-state" type="application/json">${scriptJson(signIn)}</script>`
      : '';
    const template = serverRendered ? this.templates.site : this.templates.portal;
    const html = template
      // The page's language and direction: right to left for Arabic, from Intl's own data.
      .replace(/<html lang="[^"]*">/, `<html lang="${locale}" dir="${textDirection(locale)}">`)
      .replace(
        '</head>',
        `    ${headTags(head, publicUrl, site.productName, locale, this.localizer.locales)}\n    <script id="site-config" type="application/json">${scriptJson(site)}</script>${state}\n  </head>`,
      )
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
    return { status: found ? 200 : 404, html };
  }
}

/**
 * One cache entry per page the app can show: the client routes are a fixed list except the dashboard and
 * checkout paths, which share one page each; every unknown path shares the not-found page.
 */
function cacheKey(pathname: string): string {
  if (!isClientRoute(pathname)) return '404';
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.startsWith('/dashboard')) return '/dashboard';
  if (path.startsWith('/cowpay/checkout/')) return '/cowpay/checkout';
  return path;
}
