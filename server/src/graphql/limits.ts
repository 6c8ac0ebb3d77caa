import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, type GraphQLFormattedError, type ParseOptions, type ValidationRule } from 'graphql';
import type { GraphQLLimits } from './graphql.settings';

/** Directives in one operation. The portal sends none; a handful of @include/@skip is the most a client needs. */
export const MAX_DIRECTIVES = 20;

/** The code every refused document gets, so a client can tell "too big" from a fault of ours. */
const LIMIT_CODE = 'GRAPHQL_VALIDATION_FAILED';

/**
 * Reports a refusal as a validation error of the request (400, GRAPHQL_VALIDATION_FAILED) instead of throwing.
 * graphql-armor words its refusals "Syntax Error: ..."; they are not syntax errors, so that part goes.
 */
function reportLimit(context: { reportError(error: GraphQLError): void } | null, error: GraphQLError): void {
  context?.reportError(
    new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: 'BAD_USER_INPUT' } }),
  );
}

/**
 * The limits on what one GraphQL document may ask for (OWASP GraphQL Cheat Sheet: depth, amount, cost), checked
 * before anything runs:
 *
 * - depth, aliases, cost and directives: graphql-armor's validation rules. Depth and cost count fields, not
 *   fragments (`flattenFragments`), so a client's fragments cost nothing extra; introspection's `__schema` is
 *   not counted (it is off in production anyway).
 * - tokens: graphql-js's own parser limit (`maxLexicalTokens`), which stops reading at the limit. graphql-armor's
 *   Apollo plugin for tokens is not used: on Apollo Server 5 it throws from a plugin hook, which answers 500, and
 *   its `unexpectedErrorProcessingRequest` hook relabels any unexpected failure as a validation error carrying
 *   the failure's own message to the client.
 * - field suggestions ("Did you mean ...?"): graphql-armor's masking misses enum values ("Did you mean the enum
 *   value ...") and leaves a stray "?", so `hideSuggestions` below does it in the one place every error passes
 *   (apollo.ts formatError), in production only.
 */
export function graphqlProtection(limits: GraphQLLimits): {
  validationRules: ValidationRule[];
  parseOptions: ParseOptions;
} {
  const refusal = { propagateOnRejection: false, onReject: [reportLimit] };
  const armor = new ApolloArmor({
    maxDepth: { n: limits.maxDepth, flattenFragments: true, ...refusal },
    maxAliases: { n: limits.maxAliases, ...refusal },
    costLimit: { maxCost: limits.maxCost, flattenFragments: true, ...refusal },
    maxDirectives: { n: MAX_DIRECTIVES, ...refusal },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }).protect();
  // With its token and suggestion plugins off, graphql-armor adds validation rules only.
  return {
    validationRules: armor.validationRules,
    parseOptions: { maxLexicalTokens: limits.maxTokens },
  };
}

/** graphql-js's words when the parser stops at the token limit ("more that" is its spelling). */
const TOKEN_LIMIT = /^Syntax Error: Document contains more tha[nt] (\d+) tokens\. Parsing aborted\.$/;

/**
 * The token limit is met while parsing, so Apollo reports it as a parse failure; it is answered like the other
 * limits instead. Returns undefined for any other error.
 */
export function tokenLimitError(formatted: GraphQLFormattedError): GraphQLFormattedError | undefined {
  const limit = TOKEN_LIMIT.exec(formatted.message)?.[1];
  if (formatted.extensions?.code !== 'GRAPHQL_PARSE_FAILED' || !limit) return undefined;
  return { message: `Token limit of ${limit} exceeded.`, extensions: { code: LIMIT_CODE } };
}

/**
 * Removes graphql-js's suggestions ('Cannot query field "plylists" on type "Query". Did you mean "playlists"?',
 * 'Did you mean the enum value "GENERAL"?'), which let anyone map the schema with introspection off.
 */
export function hideSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?/g, '');
}
