import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { localeBasename, splitLocalePath } from '../../common/i18n';
import { LocaleProvider } from './i18n/LocaleProvider';
import { LOCALES } from './i18n/locale';
import { PublicApp, preloadPublicPage } from './publicApp';

// The public pages and the sign-in screen (site.html): sent rendered by the server, made interactive here.
const container = document.getElementById('root');
if (!container) throw new Error('site.html has no #root element');

/**
 * Hands over to the portal's page (index.html): loads the URL the router moved to. A reload keeps the history
 * entry's state (the sign-in's welcome, a payment's outcome, where to go next), which the portal's router reads.
 */
function enterPortal() {
  window.location.reload();
}

async function start(element: HTMLElement) {
  // The page's language is its URL's (`/ar/contact`); the router sees the path without it.
  const { locale, path } = splitLocalePath(window.location.pathname, LOCALES);
  const app = (
    <StrictMode>
      <LocaleProvider locale={locale}>
        <BrowserRouter basename={localeBasename(locale)}>
          <PublicApp enterPortal={enterPortal} />
        </BrowserRouter>
      </LocaleProvider>
    </StrictMode>
  );
  const loading = preloadPublicPage(path, locale);
  if (element.hasChildNodes()) {
    // The page's code and words first, so the first render is the server's HTML and not a spinner.
    await loading;
    // The page is already on screen: hydrating it is a transition, which React does in slices of a few
    // milliseconds, yielding to the browser between them, so a phone never blocks on one long task, and a tap
    // or key during hydration is handled first.
    startTransition(() => {
      hydrateRoot(element, app);
    });
  } else {
    await loading.catch(() => undefined);
    createRoot(element).render(app);
  }
}

void start(container);
