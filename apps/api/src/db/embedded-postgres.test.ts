import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOnce } from '../../test/database-client';
import { processIsAlive, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

const logger = pino({ level: 'silent' });

async function postmasterPid(clusterDir: string): Promise<number> {
  const content = await readFile(join(clusterDir, 'postmaster.pid'), 'utf8');
  return Number.parseInt(content.split('\n')[0] ?? '', 10);
}

describe('startEmbeddedPostgres', { timeout: 60_000 }, () => {
  let dataDir: string;
  let clusterDir: string;
  /** Every handle started here, stopped at the end whatever happens. */
  const started: EmbeddedDatabase[] = [];

  async function start(): Promise<EmbeddedDatabase> {
    const database = await startEmbeddedPostgres(dataDir, logger);
    started.push(database);
    return database;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'teamhire-embedded-'));
    clusterDir = join(dataDir, 'postgres');
  });
  afterAll(async () => {
    for (const database of started.reverse()) await database.stop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('creates a cluster on the first start, answers queries, and stops', async () => {
    const database = await start();
    expect(database.created).toBe(true);
    expect(database.connectionString).toMatch(/^postgres:\/\/postgres:[0-9a-f]+@127\.0\.0\.1:\d+\/postgres$/);
    const [row] = await queryOnce<{ answer: number }>(database.connectionString, 'select 6 * 7 as answer');
    expect(row?.answer).toBe(42);
    await queryOnce(database.connectionString, 'create table kept (value text)');
    await queryOnce(database.connectionString, 'insert into kept (value) values ($1)', [
      'written before the stop',
    ]);

    // Password authentication is on: a wrong password is refused.
    const wrong = new URL(database.connectionString);
    wrong.password = 'wrong';
    await expect(queryOnce(wrong.toString(), 'select 1')).rejects.toThrow();

    const pid = await postmasterPid(clusterDir);
    await database.stop();
    expect(processIsAlive(pid)).toBe(false);
    await expect(stat(join(clusterDir, 'postmaster.pid'))).rejects.toThrow();
    // The password file lives beside the cluster and is private.
    expect((await stat(join(dataDir, 'postgres-password'))).mode & 0o077).toBe(0);
  });

  it('reuses the cluster on the next start: created is false and the data is still there', async () => {
    const database = await start();
    expect(database.created).toBe(false);
    const rows = await queryOnce<{ value: string }>(database.connectionString, 'select value from kept');
    expect(rows).toEqual([{ value: 'written before the stop' }]);
    await database.stop();
  });

  const staleLockFile = (pid: number) =>
    `${pid}\n${clusterDir}\n1700000000\n5432\n\n127.0.0.1\n  5432001         0\nready   \n`;

  it('starts after an unclean stop left a postmaster.pid of a process that is gone', async () => {
    let stalePid = 999_999;
    while (processIsAlive(stalePid)) stalePid += 1;
    await writeFile(join(clusterDir, 'postmaster.pid'), staleLockFile(stalePid));
    const database = await start();
    expect(database.created).toBe(false);
    const rows = await queryOnce<{ value: string }>(database.connectionString, 'select value from kept');
    expect(rows).toEqual([{ value: 'written before the stop' }]);
    expect(await postmasterPid(clusterDir)).not.toBe(stalePid);
    await database.stop();
  });

  it('starts when the stale postmaster.pid names a live process that is not PostgreSQL', async () => {
    // A pid reused by an unrelated process of the same user: PostgreSQL alone would refuse to
    // start ("lock file already exists"). As root, PostgreSQL runs as the 'postgres' user.
    const runAs =
      process.getuid?.() === 0
        ? {
            uid: Number.parseInt(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }), 10),
            gid: Number.parseInt(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }), 10),
          }
        : {};
    const unrelated = spawn('sleep', ['60'], { ...runAs, stdio: 'ignore' });
    try {
      const unrelatedPid = unrelated.pid!;
      await writeFile(join(clusterDir, 'postmaster.pid'), staleLockFile(unrelatedPid));
      const database = await start();
      expect(await postmasterPid(clusterDir)).not.toBe(unrelatedPid);
      const rows = await queryOnce<{ value: string }>(database.connectionString, 'select value from kept');
      expect(rows).toEqual([{ value: 'written before the stop' }]);
      await database.stop();
      // The unrelated process is left alone.
      expect(processIsAlive(unrelatedPid)).toBe(true);
    } finally {
      unrelated.kill();
    }
  });

  it('attaches to the PostgreSQL of a process that is still running instead of starting another', async () => {
    const owner = await start();
    const ownerPostmaster = await postmasterPid(clusterDir);

    // A second start on the same directory (say, the admin command next to a running server).
    const attached = await start();
    expect(attached.created).toBe(false);
    expect(await postmasterPid(clusterDir)).toBe(ownerPostmaster);
    await queryOnce(
      attached.connectionString,
      "insert into kept (value) values ('written through the attached handle')",
    );

    // Stopping the attached handle leaves the owner's database running.
    await attached.stop();
    expect(processIsAlive(ownerPostmaster)).toBe(true);
    const rows = await queryOnce<{ value: string }>(
      owner.connectionString,
      'select value from kept order by value',
    );
    expect(rows.map((row) => row.value)).toContain('written through the attached handle');
    await owner.stop();
    expect(processIsAlive(ownerPostmaster)).toBe(false);
  });

  it('takes over from an orphaned PostgreSQL whose owner process was killed', async () => {
    const orphan = await start();
    const orphanPid = await postmasterPid(clusterDir);
    await queryOnce(orphan.connectionString, "insert into kept (value) values ('written by the orphan')");
    // The owner (the API process) was killed with SIGKILL: its pid is gone, its PostgreSQL runs on.
    const deadOwner = spawn('true');
    await new Promise((done) => deadOwner.once('exit', done));
    await writeFile(join(dataDir, 'postgres-owner.pid'), `${deadOwner.pid}\n`);

    const database = await start();
    expect(database.created).toBe(false);
    expect(processIsAlive(orphanPid)).toBe(false);
    expect(await postmasterPid(clusterDir)).not.toBe(orphanPid);
    const rows = await queryOnce<{ value: string }>(
      database.connectionString,
      'select value from kept order by value',
    );
    expect(rows.map((row) => row.value)).toContain('written by the orphan');
    await expect(queryOnce(orphan.connectionString, 'select 1')).rejects.toThrow();

    const pid = await postmasterPid(clusterDir);
    await database.stop();
    expect(processIsAlive(pid)).toBe(false);
    // The orphan's handle has nothing left to stop; stopping it must not hang.
    await orphan.stop();
  });

  describe('in a process of its own', () => {
    /** Runs test/embedded-owner.ts on dataDir in `mode`; answers its exit code and its output. */
    async function runOwner(mode: string): Promise<{ code: number | null; output: string }> {
      const apiRoot = join(import.meta.dirname, '../..');
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/embedded-owner.ts', dataDir, mode], {
        cwd: apiRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((done) => child.once('exit', done));
      return { code, output };
    }

    it('keeps the exit code a process set after it stopped the cluster (no library hook exits with 0)', async () => {
      // A test runner sets process.exitCode and lets the event loop empty: async-exit-hook's
      // 'beforeExit' listener used to call process.exit(0) there.
      const { code, output } = await runOwner('stop-then-exit-code');
      expect(output).toBe('');
      expect(code).toBe(7);
    });

    it('keeps the exit code of a process that exits without stopping it, and the postmaster stops', async () => {
      const { code } = await runOwner('exit-without-stop');
      expect(code).toBe(5);
      const pid = await postmasterPid(clusterDir).catch(() => undefined);
      for (let attempt = 0; attempt < 100 && pid !== undefined && processIsAlive(pid); attempt += 1) {
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(pid === undefined || !processIsAlive(pid)).toBe(true);
    });
  });
});
