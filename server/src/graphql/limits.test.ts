import { buildASTSchema, concatAST, parse, print, specifiedRules, validate, type DocumentNode } from 'graphql';
import { portalOperations } from '../../../tests/support/operations.cjs';
import { loadConfig } from '../config';
import type { GraphQLLimits } from './graphql.settings';
import { graphqlProtection, hideSuggestions, MAX_DIRECTIVES, tokenLimitError } from './limits';
import { loadTypeDefs } from './schema';

const schema = buildASTSchema(concatAST(loadTypeDefs()));
const DEFAULTS = loadConfig({}).graphqlLimits;

/** The messages of the limits a document breaks (parsing with the token limit, then validating). */
function refusals(query: string, limits: GraphQLLimits = DEFAULTS): string[] {
  const protection = graphqlProtection(limits);
  let document: DocumentNode;
  try {
    document = parse(query, protection.parseOptions);
  } catch (err) {
    return [(err as Error).message];
  }
  return validate(schema, document, [...specifiedRules, ...protection.validationRules]).map((e) => e.message);
}

describe('GraphQL limits', () => {
  const operations = portalOperations();

  it('finds the portal’s operations (the heaviest: playlists and payments)', () => {
    const names = operations.map((o) => o.name);
    expect(names).toEqual(
      expect.arrayContaining(['Playlists', 'CreatePlaylist', 'UnlockPlaylist', 'DevicePayments', 'CapturePayPalOrder']),
    );
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  it('lets every operation of the portal through at the defaults, and still with a margin to spare', () => {
    // Measured: the deepest (createPlaylist > playlist > lastCheck > m3u > sample > name) is 6 levels, the
    // longest about 101 tokens; none uses aliases or directives. The costliest (a playlist's answer with its last
    // check, now with the channels the check opened) is about 453: a quarter of the limit, still with room.
    const tight: GraphQLLimits = {
      maxDepth: DEFAULTS.maxDepth - 4,
      maxAliases: 1,
      maxTokens: Math.floor(DEFAULTS.maxTokens / 5),
      maxCost: Math.floor(DEFAULTS.maxCost / 4),
    };
    for (const { name, query } of operations) {
      expect([name, refusals(query)]).toEqual([name, []]);
      expect([name, refusals(query, tight)]).toEqual([name, []]);
    }
  });

  it('has the documented defaults', () => {
    expect(DEFAULTS).toEqual({ maxDepth: 10, maxAliases: 15, maxTokens: 1000, maxCost: 2000 });
    expect(loadConfig({ GRAPHQL_MAX_DEPTH: '12', GRAPHQL_MAX_COST: '5000' }).graphqlLimits).toMatchObject({
      maxDepth: 12,
      maxCost: 5000,
    });
    expect(() => loadConfig({ GRAPHQL_MAX_ALIASES: 'many', GRAPHQL_MAX_TOKENS: '0' })).toThrow(
      /GRAPHQL_MAX_ALIASES must be a whole number[\s\S]*GRAPHQL_MAX_TOKENS must be above 0/,
    );
  });

  it('refuses a document over each limit with a message naming the limit', () => {
    // The schema has no cycles (its deepest path is 6 levels): only introspection's ofType goes deeper.
    const nested = (levels: number) =>
      `{ __type(name: "Device") { ${'ofType { '.repeat(levels)}name${' }'.repeat(levels)} } }`;
    expect(refusals(nested(8))).toEqual([]);
    expect(refusals(nested(10))).toEqual(['Query depth limit of 10 exceeded, found 12.']);

    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `p${i}: ping`).join(' ')} }`;
    expect(refusals(aliases(15))).toEqual([]);
    expect(refusals(aliases(16))).toEqual(['Aliases limit of 15 exceeded, found 16.']);

    // (graphql-js itself meters the comparison of many same-named fields, so the boundary is shown at 300.)
    const tokens = (n: number) => `{ ${'ping '.repeat(n - 2)}}`;
    expect(refusals(tokens(300), { ...DEFAULTS, maxTokens: 300 })).toEqual([]);
    expect(refusals(tokens(301), { ...DEFAULTS, maxTokens: 300 })).toEqual([
      'Syntax Error: Document contains more that 300 tokens. Parsing aborted.',
    ]);
    expect(refusals(tokens(1001))).toEqual(['Syntax Error: Document contains more that 1000 tokens. Parsing aborted.']);

    const directives = (n: number) => `{ ${'ping @include(if: true) '.repeat(n)}}`;
    expect(refusals(directives(MAX_DIRECTIVES))).toEqual([]);
    expect(refusals(directives(MAX_DIRECTIVES + 1))).toEqual([
      `Directives limit of ${MAX_DIRECTIVES} exceeded, found ${MAX_DIRECTIVES + 1}.`,
    ]);
  });

  it('refuses many aliased copies of the playlist list by cost, though each is allowed alone', () => {
    const playlists = operations.find((o) => o.name === 'Playlists')!;
    const fragments = print({
      ...playlists.document,
      definitions: playlists.document.definitions.filter((d) => d.kind === 'FragmentDefinition'),
    });
    const copies = (n: number) =>
      `query { ${Array.from({ length: n }, (_, i) => `l${i}: playlists(search: "${i}") { ...PlaylistFields }`).join(' ')} } ${fragments}`;
    expect(refusals(copies(1))).toEqual([]);
    const [message] = refusals(copies(15));
    expect(message).toMatch(/^Query Cost limit of 2000 exceeded, found \d+(\.\d+)?\.$/);
  });
});

describe('tokenLimitError', () => {
  it('turns graphql-js’s parse abort into a limit error, and leaves other parse errors alone', () => {
    expect(
      tokenLimitError({
        message: 'Syntax Error: Document contains more that 1000 tokens. Parsing aborted.',
        extensions: { code: 'GRAPHQL_PARSE_FAILED' },
      }),
    ).toEqual({ message: 'Token limit of 1000 exceeded.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(
      tokenLimitError({ message: 'Syntax Error: Unexpected "}".', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }),
    ).toBeUndefined();
  });
});

describe('hideSuggestions', () => {
  it('removes field, argument, input-field and enum-value suggestions', () => {
    const cases: Array<[string, string]> = [
      [
        'Cannot query field "plylists" on type "Query". Did you mean "playlists"?',
        'Cannot query field "plylists" on type "Query".',
      ],
      [
        'Value "GENERALL" does not exist in "PlaylistType" enum. Did you mean the enum value "GENERAL"?',
        'Value "GENERALL" does not exist in "PlaylistType" enum.',
      ],
      [
        'Variable "$input" got invalid value { nme: "x" }; Field "nme" is not defined by type "PlaylistInput". Did you mean "name" or "pin"?',
        'Variable "$input" got invalid value { nme: "x" }; Field "nme" is not defined by type "PlaylistInput".',
      ],
      ['Unknown argument "q".', 'Unknown argument "q".'],
    ];
    for (const [message, hidden] of cases) expect(hideSuggestions(message)).toBe(hidden);
  });
});
