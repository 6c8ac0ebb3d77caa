/**
 * Head data for every route: the server writes it into the HTML it sends, so
 * link previews and crawlers see it without JavaScript, and the client updates it on navigation.
 * `{product}` is replaced by the configured product name.
 */
export interface HeadData {
  title: string;
  description: string;
  /** Path of the canonical URL, joined to the site's public URL. */
  canonicalPath: string;
  /** Path of the share image (1200x630). */
  ogImage: string;
  ogType: 'website' | 'article';
  twitterCard: 'summary' | 'summary_large_image';
  keywords: string;
  /** Portal and error pages are not for search engines. */
  noindex?: boolean;
}

export const DEFAULT_TITLE = 'Premium Media Player for M3U & M3U8 Playlists';
export const SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

const base = {
  ogImage: SHARE_IMAGE.path,
  ogType: 'website',
  twitterCard: 'summary_large_image',
  keywords: 'M3U player, M3U8 player, IPTV player, smart TV player, playlist player, {product}',
} as const;

const HEADS: Record<string, HeadData> = {
  '/': {
    ...base,
    title: 'premium media player',
    description:
      '{product} is a premium media player for smart TVs that plays your own M3U and M3U8 playlists. Try it free for 7 days.',
    canonicalPath: '/',
  },
  '/contact': {
    ...base,
    title: '{product} | Contact Us',
    description: 'Contact {product} for support, inquiries or feedback: send us a message, e-mail or call us.',
    canonicalPath: '/contact',
  },
  '/terms-and-conditions': {
    ...base,
    title: 'Terms and Conditions | {product}',
    description:
      'The terms for using {product}: a media player only, a 7-day free trial, licences without refunds, and activation within one hour.',
    canonicalPath: '/terms-and-conditions',
    ogType: 'article',
  },
  '/privacy-policy': {
    ...base,
    title: 'Privacy Policy | {product}',
    description: '{product} collects no personal data. Read what the portal stores to work and how to reach us.',
    canonicalPath: '/privacy-policy',
    ogType: 'article',
  },
  '/device/login': {
    ...base,
    title: 'Device Login | {product}',
    description: 'Sign in with your TV’s MAC address and device key to manage your playlists and activate your device.',
    canonicalPath: '/device/login',
    noindex: true,
  },
  '/link': {
    ...base,
    title: 'Link a TV | {product}',
    description: 'Approve the code your TV shows to sign it in to your device.',
    canonicalPath: '/link',
    noindex: true,
  },
};

const NOT_FOUND: HeadData = {
  ...base,
  title: 'Page not found | {product}',
  description: 'This page was not found.',
  canonicalPath: '/',
  noindex: true,
};

const PORTAL: HeadData = {
  ...base,
  title: 'Dashboard | {product}',
  description: 'Manage your playlists, device key, parent PIN and activation.',
  canonicalPath: '/dashboard',
  noindex: true,
};

const CARD_PAYMENT: HeadData = {
  ...base,
  title: 'Card payment | {product}',
  description: 'Pay for your device’s licence by card.',
  canonicalPath: '/dashboard/active-device',
  noindex: true,
};

function fill(head: HeadData, product: string): HeadData {
  const sub = (text: string) => text.replace(/\{product\}/g, product);
  return { ...head, title: sub(head.title), description: sub(head.description), keywords: sub(head.keywords) };
}

/** Head data for a path; `found: false` paths get the not-found page's. */
export function headFor(pathname: string, product: string, found = true): HeadData {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!found) return fill(NOT_FOUND, product);
  if (path === '/login') return fill(HEADS['/device/login'] as HeadData, product);
  const head =
    HEADS[path] ??
    (path.startsWith('/cowpay/checkout/')
      ? CARD_PAYMENT
      : path.startsWith('/dashboard') || path.startsWith('/cowpay')
        ? PORTAL
        : undefined);
  return fill(
    head ?? { ...base, title: DEFAULT_TITLE, description: HEADS['/']!.description, canonicalPath: path },
    product,
  );
}
