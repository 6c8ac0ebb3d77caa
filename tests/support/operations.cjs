// The portal's own operations (client/src/**/*.graphql, less the TV app's in client/src/tv, which a TV sends by
// its safelisted id) as Apollo Client sends them. CommonJS, so that both the
// TypeScript tests (through jest) and the plain Node benchmarks (tests/bench) read the same documents.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { addTypenameToDocument } = require('@apollo/client/utilities');
const { concatAST, parse, print, visit } = require('graphql');

const root = path.resolve(__dirname, '../..');
const tvApp = path.join(root, 'client', 'src', 'tv');

/** @param {string} dir @returns {string[]} */
function graphqlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__generated__' || full === tvApp ? [] : graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

/** Every operation the portal sends, as it goes over the wire: the operation, its fragments, `__typename` added. */
function portalOperations() {
  const all = concatAST(
    graphqlFiles(path.join(root, 'client', 'src')).map((file) => parse(readFileSync(file, 'utf8'))),
  );
  const fragments = all.definitions.filter((d) => d.kind === 'FragmentDefinition');
  const operations = all.definitions.filter((d) => d.kind === 'OperationDefinition');
  return operations.map((operation) => {
    const used = new Set();
    const collect = (node) =>
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

/** @param {string} name */
function portalOperation(name) {
  const found = portalOperations().find((o) => o.name === name);
  if (!found) throw new Error(`no portal operation named ${name}`);
  return found;
}

module.exports = { portalOperations, portalOperation };
