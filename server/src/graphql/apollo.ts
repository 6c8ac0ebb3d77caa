import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { ErrorCode } from '../../../common/errors';
import { DomainError, INTERNAL_ERROR_MESSAGE } from '../common/errors';
import type { Resolvers } from '../__generated__/resolvers-types';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { raceRefusal } from '../db/races';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import type { GraphQLContext } from './context';
import { graphqlProtection, hideSuggestions, tokenLimitError } from './limits';
import { safelistCache, type PersistedOperation } from './safelist';
import { sandboxLandingPage } from './sandbox-page';
import { loadTypeDefs } from './schema';
import { localizer } from '../i18n/localizer';
import { currentLocale } from '../i18n/request-locale';

// Codes Apollo itself produces for requests it could not run; their messages describe the request, not us.
const REQUEST_ERROR_CODES = new Set<string>(<ErrorCode[]>[
  // Ours, when raised as a GraphQLError outside a resolver (the context function).
  'UNAUTHENTICATED',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * The graph has no subscriptions: one sent is the caller's mistake, answered 400 before anything runs (graphql-js
 * would otherwise fail it during execution, as an internal error).
 */
const noSubscriptions: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation !== 'subscription') return;
        throw new GraphQLError('This graph has no subscriptions: send a query or a mutation.', {
          extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
        });
      },
    };
  },
};

/**
 * Messages are said in the request's language (its Accept-Language, kept by i18n/request-locale.ts); codes never
 * change. Domain errors keep their message and get their code; errors from Apollo about the request pass through (in
 * production without graphql-js's "Did you mean ...?" suggestions, which would map the schema for anyone); a
 * document over a limit gets a message naming the limit; anything else is logged and replaced by a generic
 * message, so no stack, SQL or internals leak.
 */
export function formatError(logger: Logger, options: { hideSuggestions: boolean }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const locale = currentLocale();
    const say = (english: string) => localizer().text(locale, english);
    const unwrapped = unwrapResolverError(error);
    // A statement the database refused because of a concurrent one (a deadlock, a device a Switch MAC absorbed).
    const raced = raceRefusal(unwrapped);
    if (raced) logger.warn({ err: unwrapped }, 'a GraphQL operation lost a race; answered CONFLICT');
    const original = raced ?? unwrapped;
    if (original instanceof DomainError) {
      const { message, fieldErrors } = localizer().refusal(locale, original);
      return {
        message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: {
          code: original.code,
          ...(fieldErrors ? { fieldErrors } : {}),
          ...(original.retryAfterSeconds ? { retryAfterSeconds: original.retryAfterSeconds } : {}),
          ...original.details,
        },
      };
    }
    const overLimit = tokenLimitError(formatted);
    if (overLimit) return overLimit;
    const code = requestErrorCode(error) ?? formatted.extensions?.code;
    if (typeof code === 'string' && REQUEST_ERROR_CODES.has(code)) {
      const message = say(options.hideSuggestions ? hideSuggestions(formatted.message) : formatted.message);
      return { message, locations: formatted.locations, path: formatted.path, extensions: { code } };
    }
    // The database away (restart, failover, no free connection) is not a fault of the request: 503, retry. Raised
    // while working out who is calling (graphql/context.ts), it comes as a GraphQLError around the driver's error.
    const cause = original instanceof GraphQLError && !original.path ? original.originalError : original;
    if (isDatabaseUnavailable(cause)) {
      return {
        message: say(DATABASE_UNAVAILABLE_MESSAGE),
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: 'UNAVAILABLE' },
      };
    }
    logger.error({ err: original }, 'unexpected error in a GraphQL operation');
    return {
      message: say(INTERNAL_ERROR_MESSAGE),
      path: formatted.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    };
  };
}

/**
 * A code for graphql-js's and Apollo's refusals of a request that come without one (Apollo would call them
 * INTERNAL_SERVER_ERROR): the limit of errors while reading variables ("Too many errors processing variables…"),
 * refusals with an HTTP status of 4xx. They are GraphQLErrors raised before anything runs, so they carry neither a
 * path nor an underlying error.
 */
function requestErrorCode(error: unknown): string | undefined {
  if (!(error instanceof GraphQLError) || error.path || error.originalError || error.extensions?.code) return undefined;
  const status = (error.extensions?.http as { status?: unknown } | undefined)?.status;
  if (/^Too many errors processing variables/.test(error.message)) return 'BAD_USER_INPUT';
  if (typeof status === 'number' && status >= 400 && status < 500) return 'BAD_REQUEST';
  return undefined;
}

/** The graph's server: `resolvers` is the whole resolver map (server/src/resolvers.ts), the schema is schema/. */
export function createApolloServer(
  config: Config,
  logger: Logger,
  resolvers: Resolvers,
  persisted: PersistedOperation[],
  extraPlugins: ApolloServerPlugin<GraphQLContext>[] = [],
) {
  const limits = graphqlProtection(config.graphqlLimits);
  return new ApolloServer<GraphQLContext>({
    typeDefs: loadTypeDefs(),
    resolvers,
    introspection: config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    // Suggestions help a developer in Sandbox; in production they would describe the schema to anyone.
    formatError: formatError(logger, { hideSuggestions: config.isProduction }),
    validationRules: limits.validationRules,
    parseOptions: limits.parseOptions,
    // Apollo's two preflight headers, and the GraphQL-over-HTTP spec's own.
    csrfPrevention: {
      requestHeaders: ['x-apollo-operation-name', 'apollo-require-preflight', 'graphql-require-preflight'],
    },
    allowBatchedHttpRequests: false,
    // Only the safelisted operations (schema/operations) can be sent by id; nothing anyone sends is kept.
    persistedQueries: { cache: safelistCache(persisted) },
    // main.ts owns shutdown (HTTP, sessions, database, lock); Apollo's own signal handler would race it.
    stopOnTerminationSignals: false,
    logger,
    plugins: [
      // No answer of the graph is kept by a browser or proxy (graphql/http.ts says no-store): no hints to gather.
      ApolloServerPluginCacheControlDisabled(),
      // Traces for a federation gateway; this graph is no subgraph, and the plugin Apollo installs by default
      // would otherwise be asked to start on every request only to find that out.
      ApolloServerPluginInlineTraceDisabled(),
      noSubscriptions,
      config.graphqlIntrospection ? sandboxLandingPage() : ApolloServerPluginLandingPageDisabled(),
      ...extraPlugins,
    ],
  });
}
