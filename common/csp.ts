/**
 * Where each page's Content Security Policy nonce goes. The client build writes it (Vite's `html.cspNonce`,
 * client/vite.config.mts, which spells it out) on the page's script and style tags and into
 * `<meta property="csp-nonce" nonce="…">`; the server keeps each page built once and puts a fresh nonce in its
 * place for every response, the same one its CSP header allows.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
