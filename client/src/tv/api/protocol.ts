import { PERSISTED_IDS } from '../__generated__/persisted-ids';
import { KEYS, read } from '../platform';
import { revalidatingFetch } from './persisted-cache';

/**
 * How the TV speaks to the graph (docs/tv-api.md), in one place for its two senders: the Apollo link
 * (client.ts) and the start's own requests (`sendOperation`, below), which the first screen is drawn from before
 * Apollo Client has loaded (docs/tv-app.md, Budgets). The safelisted start-up reads go by id as GETs (the server
 * can answer 304; persisted-cache.ts keeps the last good answers); everything else is POSTed with its text. Every
 * request carries the token, once there is one, and the app's language. A 401 to the token sent ends the session.
 */
export interface Graph {
  graphqlUrl: string;
  locale: string;
  /** The token no longer opens anything. */
  onSignedOut: () => void;
}

/** `extensions.persistedQuery` of a safelisted operation (its id from the codegen), else undefined. */
export function persistedQuery(operationName: string): { version: 1; sha256Hash: string } | undefined {
  const id = PERSISTED_IDS[operationName];
  return id ? { version: 1, sha256Hash: id } : undefined;
}

/** The headers of every request: the language, Apollo's preflight header, the token once there is one. */
export function graphHeaders(locale: string): Record<string, string> {
  const token = read(KEYS.token);
  return {
    'accept-language': locale,
    // Apollo's cross-site guard wants it on a GET; a TV is no browser, it costs nothing.
    'apollo-require-preflight': 'true',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** fetch for the graph: the kept start-up answers (persisted-cache.ts), and a 401 to the token sent reported. */
export function graphFetch(onSignedOut: () => void): typeof fetch {
  return async (input, init) => {
    const res = await revalidatingFetch(input, init);
    const sentToken = new Headers(init?.headers).get('authorization');
    // Only a request that carried a token can find it dead; a 401 to a token already replaced is history.
    if (res.status === 401 && sentToken && sentToken === `Bearer ${read(KEYS.token)}`) onSignedOut();
    return res;
  };
}

/** A request the graph refused or answered with errors: the shapes of Apollo's errors (errors.ts reads both). */
export class GraphRequestError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
    readonly errors?: unknown[],
    readonly bodyText?: string,
  ) {
    super(message);
  }
}

/**
 * One operation as the Apollo link sends it: a safelisted one by id as a GET (`query` unused), any other POSTed with
 * its `query` text. Resolves to the answer's `data`, typed by the caller with the codegen's result type; rejects as
 * Apollo does (no connection; a refused request; an answer with errors).
 */
export async function sendOperation<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
  graph: Graph,
  operation: { operationName: string; query?: string; variables?: TVariables },
): Promise<TData> {
  const { operationName, query } = operation;
  const variables = operation.variables ?? {};
  const persisted = persistedQuery(operationName);
  const headers = { accept: 'application/graphql-response+json,application/json;q=0.9', ...graphHeaders(graph.locale) };
  let res: Response;
  if (persisted) {
    const params = new URLSearchParams({
      operationName,
      variables: JSON.stringify(variables),
      extensions: JSON.stringify({ persistedQuery: persisted }),
    });
    const url = `${graph.graphqlUrl}${graph.graphqlUrl.includes('?') ? '&' : '?'}${params.toString()}`;
    res = await graphFetch(graph.onSignedOut)(url, { method: 'GET', headers });
  } else {
    if (!query) throw new Error(`${operationName} is not safelisted: its text must be sent`);
    res = await graphFetch(graph.onSignedOut)(graph.graphqlUrl, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ operationName, variables, query }),
    });
  }
  const bodyText = await res.text();
  let body: { data?: TData | null; errors?: unknown[] } | undefined;
  try {
    body = JSON.parse(bodyText) as typeof body;
  } catch {
    body = undefined;
  }
  if (res.status !== 200) {
    throw new GraphRequestError(
      `Response not successful: Received status code ${res.status}`,
      res.status,
      undefined,
      bodyText,
    );
  }
  if (!body)
    throw new GraphRequestError('The server answered something other than JSON', res.status, undefined, bodyText);
  if (body.errors?.length) throw new GraphRequestError('The server answered with errors', res.status, body.errors);
  if (!body.data) throw new GraphRequestError('The server answered no data', res.status);
  return body.data;
}
