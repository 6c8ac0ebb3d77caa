import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { routes } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

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

async function start(root: HTMLElement) {
  const app = (router: ReturnType<typeof createBrowserRouter>) => (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (root.hasChildNodes()) {
    await loadMatchedRoutes();
    hydrateRoot(root, app(createBrowserRouter(routes)));
  } else {
    createRoot(root).render(app(createBrowserRouter(routes)));
  }
}

void start(container);
