import { Outlet } from 'react-router-dom';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from '../lib/apolloClient';
import { UserProvider } from '../hooks/useUser';

// Created when the portal's code first loads, so public pages never pay for Apollo.
const client = createApolloClient();

/** The device portal (sign-in and dashboard): the only part of the site that talks GraphQL. */
export default function PortalRoot() {
  return (
    <ApolloProvider client={client}>
      <UserProvider>
        <Outlet />
      </UserProvider>
    </ApolloProvider>
  );
}
