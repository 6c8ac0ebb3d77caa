import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';

/** The one client of the portal. Same-origin cookies carry the device session. */
export function createApolloClient() {
  return new ApolloClient({
    link: new HttpLink({ uri: '/graphql', credentials: 'same-origin' }),
    cache: new InMemoryCache(),
  });
}
