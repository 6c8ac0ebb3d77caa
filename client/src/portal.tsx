import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { routes } from './routes';

/**
 * The server renders public pages into #root. Hydrating them needs the same components on the first render,
 * so the code of the matched lazy routes is loaded before the router starts.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
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
  const app = (router: ReturnType<typeof createBrowserRouter>) => (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (root.hasChildNodes()) {
    await loadMatchedRoutes();
    // The page is already on screen: hydrating it is a transition, which React does in slices of a few
    // milliseconds, yielding to the browser between them. A phone then never blocks on one long task, and a
    // tap or keystroke during hydration is handled first (React hydrates the part that was touched first).
    startTransition(() => {
      hydrateRoot(root, app(createBrowserRouter(routes)));
    });
  } else {
    createRoot(root).render(app(createBrowserRouter(routes)));
  }
}
