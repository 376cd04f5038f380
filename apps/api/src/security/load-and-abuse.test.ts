import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress } from '../../test/accounts-helpers';
import { createTestDatabase } from '../../test/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import { connectDatabase, type DatabaseHandle } from '../db/database';
import { hashPassword } from '../platform/auth/password';

/**
 * A burst on an app with a pool of three connections: every answer is a success or a refusal the
 * client can act on (401, 429, or 503 with Retry-After), never a 500.
 */
const ACCEPTABLE = (status: number) => (status >= 200 && status < 300) || [401, 429, 503].includes(status);
const PASSWORD = 'a-burst-password';

describe('load and abuse', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void>;
  let dataDir: string;
  let username: string;

  beforeAll(async () => {
    const testDatabase = await createTestDatabase();
    dropDatabase = testDatabase.drop;
    dataDir = await mkdtemp(join(tmpdir(), 'teamhire-burst-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      DATABASE_URL: testDatabase.connectionString,
      DATABASE_POOL_MAX: '3',
      // A short waiting list keeps the test quick on a busy machine; the queue's rule is the same.
      PASSWORD_HASH_QUEUE_MAX: '8',
    });
    database = connectDatabase(testDatabase.connectionString, config.databasePoolMax);
    app = await buildApp({ config, database });
    username = 'burst_user';
    // A hash at the production cost: 128 MiB and about 0.3 s for every check, as in a real sign-in.
    await database.pool.query(
      `insert into users (username, email, password_hash, role) values ($1, $2, $3, 'BUYER')`,
      [username, 'burst_user@example.com', await hashPassword(PASSWORD)],
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const signIn = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
      remoteAddress: nextAddress(),
    });

  function expectNoServerErrors(
    responses: { statusCode: number; headers: Record<string, unknown>; body: string }[],
  ) {
    for (const response of responses) {
      expect(ACCEPTABLE(response.statusCode), `${response.statusCode}: ${response.body}`).toBe(true);
      if (response.statusCode === 503) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(Object.keys(JSON.parse(response.body) as object)).toEqual(['code', 'detail']);
      }
    }
  }

  it('answers 40 parallel sign-ins with 200 or 503, never 500', async () => {
    const responses = await Promise.all(Array.from({ length: 40 }, () => signIn(PASSWORD)));
    expectNoServerErrors(responses);
    expect(responses.filter((response) => response.statusCode === 200).length).toBeGreaterThan(0);
    expect(responses.filter((response) => response.statusCode === 503).length).toBeGreaterThan(0);
  }, 180_000);

  it('answers 200 parallel mixed requests with 2xx, 401, 429 or 503 only', async () => {
    const kinds = [
      () => app.inject({ method: 'GET', url: '/api/health', remoteAddress: nextAddress() }),
      () => app.inject({ method: 'GET', url: '/api/teams', remoteAddress: nextAddress() }),
      () => app.inject({ method: 'GET', url: '/api/service-categories', remoteAddress: nextAddress() }),
      () => app.inject({ method: 'GET', url: '/api/statistics/dashboard', remoteAddress: nextAddress() }),
      () => app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: nextAddress() }),
      () => signIn('a-wrong-password'),
      () => signIn(PASSWORD),
      () =>
        app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: 'not-a-real-refresh-token' },
          remoteAddress: nextAddress(),
        }),
    ];
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => kinds[index % kinds.length]!()),
    );
    expectNoServerErrors(responses);
  }, 180_000);
});
