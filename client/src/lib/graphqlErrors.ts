import { isErrorCode, type ErrorCode } from '../../../common/errors';

// The graph's errors as this client reads them. No Apollo Client here: the sign-in screen's few kilobytes of
// script (graphqlRequest.ts) read errors with these too.

/** What a failed GraphQL operation told us. */
export interface GraphQLFailure {
  /** False when the graph never answered (network down, server unreachable, unreadable answer). */
  answered: boolean;
  /**
   * The first error's code (BAD_USER_INPUT, FORBIDDEN, CONFLICT, RATE_LIMITED, UNAUTHENTICATED…: common/errors.ts);
   * undefined when it sent none or one this client does not know.
   */
  code: ErrorCode | undefined;
  /** The first error's message, safe to show. */
  message: string | undefined;
  /** Messages for single fields (`extensions.fieldErrors`), keyed by the input field's name. */
  fieldErrors: Record<string, string>;
  /** The first error's `extensions` as sent (PayPal's `issue`, `description` and `debugId`, for example). */
  extensions: Record<string, unknown>;
}

/** An error the graph answered with, as sent (`message` and `extensions`). */
export interface GraphQLErrorEntry {
  message: string;
  extensions?: Record<string, unknown>;
}

/** An operation the graph answered with errors (it ran, or refused to run it). */
export class GraphQLResponseError extends Error {
  constructor(readonly errors: readonly GraphQLErrorEntry[]) {
    super(errors[0]?.message ?? 'The graph answered with an error');
    this.name = 'GraphQLResponseError';
  }
}

/**
 * Reads the first of the errors the graph sent: its code, message and per-field messages. Shared by the portal's
 * Apollo Client (graphqlFailure.ts) and the plain requests (graphqlRequest.ts).
 */
export function failureOf(errors: readonly GraphQLErrorEntry[]): GraphQLFailure {
  const first = errors[0];
  const extensions = first?.extensions ?? {};
  const fieldErrors: Record<string, string> = {};
  const reported = extensions.fieldErrors;
  if (reported && typeof reported === 'object') {
    for (const [path, message] of Object.entries(reported)) {
      // Tolerate paths such as `input.pin`: a form only knows the last segment.
      if (typeof message === 'string') fieldErrors[path.split('.').pop() ?? path] = message;
    }
  }
  return {
    answered: true,
    code: isErrorCode(extensions.code) ? extensions.code : undefined,
    message: first?.message || undefined,
    fieldErrors,
    extensions,
  };
}
