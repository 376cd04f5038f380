/**
 * npm run db:backup [FILE]
 * Backs up the embedded database in DATA_DIR while the server runs (or starts it for the backup when
 * it does not), into FILE or DATA_DIR/backups/teamhire-<time>.tar.gz.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../platform/config';
import { backupEmbeddedDatabase, timestamp } from './embedded-backup';
import { progressPrinter, megabytes } from './progress';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {}, strict: true });
  if (positionals.length > 1) throw new Error('Usage: npm run db:backup [FILE]');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set, so the data lives on your own PostgreSQL server: back it up with that ' +
        'server\'s tools, e.g. pg_dump --format=custom --file=teamhire.dump "$DATABASE_URL" ' +
        '(a pg_dump of the same major version as the server, or newer), or pg_basebackup for the ' +
        'whole cluster. npm run db:backup backs up only the embedded database; nothing was done.',
    );
  }
  // npm runs scripts from the repository root; a relative FILE means the caller's directory.
  const file = positionals[0]
    ? resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0])
    : join(config.dataDir, 'backups', `teamhire-${timestamp()}.tar.gz`);
  console.log(`Backing up the embedded database in ${join(config.dataDir, 'postgres')} to ${file}`);
  const progress = progressPrinter('copied');
  const result = await backupEmbeddedDatabase({
    dataDir: config.dataDir,
    file,
    logger: pino({ level: 'warn' }),
    onProgress: progress.update,
  });
  progress.done();
  console.log(`Backup written: ${result.file} (${megabytes(result.bytes)} compressed)`);
  console.log(`Restore it with: npm run db:restore ${result.file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
