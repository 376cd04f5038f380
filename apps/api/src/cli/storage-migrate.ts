/**
 * npm run storage:migrate
 * Copies the files kept on the local disk (DATA_DIR/uploads) into the S3-compatible bucket that
 * STORAGE_DRIVER=s3 and the S3_* variables name, under the same keys (`chat/…`, `orders/…`,
 * `avatars/…`). An object already in the bucket with the same size is skipped, so the command can
 * be run again after an interruption and carries on where it stopped; the local files are left alone.
 */
import { createReadStream } from 'node:fs';
import { loadConfig } from '../platform/config';
import { createStorage, listLocalFiles } from '../platform/storage';
import { megabytes } from './progress';

const BAR_WIDTH = 30;

/** A progress bar on stderr: redrawn in place on a terminal, a line at most once a second otherwise. */
function progressBar(totalFiles: number, totalBytes: number) {
  const interactive = process.stderr.isTTY;
  let printedAt = 0;
  const render = (files: number, bytes: number) => {
    const share = totalBytes === 0 ? 1 : bytes / totalBytes;
    const filled = Math.round(share * BAR_WIDTH);
    return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}% ${files}/${totalFiles} files, ${megabytes(bytes)} of ${megabytes(totalBytes)}`;
  };
  return {
    update(files: number, bytes: number, force = false) {
      const now = Date.now();
      if (!force && now - printedAt < (interactive ? 100 : 1000)) return;
      printedAt = now;
      process.stderr.write(interactive ? `\r${render(files, bytes)}` : `${render(files, bytes)}\n`);
    },
    done(files: number, bytes: number) {
      this.update(files, bytes, true);
      if (interactive) process.stderr.write('\n');
    },
  };
}

async function main(): Promise<void> {
  if (process.argv.length > 2) throw new Error('Usage: npm run storage:migrate');
  const config = loadConfig();
  if (config.storage.driver !== 's3') {
    throw new Error(
      'STORAGE_DRIVER is not s3: set STORAGE_DRIVER=s3 and the S3_* variables of the bucket to copy ' +
        'the local files into; nothing was done.',
    );
  }
  const storage = createStorage(config);
  try {
    const files = await listLocalFiles(config.uploadsDir);
    const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
    console.log(
      `Copying ${files.length} files (${megabytes(totalBytes)}) from ${config.uploadsDir} to the bucket ${config.storage.bucket}`,
    );
    const bar = progressBar(files.length, totalBytes);
    let done = 0;
    let doneBytes = 0;
    let copied = 0;
    let skipped = 0;
    for (const file of files) {
      const stored = await storage.exists(file.key);
      if (stored?.size === file.size) {
        skipped += 1;
      } else {
        await storage.put(file.key, createReadStream(file.path));
        copied += 1;
      }
      done += 1;
      doneBytes += file.size;
      bar.update(done, doneBytes);
    }
    bar.done(done, doneBytes);
    console.log(`Copied ${copied} files; ${skipped} were already in the bucket with the same size.`);
  } finally {
    storage.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `\n${error.message}` : error);
  process.exit(1);
});
