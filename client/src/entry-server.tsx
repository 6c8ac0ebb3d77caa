import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from './routes';
import { setSiteConfig, type SiteConfig } from './lib/siteConfig';

/**
 * Renders a public page to HTML on the server (built with `vite build --ssr`), so visitors read it before any
 * JavaScript runs and link previews and crawlers see its content. The browser then hydrates it (main.tsx).
 */
export async function render(url: string, site: SiteConfig): Promise<{ html: string; status: number }> {
  setSiteConfig(site);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { html: '', status: context.status };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      {/* No inline hydration script: the pages have no loader data, and the CSP allows no inline script. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return { html, status: context.statusCode };
}
