// Writes .br and .gz beside every compressible file of a build, so the server sends them as they are.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
const MIN_BYTES = 1024;

async function* files(directory) {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

const root = resolve(process.argv[2] ?? 'dist');
let count = 0;
for await (const path of files(root)) {
  if ((await stat(path)).size < MIN_BYTES) continue;
  const content = await readFile(path);
  await writeFile(
    `${path}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  );
  await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${root}`);
