import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import {
  profileCertificates,
  profileEducation,
  profileExperiences,
  profileSkills,
  users,
} from '../../db/schema/index';

/** The table behind each kind of profile item. */
export const PROFILE_TABLES = {
  experiences: profileExperiences,
  skills: profileSkills,
  certificates: profileCertificates,
  education: profileEducation,
} as const;

export type ProfileTable =
  typeof profileExperiences | typeof profileSkills | typeof profileCertificates | typeof profileEducation;

/** Newest first where items are dated by the person; otherwise in the order they were added. */
function ordering(table: ProfileTable) {
  if (table === profileExperiences || table === profileEducation)
    return [desc(table.startDate), desc(table.id)];
  if (table === profileCertificates) return [desc(table.issueDate), desc(table.id)];
  return [asc(table.id)];
}

export async function listItems<T extends ProfileTable>(db: DatabaseOrTransaction, table: T, userId: number) {
  const rows = await db
    .select()
    .from(table as ProfileTable)
    .where(eq(table.userId, userId))
    .orderBy(...ordering(table));
  return rows as T['$inferSelect'][];
}

export async function countItems(db: DatabaseOrTransaction, table: ProfileTable, userId: number) {
  const [row] = await db.select({ total: count() }).from(table).where(eq(table.userId, userId));
  return row?.total ?? 0;
}

/** Holds the owner's row until the transaction ends; `no key update` leaves foreign-key checks free. */
export async function lockOwner(db: DatabaseOrTransaction, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function insertItem<T extends ProfileTable>(
  db: DatabaseOrTransaction,
  table: T,
  values: T['$inferInsert'],
) {
  const [row] = await db
    .insert(table as ProfileTable)
    .values(values as never)
    .returning();
  return row as T['$inferSelect'];
}

/** Matches on the owner too: another user's item is as absent as a missing one. */
export async function updateOwnItem<T extends ProfileTable>(
  db: DatabaseOrTransaction,
  table: T,
  ids: { id: number; userId: number },
  values: Partial<T['$inferInsert']>,
) {
  const [row] = await db
    .update(table as ProfileTable)
    .set({ ...(values as object), updatedAt: new Date() })
    .where(and(eq(table.id, ids.id), eq(table.userId, ids.userId)))
    .returning();
  return row as T['$inferSelect'] | undefined;
}

export async function deleteOwnItem(
  db: DatabaseOrTransaction,
  table: ProfileTable,
  ids: { id: number; userId: number },
) {
  const rows = await db
    .delete(table)
    .where(and(eq(table.id, ids.id), eq(table.userId, ids.userId)))
    .returning({ id: table.id });
  return rows.length > 0;
}

export async function findPublicUser(db: DatabaseOrTransaction, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      role: users.role,
      profilePictureUrl: users.profilePictureUrl,
      createdAt: users.createdAt,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
