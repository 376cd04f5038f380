import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { reviews, servicePackages, teams, users } from '../../db/schema/index';

export async function insertReview(db: DatabaseOrTransaction, values: typeof reviews.$inferInsert) {
  const [row] = await db.insert(reviews).values(values).returning();
  return row!;
}

/** Newest first, with the buyer's name and the package's title, plus the count and mean of all of them. */
export async function listReviews(
  db: DatabaseOrTransaction,
  where: SQL,
  window: { skip: number; limit: number },
) {
  const [items, [summary]] = await Promise.all([
    db
      .select({ review: reviews, buyerUsername: users.username, packageTitle: servicePackages.title })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.buyerId))
      .innerJoin(servicePackages, eq(servicePackages.id, reviews.servicePackageId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .offset(window.skip)
      .limit(window.limit),
    db
      .select({ total: count(), average: sql<number | null>`round(avg(${reviews.rating}), 1)::float` })
      .from(reviews)
      .where(where),
  ]);
  return { items, total: summary?.total ?? 0, average: summary?.average ?? null };
}

export const ofPackage = (packageId: number) => eq(reviews.servicePackageId, packageId);
export const ofTeam = (teamId: number) => eq(reviews.teamId, teamId);

export async function packageExists(db: DatabaseOrTransaction, id: number) {
  const rows = await db
    .select({ id: servicePackages.id })
    .from(servicePackages)
    .where(eq(servicePackages.id, id));
  return rows.length > 0;
}

export async function teamExists(db: DatabaseOrTransaction, id: number) {
  const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
  return rows.length > 0;
}
