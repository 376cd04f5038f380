import type { PackageList, PackageSort, PackageStatus, ServicePackage } from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { recordActivity } from '../activity/activity.service';
import type { Storage } from '../../platform/storage';
import { removeImageFiles } from '../../platform/images/image-files';
import { cardImageSet, galleryImageSet } from '../../platform/images/image-sets';
import { toTeamSummaryResponse } from '../teams/teams.service';
import * as repository from './packages.repository';
import * as search from './package-search.repository';

const notFound = () => new AppError('not_found', 'Service package not found');
const toCents = (dollars: number) => Math.round(dollars * 100);

export function toPackageResponse(row: repository.PackageListRow): ServicePackage {
  const { package: item, team } = row;
  return {
    id: item.id,
    team_id: item.teamId,
    title: item.title,
    description: item.description,
    price: item.priceCents / 100,
    duration_days: item.durationDays,
    revisions: item.revisions,
    tags: item.tags,
    requirements: item.requirements,
    deliverables: item.deliverables,
    status: item.status,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
    images: row.card.images.map(galleryImageSet),
    cover_image: row.card.images[0] ? cardImageSet(row.card.images[0]) : null,
    average_rating: row.card.average_rating,
    review_count: row.card.review_count,
    team: toTeamSummaryResponse(team, row.adminUsername),
  };
}

/** The package as it is now; a package deleted meanwhile is a 404, not a crash. */
async function reload(db: Database, id: number): Promise<ServicePackage> {
  const row = await repository.findPackage(db, id);
  if (!row) throw notFound();
  return toPackageResponse(row);
}

/** Only a verified admin of the package's team creates or changes its packages: buyers must be able to trust who sells. */
const managesTeamPackages = (actor: Actor, team: { adminId: number }) =>
  actor.isSuperuser || (team.adminId === actor.id && actor.isVerified);

async function loadManageable(db: DatabaseOrTransaction, actor: Actor, id: number) {
  const row = await repository.findPackage(db, id);
  // Someone else's draft is as invisible as a missing package.
  if (!row || (!managesTeamPackages(actor, row.team) && row.package.status !== 'published')) throw notFound();
  if (!managesTeamPackages(actor, row.team)) {
    throw new AppError('forbidden', "Only the team's verified admin can change its packages");
  }
  return row;
}

/** Refuses anyone who may not change the package (as loadManageable decides). */
export async function assertCanChangePackage(db: Database, actor: Actor, id: number): Promise<void> {
  await loadManageable(db, actor, id);
}

/**
 * Locks the package until the transaction ends, for a change by whoever may change the package (its
 * gallery): someone else's draft is not found, someone else's published package is forbidden.
 */
export async function lockPackageForChange(
  transaction: DatabaseOrTransaction,
  actor: Actor,
  id: number,
): Promise<void> {
  if (!(await repository.lockPackage(transaction, id, 'no key update'))) throw notFound();
  await loadManageable(transaction, actor, id);
}

export async function listPublishedPackages(
  db: Database,
  window: { skip: number; limit: number },
): Promise<PackageList> {
  const { items, total } = await search.listPublished(db, window);
  return { items: items.map(toPackageResponse), total, skip: window.skip, limit: window.limit };
}

export async function searchPackages(
  db: Database,
  input: {
    search_term?: string | null;
    tags?: string[] | string | null;
    min_price?: number | null;
    max_price?: number | null;
    max_duration?: number | null;
    team_name?: string | null;
    category_id?: number | null;
    sort?: PackageSort | null;
  },
  window: { skip: number; limit: number },
): Promise<PackageList> {
  // A list item may itself be comma-separated ('seo,react'), as the stored tags are.
  const tags = (typeof input.tags === 'string' ? [input.tags] : (input.tags ?? []))
    .flatMap((tag) => tag.split(','))
    .map((tag) => tag.trim())
    .filter(Boolean);
  const { items, total } = await search.searchPublished(
    db,
    {
      term: input.search_term || undefined,
      tags,
      minPriceCents: input.min_price == null ? undefined : toCents(input.min_price),
      maxPriceCents: input.max_price == null ? undefined : toCents(input.max_price),
      maxDuration: input.max_duration ?? undefined,
      teamName: input.team_name || undefined,
      categoryId: input.category_id ?? undefined,
      sort: input.sort ?? undefined,
    },
    window,
  );
  return { items: items.map(toPackageResponse), total, skip: window.skip, limit: window.limit };
}

export async function getPackage(
  db: Database,
  actor: Actor | undefined,
  id: number,
): Promise<ServicePackage> {
  const row = await repository.findPackage(db, id);
  if (!row) throw notFound();
  if (row.package.status !== 'published' && !(actor && managesTeamPackages(actor, row.team)))
    throw notFound();
  return toPackageResponse(row);
}

export async function listTeamPackages(db: Database, teamId: number): Promise<ServicePackage[]> {
  if (!(await repository.findTeamOwner(db, teamId))) throw new AppError('not_found', 'Team not found');
  return (await repository.listPackagesOfTeams(db, [teamId], true)).map(toPackageResponse);
}

export async function listMyPackages(
  db: Database,
  actor: Actor,
  teamId: number | undefined,
): Promise<ServicePackage[]> {
  const administered = await repository.teamsAdministeredBy(db, actor.id);
  if (teamId !== undefined && !administered.includes(teamId) && !actor.isSuperuser) {
    throw new AppError('forbidden', 'You do not administer this team');
  }
  const teamIds = teamId !== undefined ? [teamId] : administered;
  return (await repository.listPackagesOfTeams(db, teamIds, false)).map(toPackageResponse);
}

interface PackageInput {
  title: string;
  description: string;
  price: number;
  duration_days: number;
  /** Absent on an edit that leaves the number as it is. */
  revisions?: number;
  tags: string;
  requirements?: string | null;
  deliverables?: string | null;
}

const columnsOf = (input: PackageInput) => ({
  title: input.title,
  description: input.description,
  priceCents: toCents(input.price),
  durationDays: input.duration_days,
  ...(input.revisions === undefined ? {} : { revisions: input.revisions }),
  tags: input.tags,
  requirements: input.requirements || null,
  deliverables: input.deliverables || null,
});

export async function createPackage(
  db: Database,
  actor: Actor,
  input: PackageInput & { team_id: number },
): Promise<ServicePackage> {
  const team = await repository.findTeamOwner(db, input.team_id);
  if (!team) {
    throw new AppError('validation', 'Please select a team', [
      { path: 'body.team_id', message: 'Please select a team' },
    ]);
  }
  if (!managesTeamPackages(actor, team)) {
    throw new AppError('forbidden', 'Only a verified admin of this team can create its packages');
  }
  const id = await db.transaction(async (transaction) => {
    const packageId = await repository.insertPackage(transaction, {
      teamId: team.id,
      ...columnsOf(input),
      status: 'draft',
    });
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'package.created',
      description: `Created the package ${input.title}`,
    });
    return packageId;
  });
  return reload(db, id);
}

export async function updatePackage(
  db: Database,
  actor: Actor,
  id: number,
  input: PackageInput,
): Promise<ServicePackage> {
  await loadManageable(db, actor, id);
  await db.transaction(async (transaction) => {
    if (!(await repository.lockPackage(transaction, id, 'no key update'))) throw notFound();
    await repository.updatePackage(transaction, id, columnsOf(input));
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'package.updated',
      description: `Updated the package ${input.title}`,
    });
  });
  return reload(db, id);
}

export async function setPackageStatus(
  db: Database,
  actor: Actor,
  id: number,
  status: Extract<PackageStatus, 'published' | 'unpublished'>,
): Promise<ServicePackage> {
  const row = await loadManageable(db, actor, id);
  await db.transaction(async (transaction) => {
    if (!(await repository.lockPackage(transaction, id, 'no key update'))) throw notFound();
    await repository.updatePackage(transaction, id, { status });
    await recordActivity(transaction, {
      userId: actor.id,
      action: `package.${status}`,
      description: `${status === 'published' ? 'Published' : 'Unpublished'} the package ${row.package.title}`,
    });
  });
  return reload(db, id);
}

export async function deletePackage(db: Database, storage: Storage, actor: Actor, id: number): Promise<void> {
  const row = await loadManageable(db, actor, id);
  await db.transaction(async (transaction) => {
    // The lock waits for an order being written for this package, so the check below sees it.
    if (!(await repository.lockPackage(transaction, id, 'update'))) throw notFound();
    if (await repository.packageHasOrders(transaction, id)) {
      throw new AppError('conflict', 'A package with orders cannot be deleted; unpublish it instead');
    }
    await repository.deletePackage(transaction, id);
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'package.deleted',
      description: `Deleted the package ${row.package.title}`,
    });
  });
  // The rows went with the package; the files are removed once that is committed.
  await Promise.all(row.card.images.map((image) => removeImageFiles(storage, image.id)));
}
