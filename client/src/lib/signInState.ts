/**
 * What the server put into the sign-in screen it sent: the captcha it made for this page load (so the browser
 * asks for none), and after a sign-in sent without the page's script (a plain form post), the MAC address typed
 * and the reason it failed, so nothing the owner typed is lost and the failure is said.
 */
export interface SignInState {
  captcha?: { svg: string; token: string };
  macAddress?: string;
  error?: string;
}

export const SIGN_IN_STATE_ELEMENT_ID = 'sign-in-state';

let fromServer: SignInState | undefined;

/** The server-side renderer sets the state before rendering the page. */
export function setSignInState(state: SignInState | undefined): void {
  fromServer = state;
}

/** The state the page arrived with; empty once the page has been left (a captcha answers one attempt). */
export function signInState(): SignInState {
  if (fromServer) return fromServer;
  const element = typeof document === 'undefined' ? null : document.getElementById(SIGN_IN_STATE_ELEMENT_ID);
  if (!element?.textContent) return {};
  try {
    fromServer = JSON.parse(element.textContent) as SignInState;
  } catch {
    fromServer = {};
  }
  return fromServer;
}

/** Called when the sign-in screen is left: coming back to it (in the same page) starts afresh. */
export function forgetSignInState(): void {
  fromServer = undefined;
  document.getElementById(SIGN_IN_STATE_ELEMENT_ID)?.remove();
}
