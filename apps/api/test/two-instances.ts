import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ChatMessage } from '@teamhire/shared';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase } from '../src/db/database';
import { socketClient, type SocketClient } from './chat-helpers';
import { createTestApp } from './test-app';

export interface Instance {
  app: FastifyInstance;
  origin: string;
  sockets: SocketClient;
}

/**
 * Instance A is a test app of its own database; instance B is a second app on the same database,
 * built the same way with the same environment, as a second server process would be.
 */
export async function twoInstances(environment: Record<string, string>) {
  const context = await createTestApp(environment);
  const dataDir = await mkdtemp(join(tmpdir(), 'teamhire-test-b-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    JOBS_ENABLED: 'false',
    DATABASE_URL: context.connectionString,
    ...environment,
  });
  const database = connectDatabase(context.connectionString, 5);
  const appB = await buildApp({ config, database });
  const listen = async (app: FastifyInstance): Promise<Instance> => {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, origin, sockets: socketClient(origin) };
  };
  const a = await listen(context.app);
  const b = await listen(appB);
  expect(a.origin).not.toBe(b.origin);
  return {
    context,
    a,
    b,
    async close() {
      await Promise.all([a.sockets.closeAll(), b.sockets.closeAll()]);
      await appB.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
      await context.close();
    },
  };
}

/** REST calls made through one instance's own HTTP API. */
export function through(instance: Instance) {
  return {
    async send(caller: { headers: Record<string, string> }, roomId: number, text: string) {
      const response = await instance.app.inject({
        method: 'POST',
        url: `/api/chat-rooms/${roomId}/messages`,
        headers: caller.headers,
        payload: { message_text: text },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<ChatMessage>();
    },
  };
}
