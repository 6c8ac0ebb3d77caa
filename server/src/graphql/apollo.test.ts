import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { QueryFailedError } from 'typeorm';
import type { Request } from 'express';
import { messages } from '../../../common/messages';
import { DomainError, INTERNAL_ERROR_MESSAGE, saidError } from '../common/errors';
import { localizer } from '../i18n/localizer';
import { requestLocale } from '../i18n/request-locale';
import { createLogger } from '../logger';
import { formatError } from './apollo';

function capturingLogger() {
  const lines: string[] = [];
  return { lines, logger: createLogger('debug', { write: (line: string) => void lines.push(line) }) };
}

/** How Apollo hands a resolver's error to formatError: wrapped in a GraphQLError with a path. */
function fromResolver(err: Error): [GraphQLError, GraphQLFormattedError] {
  const wrapped = new GraphQLError(err.message, { path: ['playlists'], originalError: err });
  return [wrapped, { message: err.message, path: ['playlists'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }];
}

describe('formatError', () => {
  it('answers an internal failure with a generic message: no stack, no SQL, no parameters; the log has it', () => {
    const { lines, logger } = capturingLogger();
    const driverError = Object.assign(new Error('relation "playlists" does not exist'), { code: '42P01' });
    const failure = new QueryFailedError(
      'SELECT "id", "pin_hash" FROM "playlists" WHERE "device_id" = $1',
      ['7d0c1c9e-device', 'payer@example.com'],
      driverError,
    );
    const [error, formatted] = fromResolver(failure);
    const answer = formatError(logger, { hideSuggestions: true })(formatted, error);
    expect(answer).toEqual({
      message: INTERNAL_ERROR_MESSAGE,
      path: ['playlists'],
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(JSON.stringify(answer)).not.toMatch(/SELECT|relation|pin_hash|payer@|stack|at /);
    // Operators still see what happened, but not the query's parameters (they may hold an e-mail or a hash).
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('relation \\"playlists\\" does not exist');
    expect(lines[0]).not.toContain('payer@example.com');
  });

  it('keeps a domain error’s own message, code and retry time', () => {
    const { logger, lines } = capturingLogger();
    const [error, formatted] = fromResolver(
      new DomainError(
        'RATE_LIMITED',
        'Too many failed sign-in attempts. Please try again in 15 minutes.',
        undefined,
        900,
      ),
    );
    expect(formatError(logger, { hideSuggestions: true })(formatted, error)).toMatchObject({
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: 900 },
    });
    expect(lines).toEqual([]);
  });

  it('passes request errors through, without suggestions when asked, and never logs them as internal', () => {
    const { logger, lines } = capturingLogger();
    const message = 'Cannot query field "plylists" on type "Query". Did you mean "playlists"?';
    const formatted = { message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } };
    const error = new GraphQLError(message);
    expect(formatError(logger, { hideSuggestions: true })(formatted, error)).toEqual({
      message: 'Cannot query field "plylists" on type "Query".',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(formatError(logger, { hideSuggestions: false })(formatted, error).message).toBe(message);
    const limit = {
      message: 'Aliases limit of 15 exceeded, found 16.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    };
    expect(formatError(logger, { hideSuggestions: true })(limit, new GraphQLError(limit.message))).toEqual(limit);
    expect(lines).toEqual([]);
  });

  it('gives request refusals that come without a code one, instead of calling them internal', () => {
    const { logger, lines } = capturingLogger();
    const format = formatError(logger, { hideSuggestions: true });
    // Apollo fills in INTERNAL_SERVER_ERROR for errors without a code before formatError sees them.
    const asApollo = (error: GraphQLError) => ({
      message: error.message,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    const tooMany = new GraphQLError('Too many errors processing variables, error limit reached. Execution aborted.');
    expect(format(asApollo(tooMany), tooMany)).toEqual({
      message: tooMany.message,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const refused = new GraphQLError('provided sha does not match query', { extensions: { http: { status: 400 } } });
    expect(format(asApollo(refused), refused)).toEqual({
      message: refused.message,
      extensions: { code: 'BAD_REQUEST' },
    });
    expect(lines).toEqual([]);
    // A failure inside a resolver stays internal, whatever its message.
    const inside = new GraphQLError('Too many errors processing variables', {
      path: ['playlists'],
      originalError: new Error('boom'),
    });
    expect(format(asApollo(inside), inside).extensions?.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('names the token limit when the parser stops at it', () => {
    const { logger, lines } = capturingLogger();
    const message = 'Syntax Error: Document contains more that 1000 tokens. Parsing aborted.';
    const formatted = { message, locations: [{ line: 1, column: 2990 }], extensions: { code: 'GRAPHQL_PARSE_FAILED' } };
    expect(formatError(logger, { hideSuggestions: true })(formatted, new GraphQLError(message))).toEqual({
      message: 'Token limit of 1000 exceeded.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect(lines).toEqual([]);
  });
});

describe('formatError in the request’s language', () => {
  /** Runs `format` as the graph does, within the request's language (i18n/request-locale.ts). */
  function within<T>(acceptLanguage: string, format: () => T): T {
    const req = {
      headers: { 'accept-language': acceptLanguage },
      acceptsLanguages: (locales: string[]) => (locales.includes(acceptLanguage) ? acceptLanguage : false),
    } as unknown as Request;
    let result: T | undefined;
    requestLocale(localizer())(req, {} as never, () => {
      result = format();
    });
    return result as T;
  }

  it('says a domain error, its fields and its wait in Arabic; code and retry time unchanged', () => {
    const { logger } = capturingLogger();
    const format = formatError(logger, { hideSuggestions: true });
    const [error, formatted] = fromResolver(
      saidError('RATE_LIMITED', messages.rateLimit.pins, { minutes: 5 }, { field: 'pin', retryAfterSeconds: 300 }),
    );
    const english = format(formatted, error);
    expect(english.message).toBe('Too many wrong PINs. Please try again in 5 minutes.');
    const arabic = within('ar', () => format(formatted, error));
    const said = localizer().format('ar', messages.rateLimit.pins, { minutes: 5 });
    expect(arabic).toEqual({
      ...english,
      message: said,
      extensions: { code: 'RATE_LIMITED', fieldErrors: { pin: said }, retryAfterSeconds: 300 },
    });
    expect(said).toContain('5 دقائق');
  });

  it('says the generic failure in Arabic, and leaves English to a request that asks for none of ours', () => {
    const { logger } = capturingLogger();
    const format = formatError(logger, { hideSuggestions: true });
    const [error, formatted] = fromResolver(new Error('a bug'));
    expect(within('ar', () => format(formatted, error)).message).toBe(localizer().text('ar', INTERNAL_ERROR_MESSAGE));
    expect(within('fr', () => format(formatted, error)).message).toBe(INTERNAL_ERROR_MESSAGE);
  });
});
