import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { siteConfig } from '../lib/siteConfig';
import { LanguageSwitcher } from './LanguageSwitcher';

// The header slides away once the visitor scrolls down past this point and returns when they scroll up.
const HIDE_AFTER_PX = 500;

interface NavItem {
  label: string;
  to: string;
  /** Where the sign-in page goes next (a signed-in owner is sent on at once). */
  next?: string;
}

const NAV_ITEMS: NavItem[] = [
  { label: 'FEATURES', to: '/#features' },
  { label: 'FAQS', to: '/#faqs' },
  { label: 'CONTACT', to: '/contact' },
  // Both go to /device/login, as the spec has it; ACTIVATE DEVICE then lands on Activate Device, not the playlists.
  { label: 'ACTIVATE DEVICE', to: '/device/login', next: '/dashboard/active-device' },
  { label: 'MANAGE PLAYLISTS', to: '/device/login' },
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
      <span className="logo__text">{siteConfig().productName}</span>
    </span>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useHiddenOnScrollDown();

  return (
    <header className={`site-header${hidden && !menuOpen ? ' site-header--hidden' : ''}`}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={`${siteConfig().productName} home`}>
          <Logo />
        </Link>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <span className="hamburger" aria-hidden="true" />
        </button>
        <nav id="site-nav" className={`site-nav${menuOpen ? ' site-nav--open' : ''}`} aria-label="Main">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <Link
                  to={item.to}
                  state={item.next ? { next: item.next } : undefined}
                  className="site-nav__link"
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher className="site-header__language" />
      </div>
    </header>
  );
}
