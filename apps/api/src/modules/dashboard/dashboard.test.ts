import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_ITEMS, type Dashboard } from '@teamhire/shared';
import type { TestTeam } from '../../../test/chat-helpers';
import { insertOrderIn } from '../../../test/delivery-helpers';
import { orderFixtures, type TestPackage } from '../../../test/orders-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';

const REASON = 'I have led two delivery teams for three years and would like to run one here.';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('GET /api/dashboard', () => {
  let context: TestContext;
  let fx: ReturnType<typeof orderFixtures>;
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;
  let seller: SignedInUser;
  let generalAdmin: SignedInUser;
  let team: TestTeam;
  let otherTeam: TestTeam;
  let item: TestPackage;
  let otherItem: TestPackage;
  const orders: Record<string, number> = {};

  beforeAll(async () => {
    context = await createTestApp();
    fx = orderFixtures(context);
    buyer = await fx.buyer();
    otherBuyer = await fx.buyer();
    seller = await fx.seller();
    generalAdmin = await createSignedInUser(context, { role: 'GENERAL_ADMIN' });
    team = await fx.createTeam({ members: 1 });
    otherTeam = await fx.createTeam({ members: 0 });
    item = await fx.createPackage({ team });
    otherItem = await fx.createPackage({ team: otherTeam });
    const now = Date.now();
    // The buyer's orders with team: one of each running status, the later confirmed due later.
    orders.confirmed = await insertOrderIn(context, item, buyer.id, 'confirmed', {
      confirmedAt: new Date(now - 1 * DAY_MS),
    });
    orders.inProgress = await insertOrderIn(context, item, buyer.id, 'in_progress', {
      confirmedAt: new Date(now - 3 * DAY_MS),
    });
    orders.delivered = await insertOrderIn(context, item, buyer.id, 'delivered', {
      confirmedAt: new Date(now - 5 * DAY_MS),
    });
    orders.completed = await insertOrderIn(context, item, buyer.id, 'completed');
    // Someone else's order, with another team: on nobody's dashboard above.
    orders.others = await insertOrderIn(context, otherItem, otherBuyer.id, 'confirmed');
    // The seller applies to the team; asks for the team admin role.
    expect(
      (await fx.call('POST', '/api/teams/apply', seller, { team_id: team.id, application_message: 'Hi' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await fx.call('POST', '/api/verification/request', seller, {
          requested_role: 'TEAM_ADMIN',
          request_message: REASON,
        })
      ).statusCode,
    ).toBe(201);
    // An unread message from the team to the buyer.
    const roomId = await fx.buyerRoom(buyer, team.id);
    await fx.send(team.admin, roomId, 'Your first draft is ready.');
    // An open dispute on the delivered order.
    await context.database.pool.query(
      `insert into disputes (order_id, opened_by_id, previous_status, reason, details)
       values ($1, $2, 'delivered', 'poor_quality', 'The logo is blurry.')`,
      [orders.delivered, buyer.id],
    );
  });

  afterAll(async () => {
    await context?.close();
  });

  async function dashboardOf(user: SignedInUser): Promise<Dashboard> {
    const response = await fx.call('GET', '/api/dashboard', user);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Dashboard>();
  }

  it("answers the buyer's active orders by due date, deliveries to accept and unread conversations", async () => {
    const dashboard = await dashboardOf(buyer);
    expect(dashboard.team_admin).toBeNull();
    expect(dashboard.seller).toBeNull();
    expect(dashboard.general_admin).toBeNull();
    const section = dashboard.buyer!;
    expect(section.active_orders.count).toBe(3);
    expect(section.active_orders.items.map((entry) => entry.link)).toEqual([
      `/orders/${orders.delivered}`,
      `/orders/${orders.inProgress}`,
      `/orders/${orders.confirmed}`,
    ]);
    expect(section.active_orders.items[0]).toMatchObject({
      title: item.title,
      detail: team.name,
      status: 'Delivered',
    });
    expect(section.active_orders.items[0]!.due_at).not.toBeNull();
    expect(section.awaiting_acceptance).toMatchObject({
      count: 1,
      items: [{ link: `/orders/${orders.delivered}` }],
    });
    expect(section.unread_conversations.count).toBe(1);
    expect(section.unread_conversations.items[0]).toMatchObject({
      title: team.name,
      detail: 'Your first draft is ready.',
      status: '1 unread',
    });
    expect(section.unread_conversations.items[0]!.link).toMatch(/^\/team-chat\/\d+$/);
  });

  it("answers the team admin's orders to start and deliver, pending applications and earnings when any", async () => {
    const dashboard = await dashboardOf(team.admin);
    expect(dashboard.buyer).toBeNull();
    const section = dashboard.team_admin!;
    expect(section.orders_to_start).toMatchObject({
      count: 1,
      items: [{ link: `/orders/${orders.confirmed}`, detail: buyer.username, status: 'Confirmed' }],
    });
    expect(section.orders_to_deliver).toMatchObject({
      count: 1,
      items: [{ link: `/orders/${orders.inProgress}`, status: 'In Progress' }],
    });
    expect(section.pending_applications).toMatchObject({
      count: 1,
      items: [{ title: seller.username, detail: team.name, link: '/teams/manage' }],
    });
    // Their own message is no unread conversation of theirs.
    expect(section.unread_conversations.count).toBe(0);
    expect(section.earnings).toBeNull();
  });

  it("shows another team's admin none of this team's items", async () => {
    const section = (await dashboardOf(otherTeam.admin)).team_admin!;
    expect(section.orders_to_start).toMatchObject({
      count: 1,
      items: [{ link: `/orders/${orders.others}` }],
    });
    expect(section.orders_to_deliver.count).toBe(0);
    expect(section.pending_applications).toEqual({ count: 0, items: [] });
  });

  it('shows another buyer only their own order', async () => {
    const section = (await dashboardOf(otherBuyer)).buyer!;
    expect(section.active_orders.items.map((entry) => entry.link)).toEqual([`/orders/${orders.others}`]);
    expect(section.awaiting_acceptance.count).toBe(0);
    expect(section.unread_conversations.count).toBe(0);
  });

  it("answers the seller's applications with their status and their teams", async () => {
    const dashboard = await dashboardOf(seller);
    expect(dashboard.buyer).toBeNull();
    expect(dashboard.general_admin).toBeNull();
    expect(dashboard.seller!.applications).toMatchObject({
      count: 1,
      items: [{ title: team.name, status: 'Pending', link: '/teams/my-teams' }],
    });
    expect(dashboard.seller!.teams).toEqual({ count: 0, items: [] });

    const member = (await dashboardOf(team.members[0]!)).seller!;
    expect(member.applications.count).toBe(0);
    expect(member.teams).toMatchObject({
      count: 1,
      items: [{ title: team.name, link: `/team-chat-dashboard/${team.id}` }],
    });
  });

  it("answers the general admin's pending verifications and open disputes", async () => {
    const dashboard = await dashboardOf(generalAdmin);
    expect(dashboard.buyer).toBeNull();
    const section = dashboard.general_admin!;
    expect(section.pending_verifications).toMatchObject({
      count: 1,
      items: [
        { title: seller.username, detail: 'Wants to become a Team Admin', link: '/admin/verifications' },
      ],
    });
    expect(section.open_disputes.count).toBe(1);
    expect(section.open_disputes.items[0]!.title).toBe(item.title);
    expect(section.open_disputes.items[0]!.link).toMatch(/^\/admin\/disputes\/\d+$/);
  });

  it('lists at most the first few items, and counts them all', async () => {
    const busy = await fx.buyer();
    for (let index = 0; index < DASHBOARD_ITEMS + 2; index += 1) {
      await insertOrderIn(context, item, busy.id, 'in_progress');
    }
    const section = (await dashboardOf(busy)).buyer!;
    expect(section.active_orders.count).toBe(DASHBOARD_ITEMS + 2);
    expect(section.active_orders.items).toHaveLength(DASHBOARD_ITEMS);
  });

  it('refuses a signed-out caller and unknown query fields', async () => {
    expect((await fx.call('GET', '/api/dashboard')).statusCode).toBe(401);
    expect((await fx.call('GET', '/api/dashboard?role=buyer', buyer)).statusCode).toBe(422);
  });
});
