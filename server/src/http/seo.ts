import express, { type Router } from 'express';
import type { Config } from '../config';
import { PRERENDERED_PATHS } from './page-renderer';

/** robots.txt and sitemap.xml for the public pages; the portal is not for search engines. */
export function seoRouter(config: Config): Router {
  const router = express.Router();
  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /dashboard',
          'Disallow: /login',
          'Disallow: /device/',
          `Sitemap: ${config.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });
  router.get('/sitemap.xml', (_req, res) => {
    const urls = PRERENDERED_PATHS.map((p) => `  <url><loc>${config.publicUrl}${p}</loc></url>`).join('\n');
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });
  return router;
}
