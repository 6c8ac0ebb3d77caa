import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import {
  concatAST,
  parse,
  print,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';

const root = path.resolve(__dirname, '../..');

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' ? [] : graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

export interface PortalOperation {
  name: string;
  /** The document as Apollo Client sends it: the operation, the fragments it uses, `__typename` added. */
  document: DocumentNode;
  query: string;
}

/** Every operation the portal sends (client/src/**\/*.graphql), as it goes over the wire. */
export function portalOperations(): PortalOperation[] {
  const all = concatAST(
    graphqlFiles(path.join(root, 'client', 'src')).map((file) => parse(readFileSync(file, 'utf8'))),
  );
  const fragments = all.definitions.filter((d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition');
  const operations = all.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  return operations.map((operation) => {
    const used = new Set<string>();
    const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
      visit(node, {
        FragmentSpread(spread) {
          if (used.has(spread.name.value)) return;
          used.add(spread.name.value);
          const fragment = fragments.find((f) => f.name.value === spread.name.value);
          if (fragment) collect(fragment);
        },
      });
    collect(operation);
    const document = addTypenameToDocument({
      kind: all.kind,
      definitions: [operation, ...fragments.filter((f) => used.has(f.name.value))],
    });
    return { name: operation.name?.value ?? '(anonymous)', document, query: print(document) };
  });
}

export function portalOperation(name: string): PortalOperation {
  const found = portalOperations().find((o) => o.name === name);
  if (!found) throw new Error(`no portal operation named ${name}`);
  return found;
}
