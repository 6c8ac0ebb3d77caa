import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { localeBasename, splitLocalePath } from '../../common/i18n';
import { LocaleProvider } from './i18n/LocaleProvider';
import { LOCALES, translatorFor } from './i18n/locale';
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

/** Lets the browser paint and handle input before what follows: the rest runs in a task of its own. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has shown the page the server sent (its first contentful paint), so what follows
 * (fetching the page's code, hydrating) does not compete with it: with this script already at hand (a fast
 * connection, a cached visit) the browser would otherwise run it, and start those fetches, before painting. At
 * once in a hidden tab, which paints nothing until shown; after the next frame where paint timing is unknown.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  }
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(fallback);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page with nothing contentful to paint never reports one.
    const fallback = setTimeout(done, 300);
  });
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
  if (element.hasChildNodes()) {
    await afterFirstPaint();
    // The page's code and words first, so the first render is the server's HTML and not a spinner.
    await preloadPublicPage(path, locale);
    // The first use of Intl on a page loads the browser's locale data: about 10 ms on this machine, 40–60 on a
    // phone. react-intl's objects are made here, in a task of their own, so that cost does not land in one of
    // hydration's slices (where it made a long task that blocks input).
    await nextTask();
    translatorFor(locale);
    await nextTask();
    // The page is already on screen: hydrating it is a transition, which React does in slices of a few
    // milliseconds, yielding to the browser between them, so a phone never blocks on one long task, and a tap
    // or key during hydration is handled first.
    startTransition(() => {
      hydrateRoot(element, app);
    });
  } else {
    await preloadPublicPage(path, locale).catch(() => undefined);
    createRoot(element).render(app);
  }
}

void start(container);
