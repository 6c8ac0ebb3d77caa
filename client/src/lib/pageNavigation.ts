/**
 * Leaving the app for another site. Kept in one object so tests can replace what jsdom cannot do (navigate
 * the window) and check where the owner would have gone.
 */
export const pageNavigation = {
  /** Sends the browser to a provider's checkout page; this page unloads. */
  redirect(url: string): void {
    window.location.assign(url);
  },
  /** Opens a page in a new tab. A blocked popup is not reported with 'noopener', hence a link beside it. */
  openInNewTab(url: string): void {
    window.open(url, '_blank', 'noopener');
  },
};
