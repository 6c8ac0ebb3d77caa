import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Header } from './Header';
import { Footer } from './Footer';
import '../styles/base.css';
import '../styles/layout.css';

/** The frame every page shares: fixed header, the page, footer. */
export function SiteLayout() {
  // Pages load on first visit; a thin bar says so while the next page's code arrives.
  const loading = useNavigation().state === 'loading';
  return (
    <div className="site">
      {loading && <div className="nav-progress" role="progressbar" aria-label="Loading page" />}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {/* Each route change starts at the top of the page; hash links scroll to their target. */}
      <ScrollRestoration />
    </div>
  );
}
