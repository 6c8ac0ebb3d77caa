import { CombinedGraphQLErrors } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../common/errors';
import type { GraphQLFailure } from './graphqlErrors';
import { readGraphQLFailure } from './graphqlFailure';

function failed(extensions: Record<string, unknown>, message = 'Refused.') {
  return new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });
}

describe('readGraphQLFailure', () => {
  it('reads every code the server can send', () => {
    for (const code of ERROR_CODES) expect(readGraphQLFailure(failed({ code })).code).toBe(code);
  });

  it('reads a code it does not know, or none, as no code', () => {
    for (const code of ['SERVICE_UNAVAILABLE', 'payment_declined', 42, null, undefined]) {
      const failure = readGraphQLFailure(failed({ code }));
      expect(failure).toMatchObject({ answered: true, code: undefined, message: 'Refused.' });
    }
  });

  it('reads the per-field messages by the last segment of their path', () => {
    const failure = readGraphQLFailure(
      failed({ code: 'BAD_USER_INPUT', fieldErrors: { 'input.pin': 'Wrong PIN', email: 'Invalid', n: 1 } }),
    );
    expect(failure.fieldErrors).toEqual({ pin: 'Wrong PIN', email: 'Invalid' });
  });

  it('tells a graph that never answered', () => {
    expect(readGraphQLFailure(new Error('Failed to fetch'))).toEqual({
      answered: false,
      code: undefined,
      message: undefined,
      fieldErrors: {},
      extensions: {},
    });
  });

  it('types the code: a misspelt one does not compile', () => {
    const failure: GraphQLFailure = readGraphQLFailure(failed({ code: 'PAYMENT_DECLINED' }));
    expect(failure.code === 'PAYMENT_DECLINED').toBe(true);
    // @ts-expect-error 'PAYMENT_DECLINE' is no code the server sends (the client's type-check fails without this line)
    expect(failure.code === 'PAYMENT_DECLINE').toBe(false);
  });
});
