import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamProfile } from '@teamhire/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, requester, type SignedInUser } from '../../../test/users';

/**
 * The public team page, with every figure built from constructed events: orders delivered early and
 * late, conversations answered after known delays, reviews of each number of stars.
 */
describe('GET /api/teams/:id/profile', () => {
  let context: TestContext;
  const call = requester(() => context);
  let admin: SignedInUser;
  let member: SignedInUser;
  let buyer: SignedInUser;
  let otherBuyer: SignedInUser;

  const query = async <Row extends object>(text: string, values: unknown[] = []) =>
    (await context.database.pool.query<Row & Record<string, unknown>>(text, values)).rows;

  async function insertTeam(name: string, options: { isActive?: boolean } = {}): Promise<number> {
    const [category] = await query<{ id: number }>(
      'select id from service_categories where is_active order by id limit 1',
    );
    const [row] = await query<{ id: number }>(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active, service_category_id)
       values ($1, 'We build things.', $2, 10, 1, $3, $4) returning id`,
      [name, admin.id, options.isActive ?? true, category!.id],
    );
    await query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [
      row!.id,
      admin.id,
    ]);
    return row!.id;
  }

  async function insertPackage(teamId: number, title: string, status = 'published'): Promise<number> {
    const [row] = await query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, status)
       values ($1, $2, 'A package described at enough length.', 50000, 7, $3::package_status) returning id`,
      [teamId, title, status],
    );
    return row!.id;
  }

  /** An order due at `dueAt`, in `status`, with deliveries at the given times (the first is what counts). */
  async function insertOrder(
    teamId: number,
    packageId: number,
    options: { status?: string; dueAt?: Date | null; deliveredAt?: Date[]; buyerId?: number } = {},
  ): Promise<number> {
    const [row] = await query<{ id: number }>(
      `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, confirmed_at, due_at)
       values ($1, $2, $3, $4::order_status, 50000, now() - interval '20 days', $5) returning id`,
      [options.buyerId ?? buyer.id, packageId, teamId, options.status ?? 'completed', options.dueAt ?? null],
    );
    for (const at of options.deliveredAt ?? []) {
      await query(
        `insert into deliveries (order_id, author_id, message, created_at) values ($1, $2, 'Done', $3)`,
        [row!.id, admin.id, at],
      );
    }
    return row!.id;
  }

  async function insertReview(teamId: number, packageId: number, rating: number, createdAt: Date) {
    const orderId = await insertOrder(teamId, packageId);
    await query(
      `insert into reviews (order_id, buyer_id, team_id, service_package_id, rating, comment, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [orderId, buyer.id, teamId, packageId, rating, `Rated ${rating}`, createdAt],
    );
  }

  /** A room with messages sent `secondsIn` after a start, by 'customer' or 'team' (the team admin). */
  async function insertConversation(
    teamId: number,
    customer: { buyerId: number } | { guestName: string },
    messages: [who: 'customer' | 'team' | 'member', secondsIn: number][],
  ) {
    const start = new Date('2026-01-05T10:00:00Z').getTime();
    let guestId: number | null = null;
    if ('guestName' in customer) {
      const [guest] = await query<{ id: number }>(
        `insert into guest_users (name, session_token_hash, expires_at)
         values ($1, md5(random()::text), now() + interval '7 days') returning id`,
        [customer.guestName],
      );
      guestId = guest!.id;
    }
    const buyerId = 'buyerId' in customer ? customer.buyerId : null;
    const [room] = await query<{ id: number }>(
      'insert into chat_rooms (team_id, buyer_id, guest_user_id) values ($1, $2, $3) returning id',
      [teamId, buyerId, guestId],
    );
    for (const [who, secondsIn] of messages) {
      const senderUser = who === 'team' ? admin.id : who === 'member' ? member.id : buyerId;
      const senderGuest = who === 'customer' ? guestId : null;
      await query(
        `insert into chat_messages (chat_room_id, sender_user_id, sender_guest_id, message_text, created_at)
         values ($1, $2, $3, 'Hello', $4)`,
        [room!.id, senderUser, senderGuest, new Date(start + secondsIn * 1000)],
      );
    }
  }

  async function profileOf(teamId: number): Promise<TeamProfile> {
    const response = await call('GET', `/api/teams/${teamId}/profile`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamProfile>();
  }

  beforeAll(async () => {
    context = await createTestApp();
    admin = await createSignedInUser(context, {
      role: 'TEAM_ADMIN',
      isVerified: true,
      fullName: 'Ada Lovelace',
    });
    member = await createSignedInUser(context, { role: 'SELLER' });
    buyer = await createSignedInUser(context, { role: 'BUYER' });
    otherBuyer = await createSignedInUser(context, { role: 'BUYER' });
  });

  afterAll(async () => {
    await context?.close();
  });

  it('shows a team to a visitor: members without emails, only published packages, newest reviews', async () => {
    const teamId = await insertTeam('Public Page Team');
    await query(`insert into team_members (team_id, user_id, role) values ($1, $2, 'member')`, [
      teamId,
      member.id,
    ]);
    await query('update teams set member_count = 2 where id = $1', [teamId]);
    const [technology] = await query<{ id: number; name: string }>(
      'select id, name from technologies where is_active order by id limit 1',
    );
    await query('insert into team_technologies (team_id, technology_id) values ($1, $2)', [
      teamId,
      technology!.id,
    ]);
    const published = await insertPackage(teamId, 'Published package');
    await insertPackage(teamId, 'Draft package', 'draft');
    await insertPackage(teamId, 'Withdrawn package', 'unpublished');
    for (let day = 1; day <= 7; day += 1) {
      await insertReview(teamId, published, 5, new Date(`2026-02-0${day}T12:00:00Z`));
    }

    const response = await call('GET', `/api/teams/${teamId}/profile`);
    expect(response.statusCode).toBe(200);
    const profile = response.json<TeamProfile>();
    expect(profile).toMatchObject({
      id: teamId,
      name: 'Public Page Team',
      description: 'We build things.',
      is_active: true,
      member_count: 2,
      technologies: [technology],
    });
    expect(profile.category?.id).toEqual(expect.any(Number));
    expect(profile.members).toEqual([
      {
        id: admin.id,
        username: admin.username,
        display_name: 'Ada Lovelace',
        avatar_url: null,
        role: 'admin',
      },
      {
        id: member.id,
        username: member.username,
        display_name: member.username,
        avatar_url: null,
        role: 'member',
      },
    ]);
    expect(profile.packages.map((item) => item.title)).toEqual(['Published package']);
    expect(profile.reviews).toHaveLength(5);
    expect(profile.reviews[0]!.created_at).toBe('2026-02-07T12:00:00.000Z');
    expect(profile.figures.member_since).toBe(profile.created_at);
    // Nothing private: no address of anyone, however it is spelled.
    expect(response.body).not.toMatch(/@example\.com|email|password/i);
    expect(profile.logo).toBeNull();

    // An uploaded logo comes with the page, in the sizes the header draws.
    const [updated] = await query<{ logo_image_id: string }>(
      'update teams set logo_image_id = gen_random_uuid() where id = $1 returning logo_image_id',
      [teamId],
    );
    const withLogo = (await call('GET', `/api/teams/${teamId}/profile`)).json<TeamProfile>();
    expect(withLogo.logo?.src).toContain(updated!.logo_image_id);
    expect(withLogo.logo?.srcset).toContain('192w');
  });

  it('counts completed projects, the average rating and the reviews per number of stars', async () => {
    const teamId = await insertTeam('Rated Team');
    const item = await insertPackage(teamId, 'Rated package');
    const ratings = [5, 5, 5, 4, 4, 2, 1];
    for (const [index, rating] of ratings.entries()) {
      await insertReview(teamId, item, rating, new Date(Date.UTC(2026, 2, index + 1)));
    }
    await insertOrder(teamId, item, { status: 'in_progress' });
    await insertOrder(teamId, item, { status: 'cancelled' });

    const profile = await profileOf(teamId);
    expect(profile.rating_distribution).toEqual([
      { rating: 5, count: 3 },
      { rating: 4, count: 2 },
      { rating: 3, count: 0 },
      { rating: 2, count: 1 },
      { rating: 1, count: 1 },
    ]);
    expect(profile.figures).toMatchObject({
      completed_projects: ratings.length,
      review_count: 7,
      // (15 + 8 + 2 + 1) / 7 = 3.71...
      average_rating: 3.7,
    });
  });

  it('rates on-time delivery by each order’s first delivery against its due date', async () => {
    const teamId = await insertTeam('Delivering Team');
    const item = await insertPackage(teamId, 'Delivered package');
    const due = new Date('2026-03-10T12:00:00Z');
    const hours = (count: number) => new Date(due.getTime() + count * 3_600_000);
    // Early; exactly at the due time; late; in time, then again after a revision past the due date
    // (the first delivery is what counts, so this one is on time).
    await insertOrder(teamId, item, { dueAt: due, deliveredAt: [hours(-48)] });
    await insertOrder(teamId, item, { dueAt: due, deliveredAt: [due] });
    await insertOrder(teamId, item, { status: 'delivered', dueAt: due, deliveredAt: [hours(5)] });
    await insertOrder(teamId, item, { dueAt: due, deliveredAt: [hours(-10), hours(30)] });
    await insertOrder(teamId, item, { status: 'delivered', dueAt: due, deliveredAt: [hours(2), hours(3)] });
    // Not delivered yet: not counted either way.
    await insertOrder(teamId, item, { status: 'in_progress', dueAt: hours(-100) });

    const { figures } = await profileOf(teamId);
    expect(figures.delivered_orders).toBe(5);
    expect(figures.on_time_delivery_rate).toBe(0.6);
  });

  it('takes the median of the first answers, per conversation, to a buyer’s or a guest’s first message', async () => {
    const teamId = await insertTeam('Answering Team');
    // Answered after 60 s (the customer's second message changes nothing).
    await insertConversation(teamId, { buyerId: buyer.id }, [
      ['customer', 0],
      ['customer', 30],
      ['team', 60],
      ['team', 5000],
    ]);
    // The team wrote first; the answer that counts is the one after the customer's first message: 600 s.
    await insertConversation(teamId, { buyerId: otherBuyer.id }, [
      ['team', 0],
      ['customer', 100],
      ['member', 700],
    ]);
    // A guest answered after an hour.
    await insertConversation(teamId, { guestName: 'Grace' }, [
      ['customer', 0],
      ['team', 3600],
    ]);
    // Never answered, and a room without any customer message: neither counts.
    const thirdBuyer = await createSignedInUser(context, { role: 'BUYER' });
    await insertConversation(teamId, { buyerId: thirdBuyer.id }, [['customer', 0]]);
    await insertConversation(teamId, { guestName: 'Silent' }, [['team', 0]]);

    const { figures } = await profileOf(teamId);
    expect(figures.median_response_seconds).toBe(600);
  });

  it('has no figure where nothing happened yet: a new team', async () => {
    const teamId = await insertTeam('Brand New Team');
    const profile = await profileOf(teamId);
    expect(profile.packages).toEqual([]);
    expect(profile.reviews).toEqual([]);
    expect(profile.rating_distribution.map((entry) => entry.count)).toEqual([0, 0, 0, 0, 0]);
    expect(profile.figures).toEqual({
      completed_projects: 0,
      average_rating: null,
      review_count: 0,
      on_time_delivery_rate: null,
      delivered_orders: 0,
      median_response_seconds: null,
      member_since: profile.created_at,
    });
  });

  it('shows an inactive team as unavailable rather than hiding it', async () => {
    const teamId = await insertTeam('Resting Team', { isActive: false });
    const profile = await profileOf(teamId);
    expect(profile).toMatchObject({ is_active: false, availability: 'unavailable' });
  });

  it('answers 404 for an unknown team and 422 for an id that is not one, signed in or not', async () => {
    const unknown = await call('GET', '/api/teams/999999/profile');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not_found', detail: 'Team not found' });
    expect((await call('GET', '/api/teams/999999/profile', buyer)).statusCode).toBe(404);
    const invalid = await call('GET', '/api/teams/abc/profile');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json<{ detail: string }>().detail).toEqual(expect.any(String));
  });
});
