import { createContext } from 'react';

/**
 * True under the public pages' app (publicApp.tsx), where moving into the portal loads the portal's page: what the
 * sign-in screen wants said there (its welcome) goes in the history entry's state, `signedIn`, and the portal
 * says it once loaded (PortalRoot), rather than in a dialog the page load would cut short.
 */
export const HandsOverToPortal = createContext(false);

/** The history entry state's key for the sign-in's welcome message. */
export interface SignedInState {
  signedIn?: string;
}
