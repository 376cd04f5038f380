import {
  NOTIFICATION_EVENT_TEXTS,
  TEAM_TEXTS as T,
  type ApplicationStatus,
  type ServicePackage,
  type Team,
  type TeamApplication,
  type TeamAvailability,
  type TeamDetail,
  type TeamList,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { TeamSummaryRow } from '../../db/selections';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { recordActivity } from '../activity/activity.service';
import { logoImageSet } from '../../platform/images/image-sets';
import type { Mailer } from '../../platform/mail/mailer';
import { dropMemberShare } from '../payments/payout-split.service';
import type { RealtimeBus } from '../../platform/realtime/realtime-bus';
import { announceRoomAccessChange } from '../../platform/realtime/socket-rights';
import { notificationEmail } from '../../platform/mail/templates';
import {
  createNotifications,
  publishNotifications,
  type PendingNotification,
} from '../notifications/notifications.service';
import * as repository from './teams.repository';

export interface TeamsContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  bus: RealtimeBus;
}

/** A team takes on at most this many running orders per member before it shows as busy. */
export const ORDERS_PER_MEMBER = 3;

const teamNotFound = () => new AppError('not_found', 'Team not found');
const applicationNotFound = () => new AppError('not_found', 'Application not found');

function availabilityOf(row: repository.TeamListRow): TeamAvailability {
  const { team } = row;
  if (!team.isActive) return 'unavailable';
  const full = team.memberCount >= team.maxMembers;
  const atCapacity = row.openOrders >= Math.max(1, team.memberCount) * ORDERS_PER_MEMBER;
  return full || atCapacity ? 'busy' : 'available';
}

/** A catalogue entry the team is filed under, shown only when it still exists. */
function reference(id: number | null, name: string | null) {
  return id !== null && name !== null ? { id, name } : null;
}

/** A team as a package or an order shows it. */
export function toTeamSummaryResponse(
  team: TeamSummaryRow<Date | string>,
  adminUsername: string,
): ServicePackage['team'] {
  // One literal, not a shared part spread into it: this runs for every package of a list, and V8 took
  // about 2 µs per call to copy a spread object and add fields to it, against 0.02 µs for a literal
  // (decision 0066).
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    member_count: team.memberCount,
    max_members: team.maxMembers,
    is_active: team.isActive,
    created_at: typeof team.createdAt === 'string' ? team.createdAt : team.createdAt.toISOString(),
    admin: { id: team.adminId, username: adminUsername },
  };
}

export function toTeamResponse(row: repository.TeamListRow): Team {
  const { team } = row;
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    member_count: team.memberCount,
    max_members: team.maxMembers,
    is_active: team.isActive,
    logo: team.logoImageId ? logoImageSet(team.logoImageId) : null,
    availability: availabilityOf(row),
    service_category_id: team.serviceCategoryId,
    service_category: reference(team.serviceCategoryId, row.categoryName),
    project_type_id: team.projectTypeId,
    project_type: reference(team.projectTypeId, row.projectTypeName),
    projects_sub_types_id: team.projectSubTypeId,
    project_sub_type: reference(team.projectSubTypeId, row.projectSubTypeName),
    technologies: row.technologies,
    admin_id: team.adminId,
    admin: { id: team.adminId, username: row.adminUsername, profile_picture_url: row.adminPicture },
    lowest_package_price: row.lowestPriceCents === null ? null : row.lowestPriceCents / 100,
    team_metrics: {
      total_completed_projects: row.completedOrders,
      avg_reviews: row.averageRating,
      total_reviews: row.reviewCount,
    },
    created_at: team.createdAt.toISOString(),
  };
}

function toApplicationResponse(row: repository.ApplicationListRow): TeamApplication {
  const { application } = row;
  return {
    id: application.id,
    team: { id: application.teamId, name: row.teamName, description: row.teamDescription },
    user: { id: application.userId, username: row.username, full_name: row.fullName },
    application_message: application.applicationMessage,
    applied_at: application.appliedAt.toISOString(),
    status: application.status,
    response_message: application.responseMessage,
    responded_at: application.respondedAt?.toISOString() ?? null,
  };
}

const administers = (actor: Actor, team: { adminId: number }) =>
  actor.isSuperuser || team.adminId === actor.id;

function assertAdministers(actor: Actor, team: { adminId: number }): void {
  if (!administers(actor, team)) throw new AppError('forbidden', 'Only the team admin can do this');
}

/**
 * The team's row for a change only its admin may make (its logo), locked until the transaction ends
 * when asked: not found, or forbidden for anyone but its admin.
 */
export async function loadAdministeredTeam(
  db: DatabaseOrTransaction,
  actor: Actor,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  const team = await repository.findTeamRow(db, id, options);
  if (!team) throw teamNotFound();
  assertAdministers(actor, team);
  return team;
}

/** Points the team at its new logo (null: none); the caller removes the old files. */
export async function setTeamLogo(
  transaction: DatabaseOrTransaction,
  teamId: number,
  logoImageId: string | null,
): Promise<void> {
  await repository.updateTeam(transaction, teamId, { logoImageId });
}

interface CatalogueChoice {
  service_category_id: number;
  project_type_id?: number | null;
  projects_sub_types_id?: number | null;
  technology_ids: number[];
}

/** The chosen catalogue entries must exist and belong together: type to category, sub-type to type. */
async function assertCatalogueChoice(db: DatabaseOrTransaction, choice: CatalogueChoice): Promise<void> {
  const technologyIds = [...new Set(choice.technology_ids)];
  const found = await repository.catalogueReferences(db, {
    categoryId: choice.service_category_id,
    typeId: choice.project_type_id,
    subTypeId: choice.projects_sub_types_id,
    technologyIds,
  });
  const problems: { path: string; message: string }[] = [];
  if (!found.category?.isActive) {
    problems.push({ path: 'body.service_category_id', message: 'Choose an existing service category' });
  }
  if (
    choice.project_type_id &&
    (!found.type?.isActive || found.type.categoryId !== choice.service_category_id)
  ) {
    problems.push({
      path: 'body.project_type_id',
      message: 'The project type does not belong to the service category',
    });
  }
  if (
    choice.projects_sub_types_id &&
    (!choice.project_type_id || !found.subType?.isActive || found.subType.typeId !== choice.project_type_id)
  ) {
    problems.push({
      path: 'body.projects_sub_types_id',
      message: 'The sub-type does not belong to the project type',
    });
  }
  const unknown = technologyIds.filter((id) => !found.technologyIds.has(id));
  if (unknown.length > 0) {
    problems.push({ path: 'body.technology_ids', message: `Unknown technologies: ${unknown.join(', ')}` });
  }
  if (problems.length > 0) throw new AppError('validation', problems[0]!.message, problems);
}

async function loadTeam(db: DatabaseOrTransaction, id: number): Promise<Team> {
  const row = await repository.findTeam(db, id);
  if (!row) throw teamNotFound();
  return toTeamResponse(row);
}

export async function createTeam(
  context: TeamsContext,
  actor: Actor,
  input: CatalogueChoice & { name: string; description?: string | null; max_members: number },
): Promise<Team> {
  const allowed =
    actor.isSuperuser || actor.role === 'GENERAL_ADMIN' || (actor.role === 'TEAM_ADMIN' && actor.isVerified);
  if (!allowed) throw new AppError('forbidden', 'Only verified team admins can create teams');
  await assertCatalogueChoice(context.db, input);
  const teamId = await context.db.transaction(async (transaction) => {
    const team = await repository.insertTeam(transaction, {
      name: input.name,
      description: input.description || null,
      adminId: actor.id,
      maxMembers: input.max_members,
      memberCount: 1,
      serviceCategoryId: input.service_category_id,
      projectTypeId: input.project_type_id ?? null,
      projectSubTypeId: input.projects_sub_types_id ?? null,
    });
    await repository.addMember(transaction, team.id, actor.id, 'admin');
    await repository.replaceTeamTechnologies(transaction, team.id, [...new Set(input.technology_ids)]);
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'team.created',
      description: `Created the team ${team.name}`,
    });
    return team.id;
  });
  return loadTeam(context.db, teamId);
}

export async function listTeams(
  db: Database,
  query: {
    skip: number;
    limit: number;
    sort: repository.TeamSort;
    search?: string;
    service_category_id?: number;
    project_type_ids?: number[];
    project_sub_type_id?: number;
    technology_ids?: number[];
    active_only?: boolean;
  },
): Promise<TeamList> {
  const { items, total } = await repository.listTeams(
    db,
    {
      search: query.search || undefined,
      serviceCategoryId: query.service_category_id,
      projectTypeIds: query.project_type_ids,
      projectSubTypeId: query.project_sub_type_id,
      technologyIds: query.technology_ids,
      activeOnly: query.active_only,
    },
    { skip: query.skip, limit: query.limit, sort: query.sort },
  );
  return { items: items.map(toTeamResponse), total, skip: query.skip, limit: query.limit };
}

export async function listMyTeams(db: Database, actor: Actor): Promise<Team[]> {
  return (await repository.listTeamsAdministeredBy(db, actor.id)).map(toTeamResponse);
}

export async function listMemberTeams(db: Database, actor: Actor): Promise<Team[]> {
  return (await repository.listTeamsWithMember(db, actor.id)).map(toTeamResponse);
}

export async function getTeam(db: Database, id: number): Promise<TeamDetail> {
  const [team, members] = await Promise.all([loadTeam(db, id), repository.listMembers(db, id)]);
  return {
    ...team,
    members: members.map((member) => ({
      id: member.id,
      username: member.username,
      full_name: member.fullName,
      profile_picture_url: member.profilePictureUrl,
      role: member.role,
      joined_at: member.joinedAt.toISOString(),
    })),
  };
}

export async function updateTeam(
  context: TeamsContext,
  actor: Actor,
  id: number,
  input: CatalogueChoice & {
    name: string;
    description?: string | null;
    max_members: number;
    is_active: boolean;
  },
): Promise<Team> {
  await context.db.transaction(async (transaction) => {
    // Locked so that an approval running at the same time cannot push the count past the new size.
    const team = await repository.findTeamRow(transaction, id, { forUpdate: true });
    if (!team) throw teamNotFound();
    assertAdministers(actor, team);
    if (input.max_members < team.memberCount) {
      const message = `Team size cannot be below the current member count (${team.memberCount})`;
      throw new AppError('validation', message, [{ path: 'body.max_members', message }]);
    }
    await assertCatalogueChoice(transaction, input);
    await repository.updateTeam(transaction, id, {
      name: input.name,
      description: input.description || null,
      maxMembers: input.max_members,
      isActive: input.is_active,
      serviceCategoryId: input.service_category_id,
      projectTypeId: input.project_type_id ?? null,
      projectSubTypeId: input.projects_sub_types_id ?? null,
    });
    await repository.replaceTeamTechnologies(transaction, id, [...new Set(input.technology_ids)]);
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'team.updated',
      description: `Updated the team ${input.name}`,
    });
  });
  return loadTeam(context.db, id);
}

export async function deleteTeam(context: TeamsContext, actor: Actor, id: number): Promise<void> {
  await context.db.transaction(async (transaction) => {
    const team = await repository.findTeamRow(transaction, id, { forUpdate: true });
    if (!team) throw teamNotFound();
    assertAdministers(actor, team);
    if (await repository.teamHasOrders(transaction, id)) {
      throw new AppError('conflict', 'A team with orders cannot be deleted; deactivate it instead');
    }
    await repository.deleteTeam(transaction, id);
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'team.deleted',
      description: `Deleted the team ${team.name}`,
    });
  });
}

export async function removeMember(
  context: TeamsContext,
  actor: Actor,
  teamId: number,
  userId: number,
): Promise<void> {
  await context.db.transaction(async (transaction) => {
    const team = await repository.findTeamRow(transaction, teamId, { forUpdate: true });
    if (!team) throw teamNotFound();
    assertAdministers(actor, team);
    if (userId === team.adminId) throw new AppError('conflict', 'The team admin cannot be removed');
    const membership = await repository.findMembership(transaction, teamId, userId);
    if (!membership) throw new AppError('not_found', 'This user is not a member of the team');
    await repository.removeMember(transaction, teamId, userId);
    await repository.adjustMemberCount(transaction, teamId, -1);
    await dropMemberShare(transaction, teamId, userId);
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'team.member_removed',
      description: `Removed a member from ${team.name}`,
    });
    await recordActivity(transaction, {
      userId,
      action: 'team.removed',
      description: `You were removed from ${team.name}`,
    });
  });
  await announceRoomAccessChange(context.bus, userId, teamId);
}

/** A member may leave; the admin may not, since a team without its admin could not be managed. */
export async function leaveTeam(context: TeamsContext, actor: Actor, teamId: number): Promise<void> {
  await context.db.transaction(async (transaction) => {
    const team = await repository.findTeamRow(transaction, teamId, { forUpdate: true });
    if (!team) throw teamNotFound();
    if (team.adminId === actor.id) throw new AppError('conflict', 'A team admin cannot leave their own team');
    const membership = await repository.findMembership(transaction, teamId, actor.id);
    if (!membership) throw new AppError('not_found', 'You are not a member of this team');
    await repository.removeMember(transaction, teamId, actor.id);
    await repository.adjustMemberCount(transaction, teamId, -1);
    await dropMemberShare(transaction, teamId, actor.id);
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'team.left',
      description: `Left the team ${team.name}`,
    });
  });
  await announceRoomAccessChange(context.bus, actor.id, teamId);
}

export async function applyToTeam(
  context: TeamsContext,
  actor: Actor,
  input: { team_id: number; application_message?: string | null },
): Promise<TeamApplication> {
  if (actor.role !== 'SELLER') throw new AppError('forbidden', 'Only sellers can apply to join teams');
  let applicationId: number;
  let adminId: number;
  let pending: PendingNotification[];
  try {
    ({ applicationId, adminId, pending } = await context.db.transaction(async (transaction) => {
      const team = await repository.findTeamRow(transaction, input.team_id);
      if (!team) throw teamNotFound();
      if (!team.isActive)
        throw new AppError('conflict', 'This team is inactive and does not accept applications');
      if (await repository.findMembership(transaction, team.id, actor.id)) {
        throw new AppError('conflict', 'You are already a member of this team');
      }
      if (team.memberCount >= team.maxMembers) throw new AppError('conflict', 'This team is full');
      if (await repository.hasPendingApplication(transaction, team.id, actor.id)) {
        throw new AppError('conflict', 'You already have a pending application for this team');
      }
      const id = await repository.insertApplication(transaction, {
        teamId: team.id,
        userId: actor.id,
        applicationMessage: input.application_message || null,
      });
      await recordActivity(transaction, {
        userId: actor.id,
        action: 'application.submitted',
        description: `Applied to join ${team.name}`,
      });
      await recordActivity(transaction, {
        userId: team.adminId,
        action: 'application.received',
        description: `${actor.username} applied to join ${team.name}`,
      });
      const notifications = await createNotifications(transaction, {
        userIds: [team.adminId],
        actorId: actor.id,
        kind: 'application_received',
        text: NOTIFICATION_EVENT_TEXTS.applicationReceived(actor.username, team.name),
        at: new Date(),
      });
      return { applicationId: id, adminId: team.adminId, pending: notifications };
    }));
  } catch (error) {
    // Two submits racing past the check: the partial unique index lets one through.
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'You already have a pending application for this team');
    throw error;
  }
  await publishNotifications(context.bus, pending);
  const application = toApplicationResponse((await repository.findApplication(context.db, applicationId))!);
  const teamAdmin = await repository.findUserEmail(context.db, adminId);
  if (teamAdmin) {
    await context.mailer.send(
      notificationEmail(
        teamAdmin.email,
        teamAdmin.username,
        `New application to ${application.team.name}`,
        [`${actor.username} asked to join ${application.team.name}.`],
        { label: 'Review applications', link: `${context.publicUrl}/teams/manage` },
      ),
    );
  }
  return application;
}

export async function listTeamApplications(
  db: Database,
  actor: Actor,
  teamId: number,
  status: ApplicationStatus | undefined,
): Promise<TeamApplication[]> {
  const team = await repository.findTeamRow(db, teamId);
  if (!team) throw teamNotFound();
  assertAdministers(actor, team);
  return (await repository.listApplicationsOfTeam(db, teamId, status)).map(toApplicationResponse);
}

export async function listOwnApplications(db: Database, actor: Actor): Promise<TeamApplication[]> {
  return (await repository.listApplicationsOfUser(db, actor.id)).map(toApplicationResponse);
}

export async function decideApplication(
  context: TeamsContext,
  actor: Actor,
  applicationId: number,
  input: { status: 'approved' | 'rejected'; response_message?: string | null },
): Promise<TeamApplication> {
  const responseMessage = input.response_message?.trim() || null;
  if (input.status === 'approved' && !responseMessage) {
    throw new AppError('validation', T.responseRequiredToApprove, [
      { path: 'body.response_message', message: T.responseRequiredToApprove },
    ]);
  }
  const decided = await context.db.transaction(async (transaction) => {
    const row = await repository.findApplication(transaction, applicationId, { forUpdate: true });
    if (!row) throw applicationNotFound();
    // Lock order: application, then team, the same in every path that touches both.
    const team = await repository.findTeamRow(transaction, row.application.teamId, { forUpdate: true });
    if (!team) throw teamNotFound();
    assertAdministers(actor, team);
    if (row.application.status !== 'pending')
      throw new AppError('conflict', 'This application was already processed');
    if (input.status === 'approved') {
      if (!team.isActive)
        throw new AppError('conflict', 'This team is inactive; activate it before adding members');
      if (team.memberCount >= team.maxMembers) throw new AppError('conflict', 'This team is full');
      if (!(await repository.findMembership(transaction, team.id, row.application.userId))) {
        await repository.addMember(transaction, team.id, row.application.userId, 'member');
        await repository.adjustMemberCount(transaction, team.id, 1);
      }
    }
    await repository.setApplicationStatus(transaction, applicationId, {
      status: input.status,
      responseMessage,
      respondedById: actor.id,
      respondedAt: new Date(),
    });
    await recordActivity(transaction, {
      userId: row.application.userId,
      action: `application.${input.status}`,
      description: `Your application to ${team.name} was ${input.status}`,
    });
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'application.decided',
      description: `${input.status === 'approved' ? 'Approved' : 'Rejected'} ${row.username}'s application to ${team.name}`,
    });
    const pending = await createNotifications(transaction, {
      userIds: [row.application.userId],
      actorId: actor.id,
      kind: input.status === 'approved' ? 'application_approved' : 'application_rejected',
      text: NOTIFICATION_EVENT_TEXTS.applicationDecided(team.name, input.status),
      at: new Date(),
    });
    return { userId: row.application.userId, teamName: team.name, pending };
  });
  await publishNotifications(context.bus, decided.pending);
  const applicant = await repository.findUserEmail(context.db, decided.userId);
  if (applicant) {
    await context.mailer.send(
      notificationEmail(
        applicant.email,
        applicant.username,
        `Your application to ${decided.teamName} was ${input.status}`,
        [
          `The admin of ${decided.teamName} ${input.status} your application.`,
          ...(responseMessage ? [`Their message: ${responseMessage}`] : []),
        ],
        { label: 'See your teams', link: `${context.publicUrl}/teams/my-teams` },
      ),
    );
  }
  return toApplicationResponse((await repository.findApplication(context.db, applicationId))!);
}

export async function withdrawApplication(
  context: TeamsContext,
  actor: Actor,
  applicationId: number,
): Promise<TeamApplication> {
  await context.db.transaction(async (transaction) => {
    const row = await repository.findApplication(transaction, applicationId, { forUpdate: true });
    // Someone else's application is as invisible as a missing one.
    if (!row || row.application.userId !== actor.id) throw applicationNotFound();
    if (row.application.status !== 'pending')
      throw new AppError('conflict', 'Only a pending application can be withdrawn');
    await repository.setApplicationStatus(transaction, applicationId, { status: 'withdrawn' });
    await recordActivity(transaction, {
      userId: actor.id,
      action: 'application.withdrawn',
      description: `Withdrew the application to ${row.teamName}`,
    });
  });
  return toApplicationResponse((await repository.findApplication(context.db, applicationId))!);
}
