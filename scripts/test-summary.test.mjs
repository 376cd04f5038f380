import { describe, expect, it } from 'vitest';
import { closingLine, playwrightCounts, stageVerdict, vitestCounts } from './test-summary.mjs';

const vitestReport = (failedTests, files = []) => ({
  numPassedTests: 10,
  numFailedTests: failedTests,
  numPendingTests: 1,
  numTodoTests: 0,
  success: failedTests === 0 && files.every((file) => file.status !== 'failed'),
  testResults: files,
});

describe('a stage of npm test', () => {
  it('fails when the report counts a failure although the runner exited with 0', () => {
    const verdict = stageVerdict('vitest', 0, vitestCounts(vitestReport(90)));
    expect(verdict.ok).toBe(false);
    expect(verdict.reasons).toEqual(['90 failed in its report']);
  });

  it('fails when the runner exited non-zero although its report counts no failure', () => {
    expect(stageVerdict('vitest', 1, vitestCounts(vitestReport(0))).ok).toBe(false);
  });

  it('fails when the runner wrote no report, or was killed', () => {
    expect(stageVerdict('playwright', 0, undefined).reasons).toEqual(['no report written']);
    expect(stageVerdict('playwright', null, playwrightCounts({ stats: {} })).reasons).toEqual([
      'exit code none (killed)',
    ]);
  });

  it('counts a test file that failed to load, whose tests never ran', () => {
    const counts = vitestCounts(
      vitestReport(0, [
        { name: '/a.test.ts', status: 'failed', message: 'SyntaxError', assertionResults: [] },
      ]),
    );
    expect(counts.failed).toBe(1);
    expect(stageVerdict('vitest', 0, counts).ok).toBe(false);
  });

  it("counts Playwright's unexpected results and its errors outside tests", () => {
    expect(playwrightCounts({ stats: { expected: 3, unexpected: 2, flaky: 1, skipped: 0 } })).toMatchObject({
      passed: 4,
      failed: 2,
    });
    const setupFailed = playwrightCounts({
      stats: { expected: 0 },
      errors: [{ message: 'globalSetup threw' }],
    });
    expect(stageVerdict('playwright', 0, setupFailed).ok).toBe(false);
  });

  it('passes only with exit code 0, a report and no failure', () => {
    expect(stageVerdict('vitest', 0, vitestCounts(vitestReport(0))).ok).toBe(true);
    expect(stageVerdict('playwright', 0, playwrightCounts({ stats: { expected: 5 } })).ok).toBe(true);
  });

  it('adds both runners up in the closing line, a failed stage counting at least one failure', () => {
    const vitest = vitestCounts(vitestReport(0));
    const stages = [stageVerdict('vitest', 0, vitest), stageVerdict('playwright', 1, undefined)];
    expect(closingLine(stages, [vitest, undefined])).toBe('tests: 10 passed, 1 failed, 1 skipped');
  });
});
