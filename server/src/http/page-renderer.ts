import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { headFor, SHARE_IMAGE, type HeadData } from '../../../common/head';
import { isClientRoute } from '../../../common/routes';
import type { Config } from '../config';
import type { Logger } from '../logger';

/** The public pages whose content the server renders into the HTML (portal pages depend on the session). */
export const PRERENDERED_PATHS = ['/', '/contact', '/terms-and-conditions', '/privacy-policy'];

type SsrModule = { render(url: string, site: Config['site']): Promise<{ html: string; status: number }> };

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

function headTags(head: HeadData, publicUrl: string, productName: string): string {
  const canonical = new URL(head.canonicalPath, `${publicUrl}/`).toString();
  const image = new URL(head.ogImage, `${publicUrl}/`).toString();
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords),
    meta('name', 'robots', head.noindex ? 'noindex' : 'index, follow'),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', productName),
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

/**
 * Builds the HTML the server sends for every client route: the built index.html with that route's head data
 * (title, description, canonical URL, share tags), the site's brand values for the scripts, and for public
 * pages their content rendered by React on the server. Pages are rendered once per process and kept.
 */
export class PageRenderer {
  private readonly cache = new Map<string, RenderedPage>();
  private template: string | undefined;
  private ssr: SsrModule | undefined;

  constructor(
    private readonly clientDir: string,
    private readonly ssrEntry: string,
    private readonly config: Config,
    private readonly logger: Logger,
  ) {}

  get built(): boolean {
    return this.template !== undefined;
  }

  /** Reads the build and renders the public pages, so the first visitor does not wait. */
  async init(): Promise<void> {
    const indexFile = path.join(this.clientDir, 'index.html');
    if (!existsSync(indexFile)) return;
    this.template = readFileSync(indexFile, 'utf8')
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '');
    if (existsSync(this.ssrEntry)) {
      // The renderer is an ES module built by Vite; the server is CommonJS, so it is loaded with import().
      this.ssr = (await import(pathToFileURL(this.ssrEntry).href)) as SsrModule;
    } else {
      this.logger.warn({ ssrEntry: this.ssrEntry }, 'no server renderer built: pages are sent without content');
    }
    for (const pagePath of PRERENDERED_PATHS) await this.page(pagePath);
    await this.page('/__not-found__');
  }

  /** The page for a path: status 200 for client routes, 404 (with the not-found page) for anything else. */
  async page(pathname: string): Promise<RenderedPage> {
    const key = cacheKey(pathname);
    let page = this.cache.get(key);
    if (!page) {
      page = await this.build(key === '404' ? pathname : key, key !== '404');
      this.cache.set(key, page);
    }
    return page;
  }

  private async build(pathname: string, found: boolean): Promise<RenderedPage> {
    if (!this.template) throw new Error('The web client is not built');
    const { site, publicUrl } = this.config;
    const head = headFor(pathname, site.productName, found);
    let body = '';
    if (this.ssr && (!found || PRERENDERED_PATHS.includes(pathname))) {
      try {
        body = (await this.ssr.render(`${publicUrl}${found ? pathname : '/__not-found__'}`, site)).html;
      } catch (err) {
        // The browser can still render the page itself.
        this.logger.error({ err, pathname }, 'server rendering failed');
      }
    }
    const html = this.template
      .replace(
        '</head>',
        `    ${headTags(head, publicUrl, site.productName)}\n    <script id="site-config" type="application/json">${scriptJson(site)}</script>\n  </head>`,
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
