/**
 * Brand and contact values (DESIGN section 6). The server writes them into every page it sends as
 * `<script id="site-config" type="application/json">`, from its configuration; the defaults below are used
 * when the page has none (tests, the Vite dev server).
 */
export interface SiteConfig {
  /** The product's name, shown in titles, the header and as the chat widgets' account name. */
  productName: string;
  contactEmail: string;
  /** Human-readable phone number for the footer and the contact page. */
  contactPhone: string;
  /** The messaging-app business number, digits only with the country code (used in the send link). */
  chatNumber: string;
  /** The third-party live-chat script; none is loaded when empty. */
  liveChatScriptUrl: string;
  /** The intro video's id on the external player; the section shows a plain image when empty. */
  introVideoId: string;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  productName: 'M3U Player',
  contactEmail: 'support@m3uplayer.example',
  contactPhone: '+20 100 000 0000',
  chatNumber: '201000000000',
  liveChatScriptUrl: '',
  introVideoId: '',
};

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
