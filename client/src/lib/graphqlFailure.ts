import { CombinedGraphQLErrors } from '@apollo/client';
import { isErrorCode, type ErrorCode } from '../../../common/errors';

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

/** Reads a failed operation: its first error's code, message and per-field messages. */
export function readGraphQLFailure(error: unknown): GraphQLFailure {
  if (!CombinedGraphQLErrors.is(error)) {
    return { answered: false, code: undefined, message: undefined, fieldErrors: {}, extensions: {} };
  }
  const first = error.errors[0];
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
