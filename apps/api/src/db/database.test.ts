import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { connectDatabase, type DatabaseHandle } from './database';

describe('the database pool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    handle = connectDatabase(database.connectionString, 2);
  });

  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('runs its sessions without JIT compilation (decision 0070)', async () => {
    const { rows } = await handle.pool.query<{ jit: string }>(`select current_setting('jit') as jit`);
    expect(rows[0]!.jit).toBe('off');
  });
});
