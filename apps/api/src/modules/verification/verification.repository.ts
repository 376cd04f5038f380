import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UserRole } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { users, verificationRequests } from '../../db/schema/index';

const verifier = alias(users, 'verifier');

const requestColumns = {
  request: verificationRequests,
  username: users.username,
  verifierUsername: verifier.username,
};

function selectRequests(db: DatabaseOrTransaction) {
  return db
    .select(requestColumns)
    .from(verificationRequests)
    .innerJoin(users, eq(users.id, verificationRequests.userId))
    .leftJoin(verifier, eq(verifier.id, verificationRequests.verifiedById));
}
export type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

export async function insertRequest(
  db: DatabaseOrTransaction,
  request: typeof verificationRequests.$inferInsert,
) {
  const [row] = await db
    .insert(verificationRequests)
    .values(request)
    .returning({ id: verificationRequests.id });
  return row!.id;
}

export async function findRequest(db: DatabaseOrTransaction, id: number) {
  const [row] = await selectRequests(db).where(eq(verificationRequests.id, id));
  return row;
}

export function listRequestsOfUser(db: DatabaseOrTransaction, userId: number) {
  return selectRequests(db)
    .where(eq(verificationRequests.userId, userId))
    .orderBy(desc(verificationRequests.requestedAt), desc(verificationRequests.id));
}

export function listPendingRequests(
  db: DatabaseOrTransaction,
  window: { roleFilter?: UserRole; skip: number; limit: number },
) {
  return selectRequests(db)
    .where(
      and(
        eq(verificationRequests.status, 'pending'),
        window.roleFilter ? eq(verificationRequests.requestedRole, window.roleFilter) : undefined,
      ),
    )
    .orderBy(verificationRequests.requestedAt, verificationRequests.id)
    .offset(window.skip)
    .limit(window.limit);
}

/** Decides a request only while it is pending: of two admins deciding at once, one wins. */
export async function decidePendingRequest(
  db: DatabaseOrTransaction,
  id: number,
  decision: { status: 'approved' | 'rejected'; responseMessage: string | null; verifiedById: number },
) {
  const [row] = await db
    .update(verificationRequests)
    .set({ ...decision, verifiedAt: new Date() })
    .where(and(eq(verificationRequests.id, id), eq(verificationRequests.status, 'pending')))
    .returning();
  return row;
}

export async function requestExists(db: DatabaseOrTransaction, id: number) {
  const [row] = await db
    .select({ value: count() })
    .from(verificationRequests)
    .where(eq(verificationRequests.id, id));
  return (row?.value ?? 0) > 0;
}

export async function promoteUser(db: DatabaseOrTransaction, userId: number, role: UserRole) {
  await db.update(users).set({ role, isVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function requestStatistics(db: DatabaseOrTransaction) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${verificationRequests.status} = 'pending')::int`,
      approved: sql<number>`count(*) filter (where ${verificationRequests.status} = 'approved')::int`,
      rejected: sql<number>`count(*) filter (where ${verificationRequests.status} = 'rejected')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(verificationRequests);
  return row!;
}

/** Who reviews requests: every active general admin, and the superusers. */
export async function listReviewerIds(db: DatabaseOrTransaction): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, true), or(eq(users.role, 'GENERAL_ADMIN'), eq(users.isSuperuser, true))));
  return rows.map((row) => row.id);
}
