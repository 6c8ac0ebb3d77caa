/** Server unit tests (next to the code) and integration tests (tests/integration) through the real HTTP server. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server/src', '<rootDir>/common', '<rootDir>/tests/integration'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testTimeout: 60_000,
};
