import { afterAll, beforeAll } from 'vitest';
import type { OrderStatus } from '@teamhire/shared';
import type { TestTeam } from './chat-helpers';
import { orderFixtures, type TestPackage } from './orders-helpers';
import { createTestApp, type TestContext } from './test-app';
import { multipart } from './uploads';
import { createSignedInUser, type SignedInUser } from './users';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A clock the test moves forward instead of waiting; starts at the real time. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    advanceDays(days: number) {
      now += days * DAY_MS;
    },
    set(date: Date) {
      now = date.getTime();
    },
  };
}

/**
 * An order of `buyerId` for the package in any status, with a completed payment (a failed one while
 * pending), written straight to the database: confirmed at `confirmedAt`, due 14 days later.
 */
export async function insertOrderIn(
  context: TestContext,
  item: TestPackage,
  buyerId: number,
  status: OrderStatus,
  options: { confirmedAt?: Date; revisionsIncluded?: number } = {},
): Promise<number> {
  const confirmedAt = options.confirmedAt ?? new Date();
  const { rows } = await context.database.pool.query<{ id: number }>(
    `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, confirmed_at, due_at,
       revisions_included, delivered_at, auto_complete_at)
     values ($1, $2, $3, $4::order_status, $5, $6::timestamptz, $6::timestamptz + interval '14 days', $7,
       case when $4::order_status = 'delivered' then $6::timestamptz end,
       case when $4::order_status = 'delivered' then $6::timestamptz + interval '3 days' end) returning id`,
    [
      buyerId,
      item.id,
      item.team.id,
      status,
      Math.round(item.price * 100),
      status === 'pending' ? null : confirmedAt,
      options.revisionsIncluded ?? 1,
    ],
  );
  await context.database.pool.query(
    `insert into payments (order_id, status, method, amount_cents, transaction_id, completed_at)
     values ($1, $2, 'credit_card', $3, 'test_ch_fixture', now())`,
    [rows[0]!.id, status === 'pending' ? 'failed' : 'completed', Math.round(item.price * 100)],
  );
  return rows[0]!.id;
}

/** A multipart body with one file, as a browser sends it. */
export function multipartFile(name: string, content: Buffer | string, type = 'application/octet-stream') {
  return multipart(name, type, Buffer.from(content));
}

/** Every line of an order's timeline, oldest first, as `type:actor` (actor `system` for timers). */
export async function timeline(context: TestContext, orderId: number): Promise<string[]> {
  const { rows } = await context.database.pool.query<{ type: string; actor_id: number | null }>(
    'select type, actor_id from order_events where order_id = $1 order by id',
    [orderId],
  );
  return rows.map((row) => `${row.type}:${row.actor_id ?? 'system'}`);
}

/**
 * A fresh test app on a clock the tests move, its order fixtures (`fx`), a buyer, a stranger (another
 * buyer), a general admin, a team with one member and a package of that team: made before the calling
 * suite's tests and closed after them. Tests read them through the returned object once beforeAll has run.
 */
export function orderPartiesSuite(
  packageOptions: { priceCents?: number } = {},
  /** The app's environment, read when the suite starts (e.g. the s3 driver's, see object-store.ts). */
  environment: () => Record<string, string> = () => ({}),
) {
  const time = testClock();
  const suite = { time } as {
    time: typeof time;
    context: TestContext;
    fx: ReturnType<typeof orderFixtures>;
    buyer: SignedInUser;
    stranger: SignedInUser;
    generalAdmin: SignedInUser;
    team: TestTeam;
    item: TestPackage;
  };
  beforeAll(async () => {
    suite.context = await createTestApp(environment(), { clock: time.clock });
    suite.fx = orderFixtures(suite.context);
    suite.buyer = await suite.fx.buyer();
    suite.stranger = await suite.fx.buyer();
    suite.generalAdmin = await createSignedInUser(suite.context, { role: 'GENERAL_ADMIN' });
    suite.team = await suite.fx.createTeam({ members: 1 });
    suite.item = await suite.fx.createPackage({ team: suite.team, ...packageOptions });
  });
  afterAll(async () => {
    await suite.context?.close();
  });
  return suite;
}
