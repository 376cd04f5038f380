import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/platform/config';
import { connectDatabase, type DatabaseHandle } from '../src/db/database';
import { queryOnce } from './database-client';
import { databaseUrl } from './database-url';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  connectionString: string;
  close(): Promise<void>;
}

/** Runs one statement as the administrator of the test cluster (create and drop databases). */
const adminQuery = (text: string) => queryOnce(inject('adminDatabaseUrl'), text);

/**
 * A fresh database cloned from the migrated template, or an empty one (no tables at all); dropped
 * again by drop().
 */
export async function createTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ connectionString: string; drop(): Promise<void> }> {
  const name = `teamhire_test_${options.empty ? 'empty_' : ''}${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(
    options.empty
      ? `create database "${name}"`
      : `create database "${name}" template "${inject('templateDatabase')}"`,
  );
  return {
    connectionString: databaseUrl(inject('adminDatabaseUrl'), name),
    drop: async () => {
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * Production's configuration made quiet and without the web build; the job runner stays off unless a
 * test about jobs turns it on with JOBS_ENABLED=true.
 */
export function testAppConfig(
  dataDir: string,
  connectionString: string,
  environment: Record<string, string> = {},
) {
  return loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    JOBS_ENABLED: 'false',
    // Test files buy many orders with few buyers, all from 127.0.0.1, and send many offers from one
    // team; the tests of the purchase attempt and offer limits set their own numbers.
    PAYMENT_ATTEMPTS_PER_BUYER: '1000000',
    PAYMENT_ATTEMPTS_PER_ADDRESS: '1000000',
    OFFERS_PER_HOUR: '100000',
    DATABASE_URL: connectionString,
    ...environment,
  });
}

export type TestAppOptions = Pick<BuildAppOptions, 'logStream' | 'clock' | 'paymentProvider'>;

/**
 * An app on an existing database, configured as in production but quiet and without the web build;
 * close() leaves the database in place.
 */
export async function startTestApp(
  connectionString: string,
  environment: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<Omit<TestContext, 'connectionString'>> {
  // Uploads and other local files of this app go to a folder of its own.
  const dataDir = await mkdtemp(join(tmpdir(), 'teamhire-test-'));
  const config = testAppConfig(dataDir, connectionString, environment);
  const database = connectDatabase(connectionString, 5);
  const app = await buildApp({ config, database, ...options });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An app on its own fresh database (see startTestApp); close() drops the database too. */
export async function createTestApp(
  environment: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const testDatabase = await createTestDatabase();
  const started = await startTestApp(testDatabase.connectionString, environment, options);
  return {
    ...started,
    connectionString: testDatabase.connectionString,
    async close() {
      await started.close();
      await testDatabase.drop();
    },
  };
}
