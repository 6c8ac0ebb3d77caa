import { useEffect } from 'react';
import { headFor } from '../../../common/head';
import { localizePath } from '../../../common/i18n';
import { useLocale } from '../i18n/LocaleProvider';
import { siteConfig } from '../lib/siteConfig';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/**
 * Keeps the document head in step with the page shown: the same head data (common/head.ts) the server wrote
 * into the first HTML, updated on client-side navigation.
 */
export function usePageHead(path: string, found = true) {
  const { locale, text } = useLocale();
  useEffect(() => {
    const previousTitle = document.title;
    const { productName } = siteConfig();
    const head = headFor(path, productName, found, text);
    const canonical = new URL(localizePath(locale, head.canonicalPath), window.location.origin).toString();
    document.title = head.title;
    setMeta('name', 'description', head.description);
    setMeta('name', 'keywords', head.keywords);
    setMeta('name', 'robots', head.noindex ? 'noindex' : 'index, follow');
    setMeta('property', 'og:title', head.title);
    setMeta('property', 'og:description', head.description);
    setMeta('property', 'og:type', head.ogType);
    setMeta('property', 'og:url', canonical);
    setMeta('name', 'twitter:card', head.twitterCard);
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = canonical;
    // A nested page (the dashboard's not-found page) hands the title back to its layout when it goes.
    return () => {
      document.title = previousTitle;
    };
  }, [path, found, locale, text]);
}
