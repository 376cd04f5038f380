import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  README_END,
  README_START,
  historyFileName,
  readHistory,
  readmeSection,
  replaceReadmeSection,
  writeHistory,
} from './history.mjs';

const run = (measuredAt, commit, values) => ({
  measured_at: measuredAt,
  commit,
  machine: { cpus: 2, cpu_model: 'AMD EPYC', memory_gb: 24, node: 'v20.20.0', postgresql: '15.10' },
  figures: Object.entries(values).map(([name, value]) => ({
    name,
    value,
    unit: 'ratio',
    target: '>= 0.8',
    met: value >= 0.8,
  })),
  failures: [],
});

describe('benchmark history', () => {
  let directory;
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('keeps every run as its own file named by time and commit, and reads them back oldest first', async () => {
    directory = await mkdtemp(join(tmpdir(), 'bench-history-'));
    const later = run('2026-11-26T06:12:03.456Z', '5c8a042', { 'a ratio': 0.82 });
    const earlier = run('2026-11-26T05:40:00.000Z', '5c8a042', { 'a ratio': 0.79 });
    expect(historyFileName(later)).toBe('2026-11-26T061203Z-5c8a042.json');
    await writeHistory(directory, later);
    await writeHistory(directory, earlier);
    expect((await readdir(directory)).sort()).toEqual([
      '2026-11-26T054000Z-5c8a042.json',
      '2026-11-26T061203Z-5c8a042.json',
    ]);
    const runs = await readHistory(directory);
    expect(runs.map((entry) => entry.measured_at)).toEqual([earlier.measured_at, later.measured_at]);
    expect(runs[1].figures).toEqual(later.figures);
  });

  it('puts the latest run beside the one before in the README, and only between the markers', () => {
    const latest = run('2026-11-26T06:12:03.456Z', 'bbbbbbb', { 'a ratio': 0.82, 'a new one': 0.5 });
    const previous = run('2026-11-24T10:00:00.000Z', 'aaaaaaa', { 'a ratio': 0.79, 'a gone one': 1 });
    const section = readmeSection(latest, previous);
    expect(section).toContain('| Figure | 2026-11-26 (bbbbbbb) | 2026-11-24 (aaaaaaa) | Target |');
    expect(section).toContain('| a ratio | 0.82 | 0.79 (not met) | >= 0.8 |');
    expect(section).toContain('| a new one | 0.5 (not met) | - | >= 0.8 |');
    expect(section).toContain('| a gone one | - | 1 | >= 0.8 |');
    expect(section).toContain('PostgreSQL 15.10');
    const cpu = { ...latest.figures[0], cpu_us_per_request: 50, reference_cpu_us_per_request: 41 };
    expect(readmeSection({ ...latest, figures: [cpu] }, undefined)).toContain(
      '| a ratio | 0.82 (41 / 50 µs) | - |',
    );
    const readme = `# Title\n\n${README_START}\nold\n${README_END}\n\n## Next\n`;
    const updated = replaceReadmeSection(readme, section);
    expect(updated.startsWith('# Title\n\n')).toBe(true);
    expect(updated.endsWith(`${README_END}\n\n## Next\n`)).toBe(true);
    expect(updated).not.toContain('\nold\n');
    expect(() => replaceReadmeSection('# no markers', section)).toThrow();
  });
});
