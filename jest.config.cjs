/** Server unit tests (next to the code) and integration tests (tests/integration) through the real HTTP server. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server/src', '<rootDir>/common', '<rootDir>/tests/integration'],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Transpile only (no type-check per file): `npm run typecheck` checks types once for the whole project.
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  },
  testTimeout: 60_000,
};
