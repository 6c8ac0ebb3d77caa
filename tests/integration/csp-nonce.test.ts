import { CSP_NONCE_PLACEHOLDER } from '../../common/csp';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The pages' CSP nonce (PayPal's JS SDK best practices: a nonce for the SDK's own scripts, as data-csp-nonce):
 * pages are built once and kept, each response gets its own nonce, in its header and in its page alike.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A page as the browser gets it: the nonce its CSP allows in script-src, and the one its meta element carries. */
async function page(path: string) {
  const res = await server.client().request('GET', path);
  const csp = res.headers.get('content-security-policy') ?? '';
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src ')) ?? '';
  return {
    status: res.status,
    html: res.text,
    headerNonce: /'nonce-([^']+)'/.exec(scriptSrc)?.[1],
    metaNonce: /<meta property="csp-nonce" nonce="([^"]*)"/.exec(res.text)?.[1],
  };
}

describe('the CSP nonce of the pages', () => {
  it("puts each response's nonce in its page and in its CSP's script-src alike, never the placeholder", async () => {
    for (const path of ['/', '/contact', '/device/login', '/dashboard/activate-device', '/no-such-page']) {
      const answer = await page(path);
      expect({ path, headerNonce: answer.headerNonce }).toEqual({
        path,
        headerNonce: expect.stringMatching(/^[A-Za-z0-9+/]{22}==$/),
      });
      expect({ path, metaNonce: answer.metaNonce }).toEqual({ path, metaNonce: answer.headerNonce });
      expect(answer.html).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
  });

  it('gives two requests for the same page two different nonces (the page itself is kept built)', async () => {
    const first = await page('/');
    const second = await page('/');
    expect(first.metaNonce).toBeDefined();
    expect(second.metaNonce).not.toBe(first.metaNonce);
    expect(second.headerNonce).not.toBe(first.headerNonce);
    // Apart from the nonce, the same page.
    expect(second.html.replaceAll(second.metaNonce ?? '', 'N')).toBe(first.html.replaceAll(first.metaNonce ?? '', 'N'));
  });

  it("leaves Sandbox's page (/graphql) as it was: no CSP header from the site, Apollo's own nonce meta", async () => {
    const res = await server.client().request('GET', '/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.text).toContain('embeddable-sandbox');
    expect(res.text).not.toContain('csp-nonce');
  });

  it('answers the API and the probes as before (their CSP carries a nonce that nothing uses)', async () => {
    const health = await server.client().request('GET', '/healthz');
    expect(health.json).toEqual({ status: 'ok' });
    const api = await server.client().request('GET', '/frontend/no-such-call');
    expect(api.status).toBe(404);
    expect(api.json.message).toBe('No such API path.');
  });
});
