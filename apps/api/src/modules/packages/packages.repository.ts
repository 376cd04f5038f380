import { and, count, desc, eq, sql, type Query, type SQL } from 'drizzle-orm';
import { alias, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DatabaseOrTransaction } from '../../db/database';
import { orders, packageImages, reviews, servicePackages, teams, users } from '../../db/schema/index';
import { teamSummaryColumns, type TeamSummaryRow } from '../../db/selections';
import { preparedQuery, qualified } from '../../db/sql';

export type PackageRow = typeof servicePackages.$inferSelect;

const admin = alias(users, 'package_team_admin');
const packageColumns = {
  package: {
    id: servicePackages.id,
    teamId: servicePackages.teamId,
    title: servicePackages.title,
    description: servicePackages.description,
    priceCents: servicePackages.priceCents,
    durationDays: servicePackages.durationDays,
    tags: servicePackages.tags,
    requirements: servicePackages.requirements,
    deliverables: servicePackages.deliverables,
    status: servicePackages.status,
    createdAt: servicePackages.createdAt,
    updatedAt: servicePackages.updatedAt,
    revisions: servicePackages.revisions,
  },
  team: teamSummaryColumns,
  adminUsername: admin.username,
  /** What a card shows beside the package: its gallery in order and its reviews, in one JSON value. */
  card: sql<PackageCardValues>`json_build_object(
    'images', coalesce((
      select json_agg(json_build_object('id', ${qualified(packageImages.id)}, 'widths', ${qualified(packageImages.widths)},
        'width', ${qualified(packageImages.width)}, 'height', ${qualified(packageImages.height)})
        order by ${qualified(packageImages.position)}, ${qualified(packageImages.createdAt)})
      from ${packageImages} where ${qualified(packageImages.packageId)} = ${qualified(servicePackages.id)}
    ), '[]'::json),
    'average_rating', (select round(avg(${qualified(reviews.rating)}), 1)::float from ${reviews}
      where ${qualified(reviews.servicePackageId)} = ${qualified(servicePackages.id)}),
    'review_count', (select count(*)::int from ${reviews}
      where ${qualified(reviews.servicePackageId)} = ${qualified(servicePackages.id)}))`,
};

/** The gallery (largest stored size of each image) and the review figures of a package. */
export interface PackageCardValues {
  images: { id: string; widths: number[]; width: number; height: number }[];
  average_rating: number | null;
  review_count: number;
}

/** The package with its team and the team admin's name, plus any `extra` fields. */
export function selectPackages<Extra extends Record<string, SQL>>(db: DatabaseOrTransaction, extra: Extra) {
  return db
    .select({ ...packageColumns, ...extra })
    .from(servicePackages)
    .innerJoin(teams, eq(teams.id, servicePackages.teamId))
    .innerJoin(admin, eq(admin.id, teams.adminId));
}

/** A package with its team and the team admin's name; times as ISO 8601 text in UTC, as the API writes them. */
export interface PackageListRow {
  package: Omit<PackageRow, 'searchVector' | 'createdAt' | 'updatedAt' | 'customOffer'> & {
    createdAt: string;
    updatedAt: string;
  };
  team: TeamSummaryRow<string>;
  adminUsername: string;
  card: PackageCardValues;
}

const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * PostgreSQL's text for a timestamptz in a UTC session ('2026-11-23 06:58:02.24038+00', the fraction
 * without trailing zeros) rewritten as Date#toISOString writes it ('2026-11-23T06:58:02.240Z'), which
 * is a sixth of the cost of parsing it into a Date and formatting that; any other form (another time
 * zone or date style) goes through Date.
 */
export function isoTimestamp(text: string): string {
  const match = UTC_TIMESTAMP.exec(text);
  if (!match) return new Date(text).toISOString();
  return `${match[1]}T${match[2]}.${`${match[3] ?? ''}000`.slice(0, 3)}Z`;
}

/**
 * A row of selectPackages as the driver gives it: the columns in the order of packageColumns (Drizzle
 * lists a selection's fields in insertion order), then the `total` when the statement counts,
 * timestamps as PostgreSQL's text.
 */
type PackageColumnValues = [
  ...[number, number, string, string, number, number, string, string | null, string | null],
  ...[PackageRow['status'], string, string, number],
  ...[number, string, string | null, number, number, boolean, string, number, string],
  card: PackageCardValues,
  total?: string,
  version?: string,
];

/**
 * Drizzle's generic mapping (a decoder lookup and a nested path per field, then a null check per joined
 * table) took about 9 µs per row, half of what Node spent on a search of 50 packages; this one-pass
 * mapping gives the same values (a test compares the two).
 */
function toPackageListRow(row: PackageColumnValues): PackageListRow {
  return {
    package: {
      id: row[0],
      teamId: row[1],
      title: row[2],
      description: row[3],
      priceCents: row[4],
      durationDays: row[5],
      tags: row[6],
      requirements: row[7],
      deliverables: row[8],
      status: row[9],
      createdAt: isoTimestamp(row[10]),
      updatedAt: isoTimestamp(row[11]),
      revisions: row[12],
    },
    team: {
      id: row[13],
      name: row[14],
      description: row[15],
      memberCount: row[16],
      maxMembers: row[17],
      isActive: row[18],
      createdAt: isoTimestamp(row[19]),
      adminId: row[20],
    },
    adminUsername: row[21],
    card: row[22],
  };
}

/** The rows, and the total they carry (none without a row, or when the statement does not count). */
export interface PackagePage {
  items: PackageListRow[];
  total: number | undefined;
  /** The catalogue version the total was counted at (decision 0045), when the statement says. */
  version: number | undefined;
}

/**
 * preparedQuery (db/sql.ts) for the package selections, mapped by toPackageListRow: built once per
 * handle, sent as a named prepared statement, values through `sql.placeholder(name)`.
 */
export function preparedPackageQuery(
  name: string,
  build: (db: DatabaseOrTransaction) => { toSQL(): Query },
): (db: DatabaseOrTransaction) => PgPreparedQuery<PackageRowsConfig> {
  return preparedQuery(name, (db) => ({
    prepare: (statementName: string) =>
      db._.session.prepareQuery<PackageRowsConfig>(
        build(db).toSQL(),
        undefined,
        statementName,
        true,
        (rows) => {
          const values = rows as PackageColumnValues[];
          const total = values[0]?.[23];
          const version = values[0]?.[24];
          return {
            items: values.map(toPackageListRow),
            total: total === undefined ? undefined : Number(total),
            version: version == null ? undefined : Number(version),
          };
        },
      ),
  }));
}
type PackageRowsConfig = PreparedQueryConfig & { execute: PackagePage };

export const published = eq(servicePackages.status, 'published');

/** A custom offer's own package is no package of the packages API: not found, listed, edited or published. */
const notCustomOffer = eq(servicePackages.customOffer, false);

const packageById = preparedPackageQuery('package_by_id', (db) =>
  selectPackages(db, {}).where(and(eq(servicePackages.id, sql.placeholder('id')), notCustomOffer)),
);

export async function findPackage(db: DatabaseOrTransaction, id: number) {
  const { items } = await packageById(db).execute({ id });
  return items[0];
}

const packagesOfTeams = (onlyPublished: boolean) =>
  preparedPackageQuery(`packages_of_teams${onlyPublished ? '_published' : ''}`, (db) =>
    selectPackages(db, {})
      .where(
        and(
          sql`${servicePackages.teamId} = any(${sql.placeholder('teamIds')}::integer[])`,
          onlyPublished ? published : notCustomOffer,
        ),
      )
      .orderBy(desc(servicePackages.updatedAt), desc(servicePackages.id)),
  );
const publishedPackagesOfTeams = packagesOfTeams(true);
const allPackagesOfTeams = packagesOfTeams(false);

export async function listPackagesOfTeams(
  db: DatabaseOrTransaction,
  teamIds: number[],
  onlyPublished: boolean,
) {
  if (teamIds.length === 0) return [];
  const query = onlyPublished ? publishedPackagesOfTeams : allPackagesOfTeams;
  return (await query(db).execute({ teamIds })).items;
}

export async function teamsAdministeredBy(db: DatabaseOrTransaction, userId: number) {
  const rows = await db.select({ id: teams.id }).from(teams).where(eq(teams.adminId, userId));
  return rows.map((row) => row.id);
}

export async function findTeamOwner(db: DatabaseOrTransaction, teamId: number) {
  const [row] = await db
    .select({ id: teams.id, adminId: teams.adminId })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

export async function insertPackage(db: DatabaseOrTransaction, values: typeof servicePackages.$inferInsert) {
  const [row] = await db.insert(servicePackages).values(values).returning({ id: servicePackages.id });
  return row!.id;
}

export async function updatePackage(
  db: DatabaseOrTransaction,
  id: number,
  changes: Partial<typeof servicePackages.$inferInsert>,
) {
  await db
    .update(servicePackages)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(servicePackages.id, id));
}

/**
 * Locks the package row until the transaction ends; false when it no longer exists. 'update' (for a
 * delete) also waits for an order being written for the package; 'no key update' (for an edit)
 * does not hold orders up.
 */
export async function lockPackage(
  db: DatabaseOrTransaction,
  id: number,
  strength: 'update' | 'no key update',
) {
  const rows = await db
    .select({ id: servicePackages.id })
    .from(servicePackages)
    .where(eq(servicePackages.id, id))
    .for(strength);
  return rows.length > 0;
}

export async function packageHasOrders(db: DatabaseOrTransaction, id: number) {
  const [row] = await db.select({ value: count() }).from(orders).where(eq(orders.servicePackageId, id));
  return (row?.value ?? 0) > 0;
}

export async function deletePackage(db: DatabaseOrTransaction, id: number) {
  await db.delete(servicePackages).where(eq(servicePackages.id, id));
}
