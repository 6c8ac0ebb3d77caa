import { useEffect, useState } from 'react';
import { type MessageDescriptor, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { siteConfig } from '../lib/siteConfig';
import { LanguageSwitcher } from './LanguageSwitcher';

// The header slides away once the visitor scrolls down past this point and returns when they scroll up.
const HIDE_AFTER_PX = 500;

interface NavItem {
  label: MessageDescriptor;
  to: string;
  /** Where the sign-in page goes next (a signed-in owner is sent on at once). */
  next?: string;
}

const NAV_LABELS = defineMessages({
  features: { id: 'site.nav.features', defaultMessage: 'FEATURES' },
  faqs: { id: 'site.nav.faqs', defaultMessage: 'FAQS' },
  contact: { id: 'site.nav.contact', defaultMessage: 'CONTACT' },
  activate: { id: 'site.nav.activate', defaultMessage: 'ACTIVATE DEVICE' },
  playlists: { id: 'site.nav.playlists', defaultMessage: 'MANAGE PLAYLISTS' },
});

const NAV_ITEMS: NavItem[] = [
  { label: NAV_LABELS.features, to: '/#features' },
  { label: NAV_LABELS.faqs, to: '/#faqs' },
  { label: NAV_LABELS.contact, to: '/contact' },
  // Both go to /device/login, as the spec has it; ACTIVATE DEVICE then lands on Activate Device, not the playlists.
  { label: NAV_LABELS.activate, to: '/device/login', next: '/dashboard/active-device' },
  { label: NAV_LABELS.playlists, to: '/device/login' },
];

function useHiddenOnScrollDown(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let lastY = window.scrollY;
    function onScroll() {
      const y = window.scrollY;
      setHidden(y > lastY && y > HIDE_AFTER_PX);
      lastY = y;
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}

export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M12 9.5v13l11-6.5z" fill="#000" />
      </svg>
      {/* The product's name reads left to right in every language. */}
      <bdi className="logo__text" dir="ltr">
        {siteConfig().productName}
      </bdi>
    </span>
  );
}

export function Header() {
  const intl = useIntl();
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useHiddenOnScrollDown();

  return (
    <header className={`site-header${hidden && !menuOpen ? ' site-header--hidden' : ''}`}>
      <div className="site-header__inner">
        <Link
          to="/"
          className="site-header__brand"
          aria-label={intl.formatMessage(
            { id: 'site.header.home', defaultMessage: '{product} home' },
            { product: siteConfig().productName },
          )}
        >
          <Logo />
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">
            {menuOpen
              ? intl.formatMessage({ id: 'site.header.closeMenu', defaultMessage: 'Close menu' })
              : intl.formatMessage({ id: 'site.header.openMenu', defaultMessage: 'Open menu' })}
          </span>
          <span className="hamburger" aria-hidden="true" />
        </button>
        <nav
          id="site-nav"
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          aria-label={intl.formatMessage({ id: 'site.nav.label', defaultMessage: 'Main' })}
        >
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to + (item.next ?? '')}>
                <Link
                  to={item.to}
                  state={item.next ? { next: item.next } : undefined}
                  className="site-nav__link"
                  onClick={() => setMenuOpen(false)}
                >
                  {intl.formatMessage(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="site-header__language" landmark />
      </div>
    </header>
  );
}
