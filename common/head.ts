/**
 * Head data for every route: the server writes it into the HTML it sends, so
 * link previews and crawlers see it without JavaScript, and the client updates it on navigation.
 * `{product}` is replaced by the configured product name. Titles and descriptions are shared messages (common/i18n.ts
 * `text`), said in the page's language where the head is written.
 */
import { fillArguments, text } from './i18n';

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

export const DEFAULT_TITLE = text({
  id: 'msg.head.defaultTitle',
  defaultMessage: 'Premium Media Player for M3U & M3U8 Playlists',
});
export const SHARE_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

const base = {
  ogImage: SHARE_IMAGE.path,
  ogType: 'website',
  twitterCard: 'summary_large_image',
  keywords: text({
    id: 'msg.head.keywords',
    defaultMessage: 'M3U player, M3U8 player, IPTV player, smart TV player, playlist player, {product}',
  }),
} as const;

const HEADS: Record<string, HeadData> = {
  '/': {
    ...base,
    title: text({ id: 'msg.head.landing.title', defaultMessage: 'premium media player' }),
    description: text({
      id: 'msg.head.landing.description',
      defaultMessage:
        '{product} is a premium media player for smart TVs that plays your own M3U and M3U8 playlists. Try it free for 7 days.',
    }),
    canonicalPath: '/',
  },
  '/contact': {
    ...base,
    title: text({ id: 'msg.head.contact.title', defaultMessage: '{product} | Contact Us' }),
    description: text({
      id: 'msg.head.contact.description',
      defaultMessage: 'Contact {product} for support, inquiries or feedback: send us a message, e-mail or call us.',
    }),
    canonicalPath: '/contact',
  },
  '/terms-and-conditions': {
    ...base,
    title: text({ id: 'msg.head.terms.title', defaultMessage: 'Terms and Conditions | {product}' }),
    description: text({
      id: 'msg.head.terms.description',
      defaultMessage:
        'The terms for using {product}: a media player only, a 7-day free trial, licences without refunds, and activation within one hour.',
    }),
    canonicalPath: '/terms-and-conditions',
    ogType: 'article',
  },
  '/privacy-policy': {
    ...base,
    title: text({ id: 'msg.head.privacy.title', defaultMessage: 'Privacy Policy | {product}' }),
    description: text({
      id: 'msg.head.privacy.description',
      defaultMessage: '{product} collects no personal data. Read what the portal stores to work and how to reach us.',
    }),
    canonicalPath: '/privacy-policy',
    ogType: 'article',
  },
  '/device/login': {
    ...base,
    title: text({ id: 'msg.head.signIn.title', defaultMessage: 'Device Login | {product}' }),
    description: text({
      id: 'msg.head.signIn.description',
      defaultMessage:
        'Sign in with your TV’s MAC address and device key to manage your playlists and activate your device.',
    }),
    canonicalPath: '/device/login',
    noindex: true,
  },
  '/link': {
    ...base,
    title: text({ id: 'msg.head.link.title', defaultMessage: 'Link a TV | {product}' }),
    description: text({
      id: 'msg.head.link.description',
      defaultMessage: 'Approve the code your TV shows to sign it in to your device.',
    }),
    canonicalPath: '/link',
    noindex: true,
  },
};

/**
 * The pages for search engines, in every language: the server renders their content into the HTML it sends and
 * lists them in the sitemap with their language alternates. Every other page is `noindex`.
 */
export const INDEXABLE_PATHS: readonly string[] = Object.entries(HEADS)
  .filter(([, head]) => !head.noindex)
  .map(([path]) => path);

const NOT_FOUND: HeadData = {
  ...base,
  title: text({ id: 'msg.head.notFound.title', defaultMessage: 'Page not found | {product}' }),
  description: text({ id: 'msg.head.notFound.description', defaultMessage: 'This page was not found.' }),
  canonicalPath: '/',
  noindex: true,
};

const PORTAL: HeadData = {
  ...base,
  title: text({ id: 'msg.head.portal.title', defaultMessage: 'Dashboard | {product}' }),
  description: text({
    id: 'msg.head.portal.description',
    defaultMessage: 'Manage your playlists, device key, parent PIN and activation.',
  }),
  canonicalPath: '/dashboard',
  noindex: true,
};

const CARD_PAYMENT: HeadData = {
  ...base,
  title: text({ id: 'msg.head.cardPayment.title', defaultMessage: 'Card payment | {product}' }),
  description: text({
    id: 'msg.head.cardPayment.description',
    defaultMessage: 'Pay for your device’s licence by card.',
  }),
  canonicalPath: '/dashboard/active-device',
  noindex: true,
};

/** Says a head's English in the page's language, `{product}` filled (the server's Localizer, the client's text). */
export type HeadTranslator = (english: string, values: { product: string }) => string;

const inEnglish: HeadTranslator = fillArguments;

function fill(head: HeadData, product: string, translate: HeadTranslator): HeadData {
  const say = (english: string) => translate(english, { product });
  return { ...head, title: say(head.title), description: say(head.description), keywords: say(head.keywords) };
}

/**
 * The portal's pages, for its owner only: the dashboard, and the pages a payment provider sends the owner back to
 * (`/cowpayReturnUrl`, `/activation/crypto/redirect`, the legacy `/device/playlists`). Never search results.
 */
function isPortalPath(path: string): boolean {
  return (
    path.startsWith('/dashboard') ||
    path.startsWith('/cowpay') ||
    path.startsWith('/activation/') ||
    path === '/device/playlists'
  );
}

/**
 * Head data for a path (an app path, without its language segment); `found: false` paths get the not-found
 * page's. `translate` says it in the page's language (English by default).
 */
export function headFor(pathname: string, product: string, found = true, translate = inEnglish): HeadData {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!found) return fill(NOT_FOUND, product, translate);
  if (path === '/login') return fill(HEADS['/device/login'] as HeadData, product, translate);
  const head =
    HEADS[path] ?? (path.startsWith('/cowpay/checkout/') ? CARD_PAYMENT : isPortalPath(path) ? PORTAL : undefined);
  return fill(
    head ?? { ...base, title: DEFAULT_TITLE, description: HEADS['/']!.description, canonicalPath: path },
    product,
    translate,
  );
}
