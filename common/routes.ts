/**
 * The client's routes. The server answers these with the app and status 200, and any other
 * path with the app's not-found page and status 404.
 */
const CLIENT_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/contact$/,
  /^\/terms-and-conditions$/,
  /^\/privacy-policy$/,
  /^\/login$/,
  /^\/device\/login$/,
  /^\/device\/playlists$/,
  /^\/link$/,
  /^\/dashboard(\/.*)?$/,
  /^\/cowpay\/checkout\/[^/]+\/[^/]+$/,
  /^\/cowpayReturnUrl$/,
  /^\/activation\/crypto\/redirect$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTES.some((route) => route.test(path));
}
