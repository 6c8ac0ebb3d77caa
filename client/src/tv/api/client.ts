import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { PERSISTED_IDS } from '../__generated__/persisted-ids';
import { KEYS, read } from '../platform';
import { revalidatingFetch } from './persisted-cache';

/**
 * The TV's one GraphQL client. The safelisted start-up reads go by id as GETs (docs/tv-api.md: an id, not the
 * document; the server can answer 304); everything else is POSTed. Every request carries the token, once there is
 * one, and the app's language. A 401 anywhere ends the session (`onSignedOut`): the token no longer opens anything.
 */
export function createTvClient(options: { graphqlUrl: string; locale: string; onSignedOut: () => void }) {
  const persisted = new ApolloLink((operation, forward) => {
    const id = PERSISTED_IDS[operation.operationName ?? ''];
    if (id) {
      operation.extensions = { ...operation.extensions, persistedQuery: { version: 1, sha256Hash: id } };
      operation.setContext({ http: { includeQuery: false, includeExtensions: true } });
    }
    const token = read(KEYS.token);
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      headers: {
        ...headers,
        'accept-language': options.locale,
        // Apollo's cross-site guard wants it on a GET; a TV is no browser, it costs nothing.
        'apollo-require-preflight': 'true',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    }));
    return forward(operation);
  });
  const signedOutAware: typeof fetch = async (input, init) => {
    const res = await revalidatingFetch(input, init);
    const sentToken = new Headers(init?.headers).get('authorization');
    // Only a request that carried a token can find it dead; a 401 to a token already replaced is history.
    if (res.status === 401 && sentToken && sentToken === `Bearer ${read(KEYS.token)}`) options.onSignedOut();
    return res;
  };
  return new ApolloClient({
    link: ApolloLink.from([
      persisted,
      new HttpLink({ uri: options.graphqlUrl, useGETForQueries: true, fetch: signedOutAware }),
    ]),
    cache: new InMemoryCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'network-only' }, query: { fetchPolicy: 'network-only' } },
  });
}

interface GraphError {
  message?: string;
  extensions?: { code?: unknown; retryAfterSeconds?: unknown };
}

/**
 * The first GraphQL error of a failure, from Apollo Client 4's shapes: `CombinedGraphQLErrors` (an answer with
 * errors) or `ServerError` (a whole request refused with 401, 403, 429 or 503, its body the same JSON).
 */
export function graphError(error: unknown): GraphError | undefined {
  const combined = (error as { errors?: GraphError[] } | undefined)?.errors;
  if (combined?.length) return combined[0];
  const bodyText = (error as { bodyText?: string } | undefined)?.bodyText;
  if (!bodyText) return undefined;
  try {
    return (JSON.parse(bodyText) as { errors?: GraphError[] }).errors?.[0];
  } catch {
    return undefined;
  }
}

/** The code of a GraphQL error (docs/tv-api.md, Errors). */
export function errorCode(error: unknown): string | undefined {
  const code = graphError(error)?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server's message, said in the app's language (Accept-Language), for a person. */
export function errorMessage(error: unknown): string {
  return graphError(error)?.message ?? (error as Error | undefined)?.message ?? String(error);
}
