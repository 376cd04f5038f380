/**
 * Backup and restore of the embedded PostgreSQL cluster (`{DATA_DIR}/postgres`) with PostgreSQL's
 * low-level backup API, which needs no binary beyond the server itself: the embedded package ships no
 * pg_dump, and a system pg_dump older than the server refuses to dump it.
 *
 * The archive is a .tar.gz holding `postgres/` (the cluster, its backup_label and the WAL written during
 * the copy) and `postgres-password` (the superuser's password, without which the restored cluster
 * could not be reached).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { extractTarGz, TarGzWriter } from './tar-archive';

const execFileAsync = promisify(execFile);

const CLUSTER = 'postgres';
const PASSWORD = 'postgres-password';

/**
 * Left out of the copy, as pg_basebackup leaves them out: the lock and options of the running
 * postmaster (copied, they would stop the restored cluster from starting), a label of a backup in
 * progress, and files PostgreSQL rebuilds or never reads again after a restart.
 */
const SKIPPED_TOP_LEVEL_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'postgresql.auto.conf.tmp',
  'current_logfiles.tmp',
]);
/** Directories kept empty: their contents belong to the running server (or, pg_wal, are added last). */
const EMPTIED_DIRECTORIES = new Set([
  'pg_wal',
  'pg_stat_tmp',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
const isTemporary = (name: string) => name.startsWith('pgsql_tmp') || name === 'pg_internal.init';
const WAL_SEGMENT = /^[0-9A-F]{24}$/;
const TIMELINE_HISTORY = /^[0-9A-F]{8}\.history$/;

export const timestamp = (date = new Date()) => `${date.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export interface BackupResult {
  file: string;
  bytes: number;
  startLsn: string;
  stopLsn: string;
}

async function addCluster(writer: TarGzWriter, clusterDir: string, relative: string, onProgress: () => void) {
  const entries = await readdir(join(clusterDir, relative), { withFileTypes: true }).catch(
    (error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    },
  );
  for (const entry of entries.sort((left, right) => left.name.localeCompare(right.name))) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (isTemporary(entry.name)) continue;
    if (!relative && SKIPPED_TOP_LEVEL_FILES.has(entry.name)) continue;
    if (entry.isSymbolicLink()) {
      throw new Error(
        `${join(clusterDir, path)} is a symbolic link (a tablespace or a moved WAL directory); ` +
          'only a cluster entirely inside its data directory can be backed up this way.',
      );
    }
    if (entry.isDirectory()) {
      await writer.directory(`${CLUSTER}/${path}`);
      if (!relative && EMPTIED_DIRECTORIES.has(entry.name)) continue;
      await addCluster(writer, clusterDir, path, onProgress);
      continue;
    }
    if (!entry.isFile()) continue;
    // A relation dropped while the copy runs is gone; the WAL replayed at restore drops it too.
    const handle = await open(join(clusterDir, path), 'r').catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!handle) continue;
    try {
      await writer.file(`${CLUSTER}/${path}`, handle);
    } finally {
      await handle.close();
    }
    onProgress();
  }
}

/**
 * Copies the embedded cluster while it serves: `pg_backup_start` forces a checkpoint and full-page
 * writes, the files are copied as they are, `pg_backup_stop` (in the same session, which holds the
 * backup open) gives the label that tells a restored cluster where recovery begins, and the WAL from
 * start to stop makes the copy consistent. A temporary replication slot, created before the start,
 * keeps that WAL from being recycled by checkpoints during a long copy; it disappears with the session.
 * When no server runs on the data directory, one is started for the backup and stopped afterwards.
 */
export async function backupEmbeddedDatabase(options: {
  dataDir: string;
  file: string;
  logger: Logger;
  onProgress?: (bytes: number) => void;
}): Promise<BackupResult> {
  const { dataDir, file, logger, onProgress = () => undefined } = options;
  const clusterDir = join(dataDir, CLUSTER);
  if (!(await exists(join(clusterDir, 'PG_VERSION')))) {
    throw new Error(`There is no embedded database in ${clusterDir}: nothing to back up.`);
  }
  if (await exists(file)) throw new Error(`${file} already exists; choose another file.`);
  const password = await readFile(join(dataDir, PASSWORD));
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;

  const embedded = await startEmbeddedPostgres(dataDir, logger);
  const client = new pg.Client({
    connectionString: embedded.connectionString,
    application_name: 'teamhire-backup',
  });
  const writer = new TarGzWriter(partial);
  let finished = false;
  try {
    await client.connect();
    await client.query('set statement_timeout = 0');
    const slot = `teamhire_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const started = await client.query<{ lsn: string }>('select pg_backup_start($1, fast => true) as lsn', [
      `teamhire ${timestamp()}`,
    ]);
    const startLsn = started.rows[0]!.lsn;
    const report = () => onProgress(writer.contentBytes);

    await writer.directory(CLUSTER);
    await addCluster(writer, clusterDir, '', report);

    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(
      'select lsn, labelfile, spcmapfile from pg_backup_stop(wait_for_archive => false)',
    );
    const { lsn: stopLsn, labelfile, spcmapfile } = stopped.rows[0]!;
    // Closes the segment holding the end of the backup, so the copy below reads it whole.
    await client.query('select pg_switch_wal()');
    await writer.buffer(`${CLUSTER}/backup_label`, Buffer.from(labelfile));
    if (spcmapfile) await writer.buffer(`${CLUSTER}/tablespace_map`, Buffer.from(spcmapfile));

    const names = await client.query<{ first: string; last: string }>(
      'select pg_walfile_name($1) as first, pg_walfile_name($2) as last',
      [startLsn, stopLsn],
    );
    const { first, last } = names.rows[0]!;
    const walDir = join(clusterDir, 'pg_wal');
    const walFiles = (await readdir(walDir)).sort();
    const segments = walFiles.filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= last);
    if (!segments.includes(last)) throw new Error(`The WAL segment ${last} that ends the backup is missing`);
    await writer.directory(`${CLUSTER}/pg_wal/archive_status`);
    for (const name of [...walFiles.filter((entry) => TIMELINE_HISTORY.test(entry)), ...segments]) {
      const handle = await open(join(walDir, name), 'r');
      try {
        await writer.file(`${CLUSTER}/pg_wal/${name}`, handle);
      } finally {
        await handle.close();
      }
      report();
    }
    await client.query('select pg_drop_replication_slot($1)', [slot]);

    await writer.buffer(PASSWORD, password);
    await writer.finish();
    finished = true;
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, startLsn, stopLsn };
  } finally {
    if (!finished) {
      writer.abort();
      await rm(partial, { force: true });
    }
    // Ending the session also ends a backup left open by an error, and drops the slot.
    await client.end().catch(() => undefined);
    await embedded.stop();
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a PostgreSQL running on the cluster, from its lock file; undefined when none runs. */
async function runningPostmaster(clusterDir: string): Promise<number | undefined> {
  const content = await readFile(join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number.parseInt(content?.split('\n')[0] ?? '', 10);
  if (!Number.isFinite(pid) || pid <= 0 || !processIsAlive(pid)) return undefined;
  // A lock file left by a crash can name a pid reused by another program; without /proc, assume not.
  const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => 'postgres');
  return commandLine.includes('postgres') ? pid : undefined;
}

/** As root, the embedded PostgreSQL runs as the system user 'postgres', which must own every file. */
async function clusterOwner(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', 'postgres']).then(({ stdout }) => Number.parseInt(stdout, 10)),
      execFileAsync('id', ['-g', 'postgres']).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return { uid, gid };
  } catch {
    throw new Error(
      'Restoring as root needs the system user "postgres" that the embedded database runs as ' +
        '(groupadd postgres && useradd -g postgres postgres), or run the restore as a regular user.',
    );
  }
}

async function chownTree(path: string, owner: { uid: number; gid: number }): Promise<void> {
  await chown(path, owner.uid, owner.gid);
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isDirectory()) await chownTree(join(path, entry.name), owner);
    else await chown(join(path, entry.name), owner.uid, owner.gid);
  }
}

export class RestoreRefused extends Error {}

export interface RestoreResult {
  clusterDir: string;
  /** Where the cluster that was there before went (with --force). */
  movedAside: string | undefined;
}

/**
 * Puts a backup in place of `{dataDir}/postgres`. The archive is extracted beside it first, so a
 * damaged archive leaves the current cluster untouched; with `force`, the current cluster is moved
 * aside, never deleted. The next start of the server finds backup_label and replays the WAL of the
 * backup before it accepts connections.
 */
export async function restoreEmbeddedDatabase(options: {
  dataDir: string;
  file: string;
  force: boolean;
  onProgress?: (bytes: number) => void;
}): Promise<RestoreResult> {
  const { dataDir, file, force, onProgress } = options;
  const clusterDir = join(dataDir, CLUSTER);
  if (!(await exists(file))) throw new RestoreRefused(`${file} does not exist.`);
  const pid = await runningPostmaster(clusterDir);
  if (pid !== undefined) {
    throw new RestoreRefused(
      `The embedded database in ${clusterDir} is running (process ${pid}): stop the server first.`,
    );
  }
  const current = await readdir(clusterDir).catch(() => [] as string[]);
  if (current.length > 0 && !force) {
    throw new RestoreRefused(
      `${clusterDir} already holds a database. To replace it (it is moved aside, not deleted): ` +
        `npm run db:restore -- ${file} --force`,
    );
  }
  const owner = await clusterOwner();

  const stamp = timestamp();
  const staging = join(dataDir, `${CLUSTER}.restoring-${stamp}`);
  const stagedPassword = `${staging}.password`;
  await mkdir(dataDir, { recursive: true });
  try {
    await rm(staging, { recursive: true, force: true });
    await extractTarGz(
      file,
      (path) => {
        if (path === CLUSTER) return staging;
        if (path.startsWith(`${CLUSTER}/`)) return join(staging, path.slice(CLUSTER.length + 1));
        if (path === PASSWORD) return stagedPassword;
        return undefined;
      },
      onProgress,
    );
    for (const required of ['PG_VERSION', 'backup_label', 'global/pg_control']) {
      if (!(await exists(join(staging, required)))) {
        throw new Error(`${file} is not a backup of the embedded database (it lacks ${required}).`);
      }
    }
    if (!(await exists(stagedPassword))) throw new Error(`${file} lacks the database password.`);
    for (const directory of ['pg_wal/archive_status', 'pg_wal/summaries', ...EMPTIED_DIRECTORIES]) {
      await mkdir(join(staging, directory), { recursive: true, mode: 0o700 });
    }
    await chmod(staging, 0o700);
    if (owner) await chownTree(staging, owner);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    await rm(stagedPassword, { force: true });
    throw error;
  }

  let movedAside: string | undefined;
  if (current.length > 0) {
    movedAside = join(dataDir, `${CLUSTER}.before-restore-${stamp}`);
    await rename(clusterDir, movedAside);
    // The moved-aside cluster answers only to its own password: keep it beside it.
    await rename(join(dataDir, PASSWORD), `${movedAside}.password`).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  } else {
    await rm(clusterDir, { recursive: true, force: true });
  }
  await rename(staging, clusterDir);
  await writeFile(join(dataDir, PASSWORD), await readFile(stagedPassword), { mode: 0o600 });
  await chmod(join(dataDir, PASSWORD), 0o600);
  await rm(stagedPassword, { force: true });
  return { clusterDir, movedAside };
}
