import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import {
  getDirectiveValues,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export interface CachePolicy {
  maxAge: number;
  scope: 'PUBLIC' | 'PRIVATE';
}

interface Hint {
  maxAge?: number;
  scope?: 'PUBLIC' | 'PRIVATE';
  inheritMaxAge?: boolean;
}

/**
 * The cache policy of an operation from the schema's `@cacheControl` hints alone, by Apollo's own rules
 * (@apollo/server plugin/cacheControl): a root field, and a field returning an object, is uncacheable unless a
 * hint on it or on its type gives a max age or says `inheritMaxAge`; a leaf field inherits; one PRIVATE hint
 * makes the whole answer private; the answer's max age is the least of its fields'. Mutations are never cached.
 *
 * Apollo's plugin works this out field by field as it resolves them, which puts a hook around every resolver:
 * on a list of playlists that is most of the cost of executing it. No resolver sets a dynamic hint, so the same
 * answer comes from the document, once per document. Null when nothing may be kept.
 */
export function operationCachePolicy(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): CachePolicy | null {
  if (operation.operation !== 'query') return null;
  const directive = schema.getDirective('cacheControl');
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const hintOf = (node: Parameters<typeof getDirectiveValues>[1] | undefined | null): Hint =>
    (directive && node ? (getDirectiveValues(directive, node) as Hint | undefined) : undefined) ?? {};
  const typeHint = (type: GraphQLCompositeType): Hint => {
    for (const node of [type.astNode, ...type.extensionASTNodes]) {
      const hint = hintOf(node);
      if (Object.keys(hint).length) return hint;
    }
    return {};
  };

  let maxAge = Number.POSITIVE_INFINITY;
  let scope: CachePolicy['scope'] = 'PUBLIC';
  const visiting = new Set<string>();

  const fieldPolicy = (field: GraphQLField<unknown, unknown>, isRoot: boolean) => {
    const target = getNamedType(field.type);
    let age: number | undefined;
    let fieldScope: CachePolicy['scope'] | undefined;
    let inherit = false;
    if (isCompositeType(target)) {
      const hint = typeHint(target);
      age = hint.maxAge;
      fieldScope = hint.scope;
      inherit = !!hint.inheritMaxAge;
    }
    const hint = hintOf(field.astNode);
    if (hint.inheritMaxAge && age === undefined) {
      inherit = true;
      fieldScope = hint.scope ?? fieldScope;
    } else {
      age = hint.maxAge ?? age;
      fieldScope = hint.scope ?? fieldScope;
    }
    if (age === undefined && ((isCompositeType(target) && !inherit) || isRoot)) age = 0;
    if (age !== undefined) maxAge = Math.min(maxAge, age);
    if (fieldScope === 'PRIVATE') scope = 'PRIVATE';
  };

  const walk = (selections: SelectionSetNode, parent: GraphQLCompositeType, isRoot: boolean): boolean => {
    for (const selection of selections.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        if (!isObjectType(parent) && !isInterfaceType(parent)) return false;
        const field = parent.getFields()[selection.name.value];
        if (!field) return false;
        fieldPolicy(field, isRoot);
        const target = getNamedType(field.type);
        if (selection.selectionSet && isCompositeType(target) && !walk(selection.selectionSet, target, false)) {
          return false;
        }
      } else {
        const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments.get(selection.name.value) : selection;
        if (!fragment) return false;
        if (selection.kind === Kind.FRAGMENT_SPREAD) {
          // A cycle is refused by validation before anything runs; never loop on one here.
          if (visiting.has(selection.name.value)) return false;
          visiting.add(selection.name.value);
        }
        const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parent;
        if (!condition || !isCompositeType(condition)) return false;
        const ok = walk(fragment.selectionSet, condition, isRoot);
        if (selection.kind === Kind.FRAGMENT_SPREAD) visiting.delete(selection.name.value);
        if (!ok) return false;
      }
    }
    return true;
  };

  const root = schema.getQueryType();
  if (!root || !walk(operation.selectionSet, root, true)) return null;
  return maxAge > 0 && Number.isFinite(maxAge) ? { maxAge, scope } : null;
}

/**
 * Sets `Cache-Control` on an answer without errors from its operation's policy, as Apollo's cache control plugin
 * does (graphql/http.ts decides from it which answers it keeps, then tells browsers no-store). The policy is
 * worked out once per parsed document, which Apollo's document store keeps.
 */
export function cachePolicyPlugin<Context extends object>(): ApolloServerPlugin<Context> {
  const policies = new WeakMap<OperationDefinitionNode, CachePolicy | null>();
  // Everything it needs comes with the request context: one listener serves every request.
  const listener: GraphQLRequestListener<Context> = {
    async willSendResponse({ schema, document, operation, response }) {
      if (!document || !operation || response.body.kind !== 'single' || response.body.singleResult.errors) return;
      let policy = policies.get(operation);
      if (policy === undefined) {
        policy = operationCachePolicy(schema, document, operation);
        policies.set(operation, policy);
      }
      if (policy) {
        response.http.headers.set('cache-control', `max-age=${policy.maxAge}, ${policy.scope.toLowerCase()}`);
      }
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
  };
}
