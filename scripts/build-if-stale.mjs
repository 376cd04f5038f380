// Builds the web app and the API when their output is missing or older than any of their sources.
import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/api/src',
  'apps/api/tsup.config.ts',
  'packages/shared/src',
  'package-lock.json',
];
const OUTPUTS = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];

async function newestModification(path) {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path))
    newest = Math.max(newest, await newestModification(join(path, entry)));
  return newest;
}

export async function buildIsStale() {
  const outputTimes = await Promise.all(
    OUTPUTS.map((path) =>
      stat(join(REPO_ROOT, path)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  const oldestOutput = Math.min(...outputTimes);
  if (oldestOutput === 0) return true;
  const sourceTimes = await Promise.all(SOURCES.map((path) => newestModification(join(REPO_ROOT, path))));
  return Math.max(...sourceTimes) > oldestOutput;
}

export async function buildIfStale() {
  if (!(await buildIsStale())) return;
  console.log('Building the web app and the API (first start or sources changed)...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildIfStale();
