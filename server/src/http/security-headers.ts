import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config';

// The intro video's player, loaded only after the visitor asks for it (privacy-enhanced domain).
const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * The pages' Content Security Policy: only this site's own scripts, plus exactly the external services the
 * configuration switches on (the live-chat script, the intro video).
 */
export function contentSecurityPolicy(config: Config) {
  const liveChat = config.site.liveChatScriptUrl ? [new URL(config.site.liveChatScriptUrl).origin] : [];
  const video = config.site.introVideoId ? [VIDEO_ORIGIN] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...liveChat],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', ...liveChat],
    connectSrc: ["'self'", ...liveChat],
    frameSrc: [...video, ...liveChat].length ? [...video, ...liveChat] : ["'none'"],
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
