import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { connectDatabase } from '../../db/database';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe('GET /api/health', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  it('answers ok after pinging the database', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database cannot be reached', async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const unreachable = 'postgres://postgres@127.0.0.1:9/none';
    const database = connectDatabase(unreachable, 1);
    const app = await buildApp({
      config: loadConfig({
        LOG_LEVEL: 'silent',
        SERVE_WEB: 'false',
        JOBS_ENABLED: 'false',
        DATABASE_URL: unreachable,
        // Otherwise the signing key is read from the (unreachable) database while the app is built.
        JWT_SECRET: 'x'.repeat(32),
        DATA_DIR: tmpdir(),
      }),
      database,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
