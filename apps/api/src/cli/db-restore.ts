/**
 * npm run db:restore -- FILE [--force]
 * Restores a backup made by db:backup into DATA_DIR/postgres while the server is stopped. With
 * --force, a database already there is moved aside to postgres.before-restore-<time>.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { restoreEmbeddedDatabase } from './embedded-backup';
import { progressPrinter } from './progress';

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
    strict: true,
  });
  if (positionals.length !== 1) throw new Error('Usage: npm run db:restore -- FILE [--force]');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set, so the data lives on your own PostgreSQL server: restore it with that ' +
        'server\'s tools, e.g. pg_restore --clean --if-exists --dbname="$DATABASE_URL" teamhire.dump. ' +
        'npm run db:restore restores only the embedded database; nothing was done.',
    );
  }
  // npm runs scripts from the repository root; a relative FILE means the caller's directory.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  console.log(`Restoring ${file} into ${resolve(config.dataDir, 'postgres')}`);
  const progress = progressPrinter('extracted');
  const result = await restoreEmbeddedDatabase({
    dataDir: config.dataDir,
    file,
    force: values.force,
    onProgress: progress.update,
  });
  progress.done();
  if (result.movedAside) console.log(`The database that was there is now in ${result.movedAside}`);
  console.log(
    `Restored into ${result.clusterDir}. The next npm start replays the backup's WAL and then serves it.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
