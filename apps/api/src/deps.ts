import type pg from 'pg';
import type { Config } from './config';
import type { Database } from './db/database';

/** What every module's routes receive from buildApp. */
export interface AppDeps {
  config: Config;
  db: Database;
  pool: pg.Pool;
}
