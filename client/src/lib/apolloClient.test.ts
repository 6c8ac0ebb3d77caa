import { gql } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readGraphQLFailure } from './graphqlFailure';
import {
  REQUEST_TIMEOUT_MS,
  RequestTimeoutError,
  SLOW_OPERATION_TIMEOUTS_MS,
  createApolloClient,
} from './apolloClient';

const PING = gql`
  query Ping {
    ping
  }
`;
const CHECK = gql`
  mutation CheckPlaylist {
    ping
  }
`;

/** A server that takes the request and never answers; it lets go when the request is aborted. */
function stalledServer() {
  const signals: AbortSignal[] = [];
  const fetch = vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init!.signal!;
        signals.push(signal);
        signal.addEventListener('abort', () => reject(signal.reason));
      }),
  );
  return { fetch: fetch as unknown as typeof globalThis.fetch, signals };
}

/** Settles a promise without letting an early rejection go unhandled. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('the portal’s GraphQL client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on a request the server never answers, aborts it, and fails as a request without an answer', async () => {
    const server = stalledServer();
    const client = createApolloClient({ fetch: server.fetch });
    const query = track(client.query({ query: PING, fetchPolicy: 'network-only' }));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(query.settled).toBe(false);
    expect(server.signals[0]?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(query.settled).toBe(true);
    expect(query.error).toBeInstanceOf(RequestTimeoutError);
    expect((query.error as Error).message).toBe('The server did not answer within 30 seconds.');
    expect(server.signals[0]?.aborted).toBe(true);
    // What the pages read from it: no answer, so their own "request failed" message.
    expect(readGraphQLFailure(query.error).answered).toBe(false);
  });

  it('leaves an answer that came in time alone, with no timer left behind', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ data: { ping: true } }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const client = createApolloClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const query = track(client.query({ query: PING, fetchPolicy: 'network-only' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(query.value).toMatchObject({ data: { ping: true } });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 2);
    expect(query.error).toBeUndefined();
  });

  it('waits longer for a playlist check, which fetches someone else’s server', async () => {
    const server = stalledServer();
    const client = createApolloClient({ fetch: server.fetch });
    const check = track(client.mutate({ mutation: CHECK }));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1);
    expect(check.settled).toBe(false);

    await vi.advanceTimersByTimeAsync(SLOW_OPERATION_TIMEOUTS_MS.CheckPlaylist! - REQUEST_TIMEOUT_MS);
    expect(check.error).toBeInstanceOf(RequestTimeoutError);
    expect(server.signals[0]?.aborted).toBe(true);
  });

  it('every slow operation it names is one the portal sends', async () => {
    const sources = import.meta.glob('../**/*.graphql', { query: '?raw', import: 'default', eager: true });
    const sent = Object.values(sources).join('\n');
    for (const name of Object.keys(SLOW_OPERATION_TIMEOUTS_MS)) {
      expect(sent, name).toMatch(new RegExp(`\\b(query|mutation) ${name}\\b`));
    }
  });
});
