import {
  DASHBOARD_ITEMS,
  DISPUTE_REASON_LABELS,
  ORDER_STATUS_LABELS,
  ROLE_LABELS,
  type ChatRoomSummary,
  type Dashboard,
  type DashboardItem,
  type DashboardList,
  type OrderStatus,
} from '@teamhire/shared';
import { isGeneralAdmin, type Actor } from '../../platform/auth/actor';
import { listOwnRooms, type ChatContext } from '../chat/chat.service';
import { listDisputes } from '../disputes/disputes.service';
import { getEarnings, type PayoutsContext } from '../payments/payouts.service';
import { listMemberTeams, listOwnApplications } from '../teams/teams.service';
import { listPendingRequests, verificationStatistics } from '../verification/verification.service';
import * as repository from './dashboard.repository';

export interface DashboardContext {
  chat: ChatContext;
  payouts: PayoutsContext;
}

const listOf = (count: number, items: DashboardItem[]): DashboardList => ({
  count,
  items: items.slice(0, DASHBOARD_ITEMS),
});

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function orderItem(row: repository.DashboardOrderRow, side: 'buyer' | 'team'): DashboardItem {
  return {
    key: `order-${row.id}`,
    title: row.title,
    detail: side === 'buyer' ? row.team_name : row.buyer_name,
    status: ORDER_STATUS_LABELS[row.status],
    due_at: isoOf(row.due_at),
    link: `/orders/${row.id}`,
  };
}

/** The orders of the given statuses, merged into one list, earliest due first. */
function ordersOf(
  rows: repository.DashboardOrderRow[],
  statuses: readonly OrderStatus[],
  side: 'buyer' | 'team',
): DashboardList {
  const chosen = rows.filter((row) => statuses.includes(row.status));
  const counted = new Map(chosen.map((row) => [row.status, row.status_count]));
  const count = [...counted.values()].reduce((sum, value) => sum + value, 0);
  return listOf(
    count,
    chosen.map((row) => orderItem(row, side)),
  );
}

/** Conversations with unread messages, newest first; a room of the user's own team shows its buyer. */
async function unreadConversations(
  context: DashboardContext,
  actor: Actor,
  side: 'buyer' | 'team',
): Promise<DashboardList> {
  const rooms = await listOwnRooms(context.chat, {
    kind: 'user',
    id: actor.id,
    name: actor.username,
    actor,
  });
  const unread = rooms.filter((room) => room.unread_count > 0);
  const item = (room: ChatRoomSummary): DashboardItem => ({
    key: `room-${room.chat_room_id}`,
    title: side === 'buyer' ? room.team_name : room.buyer_name,
    detail: room.last_message_text,
    status: `${room.unread_count} unread`,
    due_at: null,
    link: `/team-chat/${room.chat_room_id}`,
  });
  return listOf(unread.length, unread.map(item));
}

const ACTIVE_ORDER_STATUSES = ['confirmed', 'in_progress', 'delivered', 'disputed'] as const;

async function buyerSection(context: DashboardContext, actor: Actor): Promise<Dashboard['buyer']> {
  const [orders, conversations] = await Promise.all([
    repository.ordersByStatus(context.chat.db, { buyerId: actor.id }, ACTIVE_ORDER_STATUSES, DASHBOARD_ITEMS),
    unreadConversations(context, actor, 'buyer'),
  ]);
  return {
    active_orders: ordersOf(orders, ACTIVE_ORDER_STATUSES, 'buyer'),
    awaiting_acceptance: ordersOf(orders, ['delivered'], 'buyer'),
    unread_conversations: conversations,
  };
}

async function teamAdminSection(context: DashboardContext, actor: Actor): Promise<Dashboard['team_admin']> {
  const db = context.chat.db;
  const [orders, applications, conversations, earnings] = await Promise.all([
    repository.ordersByStatus(db, { teamAdminId: actor.id }, ['confirmed', 'in_progress'], DASHBOARD_ITEMS),
    repository.pendingApplicationsOfAdmin(db, actor.id, DASHBOARD_ITEMS),
    unreadConversations(context, actor, 'team'),
    getEarnings(context.payouts, actor),
  ]);
  const earned = earnings.pending + earnings.available + earnings.paid_out > 0;
  return {
    orders_to_start: ordersOf(orders, ['confirmed'], 'team'),
    orders_to_deliver: ordersOf(orders, ['in_progress'], 'team'),
    pending_applications: listOf(
      applications[0]?.total ?? 0,
      applications.map((row) => ({
        key: `application-${row.id}`,
        title: row.username,
        detail: row.team_name,
        status: 'Pending',
        due_at: null,
        link: '/teams/manage',
      })),
    ),
    unread_conversations: conversations,
    earnings: earned
      ? {
          currency: earnings.currency,
          pending: earnings.pending,
          available: earnings.available,
          paid_out: earnings.paid_out,
        }
      : null,
  };
}

const APPLICATION_STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
} as const;

async function sellerSection(context: DashboardContext, actor: Actor): Promise<Dashboard['seller']> {
  const db = context.chat.db;
  const [applications, teams] = await Promise.all([
    listOwnApplications(db, actor),
    listMemberTeams(db, actor),
  ]);
  return {
    applications: listOf(
      applications.length,
      applications.map((application) => ({
        key: `application-${application.id}`,
        title: application.team.name,
        detail: application.response_message,
        status: APPLICATION_STATUS_LABELS[application.status],
        due_at: null,
        link: '/teams/my-teams',
      })),
    ),
    teams: listOf(
      teams.length,
      teams.map((team) => ({
        key: `team-${team.id}`,
        title: team.name,
        detail: `${team.member_count} of ${team.max_members} members`,
        status: null,
        due_at: null,
        link: `/team-chat-dashboard/${team.id}`,
      })),
    ),
  };
}

async function generalAdminSection(
  context: DashboardContext,
  actor: Actor,
): Promise<Dashboard['general_admin']> {
  const db = context.chat.db;
  const [requests, statistics, disputes] = await Promise.all([
    listPendingRequests(db, actor, { skip: 0, limit: DASHBOARD_ITEMS }),
    verificationStatistics(db, actor),
    listDisputes({ db }, actor, { status: 'open', skip: 0, limit: DASHBOARD_ITEMS }),
  ]);
  return {
    pending_verifications: listOf(
      statistics.pending_requests,
      requests.map((request) => ({
        key: `verification-${request.id}`,
        title: request.user.username,
        detail: `Wants to become a ${ROLE_LABELS[request.requested_role]}`,
        status: 'Pending',
        due_at: null,
        link: '/admin/verifications',
      })),
    ),
    open_disputes: listOf(
      disputes.total,
      disputes.items.map((dispute) => ({
        key: `dispute-${dispute.id}`,
        title: dispute.order.service_package_title,
        detail: `${dispute.order.buyer.username} and ${dispute.order.team.name}: ${DISPUTE_REASON_LABELS[dispute.reason]}`,
        status: 'Open',
        due_at: null,
        link: `/admin/disputes/${dispute.id}`,
      })),
    ),
  };
}

/**
 * What the caller should do next, by role: each section belongs to one role and is computed only for
 * it, from the caller's own objects, so one user never sees another's.
 */
export async function getDashboard(context: DashboardContext, actor: Actor): Promise<Dashboard> {
  const [buyer, teamAdmin, seller, generalAdmin] = await Promise.all([
    actor.role === 'BUYER' || actor.role === 'USER' ? buyerSection(context, actor) : null,
    actor.role === 'TEAM_ADMIN' ? teamAdminSection(context, actor) : null,
    actor.role === 'SELLER' ? sellerSection(context, actor) : null,
    isGeneralAdmin(actor) ? generalAdminSection(context, actor) : null,
  ]);
  return { buyer, team_admin: teamAdmin, seller, general_admin: generalAdmin };
}
