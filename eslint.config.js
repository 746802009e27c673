// ESLint flat config. Correctness rules only: formatting is prettier's job.
// Not type-checked (typescript-eslint `recommended`, not `recommended-type-checked`) to stay fast;
// `npm run typecheck` is what checks types.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Globals of the Node runtime running ESLint (process, console, URL, fetch, setTimeout, Buffer, …),
// for the plain .js/.mjs scripts. TypeScript files do not need this: `no-undef` is off for them.
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

// Route modules (`routes.ts`, `editRoutes.ts`, `presetRoutes.ts`, …), which data access must not import.
const ROUTE_MODULES = {
  group: ['**/routes', '**/*Routes', '**/routes.ts', '**/*Routes.ts'],
  message:
    'Repositories and database code must not import a route module: move what both need into a repository or a shared module.',
};

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      'dist-server/**',
      'dist-server.*/**',
      'dist-demo/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `any` is sometimes the honest type at a boundary (untyped libraries, JSON); flag, don't fail.
      '@typescript-eslint/no-explicit-any': 'warn',
      // `interface Props extends Base {}` and `{}` in generic defaults are common and harmless.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'always' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { sourceType: 'module', globals: nodeGlobals },
  },
  {
    files: ['src/**/*.{ts,tsx,js,jsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Screens reach the server through the providers (useDataProvider, useAppAuthProvider), never
    // through the HTTP module: react-query's caching and the test providers then see every call.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/authProvider.ts', 'src/dataProviders/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/dataProviders/http'],
              message: 'Only src/authProvider.ts and src/dataProviders/* use the HTTP module: go through a provider.',
            },
          ],
        },
      ],
    },
  },
  {
    // Data access never depends on HTTP: the repositories import no route module (routes call
    // repositories, not the other way round), and the database code (schema, migrations, seed)
    // nothing under server/services at all.
    files: ['server/db/**/*.ts', 'server/**/repository.ts', 'server/**/*Repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [ROUTE_MODULES],
        },
      ],
    },
  },
  {
    files: ['server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ROUTE_MODULES,
            {
              group: ['**/services/**'],
              message:
                'Database code (schema, seed) must not import from server/services: move what both need to common/ or server/storage.',
            },
          ],
        },
      ],
    },
  },
);
