import { expect } from 'vitest';
import type { ChatMessage } from '@teamhire/shared';
import { listenWithSockets, type ListeningApp } from './chat-helpers';
import { createTestApp, startTestApp } from './test-app';

/**
 * Instance A is a test app of its own database; instance B is a second app on the same database,
 * built the same way with the same environment, as a second server process would be.
 */
export async function twoInstances(environment: Record<string, string>) {
  const context = await createTestApp(environment);
  const instanceB = await startTestApp(context.connectionString, environment);
  const a = await listenWithSockets(context.app);
  const b = await listenWithSockets(instanceB.app);
  expect(a.origin).not.toBe(b.origin);
  return {
    context,
    a,
    b,
    async close() {
      await Promise.all([a.sockets.closeAll(), b.sockets.closeAll()]);
      await instanceB.close();
      await context.close();
    },
  };
}

export type TwoInstances = Awaited<ReturnType<typeof twoInstances>>;

/** REST calls made through one instance's own HTTP API. */
export function through(instance: ListeningApp) {
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
