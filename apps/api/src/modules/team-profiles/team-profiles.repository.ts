import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { chatMessages, chatRooms, deliveries, orders, reviews } from '../../db/schema/index';

export interface TeamEventFigures {
  /** Reviews per number of stars, index 0 for one star. */
  ratingCounts: [number, number, number, number, number];
  deliveredOrders: number;
  onTimeOrders: number;
  medianResponseSeconds: number | null;
}

/**
 * The figures of a team page that come from events, in one statement. Every part starts from the team
 * and walks indexes: reviews by reviews_team_idx; orders by orders_team_idx, each order's first
 * delivery by deliveries_order_idx; the team's rooms, each room's first customer message and the
 * team's first answer after it by chat_messages_room_idx (room, id), reading each room only up to
 * those two messages.
 */
export async function teamEventFigures(db: DatabaseOrTransaction, teamId: number): Promise<TeamEventFigures> {
  const result = await db.execute<{
    ratings: number[];
    delivered: number;
    on_time: number;
    median_seconds: number | null;
  }>(sql`
    with rating_counts as (
      select array[
        count(*) filter (where r.rating = 1),
        count(*) filter (where r.rating = 2),
        count(*) filter (where r.rating = 3),
        count(*) filter (where r.rating = 4),
        count(*) filter (where r.rating = 5)
      ]::int[] as ratings
      from ${reviews} r where r.team_id = ${teamId}
    ),
    first_deliveries as materialized (
      select o.due_at, (
        select min(d.created_at) from ${deliveries} d where d.order_id = o.id
      ) as delivered_at
      from ${orders} o where o.team_id = ${teamId} and o.due_at is not null
    ),
    delivery_counts as (
      select count(*)::int as delivered,
        count(*) filter (where delivered_at <= due_at)::int as on_time
      from first_deliveries where delivered_at is not null
    ),
    responses as (
      select extract(epoch from answer.created_at - asked.created_at) as seconds
      from ${chatRooms} room
      cross join lateral (
        select m.id, m.created_at from ${chatMessages} m
        where m.chat_room_id = room.id
          and (m.sender_guest_id is not null or m.sender_user_id = room.buyer_id)
        order by m.id limit 1
      ) asked
      cross join lateral (
        select m.created_at from ${chatMessages} m
        where m.chat_room_id = room.id and m.id > asked.id
          and m.sender_guest_id is null and m.sender_user_id is not null
          and m.sender_user_id is distinct from room.buyer_id
        order by m.id limit 1
      ) answer
      -- Said twice so that the two partial (team, customer) indexes find the rooms: a room has a buyer
      -- or a guest (chat_rooms_one_customer), and there is no index on team_id alone.
      where (room.team_id = ${teamId} and room.buyer_id is not null)
        or (room.team_id = ${teamId} and room.guest_user_id is not null)
    )
    select rating_counts.ratings, delivery_counts.delivered, delivery_counts.on_time,
      (select round(percentile_cont(0.5) within group (order by seconds))::int from responses) as median_seconds
    from rating_counts, delivery_counts
  `);
  const row = result.rows[0]!;
  const [one = 0, two = 0, three = 0, four = 0, five = 0] = row.ratings;
  return {
    ratingCounts: [one, two, three, four, five],
    deliveredOrders: row.delivered,
    onTimeOrders: row.on_time,
    medianResponseSeconds: row.median_seconds,
  };
}
