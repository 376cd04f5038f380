import { MONEY_TEXTS, type PayoutSplit } from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { isGeneralAdmin } from '../../platform/auth/actor';
import type { SplitShare } from './money-split';
import * as repository from './payout-split.repository';

const teamNotFound = () => notFound('Team not found');

type MemberRow = Awaited<ReturnType<typeof repository.listMembersWithShares>>[number];

/**
 * The split in force for the current members: with no stored share everything goes to the admin;
 * otherwise each member has their stored percent (0 when none) and the admin what the others leave
 * of 100, so a member who is gone can never hold a share.
 */
function effectiveShares(members: MemberRow[], adminId: number, customised: boolean) {
  const others = members
    .filter((member) => member.userId !== adminId)
    .map((member) => ({ member, percent: customised ? (member.percent ?? 0) : 0 }));
  const adminPercent = Math.max(0, 100 - others.reduce((sum, entry) => sum + entry.percent, 0));
  return members.map((member) =>
    member.userId === adminId
      ? { member, percent: adminPercent, isAdmin: true }
      : { member, percent: others.find((entry) => entry.member === member)!.percent, isAdmin: false },
  );
}

async function loadSplit(
  db: DatabaseOrTransaction,
  team: { id: number; adminId: number },
): Promise<PayoutSplit> {
  const members = await repository.listMembersWithShares(db, team.id);
  const customised = members.some((member) => member.percent !== null);
  const updated = members
    .map((member) => member.updatedAt)
    .filter((value): value is Date => value !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    team_id: team.id,
    shares: effectiveShares(members, team.adminId, customised).map(({ member, percent, isAdmin }) => ({
      user_id: member.userId,
      username: member.username,
      full_name: member.fullName,
      is_admin: isAdmin,
      percent,
    })),
    updated_at: updated ? updated.toISOString() : null,
  };
}

/** The team's admin and members read the split (general admins too); anyone else is refused. */
export async function getPayoutSplit(db: Database, actor: Actor, teamId: number): Promise<PayoutSplit> {
  const team = await repository.findTeam(db, teamId);
  if (!team) throw teamNotFound();
  const split = await loadSplit(db, team);
  const isMember = split.shares.some((share) => share.user_id === actor.id);
  if (!isMember && !isGeneralAdmin(actor)) {
    throw forbidden('Only the members of this team can see its payout split');
  }
  return split;
}

/**
 * The team admin sets whole percents for current members (the schema has checked the sum of 100 and
 * duplicates). Under the team's row lock, so a member leaving at the same moment either happens
 * first (and this refuses them) or after (and drops their new share).
 */
export async function updatePayoutSplit(
  db: Database,
  actor: Actor,
  teamId: number,
  input: { shares: { user_id: number; percent: number }[] },
  now: Date,
): Promise<PayoutSplit> {
  return db.transaction(async (transaction) => {
    const team = await repository.findTeam(transaction, teamId, { forUpdate: true });
    if (!team) throw teamNotFound();
    if (team.adminId !== actor.id) throw forbidden('Only the team admin can change the payout split');
    const members = new Set(
      (await repository.listMembersWithShares(transaction, teamId)).map((member) => member.userId),
    );
    const strangers = input.shares
      .map((share, index) => ({ share, index }))
      .filter(({ share }) => !members.has(share.user_id));
    if (strangers.length > 0) {
      throw new AppError(
        'validation',
        MONEY_TEXTS.splitNotMember,
        strangers.map(({ index }) => ({
          path: `body.shares.${index}.user_id`,
          message: MONEY_TEXTS.splitNotMember,
        })),
      );
    }
    const given = new Map(input.shares.map((share) => [share.user_id, share.percent]));
    // Every current member gets a row, so the stored split is complete and reads back as sent.
    await repository.replaceShares(
      transaction,
      teamId,
      [...members].map((userId) => ({ userId, percent: given.get(userId) ?? 0 })),
      now,
    );
    return loadSplit(transaction, team);
  });
}

/**
 * A member left or was removed (in the caller's transaction, with the team row locked): their share
 * goes to the admin.
 */
export async function dropMemberShare(transaction: DatabaseOrTransaction, teamId: number, userId: number) {
  const team = await repository.findTeam(transaction, teamId);
  if (!team || !(await repository.hasShares(transaction, teamId))) return;
  await repository.deleteShare(transaction, teamId, userId);
  await repository.settleAdminShare(transaction, teamId, team.adminId);
}

/** Copies the team's split in force onto a paid order, in the caller's transaction. */
export async function copySplitToOrder(transaction: DatabaseOrTransaction, orderId: number) {
  const order = await repository.findOrderTeam(transaction, orderId);
  if (!order) return;
  const team = await repository.findTeam(transaction, order.teamId);
  if (!team) return;
  const members = await repository.listMembersWithShares(transaction, team.id);
  const customised = members.some((member) => member.percent !== null);
  const shares = effectiveShares(members, team.adminId, customised).filter(
    (share) => share.isAdmin || share.percent > 0,
  );
  // A team whose admin row is missing (should not happen) still pays its admin everything.
  const rows =
    shares.length > 0
      ? shares.map((share) => ({
          orderId,
          userId: share.member.userId,
          percent: share.percent,
          isAdmin: share.isAdmin,
        }))
      : [{ orderId, userId: team.adminId, percent: 100, isAdmin: true }];
  await repository.insertOrderShares(transaction, rows);
}

/** The split copied onto an order at purchase, admin first. */
export async function orderSplit(db: DatabaseOrTransaction, orderId: number): Promise<SplitShare[]> {
  return repository.listOrderShares(db, [orderId]);
}

/** The splits of several orders at once, for a member's earnings. */
export async function orderSplits(db: DatabaseOrTransaction, orderIds: number[]) {
  const rows = await repository.listOrderShares(db, orderIds);
  const byOrder = new Map<number, SplitShare[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
