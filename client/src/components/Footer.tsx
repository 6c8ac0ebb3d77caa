import { Link } from 'react-router-dom';
import { Logo } from './Header';
import { PRODUCT_NAME } from '../hooks/useDocumentTitle';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p>Premium Media Player for M3U &amp; M3U8 Playlists</p>
        </div>
        <nav aria-label="Legal" className="site-footer__links">
          <Link to="/terms-and-conditions">Terms &amp; Conditions</Link>
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/contact">Contact</Link>
        </nav>
      </div>
      <p className="site-footer__copyright">
        © {year} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
