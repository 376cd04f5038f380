import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS as T, type Navigation, type User } from '@teamhire/shared';
import { createGeneralAdmin } from '../modules/accounts/accounts.service';
import { bearer, getMe, insertUser, NAVIGATION_EVERYTHING, signIn } from '../../test/accounts-helpers';
import { runCliScript } from '../../test/run-cli';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('creating a general admin', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  async function query<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
    return (await context.database.pool.query<Row>(text, values)).rows;
  }

  async function userCount(): Promise<number> {
    const [row] = await query<{ count: string }>('select count(*) from users');
    return Number(row!.count);
  }

  async function userRow(id: number) {
    const [row] = await query('select * from users where id = $1', [id]);
    return row;
  }

  it('createGeneralAdmin makes a verified GENERAL_ADMIN who signs in, once', async () => {
    const usersBefore = await userCount();
    const { created, user } = await createGeneralAdmin(context.database.db, {
      email: 'Root@Example.com',
      username: 'root_admin',
      password: 'root-admin-pass',
    });
    expect(created).toBe(true);
    expect(user).toMatchObject({
      username: 'root_admin',
      email: 'root@example.com',
      role: 'GENERAL_ADMIN',
      is_verified: true,
      email_verified: true,
    });
    const tokens = await signIn(context, 'root@example.com', 'root-admin-pass');
    const navigation = await context.app.inject({
      method: 'GET',
      url: '/api/navigation',
      headers: bearer(tokens.access_token),
    });
    expect(navigation.json<Navigation>()).toEqual({ ...NAVIGATION_EVERYTHING, is_verified: true });

    const row = await userRow(user.id);
    const again = await createGeneralAdmin(context.database.db, {
      email: 'root@EXAMPLE.com',
      username: 'another_root',
      password: 'different-pass',
    });
    expect(again.created).toBe(false);
    expect(again.user.id).toBe(user.id);
    expect(await userRow(user.id)).toEqual(row);
    expect(await userCount()).toBe(usersBefore + 1);
  });

  it('createGeneralAdmin refuses a username that is taken', async () => {
    const existing = await insertUser(context);
    await expect(
      createGeneralAdmin(context.database.db, {
        email: 'second-root@example.com',
        username: existing.username.toUpperCase(),
        password: 'root-admin-pass',
      }),
    ).rejects.toMatchObject({ code: 'conflict', detail: T.usernameTaken });
  });

  function runCli(args: string[], password: string | undefined) {
    const environment: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: context.connectionString };
    delete environment.ADMIN_PASSWORD;
    delete environment.ADMIN_EMAIL;
    if (password !== undefined) environment.ADMIN_PASSWORD = password;
    return runCliScript('create-admin.ts', args, environment);
  }

  it('the CLI creates a general admin who signs in; a second run changes nothing', async () => {
    const args = ['--email', 'cli-admin@example.com', '--username', 'cli_admin'];
    const first = await runCli(args, 'cli-admin-pass');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("General admin 'cli_admin' <cli-admin@example.com> created.");
    const [row] = await query<{ id: number; role: string; password_hash: string; is_verified: boolean }>(
      `select id, role, password_hash, is_verified from users where email = 'cli-admin@example.com'`,
    );
    expect(row).toMatchObject({ role: 'GENERAL_ADMIN', is_verified: true });
    const tokens = await signIn(context, 'cli_admin', 'cli-admin-pass');
    expect((await getMe(context, tokens.access_token)).json<User>().role).toBe('GENERAL_ADMIN');

    const usersBefore = await userCount();
    const second = await runCli(args, 'other-password');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('already exists');
    expect(second.stdout).toContain('nothing changed');
    expect(await userCount()).toBe(usersBefore);
    const [after] = await query<{ password_hash: string }>('select password_hash from users where id = $1', [
      row!.id,
    ]);
    expect(after!.password_hash).toBe(row!.password_hash);
  }, 60_000);

  it('the CLI exits non-zero with a message for a bad email, a short password or no password', async () => {
    const usersBefore = await userCount();
    const [badEmail, shortPassword, noPassword] = await Promise.all([
      runCli(['--email', 'not-an-email', '--username', 'cli_bad'], 'cli-admin-pass'),
      runCli(['--email', 'short@example.com', '--username', 'cli_short'], 'short'),
      runCli(['--email', 'nopass@example.com', '--username', 'cli_nopass'], undefined),
    ]);
    expect(badEmail.code).not.toBe(0);
    expect(badEmail.stderr).toContain(`--email: ${T.emailInvalid}`);
    expect(shortPassword.code).not.toBe(0);
    expect(shortPassword.stderr).toContain('at least 8 characters');
    expect(noPassword.code).not.toBe(0);
    expect(noPassword.stderr).toContain('ADMIN_PASSWORD');
    expect(await userCount()).toBe(usersBefore);
  }, 60_000);
});
