import { expect } from 'vitest';
import type { ErrorCode, Navigation, TokenResponse, User, UserRole } from '@teamhire/shared';
import { users } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/password';
import type { TestContext } from './test-app';

export interface ErrorBody {
  code: ErrorCode;
  detail: string;
  errors?: { path: string; message: string }[];
}

/**
 * The cost of the hashes made by `insertUser`. The product hashes with N=2^17 (about 0.3 s); the
 * parameters travel with each hash, so a user stored with a cheap one still signs in normally and
 * keeps the test files fast. Tests about hashing itself go through the API.
 */
const CHEAP_COST_LOG2 = 10;

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
}

let userCounter = 0;

/** A user written straight to the database; only tests of registration itself need the API. */
export async function insertUser(
  context: TestContext,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    role: UserRole;
    isActive: boolean;
    isSuperuser: boolean;
    isVerified: boolean;
    emailVerified: boolean;
  }> = {},
): Promise<TestUser> {
  userCounter += 1;
  const username = overrides.username ?? `user_${process.pid}_${userCounter}`;
  const email = (overrides.email ?? `${username}@example.com`).toLowerCase();
  const password = overrides.password ?? `password-${userCounter}`;
  const [row] = await context.database.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await hashPassword(password, CHEAP_COST_LOG2),
      role: overrides.role ?? 'BUYER',
      isActive: overrides.isActive ?? true,
      isSuperuser: overrides.isSuperuser ?? false,
      isVerified: overrides.isVerified ?? false,
      emailVerified: overrides.emailVerified ?? false,
    })
    .returning({ id: users.id });
  return { id: row!.id, username, email, password };
}

let addressCounter = 0;
/** Every request gets its own client address unless a test is about per-address limits. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export function postLogin(
  context: TestContext,
  username: string,
  password: string,
  remoteAddress = nextAddress(),
) {
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
  });
}

export async function signIn(
  context: TestContext,
  username: string,
  password: string,
): Promise<TokenResponse> {
  const response = await postLogin(context, username, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenResponse>();
}

export function getMe(context: TestContext, accessToken: string) {
  return context.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
}

export async function expectSignedIn(
  context: TestContext,
  accessToken: string,
  userId: number,
): Promise<void> {
  const response = await getMe(context, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<User>().id).toBe(userId);
}

export async function expectRefused(context: TestContext, accessToken: string): Promise<void> {
  const response = await getMe(context, accessToken);
  expect(response.statusCode, response.body).toBe(401);
  expect(Object.keys(response.json<ErrorBody>())).toEqual(['code', 'detail']);
}

export function postRefresh(context: TestContext, refreshToken: string) {
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: refreshToken },
    remoteAddress: nextAddress(),
  });
}

export interface OutboxEmail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

/** Every email sent to the address, oldest first. */
export async function emailsTo(context: TestContext, address: string): Promise<OutboxEmail[]> {
  const result = await context.database.pool.query<OutboxEmail>(
    'select id, to_address, subject, text_body, html_body from email_outbox where to_address = $1 order by id',
    [address],
  );
  return result.rows;
}

export async function outboxSize(context: TestContext): Promise<number> {
  const result = await context.database.pool.query<{ count: string }>('select count(*) from email_outbox');
  return Number(result.rows[0]!.count);
}

/** The token of the newest link of that kind sent to the address; fails when there is none. */
export async function latestLinkToken(
  context: TestContext,
  address: string,
  kind: 'verify-email' | 'reset-password',
): Promise<string> {
  const emails = await emailsTo(context, address);
  const escapedUrl = context.config.publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`${escapedUrl}/${kind}\\?token=([A-Za-z0-9_-]+)`);
  const tokens = emails.map((email) => pattern.exec(email.text_body)?.[1]).filter(Boolean);
  expect(tokens.length, `no ${kind} link sent to ${address}`).toBeGreaterThan(0);
  return tokens.at(-1)!;
}

/** The navigation of a user who may do nothing. */
export const NAVIGATION_NOTHING: Navigation = {
  can_create_team: false,
  can_manage_team: false,
  can_apply_to_teams: false,
  can_create_service_packages: false,
  can_purchase_services: false,
  can_view_orders: false,
  can_review_verifications: false,
  requires_verification: false,
  is_verified: false,
  verification_status: null,
};

/** The navigation of a user who may do everything, not yet verified. */
export const NAVIGATION_EVERYTHING: Navigation = {
  can_create_team: true,
  can_manage_team: true,
  can_apply_to_teams: true,
  can_create_service_packages: true,
  can_purchase_services: true,
  can_view_orders: true,
  can_review_verifications: true,
  requires_verification: false,
  is_verified: false,
  verification_status: null,
};
