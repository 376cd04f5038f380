import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const repoRoot = dirname(fileURLToPath(import.meta.url));
const apiModules = readdirSync(`${repoRoot}/apps/api/src/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The API's layers: a route parses and calls a service; only repositories reach the database; one
 * module uses another only through that module's service, so a module's tables and queries can
 * change without touching any other module.
 */
const apiBoundaries = {
  files: ['apps/api/src/**/*.ts'],
  ignores: ['**/*.test.ts', 'apps/api/src/cli/**', 'apps/api/src/db/**'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: ['apps/api/tsconfig.json', 'packages/shared/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: repoRoot,
        zones: [
          {
            target: 'apps/api/src/**/*.routes.ts',
            from: ['apps/api/src/**/*.repository.ts', 'apps/api/src/db/**'],
            message: 'A route calls its service; only the service reaches the repository and the database.',
          },
          ...apiModules.map((module) => ({
            target: `apps/api/src/modules/${module}/**`,
            from: apiModules
              .filter((other) => other !== module)
              .flatMap((other) => [
                `apps/api/src/modules/${other}/*.repository.ts`,
                `apps/api/src/modules/${other}/*.routes.ts`,
              ]),
            message: 'Another module is used through its service (<module>.service.ts) only.',
          })),
        ],
      },
    ],
    'no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'drizzle-orm', message: 'Only repositories (and db/) use Drizzle.' }],
        patterns: [
          { group: ['drizzle-orm/*'], message: 'Only repositories (and db/) use Drizzle.' },
          {
            group: ['**/db/schema', '**/db/schema/*'],
            message: 'Only repositories (and db/) read the tables.',
          },
        ],
      },
    ],
  },
};

/** Import cycles load modules half-initialised; none are allowed in the API or the shared contract. */
const noImportCycles = {
  files: ['apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: apiBoundaries.settings,
  rules: { 'import-x/no-cycle': 'error' },
};
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
  apiBoundaries,
  {
    files: ['apps/api/src/**/*.repository.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  noImportCycles,
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
