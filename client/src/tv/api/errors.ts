interface GraphError {
  message?: string;
  extensions?: { code?: unknown; retryAfterSeconds?: unknown };
}

/**
 * The first GraphQL error of a failure, from Apollo Client 4's shapes, which the start's own requests (protocol.ts)
 * share: `CombinedGraphQLErrors` (an answer with errors) or `ServerError` (a whole request refused with 401, 403,
 * 429 or 503, its body the same JSON).
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
