import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const API_ROOT = resolve(import.meta.dirname, '..');

/** The real process entry, as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  logs: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
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

/** Starts server processes and keeps track of them (and their data folders) so a test can end them all. */
export function serverProcesses() {
  const running: ServerProcess[] = [];
  const folders: string[] = [];

  async function startServer(
    environment: Record<string, string>,
    options: { port?: number } = {},
  ): Promise<ServerProcess> {
    const port = options.port ?? (await freePort());
    const dataDir = await mkdtemp(join(tmpdir(), 'teamhire-server-test-'));
    folders.push(dataDir);
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
    const server = { child, baseUrl, port, logs: () => output, exited };
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

  async function stopAll() {
    for (const server of running.splice(0)) {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  }

  return { startServer, stopAll };
}
