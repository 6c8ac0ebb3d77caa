import { timingSafeEqual } from 'node:crypto';
import { code as iso4217 } from 'currency-codes';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { SandboxKeys } from './keys';

export type SandboxProvider = 'paypal' | 'crypto' | 'cowpay' | 'opay' | 'opay1';

/** One checkout a stand-in opened, kept in memory (a bounded store). */
export interface SandboxCheckout {
  id: string;
  provider: SandboxProvider;
  reference: string;
  amountMinor: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  webhookUrl: string;
  state: 'open' | 'approved' | 'declined' | 'paid' | 'cancelled' | 'failed' | 'partial' | 'refunded' | 'reversed';
  /** The provider's id of the money movement, once there is one. */
  captureId?: string;
}

/** A button on a hosted checkout page: what the buyer (or a test) makes the provider do. */
export interface HostedAction {
  /** The path segment after /checkout/:id/ (POSTed to). */
  path: string;
  label: string;
  /** What the stand-in does: usually tells the webhook; answers where the browser goes next. */
  run: (checkout: SandboxCheckout) => Promise<string>;
}

/** What the stand-ins know of the site they stand beside (none of it secret). */
export interface SandboxSite {
  /** The origins the site is reached on (PUBLIC_URL, ALLOWED_ORIGINS): where stand-ins may call back and redirect. */
  origins: () => readonly string[];
  /** The PayPal client id the PayPal stand-in expects (OAuth and the SDK's client-id): PAYPAL_CLIENT_ID. */
  paypalClientId: string;
}

/** What every stand-in shares: the router, the keys of this process, the checkout store, webhook delivery. */
export interface SandboxKit {
  router: Router;
  keys: SandboxKeys;
  site: SandboxSite;
  logger: Logger;
  json: ReturnType<typeof express.json>;
  remember: (checkout: SandboxCheckout) => SandboxCheckout;
  find: (provider: SandboxProvider, id: string) => SandboxCheckout | undefined;
  deliver: (url: string, body: string, headers: Record<string, string>) => Promise<void>;
  /**
   * `url` when it is an http(s) URL of this server: on the origin the request reached the stand-in on (under any
   * loopback name, on the same port), or one of the site's configured origins; otherwise null. A stand-in calls
   * back and redirects to nothing else: not another service of this machine, not another site.
   */
  ownUrl: (req: Request, url: unknown) => string | null;
  /**
   * Registers GET /:provider/checkout/:id (the hosted page) and a POST for each action; `extra` adds trusted HTML
   * (its values escaped by the caller) below the buttons of an open checkout.
   */
  hostedCheckout: (
    provider: SandboxProvider,
    actions: HostedAction[],
    extra?: (checkout: SandboxCheckout) => string,
  ) => void;
}

/**
 * Whether a credential or signature the caller sent is the expected one, compared in constant time. Compared as
 * bytes: text of the right length can be more bytes (timingSafeEqual throws on that); anything not text is not.
 */
export function sameText(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The page every stand-in shows a buyer (a hosted checkout, Cowpay's card frame): the sandbox banner above `main`
 * (trusted HTML, its values escaped by the caller), in one look. `margin` is the space above the card (a framed
 * page has less room).
 */
export function standInPage(page: { title: string; label: string; main: string; tail?: string; margin?: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>
  body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f7;color:#1b1b1f}
  .banner{background:#b45309;color:#fff;padding:.75rem 1rem;font-weight:700;text-align:center}
  main{max-width:28rem;margin:${page.margin ?? '2rem'} auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
  h1{font-size:1.25rem;margin:0 0 1rem} .amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
  .actions{display:flex;gap:.75rem;flex-wrap:wrap} button{font:inherit;padding:.75rem 1.25rem;border-radius:8px;border:0;cursor:pointer}
  .pay{background:#15803d;color:#fff} .cancel,.other{background:#e4e4e7;color:#1b1b1f} dl{font-size:.875rem;color:#52525b}
</style></head>
<body><div class="banner" role="status">SANDBOX: no money moves. This is a local stand-in for ${escapeHtml(page.label)}.</div>
<main>${page.main}</main>
${page.tail ?? ''}
</body></html>`;
}

export const LABELS: Record<SandboxProvider, string> = {
  paypal: 'PayPal',
  crypto: 'Crypto (NOWPayments)',
  cowpay: 'Cowpay card',
  opay: 'OPay',
  opay1: 'OPay (second account)',
};

/** This machine: localhost, 127.0.0.0/8 and [::1] (a URL's hostname, IPv6 in brackets). */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** A number sent as JSON's number or text; anything else (an object whose valueOf throws) is no number. */
export function numberOf(value: unknown): number {
  return typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The origin of a URL, or null when it is none. */
export function originOf(url: unknown): string | null {
  try {
    return new URL(String(url)).origin;
  } catch {
    return null;
  }
}

/** A JSON value with its objects' keys in alphabetical order, at every level (what several providers sign). */
export function keysSorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysSorted);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries makes every key its own property ("__proto__" too, as JSON.parse does).
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, keysSorted((value as Record<string, unknown>)[key])]),
  );
}

/**
 * A currency's decimals as ISO 4217 gives them (JPY 0, EUR 2, KWD 3), from ISO's list as the currency-codes package
 * ships it; null for a code that is none (or whose minor unit ISO gives as N.A.: the X.. funds and metals). Written
 * here, not borrowed from the product.
 */
export function currencyDecimals(currency: string): number | null {
  if (!/^[A-Z]{3}$/.test(currency) || /^X(A[GU]|B[A-D]|DR|P[DT]|SU|TS|UA|XX)$/.test(currency)) return null;
  return iso4217(currency)?.digits ?? null;
}

/** Minor units as the decimal text providers write: 899 EUR → "8.99", 1500 JPY → "1500", 4500 KWD → "4.500". */
export function decimalText(minor: number, currency: string): string {
  const digits = currencyDecimals(currency) ?? 2;
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A decimal amount sent to a stand-in, in minor units of its currency, or null when it has more decimals than the
 * currency (or is no plain amount): "8.99" EUR → 899, "1500" JPY → 1500, "2.750" KWD → 2750, "1500.5" JPY → null.
 */
export function minorOf(value: unknown, currency: string): number | null {
  const digits = currencyDecimals(currency);
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (digits === null || typeof text !== 'string') return null;
  const match = /^(\d{1,12})(?:\.(\d{1,18}))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  return Number(match[1]! + fraction.padEnd(digits, '0'));
}

export function sandboxKit(keys: SandboxKeys, site: SandboxSite, logger: Logger): SandboxKit {
  const router = express.Router();
  const checkouts = new Map<string, SandboxCheckout>();
  const json = express.json({ limit: '64kb' });

  const remember = (checkout: SandboxCheckout) => {
    // A bounded store: the oldest checkouts go first.
    if (checkouts.size >= 10_000) checkouts.delete(checkouts.keys().next().value as string);
    checkouts.set(`${checkout.provider}:${checkout.id}`, checkout);
    return checkout;
  };
  const find = (provider: SandboxProvider, id: string) => checkouts.get(`${provider}:${id}`);

  /** Delivers a webhook the way providers do: retried with growing delays until it is answered 2xx. */
  const deliver = (url: string, body: string, headers: Record<string, string>) => {
    const attempt = async (n: number): Promise<void> => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'payment-sandbox/1.0', ...headers },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429)) return;
      } catch {
        // retried below
      }
      if (n < 6) setTimeout(() => void attempt(n + 1), 250 * 2 ** n).unref();
      else logger.warn({ url }, 'sandbox webhook not delivered after 7 attempts');
    };
    return attempt(0);
  };

  const ownUrl = (req: Request, url: unknown): string | null => {
    if (typeof url !== 'string' || url.length > 2000) return null;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (!['http:', 'https:'].includes(parsed.protocol) || parsed.username || parsed.password) return null;
    // This server under another loopback name (the browser's localhost, the stand-in's 127.0.0.1): same port only.
    const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
    if (LOOPBACK_HOST.test(parsed.hostname) && port === String(req.socket.localPort)) return url;
    const own = [`${req.protocol}://${req.get('host') ?? ''}`, ...site.origins().map(originOf)];
    return own.includes(parsed.origin) ? url : null;
  };

  /** The hosted checkout page: a sandbox banner, what is paid, and the provider's buttons. */
  const page = (
    res: Response,
    checkout: SandboxCheckout,
    actions: HostedAction[],
    target: '_self' | '_top',
    extra: string,
  ) => {
    const label = LABELS[checkout.provider];
    const base = `/sandbox/${checkout.provider}/checkout/${encodeURIComponent(checkout.id)}`;
    res.setHeader('Cache-Control', 'no-store');
    const buttons = actions
      .map(
        (action, i) =>
          `<form method="post" action="${base}/${action.path}" target="${target}"><button class="${i === 0 ? 'pay' : 'cancel'}" type="submit">${escapeHtml(action.label)}</button></form>`,
      )
      .join('\n');
    res.type('html').send(
      standInPage({
        title: `${label} sandbox checkout`,
        label,
        main: `<h1>${escapeHtml(label)} checkout</h1>
<p class="amount">${escapeHtml(decimalText(checkout.amountMinor, checkout.currency))} ${escapeHtml(checkout.currency)}</p>
<dl><dt>Merchant reference</dt><dd>${escapeHtml(checkout.reference)}</dd></dl>
${checkout.state === 'open' ? `<div class="actions">\n${buttons}\n</div>${extra}` : `<p>This checkout is ${escapeHtml(checkout.state)}.</p>`}`,
      }),
    );
  };

  const hostedCheckout = (
    provider: SandboxProvider,
    actions: HostedAction[],
    extra?: (checkout: SandboxCheckout) => string,
  ) => {
    const show = (target: '_self' | '_top') => (req: Request, res: Response) => {
      const checkout = find(provider, String(req.params.id));
      if (!checkout) return void res.status(404).send('No such sandbox checkout.');
      page(res, checkout, actions, target, extra?.(checkout) ?? '');
    };
    router.get(`/${provider}/checkout/:id`, show('_self'));
    // The same page inside a provider's frame: its buttons move the whole page on.
    router.get(`/${provider}/checkout/:id/framed`, (req, res) => {
      res.setHeader('Content-Security-Policy', "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'");
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      show('_top')(req, res);
    });
    for (const action of actions) {
      router.post(`/${provider}/checkout/:id/${action.path}`, async (req, res) => {
        const checkout = find(provider, String(req.params.id));
        if (!checkout) return void res.status(404).send('No such sandbox checkout.');
        if (checkout.state !== 'open')
          return void res.redirect(303, checkout.state === 'paid' ? checkout.successUrl : checkout.cancelUrl);
        res.redirect(303, await action.run(checkout));
      });
    }
  };

  return { router, keys, site, logger, json, remember, find, deliver, ownUrl, hostedCheckout };
}
