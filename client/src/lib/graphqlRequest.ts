import { DEFAULT_LOCALE } from '../../../common/i18n';
import { localeOfPath } from '../i18n/locale';
import { GraphQLResponseError, type GraphQLErrorEntry } from './graphqlErrors';
import { REQUEST_TIMEOUT_MS } from './requestTimeout';

/** The language of the page (its URL's), which the graph says its messages in (sent as Accept-Language). */
export function pageLanguage(): string {
  return typeof window === 'undefined' ? DEFAULT_LOCALE : localeOfPath(window.location.pathname);
}

/**
 * One GraphQL operation over plain `fetch`, for the screens that must be usable before the portal's Apollo Client
 * could arrive (the sign-in screen is sent by the server and works with a few kilobytes of script). Same endpoint,
 * same cookie, same CSRF rule as Apollo Client (a JSON body, which a cross-site form cannot send), same time limit.
 * Resolves with the data; rejects with a GraphQLResponseError when the graph answered errors, or with the network's
 * error (or a timeout's) when it did not answer.
 */
export async function graphqlRequest<Data, Variables extends Record<string, unknown> = Record<string, never>>(
  document: string,
  operationName: string,
  variables?: Variables,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Data> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('The server did not answer in time.')), timeoutMs);
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        'accept-language': pageLanguage(),
      },
      body: JSON.stringify({ query: document, operationName, variables: variables ?? {} }),
      signal: controller.signal,
    });
    let body: { data?: Data | null; errors?: GraphQLErrorEntry[] };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new Error(`The graph answered ${response.status} with no readable body`);
    }
    if (body.errors?.length) throw new GraphQLResponseError(body.errors);
    if (!body.data) throw new Error(`The graph answered ${response.status} with no data`);
    return body.data;
  } finally {
    clearTimeout(timer);
  }
}
