/**
 * npm run create-admin -- --email E --username U
 * Creates a GENERAL_ADMIN. The password comes from ADMIN_PASSWORD or is asked for (not echoed).
 * Uses DATABASE_URL, or the embedded database in DATA_DIR (attaching to it when a server runs).
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { emailSchema, usernameSchema } from '@teamhire/shared';
import { loadConfig } from '../platform/config';
import { connectDatabase } from '../db/database';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { prepareDatabase } from '../db/seed/prepare-database';
import { AppError } from '../platform/errors';
import { createGeneralAdmin } from '../modules/accounts/accounts.service';

const ADMIN_PASSWORD_MIN = 8;

async function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  if (!stdin.isTTY) throw new Error('No terminal to ask for the password: set ADMIN_PASSWORD.');
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolveAnswer, reject) => {
    let answer = '';
    const onData = (key: string) => {
      for (const character of key) {
        if (character === '\r' || character === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolveAnswer(answer);
          return;
        }
        if (character === '\u0003') {
          stdin.setRawMode(false);
          reject(new Error('Cancelled'));
          return;
        }
        if (character === '\u007f') answer = answer.slice(0, -1);
        else answer += character;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, username: { type: 'string' } },
    strict: true,
  });
  const email = emailSchema.safeParse(values.email ?? '');
  const username = usernameSchema.safeParse(values.username ?? '');
  if (!email.success || !username.success) {
    const problems = [
      ...(email.success ? [] : [`--email: ${email.error.issues[0]?.message}`]),
      ...(username.success ? [] : [`--username: ${username.error.issues[0]?.message}`]),
    ];
    throw new Error(`Usage: npm run create-admin -- --email E --username U\n${problems.join('\n')}`);
  }
  const password = process.env.ADMIN_PASSWORD ?? (await askHidden('Password for the new general admin: '));
  if (password.length < ADMIN_PASSWORD_MIN) {
    throw new Error(`The password must be at least ${ADMIN_PASSWORD_MIN} characters long.`);
  }

  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, logger);
  const connectionString = config.databaseUrl ?? embedded!.connectionString;
  const database = connectDatabase(connectionString, 2);
  try {
    await prepareDatabase(connectionString, { seedDemo: false });
    const { created, user } = await createGeneralAdmin(database.db, {
      email: email.data,
      username: username.data,
      password,
    });
    console.log(
      created
        ? `General admin '${user.username}' <${user.email}> created.`
        : `An account with the email ${user.email} already exists ('${user.username}', role ${user.role}); nothing changed.`,
    );
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AppError || error instanceof Error ? error.message : error);
  process.exit(1);
});
