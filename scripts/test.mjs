// `npm test`: unit and API tests (Vitest), then browser journeys (Playwright) against the production build.
// Every stage runs even when an earlier one fails, so one run shows everything that is broken; the last
// line adds both runners' counts up.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildIfStale, REPO_ROOT } from './build-if-stale.mjs';

// Not under test-results: Playwright empties that folder when it starts.
const REPORTS = join(REPO_ROOT, 'test-reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(REPORTS, file), 'utf8'));
  } catch {
    return undefined;
  }
}

const stages = [];
stages.push([
  'unit and API tests (vitest)',
  run('unit and API tests (vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(REPORTS, 'vitest.json')}`,
  ]),
]);
await buildIfStale();
stages.push([
  'browser tests (playwright)',
  run('browser tests (playwright)', 'npm', ['run', 'test:e2e'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: join(REPORTS, 'playwright.json'),
  }),
]);

const vitest = readJson('vitest.json');
const playwright = readJson('playwright.json');
const passed =
  (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);

// The names of the failed tests, so a log that keeps only its end still says what broke.
function failedVitest(report) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 200);
      names.push(`${relative(REPO_ROOT, file.name)} › ${test.fullName}: ${message}`);
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      names.push(
        `${relative(REPO_ROOT, file.name)}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 200)}`,
      );
    }
  }
  return names;
}
function failedPlaywright(suite, titles = []) {
  const names = [];
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected') names.push([...path, spec.title].join(' › '));
    }
  }
  for (const child of suite.suites ?? []) names.push(...failedPlaywright(child, path));
  return names;
}

console.log('\n=== summary ===');
for (const [label, ok] of stages) console.log(`${ok ? 'passed' : 'FAILED'}: ${label}`);
const failedNames = [
  ...failedVitest(vitest),
  ...(playwright?.suites ?? []).flatMap((suite) => failedPlaywright(suite)),
];
for (const name of failedNames) console.log(`failed: ${name}`);
const allPassed = stages.every(([, ok]) => ok);
// A stage that failed without reporting (it crashed before running) still counts as a failure.
console.log(`tests: ${passed} passed, ${Math.max(failed, allPassed ? 0 : 1)} failed, ${skipped} skipped`);
process.exit(allPassed ? 0 : 1);
