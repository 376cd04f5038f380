// What `npm test` concludes from each runner: its exit code and its own report, read separately, so a
// runner whose exit code was lost (a library hook that exits with 0) still fails the run when its report
// counts a failure, and a runner that crashed before writing a report fails it too.
import { relative } from 'node:path';

const firstLine = (text, length = 200) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, length);

/** Counts of a Vitest JSON report (`--reporter=json`), or undefined when there is none. */
export function vitestCounts(report) {
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    // A test file that failed to load (or whose hooks failed) counts no failed test; it is a failure
    // all the same, counted once.
    failed:
      (report.numFailedTests ?? 0) +
      (report.testResults ?? []).filter(
        (file) =>
          file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
      ).length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    // Vitest sets success to false for errors outside tests too (an unhandled rejection).
    success: report.success !== false,
  };
}

/** Counts of a Playwright JSON report, or undefined when there is none. */
export function playwrightCounts(report) {
  if (!report) return undefined;
  const stats = report.stats ?? {};
  const errors = report.errors ?? [];
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (errors.length > 0 && !stats.unexpected ? 1 : 0),
    skipped: stats.skipped ?? 0,
    success: errors.length === 0,
  };
}

/**
 * A stage passes only when the runner exited with 0, wrote its report, and the report counts no
 * failure. Each reason it did not is named, so the log says which of them lied.
 */
export function stageVerdict(label, exitCode, counts) {
  const reasons = [];
  if (exitCode !== 0) reasons.push(`exit code ${exitCode ?? 'none (killed)'}`);
  if (!counts) reasons.push('no report written');
  else {
    if (counts.failed > 0) reasons.push(`${counts.failed} failed in its report`);
    if (!counts.success && counts.failed === 0) reasons.push('errors outside tests in its report');
  }
  return { label, ok: reasons.length === 0, reasons };
}

/** The closing line: both runners' counts added up; a failed stage always counts at least one failure. */
export function closingLine(stages, countsList) {
  const sum = (key) => countsList.reduce((total, counts) => total + (counts?.[key] ?? 0), 0);
  const failed = sum('failed');
  const failedStages = stages.filter((stage) => !stage.ok).length;
  return `tests: ${sum('passed')} passed, ${Math.max(failed, failedStages)} failed, ${sum('skipped')} skipped`;
}

/** The names of the failed tests, so a log that keeps only its end still says what broke. */
export function failedVitestNames(report, root) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      names.push(`${relative(root, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') {
      names.push(`${relative(root, file.name)}: ${firstLine(file.message)}`);
    }
  }
  return names;
}

export function failedPlaywrightNames(report) {
  const walk = (suite, titles) => {
    const names = [];
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push([...path, spec.title].join(' › '));
      }
    }
    for (const child of suite.suites ?? []) names.push(...walk(child, path));
    return names;
  };
  return [
    ...(report?.suites ?? []).flatMap((suite) => walk(suite, [])),
    ...(report?.errors ?? []).map((error) => `playwright: ${firstLine(error.message)}`),
  ];
}
