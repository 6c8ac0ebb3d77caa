/** Server unit tests (next to the code) and integration tests (tests/integration) through the real HTTP server. */

// On Node 24.9 and later Jest requires ES modules as they are (its own test: SourceTextModule's hasAsyncGraph);
// before, its module system needs them turned into CommonJS. Turned into CommonJS and then loaded as ES modules,
// they fail ("exports is not defined").
const requiresEsmItself = typeof require('node:vm').SourceTextModule?.prototype.hasAsyncGraph === 'function';

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server/src', '<rootDir>/common', '<rootDir>/sandbox/src', '<rootDir>/tests/integration'],
  // The stand-ins' package (sandbox/) from its sources: its built form (sandbox/dist) is what `npm start` loads.
  moduleNameMapper: { '^@m3u-player/sandbox$': '<rootDir>/sandbox/src/index.ts' },
  testMatch: ['**/*.test.ts'],
  transform: {
    // Transpile only (no type-check per file): `npm run typecheck` checks types once for the whole project.
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
    // FormatJS (the server's messages in other languages) ships ES modules only: Node requires them as they are,
    // Jest's module system before Node 24.9 needs them as CommonJS.
    ...(requiresEsmItself
      ? {}
      : {
          '^.+[\\/]node_modules[\\/].+\\.js$': [
            'ts-jest',
            { tsconfig: { allowJs: true, module: 'commonjs', esModuleInterop: true }, diagnostics: false },
          ],
        }),
  },
  transformIgnorePatterns: requiresEsmItself
    ? ['[\\/]node_modules[\\/]']
    : ['[\\/]node_modules[\\/](?!(@formatjs|intl-messageformat)[\\/])'],
  testTimeout: 60_000,
  // Two files at a time on this 2-core machine (jest's default would be one: cores minus one). Each file has a
  // database of its own (tests/support/database.ts), copied from one migrated once for the whole run.
  maxWorkers: Number(process.env.JEST_WORKERS) || 2,
  globalSetup: '<rootDir>/tests/support/jest-global.ts',
  globalTeardown: '<rootDir>/tests/support/jest-teardown.ts',
  setupFiles: ['<rootDir>/tests/support/jest-env.cjs'],
};
