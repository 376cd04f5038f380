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
/** A module's public face: its service files (`<name>.service.ts`); everything else in it is its own. */
const publicFilesOf = (module) =>
  readdirSync(`${repoRoot}/apps/api/src/modules/${module}`).filter(
    (file) => file.endsWith('.service.ts') && !file.endsWith('.test.ts'),
  );

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
          ...apiModules.flatMap((module) =>
            apiModules
              .filter((other) => other !== module)
              .map((other) => ({
                target: `apps/api/src/modules/${module}/**`,
                from: `apps/api/src/modules/${other}`,
                except: publicFilesOf(other).map((file) => `./${file}`),
                message: `Another module is used through its service files only (${publicFilesOf(other).join(', ') || 'none'}): an allow-list, so a new file of a module is private until it is a service.`,
              })),
          ),
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

/**
 * The platform (platform/ and db/, the seed aside) is what modules stand on: the database, the
 * realtime bus, mail, rate limits, tokens, passwords, storage, jobs, the actor and its roles. It
 * imports no module and nothing of the composition roots (app.ts, server.ts, job-table.ts, cli/, the seed).
 */
const platformBelowModules = {
  files: ['apps/api/src/platform/**/*.ts', 'apps/api/src/db/**/*.ts', 'apps/api/src/paths.ts'],
  ignores: ['**/*.test.ts', 'apps/api/src/db/seed/**'],
  plugins: { 'import-x': importX },
  settings: apiBoundaries.settings,
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: repoRoot,
        zones: [
          {
            target: ['apps/api/src/platform/**', 'apps/api/src/db/**', 'apps/api/src/paths.ts'],
            from: [
              'apps/api/src/modules',
              'apps/api/src/app.ts',
              'apps/api/src/server.ts',
              'apps/api/src/job-table.ts',
              'apps/api/src/cli',
              'apps/api/src/db/seed',
            ],
            message:
              'The platform imports no module and no composition root: modules stand on it. Pass what it needs in (a callback, a table of jobs) from app.ts.',
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
  platformBelowModules,
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
