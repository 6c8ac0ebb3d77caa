import { CombinedGraphQLErrors } from '@apollo/client';
import { GraphQLResponseError, failureOf, type GraphQLFailure } from './graphqlErrors';

/** Reads a failed operation: its first error's code, message and per-field messages. */
export function readGraphQLFailure(error: unknown): GraphQLFailure {
  if (error instanceof GraphQLResponseError) return failureOf(error.errors);
  if (!CombinedGraphQLErrors.is(error)) {
    return { answered: false, code: undefined, message: undefined, fieldErrors: {}, extensions: {} };
  }
  return failureOf(error.errors);
}
