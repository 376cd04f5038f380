// `npm test`: unit and API tests (Vitest), then browser journeys (Playwright) against the production build.
// Every stage runs even when an earlier one fails, so one run shows everything that is broken; the last
// line adds both runners' counts up. A stage fails when its runner exits non-zero, writes no report, or
// its report counts a failure (decision 0074): the exit code alone has lied before.
//
// Options, for the fixture test that proves this script fails (scripts/test-command.test.mjs):
//   --vitest-config FILE      run Vitest with this config instead of the repository's
//   --playwright-config FILE  run Playwright with this config instead of the repository's, without a build
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfStale, REPO_ROOT } from './build-if-stale.mjs';
import {
  closingLine,
  failedPlaywrightNames,
  failedVitestNames,
  playwrightCounts,
  stageVerdict,
  vitestCounts,
} from './test-summary.mjs';

const { values: options } = parseArgs({
  options: {
    'vitest-config': { type: 'string' },
    'playwright-config': { type: 'string' },
  },
});

// Not under test-results: Playwright empties that folder when it starts. A fixture run keeps its own.
const REPORTS = process.env.TEST_REPORTS_DIR
  ? resolve(process.env.TEST_REPORTS_DIR)
  : join(REPO_ROOT, 'test-reports');
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const exitCode = result.status ?? (result.signal ? null : 1);
  console.log(`(${label}: exit code ${exitCode ?? `none, ended by ${result.signal}`})`);
  return exitCode;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(REPORTS, file), 'utf8'));
  } catch {
    return undefined;
  }
}

const VITEST = 'unit and API tests (vitest)';
const vitestExit = run(VITEST, 'npx', [
  'vitest',
  'run',
  ...(options['vitest-config'] ? ['--config', options['vitest-config']] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(REPORTS, 'vitest.json')}`,
]);
const vitestReport = readJson('vitest.json');
const vitest = vitestCounts(vitestReport);

const PLAYWRIGHT = 'browser tests (playwright)';
let playwrightExit;
if (options['playwright-config']) {
  playwrightExit = run(PLAYWRIGHT, 'npx', ['playwright', 'test', '--config', options['playwright-config']], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: join(REPORTS, 'playwright.json'),
  });
} else {
  await buildIfStale();
  playwrightExit = run(PLAYWRIGHT, 'npm', ['run', 'test:e2e'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: join(REPORTS, 'playwright.json'),
  });
}
const playwrightReport = readJson('playwright.json');
const playwright = playwrightCounts(playwrightReport);

const stages = [
  stageVerdict(VITEST, vitestExit, vitest),
  stageVerdict(PLAYWRIGHT, playwrightExit, playwright),
];

console.log('\n=== summary ===');
for (const stage of stages) {
  console.log(stage.ok ? `passed: ${stage.label}` : `FAILED: ${stage.label} (${stage.reasons.join(', ')})`);
}
for (const name of [
  ...failedVitestNames(vitestReport, REPO_ROOT),
  ...failedPlaywrightNames(playwrightReport),
]) {
  console.log(`failed: ${name}`);
}
console.log(closingLine(stages, [vitest, playwright]));
process.exit(stages.every((stage) => stage.ok) ? 0 : 1);
