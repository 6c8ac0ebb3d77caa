import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { finalize } from 'rxjs';
import { REQUEST_TIMEOUT_MS } from './requestTimeout';
import { pageLanguage } from './graphqlRequest';

/** How long the portal waits for the graph's answer (operations not named below). */
export { REQUEST_TIMEOUT_MS };

/**
 * Operations that wait on someone else's server, by operation name. A playlist check fetches the playlist and
 * then its guide, each for up to the server's PLAYLIST_CHECK_TIMEOUT_SECONDS (at most 120 s). A payment calls
 * the provider, up to 15 s per call and a few calls in a row; giving up early would tell someone their payment
 * failed while the server completes it.
 */
export const SLOW_OPERATION_TIMEOUTS_MS: Readonly<Record<string, number>> = {
  CheckPlaylist: 300_000,
  CheckPlaylistValues: 300_000,
  StartActivation: 120_000,
  CreatePayPalOrder: 120_000,
  CapturePayPalOrder: 120_000,
};

/** The error an operation fails with when its answer did not come in time. */
export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The server did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
    this.name = 'RequestTimeoutError';
  }
}

/**
 * Aborts an operation's request once its time is up (`SLOW_OPERATION_TIMEOUTS_MS`, else `REQUEST_TIMEOUT_MS`); the
 * operation then fails with a `RequestTimeoutError`, as any request that got no answer. A signal the operation
 * brings in its `fetchOptions` still aborts it.
 */
export function requestTimeoutLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const timeoutMs = SLOW_OPERATION_TIMEOUTS_MS[operation.operationName ?? ''] ?? REQUEST_TIMEOUT_MS;
    const context = operation.getContext();
    const fetchOptions = (context.fetchOptions ?? {}) as RequestInit;
    const controller = new AbortController();
    const given = fetchOptions.signal;
    const forwardAbort = () => controller.abort(given?.reason);
    if (given?.aborted) forwardAbort();
    else given?.addEventListener('abort', forwardAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new RequestTimeoutError(timeoutMs)), timeoutMs);
    operation.setContext({ fetchOptions: { ...fetchOptions, signal: controller.signal } });
    return forward(operation).pipe(
      finalize(() => {
        clearTimeout(timer);
        given?.removeEventListener('abort', forwardAbort);
      }),
    );
  });
}

/**
 * Every operation says the page's language (Accept-Language), so the graph's messages (a refused sign-in, a rate
 * limit's wait) come back in it; codes never change with it.
 */
function pageLanguageLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
      headers: { ...headers, 'accept-language': pageLanguage() },
    }));
    return forward(operation);
  });
}

/** The one client of the portal. Same-origin cookies carry the device session. */
export function createApolloClient(options: { fetch?: typeof fetch } = {}) {
  return new ApolloClient({
    link: ApolloLink.from([
      requestTimeoutLink(),
      pageLanguageLink(),
      new HttpLink({ uri: '/graphql', credentials: 'same-origin', fetch: options.fetch }),
    ]),
    cache: new InMemoryCache(),
  });
}
