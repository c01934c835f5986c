// ESLint for cloudplane, run by `npm test` after `tsc --noEmit` (see README,
// "Tests"). The recommended rules of ESLint and typescript-eslint, with type
// information, over everything in the repository; the few rules turned off
// below each say why they do not fit this code base.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['test-artifacts/', 'bench/results/', 'data/', 'dist/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The build script is plain JavaScript (it runs before anything is compiled): linted with default options.
      parserOptions: { projectService: { allowDefaultProject: ['scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // A leading underscore marks a name kept on purpose: a parameter an
      // interface requires, or a field taken out of a row by destructuring.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Fastify tells an async plugin or hook from a callback one by its
      // `async`: a plugin that registers routes without awaiting anything must
      // stay async, or Fastify waits for a `done` that never comes. The same
      // goes for methods that implement a promise-returning interface (kysely's
      // Driver and MigrationProvider).
      '@typescript-eslint/require-await': 'off',
      // node:test's test() and describe() return promises the runner itself
      // awaits; every other floating promise is still an error.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'it', 'describe', 'suite'] }] },
      ],
    },
  },
  {
    // A migration is written against the tables as they were that day, not
    // against today's Database type, so it takes Kysely<any> (as kysely's own
    // migration guide does).
    files: ['src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read answers as a client would, as untyped JSON (the helpers in
    // test/helpers/build.ts give `body` as `any` unless a test names a type),
    // and assert their shape; typing every body would restate the response
    // schemas the tests are there to check.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Outside tsconfig.json: the JavaScript entry and config files.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // The console's own browser script: it runs in the page, where these are the globals.
    files: ['src/console/assets/**/*.js'],
    languageOptions: {
      globals: { document: 'readonly', window: 'readonly', navigator: 'readonly', setTimeout: 'readonly', Element: 'readonly', HTMLElement: 'readonly', HTMLFormElement: 'readonly', HTMLDialogElement: 'readonly' },
    },
  },
);
