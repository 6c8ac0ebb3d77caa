/**
 * Brand and contact values: configuration on the server (BRAND_NAME, CONTACT_EMAIL, ...),
 * written into every page as `<script id="site-config" type="application/json">` for the client. Nothing
 * secret belongs here: all of it reaches the browser.
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
  /**
   * The year of the footer's copyright line, as the server rendered the page (UTC). The browser keeps the page it
   * was sent whatever its own clock says (a TV's can be years off, and a visitor east of UTC reaches New Year
   * first): a year of its own would differ from the server's HTML, and React would throw the page away and render
   * it again, losing what the visitor had typed. Written by the page renderer, not configured; unset where no
   * server rendered the page (Vite's dev server, unit tests), where the browser's year is shown.
   */
  copyrightYear?: string;
}

/** The copyright year of a page rendered now. */
export function copyrightYearNow(): string {
  return String(new Date().getUTCFullYear());
}

/** The values used when nothing is configured (the server's defaults; the client's in tests and dev). */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  productName: 'M3U Player',
  contactEmail: 'support@m3uplayer.example',
  contactPhone: '+20 100 000 0000',
  chatNumber: '201000000000',
  liveChatScriptUrl: '',
  introVideoId: '',
};
