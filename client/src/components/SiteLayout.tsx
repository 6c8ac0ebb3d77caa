import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type Location, Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Header } from './Header';
import { Footer } from './Footer';
import { PreloadGate } from './PreloadGate';
import { ChatWidget, useChatGreeting } from './chat/ChatWidget';
import { useKeepFocusedFieldClear } from './chat/keepClear';
import { useLtrText } from './Bidi';
import { useExternalScript } from '../hooks/useExternalScript';
import { useHashScroll } from '../hooks/useHashScroll';
import { siteConfig } from '../lib/siteConfig';
import { useLocale } from '../i18n/LocaleProvider';
import { keepTogether } from '../i18n/format';
import { textDirection } from '../../../common/i18n';
import '../styles/base.css';
import '../styles/layout.css';
// The server sends these pages rendered; their styles must be in the first stylesheet or they would jump
// when the page's own code arrives.
import '../styles/legal.css';
import '../styles/contact.css';
import '../styles/landing.css';
import '../styles/sign-in.css';
import '../styles/forms.css';

/** The two chat widgets of the frame: one business number, the product as the account. */
function SiteChatWidgets() {
  const intl = useIntl();
  const ltr = useLtrText();
  const greeting = useChatGreeting();
  const { locale } = useLocale();
  useKeepFocusedFieldClear();
  const { chatNumber, productName } = siteConfig();
  // The spec's greeting, then an invitation to ask about the product; the input itself starts empty.
  const chatMessage = `${greeting}\n${intl.formatMessage(
    { id: 'site.chat.askAbout', defaultMessage: 'Ask us anything about {product}.' },
    // The product's name never breaks across lines (docs/i18n.md), at 320 px either.
    { product: ltr(keepTogether(productName)) },
  )}`;
  const shared = {
    phoneNumber: chatNumber,
    accountName: productName,
    avatar: '/favicon.svg',
    chatMessage,
    darkMode: true,
    allowEsc: true,
    allowClickAway: true,
  };
  // Two buttons on one number: each is named by where it sits (the second at the line's start: left in English,
  // right in Arabic), so a screen reader's list of buttons tells them apart.
  const rtl = textDirection(locale) === 'rtl';
  const named = (side: 'left' | 'right') =>
    intl.formatMessage(
      {
        id: 'site.chat.openSide',
        defaultMessage: 'Open chat with {name}, {side, select, left {left button} other {right button}}',
      },
      { name: productName, side },
    );
  return (
    <>
      <ChatWidget {...shared} buttonLabel={named(rtl ? 'left' : 'right')} />
      <ChatWidget {...shared} buttonLabel={named(rtl ? 'right' : 'left')} className="chat-widget--left" />
    </>
  );
}

/**
 * Every page load's first entry has the key 'default', so by key alone a fresh load of one page would restore the
 * position saved for another page opened before in the same tab. The path keeps those apart.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

/**
 * The frame every page shares: fixed header, the page, footer, the chat widgets. Used by both ways the site
 * runs: the portal's data router (SiteLayout below) and the public pages' lighter router (publicApp.tsx).
 */
export function SiteFrame({ children, loading = false }: { children: ReactNode; loading?: boolean }) {
  const intl = useIntl();
  useExternalScript(siteConfig().liveChatScriptUrl);
  useHashScroll();
  return (
    <div className="site">
      {loading && (
        <div
          className="nav-progress"
          role="progressbar"
          aria-label={intl.formatMessage({ id: 'site.loadingPage', defaultMessage: 'Loading page' })}
        />
      )}
      <a className="skip-link" href="#main">
        <FormattedMessage id="site.skipLink" defaultMessage="Skip to content" />
      </a>
      <Header />
      <main id="main" className="site__main" tabIndex={-1}>
        <PreloadGate>{children}</PreloadGate>
      </main>
      <Footer />
      <SiteChatWidgets />
    </div>
  );
}

/** The frame under the portal's data router. */
export function SiteLayout() {
  // Pages load on first visit; a thin bar says so while the next page's code arrives.
  const loading = useNavigation().state === 'loading';
  return (
    <>
      <SiteFrame loading={loading}>
        <Outlet />
      </SiteFrame>
      {/* Each route change starts at the top of the page; a hash link's target already there is scrolled to here,
          one that appears later by useHashScroll. */}
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
