import { CombinedGraphQLErrors } from '@apollo/client';
import type { ErrorCode } from '../../../common/errors';
import { GraphQLResponseError, failureOf } from './graphqlRequest';

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
  if (error instanceof GraphQLResponseError) return failureOf(error.errors);
  if (!CombinedGraphQLErrors.is(error)) {
    return { answered: false, code: undefined, message: undefined, fieldErrors: {}, extensions: {} };
  }
  return failureOf(error.errors);
}
