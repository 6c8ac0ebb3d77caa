import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../lib/apolloClient';
import { UserProvider } from '../hooks/useUser';
import { notifySuccess, useDialogLanguage } from '../lib/alerts';
import type { SignedInState } from '../lib/handOver';

/**
 * The welcome the sign-in screen left in the history entry when it handed over to the portal's page (lib/handOver):
 * said once, then taken out of the entry, so a reload or Back does not say it again.
 */
function useSignedInWelcome() {
  useEffect(() => {
    const entry = window.history.state as { usr?: (SignedInState & Record<string, unknown>) | null } | null;
    const message = entry?.usr?.signedIn;
    if (!message) return;
    notifySuccess(message);
    window.history.replaceState({ ...entry, usr: { ...entry.usr, signedIn: undefined } }, '');
  }, []);
}

// Created when the portal's code first loads, so public pages never pay for Apollo.
const client = createApolloClient();

/** The device portal (sign-in and dashboard): the only part of the site that talks GraphQL. */
export default function PortalRoot() {
  // First: the welcome below is a dialog, in the page's language.
  useDialogLanguage();
  useSignedInWelcome();
  return (
    <ApolloProvider client={client}>
      <UserProvider>
        <Outlet />
      </UserProvider>
    </ApolloProvider>
  );
}
