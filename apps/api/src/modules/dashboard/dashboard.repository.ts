import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';

export type DashboardOrderRow = {
  id: number;
  status: OrderStatus;
  due_at: Date | string | null;
  title: string;
  team_name: string;
  buyer_name: string;
  /** How many orders of this status the caller has in all. */
  status_count: number;
};

/**
 * The caller's orders in the given statuses, as the buyer or as the admin of the team: at most
 * `perStatus` of each status (the earliest due first) with the count of each, in one round trip.
 */
export async function ordersByStatus(
  db: DatabaseOrTransaction,
  scope: { buyerId: number } | { teamAdminId: number },
  statuses: readonly OrderStatus[],
  perStatus: number,
): Promise<DashboardOrderRow[]> {
  const whose =
    'buyerId' in scope ? sql`o.buyer_id = ${scope.buyerId}` : sql`t.admin_id = ${scope.teamAdminId}`;
  const wanted = sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = await db.execute<DashboardOrderRow & { position: number }>(sql`
    select * from (
      select o.id, o.status, o.due_at, p.title, t.name as team_name, b.username as buyer_name,
             count(*) over (partition by o.status)::int as status_count,
             row_number() over (partition by o.status order by o.due_at nulls last, o.id) as position
      from orders o
      join teams t on t.id = o.team_id
      join service_packages p on p.id = o.service_package_id
      join users b on b.id = o.buyer_id
      where ${whose} and o.status in (${wanted})
    ) ranked
    where position <= ${perStatus}
    order by due_at nulls last, id
  `);
  return result.rows;
}

export type PendingApplicationRow = {
  id: number;
  applied_at: Date | string;
  team_name: string;
  username: string;
  total: number;
};

/** The pending applications to every team the user administers, oldest first, with their count. */
export async function pendingApplicationsOfAdmin(
  db: DatabaseOrTransaction,
  adminId: number,
  limit: number,
): Promise<PendingApplicationRow[]> {
  const result = await db.execute<PendingApplicationRow>(sql`
    select a.id, a.applied_at, t.name as team_name, u.username, count(*) over ()::int as total
    from team_applications a
    join teams t on t.id = a.team_id
    join users u on u.id = a.user_id
    where t.admin_id = ${adminId} and a.status = 'pending'
    order by a.applied_at, a.id
    limit ${limit}
  `);
  return result.rows;
}
