/**
 * Where to go once signed in: the dashboard, or the page that sent the owner to the sign-in screen (`?next=`, the
 * header's ACTIVATE DEVICE link's state, or the form's `next` field), which may only be the link page (a TV's code
 * kept) or Activate Device, so neither can send anyone elsewhere (no open redirect). Shared by the screen and by
 * the server, which signs in a form posted before the screen's script arrived.
 */
export function afterSignIn(next: unknown): string {
  if (typeof next !== 'string') return '/dashboard';
  if (/^\/link(\?code=[A-Za-z0-9%-]{1,40})?$/.test(next) || next === '/dashboard/active-device') return next;
  return '/dashboard';
}
