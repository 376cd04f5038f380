import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { runCliScript } from '../../test/run-cli';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase, RestoreRefused } from './embedded-backup';

const logger = pino({ level: 'warn' });
/** Each test starts two or three clusters (one with initdb); CI machines can be slow at it. */
const CLUSTER_TEST_TIMEOUT = 120_000;
const ACCOUNTS = 20;
const OPENING_BALANCE = 1000;
const BULK_ROWS = 50_000;
/** Rows of the bulk table each transaction updates. */
const RANGE = 200;

/**
 * Transactions committed one after another, each numbered, so a restored database must hold exactly
 * the numbers 1..k. Each moves money between two accounts (the total never changes) and adds one to
 * a range of the bulk table's counters together with their recorded sum, so a page copied halfway
 * through a write and not repaired by the WAL would break one of the sums.
 */
function startWriter(pool: pg.Pool) {
  let started = 0;
  let committed = 0;
  let stopping = false;
  const waiters: Array<{ count: number; resolve: () => void; reject: (error: unknown) => void }> = [];
  const run = (async () => {
    const client = await pool.connect();
    try {
      while (!stopping) {
        const sequence = started + 1;
        started = sequence;
        const from = 1 + (sequence % ACCOUNTS);
        const to = 1 + ((from + ((sequence * 7) % (ACCOUNTS - 1))) % ACCOUNTS);
        const first = 1 + ((sequence * 7919) % (BULK_ROWS - RANGE));
        await client.query('begin');
        const [row] = (
          await client.query<{ balance: number }>('select balance from accounts where id = $1 for update', [
            from,
          ])
        ).rows;
        const amount = Math.min(row!.balance, 1 + (sequence % 50));
        await client.query('update accounts set balance = balance - $2 where id = $1', [from, amount]);
        await client.query('update accounts set balance = balance + $2 where id = $1', [to, amount]);
        await client.query(
          'insert into transfers (sequence, from_id, to_id, amount) values ($1, $2, $3, $4)',
          [sequence, from, to, amount],
        );
        const updated = await client.query(
          'update bulk set counter = counter + 1 where id between $1 and $2',
          [first, first + RANGE - 1],
        );
        await client.query('update bulk_total set total = total + $1', [updated.rowCount]);
        await client.query('commit');
        committed = sequence;
        // Checkpoints during the copy move the cluster's own restart point past the start of the
        // backup; only the backup label then leads recovery back to where the copy began.
        if (sequence % 5 === 0) await client.query('checkpoint');
        for (const waiter of waiters.filter((entry) => entry.count <= committed)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    } catch (error) {
      // A failed write would otherwise leave the test waiting for commits that never come.
      for (const waiter of waiters.splice(0)) waiter.reject(error);
      throw error;
    } finally {
      client.release();
    }
  })();
  return {
    get started() {
      return started;
    },
    get committed() {
      return committed;
    },
    committedAtLeast(count: number): Promise<void> {
      if (committed >= count) return Promise.resolve();
      return new Promise((resolve, reject) => waiters.push({ count, resolve, reject }));
    },
    async stop(): Promise<void> {
      stopping = true;
      await run;
    },
  };
}

async function createSchema(pool: pg.Pool): Promise<void> {
  await pool.query(`
    create table accounts (id int primary key, balance int not null check (balance >= 0));
    insert into accounts select id, ${OPENING_BALANCE} from generate_series(1, ${ACCOUNTS}) id;
    create table transfers (
      sequence int primary key, from_id int not null, to_id int not null, amount int not null
    );
    create table bulk (id int primary key, counter int not null, padding text not null);
    insert into bulk select id, 0, md5(id::text) from generate_series(1, ${BULK_ROWS}) id;
    create table bulk_total (total bigint not null);
    insert into bulk_total values (0);
  `);
}

interface RestoredState {
  transfers: number;
  lowest: number | null;
  highest: number | null;
  total: number;
  accountsMatchingTransfers: number;
  bulkSum: number;
  bulkTotal: number;
  bulkRows: number;
}

async function readState(connectionString: string): Promise<RestoredState> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const [row] = (
      await client.query<Record<keyof RestoredState, string | null>>(`
        select
          (select count(*) from transfers) as transfers,
          (select min(sequence) from transfers) as lowest,
          (select max(sequence) from transfers) as highest,
          (select sum(balance) from accounts) as total,
          (select count(*) from accounts a where a.balance = ${OPENING_BALANCE}
             - coalesce((select sum(amount) from transfers t where t.from_id = a.id), 0)
             + coalesce((select sum(amount) from transfers t where t.to_id = a.id), 0)
          ) as "accountsMatchingTransfers",
          (select sum(counter) from bulk) as "bulkSum",
          (select total from bulk_total) as "bulkTotal",
          (select count(*) from bulk) as "bulkRows"
      `)
    ).rows;
    const number = (value: string | null | undefined) =>
      value === null || value === undefined ? null : Number(value);
    return {
      transfers: number(row!.transfers)!,
      lowest: number(row!.lowest),
      highest: number(row!.highest),
      total: number(row!.total)!,
      accountsMatchingTransfers: number(row!.accountsMatchingTransfers)!,
      bulkSum: number(row!.bulkSum)!,
      bulkTotal: number(row!.bulkTotal)!,
      bulkRows: number(row!.bulkRows)!,
    };
  } finally {
    await client.end();
  }
}

function expectConsistent(state: RestoredState): void {
  expect(state.lowest).toBe(1);
  expect(state.highest).toBe(state.transfers);
  expect(state.total).toBe(ACCOUNTS * OPENING_BALANCE);
  expect(state.accountsMatchingTransfers).toBe(ACCOUNTS);
  expect(state.bulkSum).toBe(state.bulkTotal);
  expect(state.bulkTotal).toBe(state.transfers * RANGE);
  expect(state.bulkRows).toBe(BULK_ROWS);
}

function runCli(script: string, args: string[], environment: NodeJS.ProcessEnv) {
  return runCliScript(script, args, { ...process.env, LOG_LEVEL: 'warn', ...environment });
}

describe('backups of the embedded database', () => {
  let root: string;
  let sourceDir: string;
  let targetDir: string;
  let onlineBackup: string;
  /** Transactions committed on the source by the time it was stopped. */
  let committedInAll = 0;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'teamhire-backup-test-'));
    // Run as root, the embedded PostgreSQL runs as the user 'postgres', which must reach the clusters.
    await chmod(root, 0o755);
    sourceDir = join(root, 'source');
    targetDir = join(root, 'target');
    onlineBackup = join(root, 'online.tar.gz');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it(
    'a backup taken while transactions commit restores into a fresh directory with those committed before it ended, consistent',
    async () => {
      const source = await startEmbeddedPostgres(sourceDir, logger);
      const pool = new pg.Pool({ connectionString: source.connectionString, max: 2 });
      let committedBefore = 0;
      let startedByEnd = 0;
      let committedByEnd = 0;
      try {
        await createSchema(pool);
        const writer = startWriter(pool);
        try {
          await writer.committedAtLeast(20);
          committedBefore = writer.committed;
          // Attaches to the running server, as the command does while the API serves.
          const result = await backupEmbeddedDatabase({ dataDir: sourceDir, file: onlineBackup, logger });
          startedByEnd = writer.started;
          committedByEnd = writer.committed;
          expect(result.bytes).toBe((await stat(onlineBackup)).size);
          await writer.committedAtLeast(committedByEnd + 20);
        } finally {
          await writer.stop();
        }
        committedInAll = writer.committed;
      } finally {
        await pool.end();
        await source.stop();
      }
      // The writes really went on while the files were copied.
      expect(committedByEnd).toBeGreaterThan(committedBefore);

      const restore = await restoreEmbeddedDatabase({ dataDir: targetDir, file: onlineBackup, force: false });
      expect(restore.movedAside).toBeUndefined();
      const restored = await startEmbeddedPostgres(targetDir, logger);
      try {
        const state = await readState(restored.connectionString);
        expectConsistent(state);
        expect(state.transfers).toBeGreaterThanOrEqual(committedBefore);
        expect(state.transfers).toBeLessThanOrEqual(startedByEnd);
        expect(state.transfers).toBeLessThan(committedInAll);

        await expect(
          restoreEmbeddedDatabase({ dataDir: targetDir, file: onlineBackup, force: true }),
        ).rejects.toThrow(/is running/);
      } finally {
        await restored.stop();
      }
      await expect(
        restoreEmbeddedDatabase({ dataDir: targetDir, file: onlineBackup, force: false }),
      ).rejects.toThrow(RestoreRefused);
    },
    CLUSTER_TEST_TIMEOUT,
  );

  it(
    'npm run db:backup copies a stopped cluster whole, and db:restore --force moves the current one aside',
    async () => {
      const environment = { DATABASE_URL: '', DATA_DIR: sourceDir };
      const backup = await runCli('db-backup.ts', ['stopped.tar.gz'], { ...environment, INIT_CWD: root });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const file = join(root, 'stopped.tar.gz');
      expect(backup.stdout).toContain(`Backup written: ${file}`);

      const refused = await runCli('db-restore.ts', [file], { DATABASE_URL: '', DATA_DIR: targetDir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('--force');

      const restore = await runCli('db-restore.ts', [file, '--force'], {
        DATABASE_URL: '',
        DATA_DIR: targetDir,
      });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      const entries = await readdir(targetDir);
      const aside = entries.find((name) => /^postgres\.before-restore-.*Z$/.test(name));
      expect(aside).toBeDefined();
      expect(entries).toContain(`${aside}.password`);
      expect(await readdir(join(targetDir, aside!))).toContain('PG_VERSION');

      const restored = await startEmbeddedPostgres(targetDir, logger);
      try {
        const state = await readState(restored.connectionString);
        expectConsistent(state);
        expect(state.transfers).toBe(committedInAll);
      } finally {
        await restored.stop();
      }
    },
    CLUSTER_TEST_TIMEOUT,
  );

  it('with DATABASE_URL both commands point to the server’s own tools and do nothing', async () => {
    const environment = {
      DATABASE_URL: 'postgres://someone@127.0.0.1:9/teamhire',
      DATA_DIR: join(root, 'unused'),
    };
    const backup = await runCli('db-backup.ts', [], environment);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain('pg_dump');
    const restore = await runCli('db-restore.ts', [onlineBackup], environment);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('pg_restore');
    await expect(stat(join(root, 'unused'))).rejects.toThrow();
  });
});
