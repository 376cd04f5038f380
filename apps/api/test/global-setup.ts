import { randomBytes } from 'node:crypto';
import pino from 'pino';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/platform/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres';
import { prepareDatabase } from '../src/db/seed/prepare-database';
import { databaseUrl } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to a maintenance database on the test server. */
    adminDatabaseUrl: string;
    /** Migrated, reference-seeded database every test file clones. */
    templateDatabase: string;
  }
}

let embedded: EmbeddedDatabase | undefined;
let adminUrl = '';
let templateName = '';

/**
 * Tests run against a real PostgreSQL: the one in DATABASE_URL, or else an embedded cluster kept
 * in data/test (reused between runs). A template database is migrated once per run; each test
 * file clones it, so files run in parallel without seeing each other's rows.
 */
export async function setup(project: TestProject): Promise<void> {
  const logger = pino({ level: 'warn' });
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    // TEST_DATA_DIR lets a fixture run (scripts/test-command.test.mjs) own a cluster of its own.
    const config = loadConfig({ DATA_DIR: process.env.TEST_DATA_DIR ?? 'data/test' });
    embedded = await startEmbeddedPostgres(config.dataDir, logger);
    adminUrl = embedded.connectionString;
  }
  templateName = `teamhire_test_template_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${templateName}"`);
  } finally {
    await admin.end();
  }
  await prepareDatabase(databaseUrl(adminUrl, templateName), { seedDemo: false });
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateName);
}

export async function teardown(): Promise<void> {
  if (adminUrl && templateName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${templateName}" with (force)`);
    } finally {
      await admin.end();
    }
  }
  await embedded?.stop();
}
