import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  execute,
  getVariableValues,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type Executor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;

/** Runs of a document through graphql-js before it is compiled: a document sent once is never compiled. */
export const RUNS_BEFORE_COMPILING = 2;

/** Per operation: how often it ran, then its compiled form (null when graphql-jit declined it). */
interface Compilation {
  runs: number;
  compiled?: CompiledQuery | null;
}

/**
 * Executes the graph's operations compiled by graphql-jit where that answers exactly as graphql-js does (see
 * `isCompilable`), everything else by graphql-js.
 *
 * graphql-js walks the document for every object of an answer: on the portal's playlist list (twenty playlists
 * of a dozen fields) that costs seven times what the same answer costs compiled into one function. Operations
 * are compiled only once their document has run `RUNS_BEFORE_COMPILING` times (Apollo keeps one parsed
 * document per query text, so the portal's and TV apps' operations are compiled and a stranger's one-off
 * document costs no compiling). Variables are read by graphql-js first, so a bad variable is refused with
 * exactly graphql-js's message; introspection (Sandbox) stays with graphql-js.
 */
export function compilingExecutor(schema: GraphQLSchema, compile: typeof compileQuery = compileQuery): Executor {
  // Keyed by the operation's node: Apollo hands over the same parsed document, hence the same node, each time.
  const compilations = new WeakMap<OperationDefinitionNode, Compilation>();

  const compiledFor = (document: DocumentNode, operation: OperationDefinitionNode) => {
    let compilation = compilations.get(operation);
    if (!compilation) compilations.set(operation, (compilation = { runs: 0 }));
    if (compilation.compiled !== undefined) return compilation.compiled;
    compilation.runs += 1;
    if (compilation.runs < RUNS_BEFORE_COMPILING) return null;
    const compiled = compile(schema, document, operation.name?.value);
    compilation.compiled = isCompiledQuery(compiled) ? compiled : null;
    return compilation.compiled;
  };

  return async ({ document, operation: resolved, request, context }) => {
    const operation = resolved as OperationDefinitionNode | undefined;
    // As the client asked (the context's own operationName is the resolved operation's, null when there is none).
    const operationName = request.operationName ?? null;
    const variables = request.variables ?? {};
    // No operation when the operation name is not in the document: graphql-js gives the error Apollo expects.
    const compiled = operation && isCompilable(operation) ? compiledFor(document, operation) : null;
    if (operation && compiled) {
      if (operation.variableDefinitions?.length) {
        const coerced = getVariableValues(schema, operation.variableDefinitions, variables, { maxErrors: 50 });
        if (coerced.errors) return { errors: coerced.errors };
      }
      const result = (await compiled.query(undefined, context, variables)) as ExecutionResult;
      return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
    }
    return execute({ schema, document, contextValue: context, variableValues: variables, operationName });
  };
}

/**
 * graphql-jit's errors are lighter than graphql-js's (no `extensions` object unless the underlying error has
 * one), and Apollo's error handling relies on graphql-js's: the same error as graphql-js's `locatedError` makes.
 */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const located = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
  // graphql-js works locations out from nodes, which graphql-jit does not keep; it gives the locations.
  return Object.assign(located, { locations: error.locations });
}

/**
 * A query whose root selections are plain fields other than introspection's (`__schema`, `__type`), or a
 * mutation of one plain root field (as every client of the graph sends them). Sandbox's documents, anything
 * reaching the root through fragments, and mutations of several fields stay with graphql-js: when one of those
 * fails and its null reaches the root, graphql-js runs none of the fields after it, and graphql-jit runs them all.
 */
function isCompilable(operation: OperationDefinitionNode): boolean {
  const { selections } = operation.selectionSet;
  const plainFields = selections.every(
    (selection) =>
      selection.kind === 'Field' && selection.name.value !== '__schema' && selection.name.value !== '__type',
  );
  if (operation.operation === 'mutation') return plainFields && selections.length === 1;
  return operation.operation === 'query' && plainFields;
}

/** The graph as Apollo Server's `gateway`: Apollo parses, validates and formats; `compilingExecutor` executes. */
export function compilingGateway(schema: GraphQLSchema): Gateway {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async load() {
      return { executor: compilingExecutor(schema) };
    },
    async stop() {},
  };
}
