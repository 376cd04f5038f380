// The benchmark's history: every full run is kept as bench/history/{date}-{commit}.json, and the README
// shows the latest run beside the one before (`npm run bench:readme`, also run after a full bench).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const README_START = '<!-- bench-history:start -->';
export const README_END = '<!-- bench-history:end -->';

/** `2026-11-26T061200Z-5c8a042.json`: sorts by time, and three runs of one commit in a day stay apart. */
export function historyFileName(results) {
  const stamp = `${results.measured_at.slice(0, 19).replaceAll(':', '')}Z`;
  return `${stamp}-${results.commit ?? 'unknown'}.json`;
}

/** Writes one run into the directory and returns the file's path. */
export async function writeHistory(directory, results) {
  await mkdir(directory, { recursive: true });
  const path = join(directory, historyFileName(results));
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
  return path;
}

/** Every run kept, oldest first. */
export async function readHistory(directory) {
  const names = (await readdir(directory).catch(() => [])).filter((name) => name.endsWith('.json'));
  const runs = await Promise.all(
    names.map(async (name) => ({ file: name, ...JSON.parse(await readFile(join(directory, name), 'utf8')) })),
  );
  return runs.sort((a, b) => a.measured_at.localeCompare(b.measured_at));
}

const day = (run) => run.measured_at.slice(0, 10);
const column = (run) => `${day(run)} (${run.commit ?? '?'})`;

function describeRun(run) {
  const { machine = {} } = run;
  const parts = [
    `${machine.cpus} cores (${machine.cpu_model})`,
    `${machine.memory_gb} GiB`,
    `Node ${machine.node}`,
    machine.postgresql ? `PostgreSQL ${machine.postgresql}` : undefined,
    machine.load_average_at_start === undefined
      ? undefined
      : `load average ${machine.load_average_at_start} at the start`,
  ].filter(Boolean);
  const time = run.measured_at.slice(11, 16);
  return `${day(run)} ${time} UTC, commit \`${run.commit ?? '?'}\`: ${parts.join(', ')}`;
}

function cell(entry) {
  if (!entry) return '-';
  const value = entry.value ?? '-';
  const unit = entry.unit && entry.unit !== 'ratio' ? ` ${entry.unit}` : '';
  // A CPU ratio shows the two times it divides.
  const times =
    entry.cpu_us_per_request === undefined
      ? ''
      : ` (${entry.reference_cpu_us_per_request} / ${entry.cpu_us_per_request} µs)`;
  return `${value}${unit}${times}${entry.met === false ? ' (not met)' : ''}`;
}

const escapeCell = (text) => String(text).replaceAll('|', '\\|');

/** The README's section: which runs, and every figure of the latest run beside the one before. */
export function readmeSection(latest, previous) {
  if (!latest) return `${README_START}\nNo full run is recorded in \`bench/history/\` yet.\n${README_END}`;
  const names = [
    ...latest.figures.map((entry) => entry.name),
    ...(previous?.figures ?? [])
      .map((entry) => entry.name)
      .filter((name) => !latest.figures.some((entry) => entry.name === name)),
  ];
  const find = (run, name) => run?.figures.find((entry) => entry.name === name);
  const header = ['Figure', column(latest), previous ? column(previous) : 'previous run', 'Target'];
  const rows = names.map((name) => {
    const target = (find(latest, name) ?? find(previous, name)).target;
    return [name, cell(find(latest, name)), previous ? cell(find(previous, name)) : '-', target];
  });
  const line = (cells) => `| ${cells.map(escapeCell).join(' | ')} |`;
  const failures = [...(latest.failures ?? [])].map(
    (failure) => `- failed in the latest run: ${failure.part}`,
  );
  return [
    README_START,
    `Latest full run: ${describeRun(latest)}.`,
    previous ? `The one before: ${describeRun(previous)}.` : 'No earlier run is recorded.',
    '',
    line(header),
    line(header.map(() => '---')),
    ...rows.map(line),
    ...(failures.length ? ['', ...failures] : []),
    README_END,
  ].join('\n');
}

/** The README with its section replaced (the markers stay). */
export function replaceReadmeSection(readme, section) {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`the README has no ${README_START} … ${README_END} section`);
  }
  return readme.slice(0, start) + section + readme.slice(end + README_END.length);
}
