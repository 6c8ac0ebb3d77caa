import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
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
  const app = (
    <StrictMode>
      <BrowserRouter>
        <PublicApp enterPortal={enterPortal} />
      </BrowserRouter>
    </StrictMode>
  );
  if (element.hasChildNodes()) {
    // The page's code first, so the first render is the server's HTML and not a spinner.
    await preloadPublicPage(window.location.pathname);
    // The page is already on screen: hydrating it is a transition, which React does in slices of a few
    // milliseconds, yielding to the browser between them, so a phone never blocks on one long task, and a tap
    // or key during hydration is handled first.
    startTransition(() => {
      hydrateRoot(element, app);
    });
  } else {
    createRoot(element).render(app);
  }
}

void start(container);
