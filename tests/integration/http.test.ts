import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('HTTP surface', () => {
  it('answers the health and readiness probes', async () => {
    const client = server.client();
    expect((await client.request('GET', '/healthz')).json).toEqual({ status: 'ok' });
    const ready = await client.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json.database).toBe('reachable');
  });

  it('serves the app for client routes and a 404 for anything else', async () => {
    const client = server.client();
    for (const route of ['/', '/device/login', '/login', '/dashboard', '/dashboard/account', '/contact']) {
      const res = await client.request('GET', route);
      expect([route, res.status]).toEqual([route, 200]);
      expect(res.text).toContain('<div id="root">');
      // The sign-in screen carries a captcha made for that load: never kept, nor brought back from a cache.
      expect([route, res.headers.get('cache-control')]).toEqual([
        route,
        /login$/.test(route) ? 'no-store' : 'no-cache',
      ]);
    }
    const missing = await client.request('GET', '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<div id="root">');
    expect((await client.request('GET', '/frontend/no-such-call')).json.message).toBe('No such API path.');
    // Other methods on pages and unknown paths: a JSON 404, not Express's "Cannot POST /contact" page.
    for (const [method, path] of [
      ['POST', '/contact'],
      ['PUT', '/no-such-page'],
      ['DELETE', '/'],
    ] as const) {
      const res = await client.request(method, path, { body: { a: 1 } });
      expect({ method, path, status: res.status, json: res.json }).toEqual({
        method,
        path,
        status: 404,
        json: { status: 'error', message: 'No such path.' },
      });
    }
  });

  it('answers a file of the built client that does not exist as any unknown path: a JSON 404 saying so', async () => {
    const client = server.client();
    const notFound = { status: 404, json: { status: 'error', message: 'No such path.' } };
    for (const [method, path] of [
      ['GET', '/assets/index-0000.js'],
      ['GET', '/assets/'],
      ['GET', '/assets/fonts/none.woff2'],
      // A path that tries to leave the folder finds nothing either.
      ['GET', '/assets/..%2f..%2fpackage.json'],
      ['POST', '/assets/index-0000.js'],
    ] as const) {
      const res = await client.request(method, path);
      expect({ method, path, status: res.status, json: res.json }).toEqual({ method, path, ...notFound });
      // The product's own headers: its CSP, kept by no cache.
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const head = await client.request('HEAD', '/assets/index-0000.js');
    expect([head.status, head.headers.get('content-type')]).toEqual([404, 'application/json; charset=utf-8']);
  });

  it('sends security headers and hides the framework', async () => {
    const res = await server.client().request('GET', '/');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // only in production, behind HTTPS
  });

  it('offers Apollo Sandbox on /graphql to a browser outside production', async () => {
    const res = await server.client().request('GET', '/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.text).toContain('embeddable-sandbox');
  });
});

describe('head data in the HTML the server sends', () => {
  it('gives each route its title, description, canonical URL and share tags, and the brand values', async () => {
    const contact = await server.client().request('GET', '/contact');
    expect(contact.text).toContain('<title>M3U Player | Contact Us</title>');
    expect(contact.text).toMatch(
      /<meta name="description" content="Contact M3U Player for support, inquiries or feedback/,
    );
    expect(contact.text).toMatch(/<link rel="canonical" href="http:\/\/localhost:0\/contact" \/>/);
    expect(contact.text).toMatch(/<meta property="og:image" content="http:\/\/localhost:0\/og-image.png" \/>/);
    expect(contact.text).toContain('<meta property="og:image:width" content="1200" />');
    expect(contact.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(contact.text).toMatch(/<script id="site-config" type="application\/json">\{"productName":"M3U Player"/);

    const landing = await server.client().request('GET', '/');
    expect(landing.text).toContain('<title>premium media player</title>');
    expect(landing.text).toContain('<meta name="robots" content="index, follow" />');
    const missing = await server.client().request('GET', '/no/such/page');
    expect(missing.text).toContain('<title>Page not found | M3U Player</title>');
    expect(missing.text).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('the copyright year a page is sent with', () => {
  const ALL_TIMERS_BUT_DATE = [
    'hrtime',
    'nextTick',
    'performance',
    'queueMicrotask',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'requestIdleCallback',
    'cancelIdleCallback',
    'setImmediate',
    'clearImmediate',
    'setInterval',
    'clearInterval',
    'setTimeout',
    'clearTimeout',
  ] as const;
  afterEach(() => jest.useRealTimers());

  const yearOf = async (path: string) => {
    const html = (await server.client().request('GET', path)).text;
    const config = /<script id="site-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    return (JSON.parse(config ?? '{}') as { copyrightYear?: string }).copyrightYear;
  };

  it("is the server's, and a kept page is rendered again once the year has turned", async () => {
    // The browser shows this year in the footer whatever its own clock says: it must be the server's, and kept
    // pages must not go on saying last year.
    jest.useFakeTimers({ doNotFake: [...ALL_TIMERS_BUT_DATE], now: new Date('2026-12-31T23:59:50Z') });
    expect(await yearOf('/contact')).toBe('2026');
    expect(await yearOf('/ar')).toBe('2026');
    jest.setSystemTime(new Date('2027-01-01T00:00:05Z'));
    expect(await yearOf('/contact')).toBe('2027');
    expect(await yearOf('/ar')).toBe('2027');
    expect(await yearOf('/dashboard')).toBe('2027');
  });
});

describe('search engines', () => {
  it('get a robots.txt that keeps them out of the portal, and a sitemap of the public pages', async () => {
    const robots = await server.client().request('GET', '/robots.txt');
    expect(robots.text).toContain('Disallow: /dashboard');
    expect(robots.text).toContain('Sitemap: http://localhost:0/sitemap.xml');
    const sitemap = await server.client().request('GET', '/sitemap.xml');
    for (const path of ['/', '/contact', '/terms-and-conditions', '/privacy-policy']) {
      expect(sitemap.text).toContain(`<loc>http://localhost:0${path}</loc>`);
    }
  });

  it('receive pages and scripts compressed when they accept it', async () => {
    const res = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});
