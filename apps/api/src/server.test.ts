import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';

const API_ROOT = resolve(import.meta.dirname, '..');

/** The real process entry, as `npm start` runs it, on a database of its own. */
interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  logs: () => string;
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

async function startServer(environment: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'teamhire-server-test-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'trace',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const server = { child, baseUrl, logs: () => output, exited };
  running.push(server);

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`The server did not become healthy:\n${output}`);
}

async function freshDatabase(): Promise<string> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  return database.connectionString;
}

async function queryOne<T>(connectionString: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const result = await client.query(text);
    return result.rows[0] as T;
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
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

    // Request logs are written at this level, yet carry no password, token or query string.
    expect(server.logs()).toContain('"path":"/api/auth/me"');
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
