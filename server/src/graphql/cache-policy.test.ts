import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { buildASTSchema, concatAST, getOperationAST, parse } from 'graphql';
import { portalOperations } from '../../../tests/support/operations.cjs';
import { operationCachePolicy, type CachePolicy } from './cache-policy';
import { loadTypeDefs } from './schema';

const productSchema = buildASTSchema(concatAST(loadTypeDefs()));

function policyOf(schema: typeof productSchema, query: string): CachePolicy | null {
  const document = parse(query);
  return operationCachePolicy(schema, document, getOperationAST(document)!);
}

describe('operationCachePolicy on the portal operations', () => {
  const byName = new Map(portalOperations().map((o) => [o.name, o]));

  it('keeps the playlist list, as the portal asks for it (with each playlist’s last check), for one device', () => {
    const list = byName.get('Playlists')!;
    const document = list.document;
    expect(operationCachePolicy(productSchema, document, getOperationAST(document)!)).toEqual({
      maxAge: 3600,
      scope: 'PRIVATE',
    });
  });

  it('keeps nothing else the portal reads or writes, except single playlists', () => {
    const cacheable = [...byName.values()]
      .filter((o) => operationCachePolicy(productSchema, o.document, getOperationAST(o.document)!))
      .map((o) => o.name)
      .sort();
    expect(cacheable).toEqual(['Playlist', 'Playlists']);
  });
});

/**
 * The rules are Apollo's: the same documents through Apollo's own cache control plugin must get the same
 * Cache-Control header, on a schema with every kind of hint.
 */
describe('operationCachePolicy agrees with Apollo’s cache control plugin', () => {
  const typeDefs = `
    enum CacheControlScope { PUBLIC PRIVATE }
    directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean)
      on FIELD_DEFINITION | OBJECT | INTERFACE | UNION
    type Query {
      hinted: Item @cacheControl(maxAge: 60)
      privateList: [Item!]! @cacheControl(maxAge: 300, scope: PRIVATE)
      typed: Typed
      plain: Item
      leaf: String
      leafHinted: String @cacheControl(maxAge: 30)
      node: Node
      either: Either @cacheControl(maxAge: 90)
    }
    type Item {
      id: ID!
      name: String
      shorter: String @cacheControl(maxAge: 10)
      child: Child
      inheriting: Child @cacheControl(inheritMaxAge: true)
      inheritingType: Inherits
      privateLeaf: String @cacheControl(scope: PRIVATE)
    }
    type Typed @cacheControl(maxAge: 120) { id: ID!, item: Item @cacheControl(maxAge: 200) }
    type Child { value: String }
    type Inherits @cacheControl(inheritMaxAge: true) { value: String, deeper: Child }
    interface Node @cacheControl(maxAge: 40) { id: ID! }
    type NodeA implements Node { id: ID!, a: String }
    union Either @cacheControl(maxAge: 50) = Typed | Child
  `;
  const schema = buildASTSchema(parse(typeDefs));
  const item = { id: '1', name: 'n', shorter: 's', child: { value: 'v' }, inheriting: { value: 'v' } };
  const resolvers = {
    Query: {
      hinted: () => item,
      privateList: () => [item, item],
      typed: () => ({ id: 't', item }),
      plain: () => item,
      leaf: () => 'x',
      leafHinted: () => 'x',
      node: () => ({ __typename: 'NodeA', id: 'n', a: 'a' }),
      either: () => ({ __typename: 'Child', value: 'v' }),
    },
    Item: { inheritingType: () => ({ value: 'v', deeper: { value: 'd' } }), privateLeaf: () => 'p' },
  };
  const apollo = new ApolloServer({
    typeDefs,
    resolvers,
    plugins: [ApolloServerPluginCacheControl({ calculateHttpHeaders: true })],
  });
  beforeAll(() => apollo.start());
  afterAll(() => apollo.stop());

  const documents = [
    '{ leaf }',
    '{ leafHinted }',
    '{ __typename }',
    '{ hinted { id name } }',
    '{ hinted { id shorter } }',
    '{ hinted { child { value } } }',
    '{ hinted { inheriting { value } } }',
    '{ hinted { inheritingType { value } } }',
    '{ hinted { inheritingType { deeper { value } } } }',
    '{ hinted { privateLeaf } }',
    '{ privateList { id name } }',
    '{ privateList { ...F } } fragment F on Item { id inheriting { value } }',
    '{ privateList { ... on Item { shorter } } }',
    '{ typed { id } }',
    '{ typed { item { id } } }',
    '{ typed { item { child { value } } } }',
    '{ plain { id } }',
    '{ hinted { id } leafHinted }',
    '{ hinted { id } privateList { id } }',
    '{ node { id ... on NodeA { a } } }',
    '{ either { ... on Child { value } ... on Typed { id } } }',
    'query Q { a: hinted { id } b: typed { id } }',
  ];

  it.each(documents)('%s', async (query) => {
    const answer = await apollo.executeOperation({ query });
    // Apollo says no-store for what it would not keep.
    const header = answer.http.headers.get('cache-control') ?? 'no-store';
    const policy = policyOf(schema, query);
    expect(policy ? `max-age=${policy.maxAge}, ${policy.scope.toLowerCase()}` : 'no-store').toBe(header);
  });

  it('never keeps a mutation', () => {
    const withMutation = buildASTSchema(parse(`${typeDefs} type Mutation { touch: Item @cacheControl(maxAge: 60) }`));
    expect(policyOf(withMutation, 'mutation { touch { id } }')).toBeNull();
  });
});
