import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ACCOUNT_TEXTS as T,
  REFRESH_TOKEN_TTL_DAYS,
  type MessageResponse,
  type TokenResponse,
  type User,
  type UserRole,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import { isUniqueViolation, violatedConstraint } from '../../db/errors';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import type { Storage } from '../../platform/storage';
import { recordActivity } from '../activity/activity.service';
import type { Mailer } from '../../platform/mail/mailer';
import { passwordResetEmail, verificationEmail } from '../../platform/mail/templates';
import type { RateLimiter, RateLimitRule, Reservation } from '../../platform/rate-limit/rate-limiter';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';
import { endSocketSessions } from '../../platform/realtime/socket-rights';
import type { AccessTokens } from '../../platform/auth/access-tokens';
import * as repository from './accounts.repository';
import { removeUploadedAvatar } from './avatar-files';
import { hashPassword, type PasswordHasher } from '../../platform/auth/password';
import { digestToken, newSecretToken } from '../../platform/auth/secret-tokens';

export interface AccountsContext {
  db: Database;
  accessTokens: AccessTokens;
  mailer: Mailer;
  limiter: RateLimiter;
  passwordHasher: PasswordHasher;
  publicUrl: string;
  storage: Storage;
  bus: RealtimeBus;
}

export function accountsContext(deps: AppDeps): AccountsContext {
  const { db, accessTokens, mailer, limiter, passwordHasher, bus, config, storage } = deps;
  return {
    db,
    accessTokens,
    mailer,
    limiter,
    passwordHasher,
    bus,
    publicUrl: config.publicUrl,
    storage,
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const RESET_TOKEN_TTL_MS = HOUR_MS;
const VERIFICATION_TOKEN_TTL_MS = DAY_MS;
/** Two tabs refreshing with the same token at once are not an attack. */
const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * Wrong passwords are counted three ways, so that guessing is slow and yet nobody can lock an owner
 * out: per account and address (10 in 15 minutes), per address over every account (10, for one
 * address trying many accounts), and per account over every address (50: a guesser spread over many
 * addresses). The last ceiling is not applied from an address the account signed in from in the
 * last 30 days, so the owner still gets in from home while someone else is guessing.
 */
export const RATE_LIMITS = {
  loginFailuresPerAccountAndAddress: {
    bucket: 'login-failure:account-address',
    limit: 10,
    windowMs: 15 * MINUTE_MS,
  },
  loginFailuresPerAddress: {
    bucket: 'login-failure:address',
    limit: 10,
    windowMs: 15 * MINUTE_MS,
    perAddress: true,
  },
  loginFailuresPerAccount: { bucket: 'login-failure:account', limit: 50, windowMs: 15 * MINUTE_MS },
  passwordResetPerAddress: {
    bucket: 'password-reset:address',
    limit: 10,
    windowMs: HOUR_MS,
    perAddress: true,
  },
  passwordResetPerEmail: { bucket: 'password-reset:email', limit: 3, windowMs: HOUR_MS },
  verificationPerAddress: { bucket: 'verification:address', limit: 10, windowMs: HOUR_MS, perAddress: true },
  verificationPerEmail: { bucket: 'verification:email', limit: 3, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;

const ROLE_NAMES: Record<UserRole, string> = {
  USER: 'user',
  BUYER: 'buyer',
  SELLER: 'seller',
  TEAM_ADMIN: 'team admin',
  GENERAL_ADMIN: 'general admin',
};

export function toUserResponse(
  user: repository.UserRow,
  verificationStatus: User['verification_status'],
): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    full_name: user.fullName,
    role: user.role,
    is_active: user.isActive,
    is_superuser: user.isSuperuser,
    is_verified: user.isVerified,
    email_verified: user.emailVerified,
    profile_picture_url: user.profilePictureUrl,
    verification_status: verificationStatus,
    created_at: user.createdAt.toISOString(),
  };
}

/** Refuses with the field errors the form shows; says nothing about fields that are free. */
function assertIdentityFree(taken: { username: boolean; email: boolean }): void {
  const errors = [
    ...(taken.username ? [{ path: 'body.username', message: T.usernameTaken }] : []),
    ...(taken.email ? [{ path: 'body.email', message: T.emailTaken }] : []),
  ];
  if (errors.length > 0)
    throw new AppError(taken.username ? 'username_taken' : 'email_taken', errors[0]!.message, errors);
}

function uniqueViolationToConflict(error: unknown): never {
  const constraint = violatedConstraint(error);
  assertIdentityFree({
    username: constraint === repository.UNIQUE_USERNAME,
    email: constraint === repository.UNIQUE_EMAIL,
  });
  throw error;
}

export async function sendEmailLink(
  context: AccountsContext,
  db: DatabaseOrTransaction,
  user: repository.UserRow,
  purpose: repository.OneTimeTokenPurpose,
): Promise<void> {
  const token = newSecretToken();
  const ttl = purpose === 'password_reset' ? RESET_TOKEN_TTL_MS : VERIFICATION_TOKEN_TTL_MS;
  await repository.replaceOneTimeToken(db, {
    userId: user.id,
    purpose,
    tokenHash: digestToken(token),
    expiresAt: new Date(Date.now() + ttl),
  });
  // Links are built from PUBLIC_URL, never from the request's Host header.
  const path = purpose === 'password_reset' ? 'reset-password' : 'verify-email';
  const link = `${context.publicUrl}/${path}?token=${encodeURIComponent(token)}`;
  const email =
    purpose === 'password_reset'
      ? passwordResetEmail(user.email, user.username, link)
      : verificationEmail(user.email, user.username, link);
  await context.mailer.send(email);
}

async function startSession(
  context: AccountsContext,
  db: DatabaseOrTransaction,
  userId: number,
): Promise<TokenResponse> {
  const familyId = randomUUID();
  const refreshToken = newSecretToken();
  await repository.insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: digestToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * DAY_MS),
  });
  return {
    access_token: await context.accessTokens.issue({ userId, sessionId: familyId }),
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

/** The account with its verification state, for those who decide what it may do. */
export async function findAccount(db: DatabaseOrTransaction, userId: number) {
  return repository.findUserById(db, userId);
}

export async function register(
  context: AccountsContext,
  input: { username: string; email: string; password: string; role: 'SELLER' | 'BUYER' },
  /** Runs inside the registration's transaction (a guest's conversations move to the new account). */
  alsoInTransaction?: (transaction: DatabaseOrTransaction, user: repository.UserRow) => Promise<void>,
): Promise<User> {
  assertIdentityFree(await repository.findTakenIdentity(context.db, input));
  const passwordHash = await context.passwordHasher.hash(input.password);
  try {
    return await context.db.transaction(async (transaction) => {
      const user = await repository.insertUser(transaction, {
        username: input.username,
        email: input.email.toLowerCase(),
        passwordHash,
        role: input.role,
      });
      await recordActivity(transaction, {
        userId: user.id,
        action: 'account.registered',
        description: `Created a ${ROLE_NAMES[input.role]} account`,
      });
      await alsoInTransaction?.(transaction, user);
      await sendEmailLink(context, transaction, user, 'email_verification');
      return toUserResponse(user, null);
    });
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, the loser gets the field error.
    if (isUniqueViolation(error)) uniqueViolationToConflict(error);
    throw error;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash makes an unknown user cost as much time as a wrong password. */
const throwawayHash = () => (dummyHash ??= hashPassword(randomUUID()));

/** The key of an (account, address) pair; stored only as a digest, as it is kept for 30 days. */
const pairKey = (accountKey: string, clientAddress: string) => digestToken(`${accountKey}\n${clientAddress}`);

/**
 * Reserves one wrong-password attempt on every counter before the hash runs, so that parallel
 * attempts cannot all pass the limit; a right password gives the reservation back.
 */
async function reservePasswordAttempt(context: AccountsContext, accountKey: string, clientAddress: string) {
  const pair = pairKey(accountKey, clientAddress);
  const knownAddress = await context.limiter.isRemembered(pair);
  const reservations: Reservation[] = [
    { rule: RATE_LIMITS.loginFailuresPerAccountAndAddress, key: pair },
    { rule: RATE_LIMITS.loginFailuresPerAddress, key: clientAddress },
    { rule: RATE_LIMITS.loginFailuresPerAccount, key: accountKey, enforce: !knownAddress },
  ];
  return { reserved: await context.limiter.reserve(reservations), pair };
}

/** Runs a password check counted as an attempt; anything but a wrong password does not count. */
async function checkPasswordAttempt(
  context: AccountsContext,
  accountKey: string,
  clientAddress: string,
  check: () => Promise<boolean>,
): Promise<{ matches: boolean; pair: string }> {
  const { reserved, pair } = await reservePasswordAttempt(context, accountKey, clientAddress);
  let matches: boolean;
  try {
    matches = await check();
  } catch (error) {
    // A busy server refused to hash: that was no guess.
    await reserved.release();
    throw error;
  }
  if (matches) await reserved.release();
  return { matches, pair };
}

export async function login(
  context: AccountsContext,
  input: { username: string; password: string },
  clientAddress: string,
): Promise<TokenResponse> {
  const found = await repository.findUserByIdentifier(context.db, input.username);
  const accountKey = found ? `user:${found.user.id}` : `name:${input.username.toLowerCase()}`;
  const { matches, pair } = await checkPasswordAttempt(context, accountKey, clientAddress, () =>
    found
      ? context.passwordHasher.verify(input.password, found.user.passwordHash)
      : throwawayHash().then((hash) => context.passwordHasher.verify(input.password, hash).then(() => false)),
  );
  if (!found || !matches) throw new AppError('unauthorized', T.invalidCredentials);
  if (!found.user.isActive) throw new AppError('forbidden', T.accountInactive);
  await context.limiter.remember(pair);
  return context.db.transaction(async (transaction) => {
    await recordActivity(transaction, {
      userId: found.user.id,
      action: 'auth.login',
      description: 'Signed in',
    });
    return startSession(context, transaction, found.user.id);
  });
}

type RefreshOutcome = { kind: 'tokens'; tokens: TokenResponse } | { kind: 'refused'; detail: string };

/**
 * Rotation: every refresh token works once and is replaced by a successor in the same family.
 * Presenting a used token again means it was copied: the whole family (session) is revoked, except
 * within a short grace after its first use, when it is two tabs refreshing at the same moment. Those
 * get the very successor (and access token) the first refresh got, never a second one: the session
 * keeps one live refresh token, however many requests raced.
 */
export async function refresh(context: AccountsContext, refreshToken: string): Promise<TokenResponse> {
  const outcome = await context.db.transaction(async (transaction): Promise<RefreshOutcome> => {
    const row = await repository.findRefreshTokenForUpdate(transaction, digestToken(refreshToken));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) {
      return { kind: 'refused', detail: 'Invalid or expired refresh token' };
    }
    const found = await repository.findUserById(transaction, row.userId);
    if (!found?.user.isActive) {
      await repository.revokeFamily(transaction, row.familyId);
      return { kind: 'refused', detail: T.accountInactive };
    }
    if (row.usedAt && Date.now() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) {
      await repository.revokeFamily(transaction, row.familyId);
      return { kind: 'refused', detail: 'This session was signed out for your safety. Please log in again.' };
    }
    const successor = context.accessTokens.successorOf(refreshToken);
    const successorHash = digestToken(successor);
    let successorRow;
    if (row.usedAt) {
      successorRow = await repository.findRefreshToken(transaction, successorHash);
      // Gone (revoked with its session, or issued before successors were derived): sign in again.
      if (!successorRow || successorRow.revokedAt) {
        return { kind: 'refused', detail: 'Invalid or expired refresh token' };
      }
    } else {
      await repository.markRefreshTokenUsed(transaction, row.id);
      successorRow = await repository.insertRefreshToken(transaction, {
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: successorHash,
        expiresAt: row.expiresAt,
      });
    }
    return {
      kind: 'tokens',
      tokens: {
        access_token: await context.accessTokens.issue(
          { userId: row.userId, sessionId: row.familyId },
          { issuedAt: successorRow.createdAt, tokenId: successorHash.slice(0, 32) },
        ),
        refresh_token: successor,
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      },
    };
  });
  if (outcome.kind === 'refused') throw new AppError('unauthorized', outcome.detail);
  return outcome.tokens;
}

/** Ends the session of the given refresh token and, when signed in, the current session. */
export async function logout(
  context: AccountsContext,
  actor: Actor | undefined,
  refreshToken: string | undefined,
) {
  const ended = await context.db.transaction(async (transaction) => {
    const sessions: { userId: number; sessionId: string }[] = [];
    if (refreshToken) {
      const row = await repository.findRefreshTokenForUpdate(transaction, digestToken(refreshToken));
      if (row && (!actor || row.userId === actor.id)) {
        await repository.revokeFamily(transaction, row.familyId);
        sessions.push({ userId: row.userId, sessionId: row.familyId });
      }
    }
    if (actor) {
      await repository.revokeFamily(transaction, actor.sessionId);
      sessions.push({ userId: actor.id, sessionId: actor.sessionId });
    }
    return sessions;
  });
  for (const { userId, sessionId } of ended)
    await endSocketSessions(context.bus, { kind: 'user', id: userId }, { sessionIds: [sessionId] });
}

export async function getCurrentUser(context: AccountsContext, actor: Actor): Promise<User> {
  const found = await repository.findUserById(context.db, actor.id);
  if (!found) throw new AppError('unauthorized', T.notAuthenticated);
  return toUserResponse(found.user, found.verificationStatus);
}

export async function updateCurrentUser(
  context: AccountsContext,
  actor: Actor,
  input: {
    username?: string;
    email?: string;
    full_name?: string | null;
    profile_picture_url?: string | null;
  },
): Promise<User> {
  const found = await repository.findUserById(context.db, actor.id);
  if (!found) throw new AppError('unauthorized', T.notAuthenticated);
  const current = found.user;
  const email = input.email?.toLowerCase();
  const emailChanged = email !== undefined && email !== current.email.toLowerCase();
  const usernameChanged = input.username !== undefined && input.username !== current.username;
  // An uploaded picture is set only through the upload endpoint; a path to someone else's upload is refused.
  if (
    input.profile_picture_url?.startsWith('/uploads/') &&
    input.profile_picture_url !== current.profilePictureUrl
  ) {
    throw new AppError('validation', 'Upload a picture with the profile picture upload instead', [
      {
        path: 'body.profile_picture_url',
        message: 'Upload a picture with the profile picture upload instead',
      },
    ]);
  }
  assertIdentityFree(
    await repository.findTakenIdentity(
      context.db,
      { username: usernameChanged ? input.username : undefined, email: emailChanged ? email : undefined },
      actor.id,
    ),
  );
  const changedFields = [
    usernameChanged && 'username',
    emailChanged && 'email',
    input.full_name !== undefined && input.full_name !== current.fullName && 'full name',
    input.profile_picture_url !== undefined &&
      input.profile_picture_url !== current.profilePictureUrl &&
      'profile picture',
  ].filter((field): field is string => typeof field === 'string');
  let user: User;
  try {
    user = await context.db.transaction(async (transaction) => {
      const updated = await repository.updateUser(transaction, actor.id, {
        ...(usernameChanged ? { username: input.username } : {}),
        ...(emailChanged ? { email, emailVerified: false } : {}),
        ...(input.full_name !== undefined ? { fullName: input.full_name || null } : {}),
        ...(input.profile_picture_url !== undefined ? { profilePictureUrl: input.profile_picture_url } : {}),
      });
      if (!updated) throw new AppError('unauthorized', T.notAuthenticated);
      if (changedFields.length > 0) {
        await recordActivity(transaction, {
          userId: actor.id,
          action: 'profile.updated',
          description: `Updated ${changedFields.join(', ')}`,
        });
      }
      if (emailChanged) await sendEmailLink(context, transaction, updated, 'email_verification');
      return toUserResponse(updated, found.verificationStatus);
    });
  } catch (error) {
    if (isUniqueViolation(error)) uniqueViolationToConflict(error);
    throw error;
  }
  // A picture replaced by a URL or cleared: its uploaded file is no longer anyone's.
  if (input.profile_picture_url !== undefined && input.profile_picture_url !== current.profilePictureUrl) {
    await removeUploadedAvatar(context.storage, current.profilePictureUrl);
  }
  return user;
}

export async function changePassword(
  context: AccountsContext,
  actor: Actor,
  input: { current_password: string; new_password: string },
  clientAddress: string,
): Promise<MessageResponse> {
  const found = await repository.findUserById(context.db, actor.id);
  if (!found) throw new AppError('unauthorized', T.notAuthenticated);
  // A stolen session guessing the password here is limited like a guess at sign-in.
  const { matches } = await checkPasswordAttempt(context, `user:${actor.id}`, clientAddress, () =>
    context.passwordHasher.verify(input.current_password, found.user.passwordHash),
  );
  if (!matches) {
    throw new AppError('wrong_password', T.currentPasswordWrong, [
      { path: 'body.current_password', message: T.currentPasswordWrong },
    ]);
  }
  const passwordHash = await context.passwordHasher.hash(input.new_password);
  await context.db.transaction(async (transaction) => {
    await repository.updateUser(transaction, actor.id, { passwordHash });
    // Every other session is signed out, in case the old password leaked; this one stays.
    await repository.revokeUserSessions(transaction, actor.id, actor.sessionId);
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'auth.password_changed',
      description: 'Changed password and signed out other sessions',
    });
  });
  await endSocketSessions(context.bus, { kind: 'user', id: actor.id }, { exceptSessionId: actor.sessionId });
  return { message: T.passwordChanged };
}

/** The first general admin comes from the command line or the environment, never from sign-up. */
export async function createGeneralAdmin(
  db: Database,
  input: { email: string; username: string; password: string },
): Promise<{ created: boolean; user: User }> {
  const existing = await repository.findUserByEmail(db, input.email);
  if (existing) return { created: false, user: toUserResponse(existing, null) };
  assertIdentityFree(await repository.findTakenIdentity(db, { username: input.username }));
  const user = await db.transaction(async (transaction) => {
    const inserted = await repository.insertUser(transaction, {
      username: input.username,
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
      role: 'GENERAL_ADMIN',
      isVerified: true,
      emailVerified: true,
    });
    await recordActivity(transaction, {
      userId: inserted.id,
      action: 'account.registered',
      description: 'General admin account created by an operator',
    });
    return inserted;
  });
  return { created: true, user: toUserResponse(user, null) };
}

/** A session ends 30 days after its sign-in, whatever is refreshed; its tokens are useless after that. */
export function deleteExpiredRefreshTokens(db: Database, now: Date): Promise<number> {
  return repository.deleteExpiredRefreshTokens(db, now);
}
