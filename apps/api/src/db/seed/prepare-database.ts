import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../paths';
import type { Storage } from '../../platform/storage';
import * as schema from '../schema/index';
import { seedDemoData } from './demo-data';
import { seedReferenceCatalogue } from './reference-catalogue';

/** Arbitrary but fixed: every instance of this application takes the same lock. */
const PREPARE_LOCK_KEY = 7_240_311_001;

export interface PrepareOptions {
  /** Fill an empty database with demo users, teams, packages and orders. */
  seedDemo: boolean;
  /** Where the demo data's logos and package pictures go; without it the demo has no images. */
  storage?: Storage;
}

export interface PrepareResult {
  demoSeeded: boolean;
}

/**
 * Migrates and seeds the database. Several instances may start at once: the session-level advisory
 * lock makes them take turns, and the later ones find nothing left to do.
 */
export async function prepareDatabase(
  connectionString: string,
  options: PrepareOptions,
): Promise<PrepareResult> {
  const client = new pg.Client({ connectionString, application_name: 'teamhire-prepare' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    try {
      const db = drizzle(client, { schema });
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
      return await db.transaction(async (transaction) => {
        await seedReferenceCatalogue(transaction);
        const demoSeeded = options.seedDemo
          ? await seedDemoData(transaction, new Date(), options.storage)
          : false;
        return { demoSeeded };
      });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
