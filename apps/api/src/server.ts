import pino from 'pino';
import { usernameSchema } from '@teamhire/shared';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { connectDatabase } from './db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { prepareDatabase } from './db/seed/prepare-database';
import { loggerOptions } from './platform/logger';
import { createGeneralAdmin } from './modules/accounts/accounts.service';
import { createStorage } from './platform/storage';

const SHUTDOWN_GRACE_MS = 10_000;
/** Connections the kernel may hold for us before they are accepted (see the listen call). */
const LISTEN_BACKLOG = 4096;

export async function startServer(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino(loggerOptions(config.logLevel));

  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(config.dataDir, logger);
    connectionString = embedded.connectionString;
  }

  const database = connectDatabase(connectionString, config.databasePoolMax);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000);
    forceExit.unref();
    try {
      await app?.close();
      await database.close();
      await embedded?.stop();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const seedDemo = config.seedDemo ?? embedded !== undefined;
    // The demo's images go to the store the app will serve them from.
    const seedStorage = seedDemo ? createStorage(config, logger) : undefined;
    const { demoSeeded } = await prepareDatabase(connectionString, {
      seedDemo,
      storage: seedStorage,
    }).finally(() => seedStorage?.close());
    if (demoSeeded) logger.info('demo data created (see the README for the demo accounts)');
    if (config.initialAdmin) {
      const { email, username, password } = config.initialAdmin;
      const chosenUsername = usernameSchema.safeParse(username ?? email.split('@')[0]);
      if (!chosenUsername.success) {
        throw new Error(
          `ADMIN_USERNAME: ${chosenUsername.error.issues[0]?.message} (set ADMIN_USERNAME when the email's local part is not a valid username)`,
        );
      }
      const { created } = await createGeneralAdmin(database.db, {
        email,
        username: chosenUsername.data,
        password,
      });
      if (created) logger.info({ email }, 'general admin created from ADMIN_EMAIL');
    }
    app = await buildApp({ config, database });
    // After a network cut every open chat and bell socket comes back at once: Node's default queue
    // of 511 connections waiting to be accepted overflows under such a storm, and the kernel then
    // drops the handshakes it cannot queue, leaving those clients waiting for a minute (decision 0067).
    // The kernel caps this at net.core.somaxconn.
    await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
    logger.info(`TeamHire is running at ${config.publicUrl}`);
  } catch (error) {
    logger.fatal({ err: error }, 'failed to start');
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

await startServer();
