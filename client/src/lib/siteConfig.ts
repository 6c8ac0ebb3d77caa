import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../../../common/site';

export { DEFAULT_SITE_CONFIG, type SiteConfig };

// Read once from the block the server wrote into the page; the defaults apply when there is none (tests, Vite).
let cached: SiteConfig | undefined;

/** The server-side renderer sets the values before rendering (there is no page to read them from). */
export function setSiteConfig(config: SiteConfig): void {
  cached = config;
}

export function siteConfig(): SiteConfig {
  if (cached) return cached;
  let fromPage: Partial<SiteConfig> = {};
  const element = typeof document === 'undefined' ? null : document.getElementById('site-config');
  if (element?.textContent) {
    try {
      fromPage = JSON.parse(element.textContent) as Partial<SiteConfig>;
    } catch {
      // A broken block is ignored: the defaults keep the site working.
    }
  }
  cached = { ...DEFAULT_SITE_CONFIG, ...fromPage };
  return cached;
}
