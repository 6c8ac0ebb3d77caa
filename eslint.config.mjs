import js from '@eslint/js';
import globals from 'globals';
import compat from 'eslint-plugin-compat';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'sandbox/dist/**',
      'node_modules/**',
      '**/__generated__/**',
      'data/**',
      'test-results/**',
      'coverage/**',
      // Real material kept byte for byte (tests/fixtures/README.md), MPEG-TS files (.ts) among it: not code.
      'tests/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.{ts,mts,mjs,cjs}', 'scripts/**', '*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    files: ['scripts/**/*.cjs', 'tests/**/*.cjs', '*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The TV app runs on webOS 5 / Tizen 5.5 class engines (Chromium 68): every browser API it and the code it
    // shares use must be there (package.json browserslist `tv`; docs/tv-app.md).
    files: ['client/src/tv/**/*.{ts,tsx}', 'client/src/i18n/**/*.{ts,tsx}', 'common/**/*.ts'],
    ignores: ['**/*.test.*'],
    plugins: { compat },
    settings: { browserslistOpts: { env: 'tv' } },
    rules: { 'compat/compat': 'error' },
  },
);
