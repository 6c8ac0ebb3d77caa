import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';
import { pricingFrom } from '../pricing/pricing.service';

// The intro video's player, loaded only after the visitor asks for it (privacy-enhanced domain).
const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';
// PayPal's JavaScript SDK: the sources PayPal documents for its CSP (developer.paypal.com/sdk/js/best-practices:
// child-src, connect-src, frame-src, img-src, script-src and style-src `*.paypal.com *.paypalobjects.com
// *.venmo.com`, img-src `data:` too). PayPal also asks for a nonce, passed to the SDK as data-csp-nonce, so that
// the scripts and styles the SDK writes into the page pass the CSP: every page response gets a fresh one (see
// securityHeaders), the page carries it in <meta property="csp-nonce">, and the client gives it to PayPal's loader
// as `dataCspNonce`. No 'unsafe-inline' for scripts.
const PAYPAL_ORIGINS = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];

/**
 * The pages' Content Security Policy: only this site's own scripts, plus exactly the external services the
 * configuration switches on (the live-chat script, the intro video). securityHeaders adds each response's nonce
 * to script-src.
 */
export function contentSecurityPolicy(config: Config) {
  // The widget's script, and the hosts it loads its frame, styles and fonts from and talks to (LIVE_CHAT_ORIGINS).
  const liveChat = config.site.liveChatScriptUrl
    ? [...new Set([new URL(config.site.liveChatScriptUrl).origin, ...config.liveChatOrigins])]
    : [];
  const video = config.site.introVideoId ? [VIDEO_ORIGIN] : [];
  // Payment providers' browser parts, only when a real (not sandbox) provider is on: PayPal's SDK with its
  // frames and calls, Cowpay's card frame (a frame from Cowpay's host; no script of Cowpay's runs in the page).
  // The sandbox stand-ins are served by this site ('self').
  const pricing = pricingFrom(config);
  const paypal =
    pricing.paypalSdkUrl && !pricing.sandboxMethods.includes('paypal')
      ? [...new Set([new URL(pricing.paypalSdkUrl).origin, ...PAYPAL_ORIGINS])].filter(
          (origin) =>
            !/^https:\/\/[^/]*\.(paypal|paypalobjects|venmo)\.com$/.test(origin) || PAYPAL_ORIGINS.includes(origin),
        )
      : [];
  const cowpay = pricing.methods.includes('cowpay')
    ? pricing.sandboxMethods.includes('cowpay')
      ? ["'self'"]
      : [new URL(pricing.cowpayFrameUrl).origin]
    : [];
  const frames = [...new Set([...video, ...liveChat, ...paypal, ...cowpay])];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...liveChat, ...paypal],
    styleSrc: ["'self'", "'unsafe-inline'", ...liveChat, ...paypal],
    fontSrc: ["'self'", ...liveChat],
    // Channel logos in playlist checks come from any provider's host; images cannot run code, and the portal
    // loads them without a referrer. Plain-http logos stay blocked on an https site (mixed content).
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'", ...liveChat, ...paypal],
    frameSrc: frames.length ? frames : ["'none'"],
    // PayPal lists child-src too (browsers without frame-src); workers stay the site's own.
    ...(paypal.length ? { childSrc: ["'self'", ...paypal] } : {}),
    mediaSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.servedOverHttps ? [] : null,
  };
}

// Express types res.locals through its global namespace: extended the only way it can be.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** This response's CSP nonce (base64 of 16 random bytes): script-src allows it, the page carries it. */
      cspNonce?: string;
    }
  }
}

/** The script-src entry for this response's nonce (helmet calls it with Node's request and response). */
function nonceSource(_req: IncomingMessage, res: ServerResponse): string {
  return `'nonce-${(res as Response).locals.cspNonce}'`;
}

/**
 * Security headers: the CSP on pages, with a fresh nonce for each response in script-src (res.locals.cspNonce;
 * the page renderer writes the same one into the page, server/src/http/page-renderer.ts withNonce). Sandbox's page
 * (/graphql) loads Apollo's CDN script and gets no CSP.
 */
export function securityHeaders(config: Config): RequestHandler {
  const directives = contentSecurityPolicy(config);
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      // The nonce goes in script-src only. In style-src it would make browsers ignore 'unsafe-inline', which
      // React's style attributes (and the live-chat widget's and PayPal's inline styles) need.
      directives: { ...directives, scriptSrc: [...directives.scriptSrc, nonceSource] },
    },
    strictTransportSecurity: config.servedOverHttps,
  });
  const sandboxHeaders = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: config.servedOverHttps,
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => {
    if (req.path === '/graphql') return sandboxHeaders(req, res, next);
    // Every other answer gets one (16 random bytes cost next to nothing); only pages put it to use.
    res.locals.cspNonce = randomBytes(16).toString('base64');
    return pageHeaders(req, res, next);
  };
}
