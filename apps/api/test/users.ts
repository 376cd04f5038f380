import { expect } from 'vitest';
import type { TokenResponse, UserRole } from '@teamhire/shared';
import { users } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/password';
import { bearer, nextAddress } from './accounts-helpers';
import type { TestContext } from './test-app';

export const TEST_PASSWORD = 'pw-123456';

/**
 * One cheap hash shared by every user of a test file: hashing at the product's cost (N=2^17) for
 * each user would dominate the run time. verifyPassword reads the cost from the hash itself.
 */
let sharedHash: Promise<string> | undefined;
const passwordHash = () => (sharedHash ??= hashPassword(TEST_PASSWORD, 10));

export interface SignedInUser {
  id: number;
  username: string;
  email: string;
  role: UserRole;
  token: string;
  headers: { authorization: string };
}

let counter = 0;

/** A user written straight to the database, then signed in through POST /api/auth/login. */
export async function createSignedInUser(
  context: TestContext,
  options: {
    role: UserRole;
    isVerified?: boolean;
    isSuperuser?: boolean;
    username?: string;
    fullName?: string;
  },
): Promise<SignedInUser> {
  counter += 1;
  const username = options.username ?? `${options.role.toLowerCase()}_${counter}`;
  const email = `${username}@example.com`.toLowerCase();
  const [row] = await context.database.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await passwordHash(),
      role: options.role,
      fullName: options.fullName ?? null,
      isVerified: options.isVerified ?? false,
      isSuperuser: options.isSuperuser ?? false,
      emailVerified: true,
    })
    .returning({ id: users.id });
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password: TEST_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json<TokenResponse>().access_token;
  return { id: row!.id, username, email, role: options.role, token, headers: bearer(token) };
}

/** The actions recorded in the activity log for a user, oldest first, leaving out sign-ins. */
export async function activityActions(context: TestContext, userId: number): Promise<string[]> {
  const result = await context.database.pool.query<{ action: string }>(
    "select action from activity_log where user_id = $1 and action not like 'auth.%' order by id",
    [userId],
  );
  return result.rows.map((row) => row.action);
}

/**
 * Calls into the app as a signed-in user, or as a visitor when there is none; the app is looked up at
 * each call, so a suite can make the requester before its beforeAll has built the app.
 */
export function requester(contextOf: () => TestContext) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, actor?: SignedInUser, payload?: object) =>
    contextOf().app.inject({ method, url, headers: actor?.headers, payload });
}

/** Another session of a user who is signed in already, as a second device would open. */
export async function newSession(context: TestContext, user: SignedInUser): Promise<TokenResponse> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.username, password: TEST_PASSWORD },
    remoteAddress: nextAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenResponse>();
}
