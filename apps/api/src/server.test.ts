import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryOnce } from '../test/database-client';
import { serverProcesses } from '../test/server-process';
import { createTestDatabase } from '../test/test-app';

const { startServer, stopAll } = serverProcesses();
const cleanups: (() => Promise<void>)[] = [];

async function freshDatabase(): Promise<string> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  return database.connectionString;
}

/** The first row of one statement. */
const queryOne = async <T extends object>(connectionString: string, text: string) =>
  (await queryOnce<T>(connectionString, text))[0] as T;

afterEach(async () => {
  await stopAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the server process', () => {
  it('creates the first general admin from the environment, and no demo data on a server of your own', async () => {
    const databaseUrl = await freshDatabase();
    const server = await startServer({
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: 'root-admin@example.com',
      ADMIN_PASSWORD: 'first-admin-pass',
    });
    const admins = await queryOne<{ count: string; username: string }>(
      databaseUrl,
      `select count(*)::text as count, min(username) as username from users where role = 'GENERAL_ADMIN'`,
    );
    expect(admins).toEqual({ count: '1', username: 'root-admin' });
    const users = await queryOne<{ count: string }>(databaseUrl, 'select count(*)::text as count from users');
    expect(users.count).toBe('1');

    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root-admin@example.com', password: 'first-admin-pass' }),
    });
    expect(login.status).toBe(200);
    const { access_token: accessToken } = (await login.json()) as { access_token: string };
    const me = await fetch(`${server.baseUrl}/api/auth/me?token=query-secret-value`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(200);

    // Request logs are written at this level, yet carry no password, token or query string. The line is
    // written once the answer is sent, so it may follow the answer by a moment.
    await vi.waitFor(() => expect(server.logs()).toContain('"path":"/api/auth/me"'), { timeout: 10_000 });
    expect(server.logs()).not.toContain('first-admin-pass');
    expect(server.logs()).not.toContain(accessToken);
    expect(server.logs()).not.toContain('query-secret-value');
  });

  it('creates demo data on your own server only when SEED_DEMO=true', async () => {
    const databaseUrl = await freshDatabase();
    await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'true' });
    const demo = await queryOne<{ count: string }>(
      databaseUrl,
      `select count(*)::text as count from users where email like '%@demo.teamhire.test'`,
    );
    expect(Number(demo.count)).toBeGreaterThan(5);
  });

  it('on SIGTERM finishes the request in flight, closes its connections and exits cleanly', async () => {
    const databaseUrl = await freshDatabase();
    const server = await startServer({ DATABASE_URL: databaseUrl });
    const body = JSON.stringify({
      name: 'Slow Sender',
      email: 'slow@example.com',
      company: null,
      message: 'A message whose body arrives after the signal.',
    });
    const half = Math.floor(body.length / 2);
    const answer = new Promise<{ status: number; text: string }>((done, fail) => {
      const request = httpRequest(
        `${server.baseUrl}/api/contact`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => done({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', fail);
      request.write(body.slice(0, half));
      // The rest follows once the server has been told to stop.
      setTimeout(() => request.end(body.slice(half)), 600);
    });
    await new Promise((done) => setTimeout(done, 200));
    server.child.kill('SIGTERM');

    const { status, text } = await answer;
    expect(status, text).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.logs()).toContain('shutting down');
    expect(server.logs()).toContain('"msg":"stopped"');
    // The request lines are written in blocks; the last ones are written as the app closes.
    expect(server.logs()).toMatch(/"method":"POST","path":"\/api\/contact","status":201/);

    const stored = await queryOne<{ count: string }>(
      databaseUrl,
      `select count(*)::text as count from contact_messages where email = 'slow@example.com'`,
    );
    expect(stored.count).toBe('1');
    const name = new URL(databaseUrl).pathname.slice(1);
    const connections = await queryOne<{ count: string }>(
      databaseUrl,
      `select count(*)::text as count from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
    );
    expect(connections.count).toBe('0');
  });
});
