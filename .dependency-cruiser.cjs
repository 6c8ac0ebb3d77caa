/**
 * The layers, checked (`npm run lint`, and tests/integration/layers.test.ts in every test run). docs/architecture.md
 * draws them; in short, imports run down:
 *
 *   server/src/*.ts          the composition: main, server, app, cli, and the registries services.ts (domain
 *                            services), resolvers.ts (the graph's resolver map), database.ts (entities, migrations)
 *   server/src/<domain>/     a domain's service, entities, resolvers and REST adapter (device, playlist, payments…)
 *   server/src/graphql/, http/, auth/   the transports and who is calling
 *   server/src/metrics/metrics.ts       the metrics' families, handed to every domain: below them all
 *   server/src/db/, common/, i18n/      the database engine, helpers and the messages in each language
 *   common/                  shared by server and client: messages, validation, error codes
 *   sandbox/                 the payment stand-ins, a package of their own that imports none of the above
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: one of the two modules belongs below the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'composition-is-the-top',
      severity: 'error',
      comment:
        'Nothing below imports the composition or its registries: take what you need as a parameter (a ' +
        'router takes the services it uses), or move the shared part down.',
      from: { path: '^server/src/[^/]+/' },
      to: { path: '^server/src/(main|server|app|cli|services|resolvers|database)\\.ts$' },
    },
    {
      name: 'foundation-stays-below',
      severity: 'error',
      comment: 'server/src/db, common and i18n (the messages in each language) are below every domain and transport.',
      from: { path: '^server/src/(db|common|i18n)/' },
      to: { path: '^server/src/', pathNot: '^server/src/(db|common|i18n)/|^server/src/__generated__/' },
    },
    {
      name: 'metrics-below-domains',
      severity: 'error',
      comment:
        'server/src/metrics/metrics.ts is handed to the services that report, in every domain: it imports none of ' +
        'them, nor a transport (its labels are plain strings), only the database engine and the helpers.',
      from: { path: '^server/src/metrics/metrics\\.ts$' },
      to: { path: '^server/src/', pathNot: '^server/src/(db|common)/' },
    },
    {
      name: 'shared-code-is-shared',
      severity: 'error',
      comment: 'common/ is shared by the server and the browser: it imports neither.',
      from: { path: '^common/' },
      to: { path: '^(server|client)/' },
    },
    {
      name: 'client-is-not-server',
      severity: 'error',
      comment: 'The browser code never imports the server (common/ holds what both need).',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'tv-app-stands-apart',
      severity: 'error',
      comment:
        "The TV app (client/src/tv/) is built and packaged on its own: it takes nothing of the portal's pages, " +
        'components or client code; what both need lives in common/ or client/src/i18n/.',
      from: { path: '^client/src/tv/' },
      to: { path: '^client/src/', pathNot: '^client/src/(tv|i18n)/' },
    },
    {
      name: 'portal-is-not-tv-app',
      severity: 'error',
      comment: 'The portal does not load the TV app.',
      from: { path: '^client/src/', pathNot: '^client/src/tv/' },
      to: { path: '^client/src/tv/' },
    },
    {
      name: 'server-is-not-client',
      severity: 'error',
      comment: 'The server never imports the browser code (the built client is read from dist/).',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'sandbox-stands-apart',
      severity: 'error',
      comment:
        "The payment stand-ins (sandbox/) speak the providers' published protocols and never borrow the " +
        "product's code: a stand-in built from the adapter would agree with it whatever the provider says.",
      from: { path: '^sandbox/' },
      to: { path: '^(server|client|common)/' },
    },
    {
      name: 'sandbox-loaded-once',
      severity: 'error',
      comment:
        'The server loads the stand-ins in one place (app.ts, only when a method has no credentials); elsewhere it ' +
        'may name their types.',
      from: { path: '^server/', pathNot: '^server/src/app\\.ts$' },
      to: { path: '^sandbox/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)__generated__/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // The stand-ins' package resolves to its sources (the `types` condition), as TypeScript reads it.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['types', 'require', 'default'],
    },
  },
};
