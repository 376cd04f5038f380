import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Clock } from '../src/deps';
import { connectDatabase, type DatabaseHandle } from '../src/db/database';
import { databaseUrl } from './database-url';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  connectionString: string;
  close(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A fresh database cloned from the migrated template; dropped again by close(). */
export async function createTestDatabase(): Promise<{ connectionString: string; drop(): Promise<void> }> {
  const name = `teamhire_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}" template "${inject('templateDatabase')}"`);
  return {
    connectionString: databaseUrl(inject('adminDatabaseUrl'), name),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * An app on its own fresh database, configured as in production but quiet, without the web build
 * and without the job runner (a test about jobs turns it on with JOBS_ENABLED=true).
 */
export async function createTestApp(
  environment: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestContext> {
  const testDatabase = await createTestDatabase();
  // Uploads and other local files of this test file go to a folder of its own.
  const dataDir = await mkdtemp(join(tmpdir(), 'teamhire-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    JOBS_ENABLED: 'false',
    DATABASE_URL: testDatabase.connectionString,
    ...environment,
  });
  const database = connectDatabase(testDatabase.connectionString, 5);
  const app = await buildApp({ config, database, ...(options.clock ? { clock: options.clock } : {}) });
  return {
    app,
    database,
    config,
    connectionString: testDatabase.connectionString,
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
