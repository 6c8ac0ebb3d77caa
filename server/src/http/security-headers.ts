import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';
import { pricingFrom } from '../pricing/pricing.service';

// The intro video's player, loaded only after the visitor asks for it (privacy-enhanced domain).
const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';
// What PayPal's buttons load and frame besides the SDK itself.
const PAYPAL_ORIGINS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://www.paypalobjects.com'];

/**
 * The pages' Content Security Policy: only this site's own scripts, plus exactly the external services the
 * configuration switches on (the live-chat script, the intro video).
 */
export function contentSecurityPolicy(config: Config) {
  // The widget's script, and the hosts it loads its frame, styles and fonts from and talks to (LIVE_CHAT_ORIGINS).
  const liveChat = config.site.liveChatScriptUrl
    ? [...new Set([new URL(config.site.liveChatScriptUrl).origin, ...config.liveChatOrigins])]
    : [];
  const video = config.site.introVideoId ? [VIDEO_ORIGIN] : [];
  // Payment providers' browser parts, only when a real (not sandbox) provider is on: PayPal's SDK with its
  // frames and calls, Cowpay's card frame. The sandbox stand-ins are served by this site ('self').
  const pricing = pricingFrom(config);
  const paypal =
    pricing.paypalSdkUrl && !pricing.sandboxMethods.includes('paypal')
      ? [new URL(pricing.paypalSdkUrl).origin, ...PAYPAL_ORIGINS]
      : [];
  const cowpay = pricing.methods.includes('cowpay')
    ? pricing.sandboxMethods.includes('cowpay')
      ? ["'self'"]
      : [new URL(pricing.cowpayFrameUrl.replace(/[{}]/g, '')).origin]
    : [];
  const frames = [...new Set([...video, ...liveChat, ...paypal, ...cowpay])];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...liveChat, ...new Set(paypal)],
    styleSrc: ["'self'", "'unsafe-inline'", ...liveChat],
    fontSrc: ["'self'", ...liveChat],
    // Channel logos in playlist checks come from any provider's host; images cannot run code, and the portal
    // loads them without a referrer. Plain-http logos stay blocked on an https site (mixed content).
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'", ...liveChat, ...new Set(paypal)],
    frameSrc: frames.length ? frames : ["'none'"],
    mediaSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.servedOverHttps ? [] : null,
  };
}

/** Security headers: the CSP on pages; Sandbox's page (/graphql) loads Apollo's CDN script and gets no CSP. */
export function securityHeaders(config: Config): RequestHandler {
  const pageHeaders = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.servedOverHttps,
  });
  const sandboxHeaders = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: config.servedOverHttps,
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => (req.path === '/graphql' ? sandboxHeaders : pageHeaders)(req, res, next);
}
