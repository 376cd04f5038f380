import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { qualified } from '../../db/sql';
import { appSecrets, oneTimeTokens, refreshTokens, users, verificationRequests } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type OneTimeTokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

/** The user's latest role-upgrade request decides `verification_status`: a newer request supersedes an older answer. */
const latestVerificationStatus = sql<'pending' | 'approved' | 'rejected' | null>`(
  select ${qualified(verificationRequests.status)} from ${verificationRequests}
  where ${qualified(verificationRequests.userId)} = ${qualified(users.id)}
  order by ${qualified(verificationRequests.requestedAt)} desc, ${qualified(verificationRequests.id)} desc limit 1
)`;

const userWithVerification = { user: users, verificationStatus: latestVerificationStatus };

export async function findUserById(db: DatabaseOrTransaction, id: number) {
  const [row] = await db.select(userWithVerification).from(users).where(eq(users.id, id));
  return row;
}

/** The identifier may be a username or an email, both matched without regard to case. */
export async function findUserByIdentifier(db: DatabaseOrTransaction, identifier: string) {
  const lowered = identifier.toLowerCase();
  const [row] = await db
    .select(userWithVerification)
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lowered}`, sql`lower(${users.email}) = ${lowered}`))
    .orderBy(sql`lower(${users.username}) = ${lowered} desc`)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DatabaseOrTransaction, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** Names of the unique indexes that guard usernames and emails. */
export const UNIQUE_USERNAME = 'users_username_lower_key';
export const UNIQUE_EMAIL = 'users_email_lower_key';

export async function findTakenIdentity(
  db: DatabaseOrTransaction,
  candidate: { username?: string; email?: string },
  exceptUserId?: number,
) {
  const conditions = [
    candidate.username ? sql`lower(${users.username}) = ${candidate.username.toLowerCase()}` : undefined,
    candidate.email ? sql`lower(${users.email}) = ${candidate.email.toLowerCase()}` : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return { username: false, email: false };
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(or(...conditions), exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)));
  return {
    username:
      !!candidate.username &&
      rows.some((row) => row.username.toLowerCase() === candidate.username!.toLowerCase()),
    email:
      !!candidate.email && rows.some((row) => row.email.toLowerCase() === candidate.email!.toLowerCase()),
  };
}

export async function insertUser(db: DatabaseOrTransaction, user: NewUser) {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUser(db: DatabaseOrTransaction, id: number, changes: Partial<NewUser>) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertRefreshToken(
  db: DatabaseOrTransaction,
  token: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(refreshTokens).values(token).returning();
  return row!;
}

export async function findRefreshToken(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Locks the row so that two refreshes of one token are decided one after the other. */
export async function findRefreshTokenForUpdate(db: DatabaseOrTransaction, tokenHash: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRefreshTokenUsed(db: DatabaseOrTransaction, id: number) {
  await db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: DatabaseOrTransaction, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserSessions(db: DatabaseOrTransaction, userId: number, exceptFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId === undefined ? undefined : ne(refreshTokens.familyId, exceptFamilyId),
      ),
    );
}

/** A new link cancels the ones sent before it. */
export async function replaceOneTimeToken(
  db: DatabaseOrTransaction,
  token: { userId: number; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date },
) {
  await db
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, token.userId),
        eq(oneTimeTokens.purpose, token.purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
  await db.insert(oneTimeTokens).values(token);
}

const usableOneTimeToken = (tokenHash: string, purpose: OneTimeTokenPurpose) =>
  and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, sql`now()`),
  );

/** A look without consuming: lets a caller refuse a dead link before doing expensive work. */
export async function isOneTimeTokenUsable(
  db: DatabaseOrTransaction,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
) {
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(usableOneTimeToken(tokenHash, purpose));
  return row !== undefined;
}

/** Single use: the first caller gets the user id, every later one gets nothing. */
export async function consumeOneTimeToken(
  db: DatabaseOrTransaction,
  tokenHash: string,
  purpose: OneTimeTokenPurpose,
) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(usableOneTimeToken(tokenHash, purpose))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}

/** Creates the named secret once (the first instance to ask wins) and returns the stored value. */
export async function ensureSecret(
  db: DatabaseOrTransaction,
  name: string,
  generated: string,
): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: generated })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row!.value;
}

/** Refresh tokens past their family's absolute end: no request can use them any more. */
export async function deleteExpiredRefreshTokens(db: DatabaseOrTransaction, now: Date) {
  const rows = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, now))
    .returning({ id: refreshTokens.id });
  return rows.length;
}
