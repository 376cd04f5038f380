// `npm run bench:readme`: writes the latest full benchmark run and the one before (bench/history/) into
// the README's performance section. `npm run bench` runs it after every full run.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { REPO_ROOT } from './build-if-stale.mjs';
import { readHistory, readmeSection, replaceReadmeSection } from './bench/history.mjs';

export async function updateReadme() {
  const runs = await readHistory(join(REPO_ROOT, 'bench/history'));
  const path = join(REPO_ROOT, 'README.md');
  const readme = await readFile(path, 'utf8');
  const section = readmeSection(runs.at(-1), runs.at(-2));
  const options = { ...(await resolveConfig(path)), filepath: path };
  await writeFile(path, await format(replaceReadmeSection(readme, section), options));
  return runs.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = await updateReadme();
  console.log(`README: the latest of ${count} recorded runs and the one before`);
}
