import { bool, positiveInt, settingsSection } from '../common/settings';

/** What one GraphQL document may ask for; anything over is refused before it runs (graphql/limits.ts). */
export interface GraphQLLimits {
  /** Nesting of fields (fragments do not add a level). */
  maxDepth: number;
  /** Aliased fields in one operation. */
  maxAliases: number;
  /** Lexical tokens in the document (checked while parsing, so a huge document is not even parsed). */
  maxTokens: number;
  /** graphql-armor's static cost: 1 per scalar field, 2 per object field, times 1.5 per level of nesting. */
  maxCost: number;
}

/** Introspection (Apollo Sandbox) and the limits on one document (docs/configuration.md, "GraphQL"). */
export const graphqlSettings = settingsSection({
  shape: {
    GRAPHQL_INTROSPECTION: bool.optional(),
    // Limits on one GraphQL document (see graphql/limits.ts for what the portal's own operations measure).
    GRAPHQL_MAX_DEPTH: positiveInt.max(100, 'must be at most 100').default(10),
    GRAPHQL_MAX_ALIASES: positiveInt.max(1000, 'must be at most 1000').default(15),
    GRAPHQL_MAX_TOKENS: positiveInt.max(100_000, 'must be at most 100000').default(1000),
    GRAPHQL_MAX_COST: positiveInt.max(1_000_000, 'must be at most 1000000').default(2000),
  },
  read: (env, { isProduction }) => ({
    graphqlIntrospection: env.GRAPHQL_INTROSPECTION ?? !isProduction,
    graphqlLimits: {
      maxDepth: env.GRAPHQL_MAX_DEPTH,
      maxAliases: env.GRAPHQL_MAX_ALIASES,
      maxTokens: env.GRAPHQL_MAX_TOKENS,
      maxCost: env.GRAPHQL_MAX_COST,
    } satisfies GraphQLLimits as GraphQLLimits,
  }),
});
