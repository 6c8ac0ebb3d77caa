import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig, type Config } from '../config';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

describe('contentSecurityPolicy', () => {
  it('allows only the site itself when no external service is configured', () => {
    // With no credentials every payment provider is the site's own sandbox (the card frame included).
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(csp.scriptSrc).toEqual(["'self'"]);
    expect(csp.frameSrc).toEqual(["'self'"]);
    expect(csp.connectSrc).toEqual(["'self'"]);
    // Channel logos of playlist checks come from providers' hosts, over https only.
    expect(csp.imgSrc).toEqual(["'self'", 'data:', 'https:']);
    expect(contentSecurityPolicy(loadConfig({ PAYMENT_METHODS: 'opay,crypto' })).frameSrc).toEqual(["'none'"]);
  });

  it("adds PayPal's and Cowpay's origins only when the real providers are configured", () => {
    const csp = contentSecurityPolicy(
      loadConfig({
        PAYPAL_CLIENT_ID: 'AbC-live-client',
        PAYPAL_CLIENT_SECRET: 'live-secret-value',
        PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
        COWPAY_MERCHANT_CODE: 'merchant',
        COWPAY_HASH_KEY: 'hash-key-value',
        COWPAY_API_TOKEN: 'api-token-value',
        COWPAY_API_URL: 'https://frames.cowpay.example',
      }),
    );
    // Cowpay's card frame is a page of Cowpay's host: it may be framed, and nothing of Cowpay's runs in the page.
    // PayPal's documented sources for its JS SDK (developer.paypal.com/sdk/js/best-practices).
    const paypal = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];
    expect(csp.scriptSrc).toEqual(["'self'", ...paypal]);
    expect(csp.connectSrc).toEqual(["'self'", ...paypal]);
    expect(csp.styleSrc).toEqual(["'self'", "'unsafe-inline'", ...paypal]);
    expect(csp.childSrc).toEqual(["'self'", ...paypal]);
    expect(csp.frameSrc).toEqual([...paypal, 'https://frames.cowpay.example']);
    // No 'unsafe-inline' for scripts: the pages have no inline script, PayPal's loader adds an allowed one.
    expect(csp.scriptSrc).not.toContain("'unsafe-inline'");
    // The frame is Cowpay's page under COWPAY_API_URL (its staging here).
    const staging = contentSecurityPolicy(
      loadConfig({
        PAYMENT_METHODS: 'cowpay',
        COWPAY_API_URL: 'https://staging.cowpay.me',
        COWPAY_MERCHANT_CODE: 'merchant',
        COWPAY_HASH_KEY: 'hash-key-value',
        COWPAY_API_TOKEN: 'api-token-value',
      }),
    );
    expect(staging.scriptSrc).toEqual(["'self'"]);
    expect(staging.frameSrc).toEqual(['https://staging.cowpay.me']);
  });

  it('adds exactly the configured live-chat origin and the video player', () => {
    const csp = contentSecurityPolicy(
      loadConfig({ LIVE_CHAT_SCRIPT_URL: 'https://embed.chat.example/widget/abc.js', INTRO_VIDEO_ID: 'dQw4w9WgXcQ' }),
    );
    expect(csp.scriptSrc).toEqual(["'self'", 'https://embed.chat.example']);
    expect(csp.frameSrc).toEqual(['https://www.youtube-nocookie.com', 'https://embed.chat.example', "'self'"]);
  });

  it("adds the live-chat widget's further hosts (its websocket, its styles) only with the widget itself", () => {
    const origins = 'wss://socket.chat.example, https://static.chat.example';
    const csp = contentSecurityPolicy(
      loadConfig({ LIVE_CHAT_SCRIPT_URL: 'https://embed.chat.example/widget/abc.js', LIVE_CHAT_ORIGINS: origins }),
    );
    const widget = ['https://embed.chat.example', 'wss://socket.chat.example', 'https://static.chat.example'];
    expect(csp.scriptSrc).toEqual(["'self'", ...widget]);
    expect(csp.connectSrc).toEqual(["'self'", ...widget]);
    expect(csp.styleSrc).toEqual(["'self'", "'unsafe-inline'", ...widget]);
    expect(csp.fontSrc).toEqual(["'self'", ...widget]);
    expect(contentSecurityPolicy(loadConfig({ LIVE_CHAT_ORIGINS: origins })).connectSrc).toEqual(["'self'"]);
    expect(() => loadConfig({ LIVE_CHAT_ORIGINS: 'https://chat.example/path' })).toThrow(/LIVE_CHAT_ORIGINS/);
  });

  it('refuses a live-chat script that is not https', () => {
    expect(() => loadConfig({ LIVE_CHAT_SCRIPT_URL: 'http://embed.chat.example/widget.js' })).toThrow(
      /LIVE_CHAT_SCRIPT_URL/,
    );
  });
});

describe('securityHeaders', () => {
  const LIVE_PAYPAL = {
    PAYPAL_CLIENT_ID: 'AbC-live-client',
    PAYPAL_CLIENT_SECRET: 'live-secret-value',
    PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
  };

  /** Answers each path through the middleware with the nonce it left for the page: the CSP and that nonce. */
  async function answers(config: Config, paths: string[]) {
    const app = express();
    app.use(securityHeaders(config));
    app.use((_req, res) => {
      res.json({ nonce: res.locals.cspNonce ?? null });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const results = [];
      for (const path of paths) {
        const res = await fetch(`http://127.0.0.1:${port}${path}`);
        const { nonce } = (await res.json()) as { nonce: string | null };
        const csp = res.headers.get('content-security-policy');
        const directive = (name: string) =>
          csp
            ?.split(';')
            .map((part) => part.trim().split(' '))
            .find(([key]) => key === name)
            ?.slice(1);
        results.push({ nonce, csp, scriptSrc: directive('script-src'), styleSrc: directive('style-src') });
      }
      return results;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("allows each response's own fresh nonce in script-src, after every configured source", async () => {
    const [first, second] = await answers(loadConfig(LIVE_PAYPAL), ['/', '/']);
    for (const answer of [first, second]) {
      // 16 random bytes, base64.
      expect(answer?.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(answer?.scriptSrc).toEqual([
        "'self'",
        'https://*.paypal.com',
        'https://*.paypalobjects.com',
        'https://*.venmo.com',
        `'nonce-${answer?.nonce}'`,
      ]);
      expect(answer?.scriptSrc).not.toContain("'unsafe-inline'");
    }
    expect(first?.nonce).not.toBe(second?.nonce);
  });

  it("keeps the nonce out of style-src, where it would switch off the 'unsafe-inline' React's style attributes need", async () => {
    const [answer] = await answers(loadConfig({}), ['/dashboard']);
    expect(answer?.styleSrc).toEqual(["'self'", "'unsafe-inline'"]);
    expect(answer?.csp).not.toMatch(/style-src[^;]*nonce/);
  });

  it("leaves Sandbox's page (/graphql) without a CSP or a nonce, as before", async () => {
    const [sandbox] = await answers(loadConfig({}), ['/graphql']);
    expect(sandbox).toEqual({ nonce: null, csp: null, scriptSrc: undefined, styleSrc: undefined });
  });
});
