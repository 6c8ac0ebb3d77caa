import { Link } from 'react-router-dom';
import { Logo } from './Header';
import { LanguageSwitcher } from './LanguageSwitcher';
import { messagingAppUrl, phoneHref } from '../lib/contactLinks';
import { siteConfig } from '../lib/siteConfig';

/** The shared footer: contact e-mail, phone, messaging app, copyright and the legal pages. */
export function Footer() {
  const { productName, contactEmail, contactPhone, chatNumber } = siteConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>Premium Media Player for M3U &amp; M3U8 Playlists</p>
        </div>
        <address className="site-footer__contact">
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          {contactPhone && <a href={phoneHref(contactPhone)}>{contactPhone}</a>}
          <a href={messagingAppUrl(chatNumber)} target="_blank" rel="noopener noreferrer">
            Chat with us on WhatsApp
          </a>
        </address>
        <nav aria-label="Legal" className="site-footer__links">
          <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/contact">Contact</Link>
        </nav>
        <LanguageSwitcher className="site-footer__language" />
      </div>
      <p className="site-footer__copyright">
        © {year} {productName}. All rights reserved.
      </p>
    </footer>
  );
}
