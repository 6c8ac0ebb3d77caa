import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { graphFetch, graphHeaders, persistedQuery, type Graph } from './protocol';

/**
 * The TV's GraphQL client, speaking the protocol of protocol.ts: the safelisted start-up reads by id as GETs (the
 * server can answer 304), everything else POSTed; the token and the language on every request. A 401 anywhere ends
 * the session (`onSignedOut`): the token no longer opens anything. Loaded after the first screen's scripts
 * (live.tsx); the first screen is drawn from the start's own requests (start.ts).
 */
export function createTvClient(options: Graph) {
  const protocol = new ApolloLink((operation, forward) => {
    const byId = persistedQuery(operation.operationName ?? '');
    if (byId) {
      operation.extensions = { ...operation.extensions, persistedQuery: byId };
      operation.setContext({ http: { includeQuery: false, includeExtensions: true } });
    }
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, ...graphHeaders(options.locale) },
    }));
    return forward(operation);
  });
  return new ApolloClient({
    link: ApolloLink.from([
      protocol,
      new HttpLink({ uri: options.graphqlUrl, useGETForQueries: true, fetch: graphFetch(options.onSignedOut) }),
    ]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'network-only' }, query: { fetchPolicy: 'network-only' } },
  });
}
