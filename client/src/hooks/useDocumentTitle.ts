import { useEffect } from 'react';
import { siteConfig } from '../lib/siteConfig';

/** Sets the browser tab's title while the calling page is shown, and gives the old one back afterwards. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    // A nested screen (the dashboard's not-found page) hands the title back to its layout when it goes.
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** A page's title in the site's 'Page | Product' form. */
export function pageTitle(page: string): string {
  return `${page} | ${siteConfig().productName}`;
}
