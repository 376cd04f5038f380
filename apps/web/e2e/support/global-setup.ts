import { spawn, type ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../api/src/db/embedded-postgres';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const DATABASE_NAME = `teamhire_e2e_${process.pid}`;

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited during start:\n${output()}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${output()}`);
}

/**
 * The journeys run against the production build on a fresh database: the server in DATABASE_URL
 * when set, else an embedded cluster in data/e2e. Tests reach the same database through
 * E2E_DATABASE_URL to prove that what the page shows is what is stored.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const output of ['apps/web/dist/index.html', 'apps/api/dist/server.js']) {
    await access(join(REPO_ROOT, output)).catch(() => {
      throw new Error(`${output} is missing: run "npm run build" first (npm test does it for you).`);
    });
  }
  let embedded: EmbeddedDatabase | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres(join(REPO_ROOT, 'data', 'e2e'), pino({ level: 'warn' }));
    serverUrl = embedded.connectionString;
  }
  await adminQuery(serverUrl, `drop database if exists "${DATABASE_NAME}" with (force)`);
  await adminQuery(serverUrl, `create database "${DATABASE_NAME}"`);
  const databaseUrl = withDatabase(serverUrl, DATABASE_NAME);
  process.env.E2E_DATABASE_URL = databaseUrl;

  const port = process.env.E2E_PORT ?? '3100';
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: port,
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'false',
      // Every journey signs up and signs in from 127.0.0.1: per-address limits would count them all as one client.
      ADDRESS_RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, server, () => output);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    await adminQuery(serverUrl, `drop database if exists "${DATABASE_NAME}" with (force)`);
    await embedded?.stop();
  };
}
