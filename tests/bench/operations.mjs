import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { concatAST, parse, print, visit } from 'graphql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The portal's own operations (client/src/**\/*.graphql) as Apollo Client sends them, by name. */
export function portalOperations() {
  const files = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === '__generated__'
          ? []
          : files(path.join(dir, e.name))
        : e.name.endsWith('.graphql')
          ? [path.join(dir, e.name)]
          : [],
    );
  const all = concatAST(files(path.join(root, 'client/src')).map((f) => parse(readFileSync(f, 'utf8'))));
  const fragments = all.definitions.filter((d) => d.kind === 'FragmentDefinition');
  const byName = {};
  for (const operation of all.definitions.filter((d) => d.kind === 'OperationDefinition')) {
    const used = new Set();
    const collect = (node) =>
      visit(node, {
        FragmentSpread(spread) {
          if (used.has(spread.name.value)) return;
          used.add(spread.name.value);
          collect(fragments.find((f) => f.name.value === spread.name.value));
        },
      });
    collect(operation);
    const document = addTypenameToDocument({
      kind: 'Document',
      definitions: [operation, ...fragments.filter((f) => used.has(f.name.value))],
    });
    byName[operation.name.value] = print(document);
  }
  return byName;
}
