import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { localeBasename, splitLocalePath } from '../../common/i18n';
import { LocaleProvider } from './i18n/LocaleProvider';
import { LOCALES, loadMessages } from './i18n/locale';
import { routes } from './routes';

/**
 * The server renders public pages into #root. Hydrating them needs the same components on the first render,
 * so the code of the matched lazy routes is loaded before the router starts.
 */
async function loadMatchedRoutes(basename: string): Promise<void> {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Starts the portal's app (the data router with every route, Apollo Client under the portal's pages) in `root`:
 * on a portal page the server sent, or when the public pages' app hands over to it (publicApp.tsx).
 */
export async function startPortal(root: HTMLElement) {
  // The page's language is its URL's (`/ar/dashboard`); the router sees the path without it.
  const { locale } = splitLocalePath(window.location.pathname, LOCALES);
  const basename = localeBasename(locale);
  const app = (router: ReturnType<typeof createBrowserRouter>) => (
    <StrictMode>
      <LocaleProvider locale={locale}>
        <RouterProvider router={router} />
      </LocaleProvider>
    </StrictMode>
  );
  const messages = loadMessages(locale, ['site', 'portal']);
  if (root.hasChildNodes()) {
    await Promise.all([loadMatchedRoutes(basename), messages]);
    // The page is already on screen: hydrating it is a transition, which React does in slices of a few
    // milliseconds, yielding to the browser between them. A phone then never blocks on one long task, and a
    // tap or keystroke during hydration is handled first (React hydrates the part that was touched first).
    startTransition(() => {
      hydrateRoot(root, app(createBrowserRouter(routes, { basename })));
    });
  } else {
    await messages.catch(() => undefined);
    createRoot(root).render(app(createBrowserRouter(routes, { basename })));
  }
}
