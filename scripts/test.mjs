// `npm test`: unit and API tests (Vitest), then browser journeys (Playwright) against the production build.
// Every stage runs even when an earlier one fails, so one run shows everything that is broken.
import { spawnSync } from 'node:child_process';
import { buildIfStale, REPO_ROOT } from './build-if-stale.mjs';

function run(label, command, args) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  return result.status === 0;
}

const results = [];
results.push(['unit and API tests (vitest)', run('unit and API tests (vitest)', 'npx', ['vitest', 'run'])]);
await buildIfStale();
results.push(['browser tests (playwright)', run('browser tests (playwright)', 'npm', ['run', 'test:e2e'])]);

console.log('\n=== summary ===');
for (const [label, passed] of results) console.log(`${passed ? 'passed' : 'FAILED'}: ${label}`);
process.exit(results.every(([, passed]) => passed) ? 0 : 1);
