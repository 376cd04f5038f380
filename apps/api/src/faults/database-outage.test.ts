import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress } from '../../test/accounts-helpers';
import { until } from '../../test/chat-helpers';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy';
import { createTestDatabase, testAppConfig } from '../../test/test-app';
import { buildApp } from '../app';
import { connectDatabase, type DatabaseHandle } from '../db/database';

/**
 * The database goes away while the API runs (its address refuses, or accepts and never answers),
 * then comes back on the same address: the health check says so at once, requests fail cleanly
 * without internals, and everything works again without restarting the API.
 */
describe('the database stops and comes back', () => {
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let directDatabase: DatabaseHandle;
  let dropDatabase: () => Promise<void>;
  let dataDir: string;
  let sent = 0;

  beforeAll(async () => {
    const testDatabase = await createTestDatabase();
    dropDatabase = testDatabase.drop;
    const target = new URL(testDatabase.connectionString);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(testDatabase.connectionString);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    dataDir = await mkdtemp(join(tmpdir(), 'teamhire-outage-'));
    const config = testAppConfig(dataDir, throughProxy.toString());
    database = connectDatabase(throughProxy.toString(), 5);
    directDatabase = connectDatabase(testDatabase.connectionString, 1);
    app = await buildApp({ config, database });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await directDatabase?.close();
    await proxy?.close();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health' });
  const sendContact = () => {
    sent += 1;
    return app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Outage Tester',
        email: `outage-${sent}@example.com`,
        company: null,
        message: 'Is anyone there?',
      },
      remoteAddress: nextAddress(),
    });
  };
  const storedContacts = async () =>
    Number(
      (
        await directDatabase.pool.query<{ count: string }>(
          "select count(*) from contact_messages where email like 'outage-%'",
        )
      ).rows[0]!.count,
    );

  it.each(['refuse', 'hang'] as const)(
    'when the database %ss: health is 503, writes fail without internals, then all works again',
    async (outage) => {
      expect((await health()).statusCode).toBe(200);
      expect((await sendContact()).statusCode).toBe(201);
      const storedBefore = await storedContacts();

      await proxy.stop(outage);
      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });

      if (outage === 'refuse') {
        const refused = await sendContact();
        expect(refused.statusCode).toBeGreaterThanOrEqual(500);
        const body = refused.json<{ detail: string }>();
        expect(Object.keys(body)).toEqual(['code', 'detail']);
        expect(body.detail).not.toMatch(/ECONNREFUSED|connect|127\.0\.0\.1|pg|sql|stack/i);
      }

      await proxy.resume();
      await until(async () => (await health()).statusCode === 200, 'health answers 200 again', 15_000);
      const after = await sendContact();
      expect(after.statusCode, after.body).toBe(201);
      expect(await storedContacts()).toBe(storedBefore + 1);
    },
  );
});
