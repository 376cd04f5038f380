import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_SOURCE = 'apps/web/src';
const WEB_FEATURES = `${WEB_SOURCE}/features`;

/**
 * A feature uses no other feature: what several need lives in components/, lib/ or packages/shared,
 * and app/ composes features. One zone per feature folder, so a new feature is covered on creation.
 */
const featureZones = readdirSync(new URL(WEB_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./${WEB_FEATURES}/${name}`,
    from: `./${WEB_FEATURES}`,
    except: [`./${name}`],
    message:
      'A feature imports no other feature: move what both need to components/ or lib/, or compose them in app/.',
  }));

/** Shared code knows nothing of the features and the app built on it; features get nothing from app/. */
const sharedZones = [
  ...[`${WEB_SOURCE}/components`, `${WEB_SOURCE}/lib`].map((target) => ({
    target: `./${target}`,
    from: [`./${WEB_FEATURES}`, `./${WEB_SOURCE}/app`],
    message: 'components/ and lib/ import no feature and nothing from app/.',
  })),
  {
    target: `./${WEB_FEATURES}`,
    from: `./${WEB_SOURCE}/app`,
    message: 'app/ composes features: what a feature needs from it (a route guard, an action) is passed in.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'test-reports/**',
      'bench/results.json',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/cli/**'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...sharedZones] }],
      'import-x/no-cycle': 'error',
    },
  },
);
