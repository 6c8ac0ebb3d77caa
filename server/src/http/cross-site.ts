import type { Request, RequestHandler } from 'express';
import cors from 'cors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request sent by a page of another site. Browsers always send Origin on such
 * requests; clients without a browser (TV apps, curl) send none and carry no cookies to abuse.
 *
 * `stateChangingGets`: paths (under the mount point) that change state on a GET because the legacy API says
 * so (signing out, sending a contact message), and the HEADs Express answers with the same handlers. A link or
 * image on another site sends no Origin with a GET, so for these the browser's `Sec-Fetch-Site: cross-site` is
 * refused too.
 */
export function refuseCrossSiteWrites(allowedOrigins: string[], stateChangingGets: string[] = []): RequestHandler {
  const allowed = new Set(allowedOrigins);
  const guardedGets = new Set(stateChangingGets);
  return (req, res, next) => {
    // Express answers a HEAD with the GET route's handler, so a guarded GET is guarded as a HEAD too.
    const guarded = (req.method === 'GET' || req.method === 'HEAD') && guardedGets.has(req.path);
    if (SAFE_METHODS.has(req.method) && !guarded) return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers['sec-fetch-site'];
    // A form the site's own page posts arrives with Origin "null" (the pages' Referrer-Policy is no-referrer):
    // the browser's Sec-Fetch-Site, which no script can set, then says whether it came from this site.
    const crossSite =
      origin === 'null'
        ? fetchSite !== 'same-origin'
        : origin
          ? !allowed.has(origin) && origin !== ownOrigin(req)
          : fetchSite === 'cross-site';
    if (crossSite) {
      res.status(403).json({ status: 'error', message: 'Requests from other sites are not allowed.' });
      return;
    }
    next();
  };
}

/**
 * The origin this request was sent to: a page this server served under any of its names (127.0.0.1, a LAN address,
 * a second domain) sends it as its Origin, and is same-origin whatever PUBLIC_URL names. Express takes the protocol
 * and host from X-Forwarded-Proto and X-Forwarded-Host only when the proxy is trusted (TRUST_PROXY). No ambient
 * credential rides on a name the session cookie was not set for, so a name an attacker points here gains nothing.
 */
function ownOrigin(req: Request): string | null {
  return req.host ? `${req.protocol}://${req.host}` : null;
}

export function corsFor(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    maxAge: 600,
  });
}
