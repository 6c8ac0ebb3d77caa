/** Server unit tests (next to the code) and integration tests (tests/integration) through the real HTTP server. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server/src', '<rootDir>/common', '<rootDir>/tests/integration'],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Transpile only (no type-check per file): `npm run typecheck` checks types once for the whole project.
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
    // FormatJS (the server's messages in other languages) ships ES modules only: Node requires them as they are,
    // Jest's module system needs them as CommonJS.
    '^.+[\\/]node_modules[\\/].+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', esModuleInterop: true }, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ['[\\/]node_modules[\\/](?!(@formatjs|intl-messageformat)[\\/])'],
  testTimeout: 60_000,
};
