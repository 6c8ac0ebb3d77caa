import { type ComponentType, lazy, type ReactElement, Suspense, useEffect, useLayoutEffect } from 'react';
import { Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { DEFAULT_LOCALE } from '../../common/i18n';
import { isClientRoute } from '../../common/routes';
import { loadMessages, type CatalogPart } from './i18n/locale';
import { SiteFrame } from './components/SiteLayout';
import { Spinner } from './components/Spinner';
import { UserProvider } from './hooks/useUser';
import { HandsOverToPortal } from './lib/handOver';
import { NotFoundPage } from './pages/NotFoundPage';

/**
 * The public pages and the sign-in screen, as the server sends them: rendered into the HTML, then made
 * interactive by a light router (React Router's declarative mode, a third of the data router's size) with no
 * GraphQL client. These are the pages people land on from a search or a link, often on a phone; the portal's
 * own code (Apollo Client, the dashboard, dialogs) loads only when they go into the portal (see `enterPortal`).
 */
type PageModule = { default: ComponentType };

const PAGES: Readonly<Record<string, () => Promise<PageModule>>> = {
  '/': () => import('./pages/LandingPage'),
  '/contact': () => import('./pages/ContactPage'),
  '/terms-and-conditions': () => import('./pages/TermsPage'),
  '/privacy-policy': () => import('./pages/PrivacyPage'),
  '/device/login': () => import('./pages/SignInPage'),
  '/login': () => import('./pages/SignInPage'),
};

/** The paths this app shows itself; every other client route is the portal's. */
export const PUBLIC_APP_PATHS = Object.keys(PAGES);

/** The parts of a translation a page shows besides the frame's (client/i18n-catalogs.mts). */
const PAGE_PARTS: Readonly<Record<string, CatalogPart[]>> = {
  '/': ['landing'],
  '/terms-and-conditions': ['legal'],
  '/privacy-policy': ['legal'],
};

// The language of this page load (its URL's): a page reached later loads its messages in it.
let appLocale = DEFAULT_LOCALE;

function messagesFor(path: string, locale: string): Promise<void> {
  return loadMessages(locale, ['site', ...(PAGE_PARTS[path] ?? [])]);
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

// The element for each page: the page itself once its code is here (the server renders with it, and the browser
// loads the current page's before hydrating, so the first render is the server's HTML, not a spinner), else a
// lazy one that loads it (a move to another page).
const elements = new Map<string, ReactElement>(
  Object.entries(PAGES).map(([path, load]) => {
    const Lazy = lazy(async () => (await Promise.all([load(), messagesFor(path, appLocale)]))[0]);
    return [
      path,
      <Suspense key={path} fallback={<Spinner />}>
        <Lazy />
      </Suspense>,
    ];
  }),
);
const preloaded = new Set<string>();

/**
 * Loads the code of the page at `pathname` (an app path, without its language segment) and its messages in
 * `locale`, so it renders without suspending (nothing but the frame's messages for other paths).
 */
export async function preloadPublicPage(pathname: string, locale: string): Promise<void> {
  appLocale = locale;
  const path = normalise(pathname);
  const load = PAGES[path];
  if (!load) return messagesFor(path, locale);
  if (preloaded.has(path)) return messagesFor(path, locale);
  const [{ default: Loaded }] = await Promise.all([load(), messagesFor(path, locale)]);
  preloaded.add(path);
  elements.set(path, <Loaded key={path} />);
}

/**
 * A path this app does not show. An unknown one is the not-found page. A portal page reached from here (the
 * header's ACTIVATE DEVICE, the dashboard after signing in) hands the page over to the portal's app, which reads
 * the same URL and history state; on a first load the server already sent the portal's page instead.
 */
function ElsewhereOrNotFound({ enterPortal }: { enterPortal: () => void }) {
  const { pathname, key } = useLocation();
  const portal = isClientRoute(pathname) && key !== 'default';
  useEffect(() => {
    if (portal) enterPortal();
  }, [portal, enterPortal]);
  return portal ? <Spinner /> : <NotFoundPage />;
}

/**
 * What React Router's ScrollRestoration does under the portal's router: each move to another page starts at its
 * top, and a move to a hash (the header's FEATURES, FAQS) scrolls to its target when it is on the page (one that
 * appears later is useHashScroll's). Back and forward are left to the browser, which restores the position.
 */
function ScrollOnMove() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === 'POP') return;
    if (hash.length > 1) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(hash.slice(1)));
      } catch {
        // A malformed hash names nothing.
      }
      target?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash, key, navigationType]);
  return null;
}

export function PublicApp({ enterPortal = () => undefined }: { enterPortal?: () => void }) {
  return (
    <HandsOverToPortal.Provider value>
      <UserProvider>
        <SiteFrame>
          <Routes>
            {PUBLIC_APP_PATHS.map((path) => (
              <Route key={path} path={path} element={elements.get(path)} />
            ))}
            <Route path="*" element={<ElsewhereOrNotFound enterPortal={enterPortal} />} />
          </Routes>
        </SiteFrame>
        <ScrollOnMove />
      </UserProvider>
    </HandsOverToPortal.Provider>
  );
}
