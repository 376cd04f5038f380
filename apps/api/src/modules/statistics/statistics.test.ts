import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStatistics } from '@teamhire/shared';
import {
  orders,
  projectTypes,
  serviceCategories,
  servicePackages,
  teams,
  technologies,
  users,
} from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../../test/test-app';

/** `YYYY-MM` of the UTC month `monthsAgo` months before now. */
function monthLabel(monthsAgo: number, now = new Date()): string {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** An instant inside the UTC month `monthsAgo` months before now. */
function inMonth(monthsAgo: number, day: number, hour = 12, now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, day, hour));
}

describe('GET /api/statistics/dashboard', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
    // A session time zone far from UTC (UTC+14): months must still be counted in UTC. Set before
    // the app opens its first connection, so every pooled session gets it.
    const databaseName = new URL(context.connectionString).pathname.slice(1);
    const setup = await context.database.pool.connect();
    try {
      await setup.query(`alter database "${databaseName}" set timezone to 'Pacific/Kiritimati'`);
    } finally {
      setup.release(true);
    }
    const { rows } = await context.database.pool.query<{ TimeZone: string }>('show timezone');
    expect(rows[0]!.TimeZone).toBe('Pacific/Kiritimati');
  });
  afterAll(() => context.close());

  async function statistics(): Promise<DashboardStatistics> {
    const response = await context.app.inject({ method: 'GET', url: '/api/statistics/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DashboardStatistics>();
  }

  async function activeCounts() {
    const result = await context.database.pool.query<{
      categories: number;
      types: number;
      technologies: number;
    }>(
      `select (select count(*)::int from service_categories where is_active) as categories,
              (select count(*)::int from project_types where is_active) as types,
              (select count(*)::int from technologies where is_active) as technologies`,
    );
    return result.rows[0]!;
  }

  describe('on a database without orders', () => {
    it('is public and counts the active catalogue, with nothing running or completed', async () => {
      const body = await statistics();
      const counts = await activeCounts();
      expect(counts.categories).toBe(6);
      expect(body.total_services).toBe(counts.categories);
      expect(body.total_project_types).toBe(counts.types);
      expect(body.total_technologies).toBe(counts.technologies);
      expect(body.total_running_projects).toBe(0);
      expect(body.completed_projects).toBe(0);
    });

    it('has a timeline of exactly 12 consecutive UTC months ending with the current one, all zero', async () => {
      const { completed_projects_timeline: timeline } = await statistics();
      expect(timeline).toHaveLength(12);
      expect(timeline.map((point) => point.label)).toEqual(
        Array.from({ length: 12 }, (_unused, index) => monthLabel(11 - index)),
      );
      for (const point of timeline) {
        expect(point.label).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
        expect(point.count).toBe(0);
      }
      // Consecutive: each label is the month after the previous one.
      for (let index = 1; index < timeline.length; index += 1) {
        const [year, month] = timeline[index - 1]!.label.split('-').map(Number);
        const next = new Date(Date.UTC(year!, month!, 1));
        expect(timeline[index]!.label).toBe(
          `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`,
        );
      }
      expect(timeline.at(-1)!.label).toBe(new Date().toISOString().slice(0, 7));
    });
  });

  describe('with orders', () => {
    beforeAll(async () => {
      const { db } = context.database;
      const [buyer, admin] = await db
        .insert(users)
        .values([
          { username: 'stats-buyer', email: 'stats-buyer@example.test', passwordHash: 'x', role: 'BUYER' },
          {
            username: 'stats-admin',
            email: 'stats-admin@example.test',
            passwordHash: 'x',
            role: 'TEAM_ADMIN',
          },
        ])
        .returning({ id: users.id });
      const [team] = await db
        .insert(teams)
        .values({ name: 'Statistics Team', adminId: admin!.id })
        .returning({ id: teams.id });
      const [servicePackage] = await db
        .insert(servicePackages)
        .values({
          teamId: team!.id,
          title: 'A package',
          description: 'A package to order',
          priceCents: 10_000,
          durationDays: 5,
          status: 'published',
        })
        .returning({ id: servicePackages.id });
      const order = (status: (typeof orders.$inferInsert)['status'], completedAt: Date | null = null) => ({
        buyerId: buyer!.id,
        teamId: team!.id,
        servicePackageId: servicePackage!.id,
        totalCents: 10_000,
        status,
        completedAt,
      });
      const now = new Date();
      await db.insert(orders).values([
        order('pending'),
        order('confirmed'),
        order('confirmed'),
        order('in_progress'),
        order('in_progress'),
        order('in_progress'),
        order('cancelled'),
        order('refunded'),
        // This month.
        order('completed', now),
        order('completed', inMonth(0, 1, 0, now)),
        // Three months ago.
        // Three months ago: its first instant, its middle and its last instant (already the next
        // month in the session's time zone).
        order('completed', inMonth(3, 1, 0)),
        order('completed', inMonth(3, 15)),
        order('completed', new Date(inMonth(2, 1, 0).getTime() - 1)),
        // The first instant of the window (11 months ago) counts; the instant before it does not.
        order('completed', inMonth(11, 1, 0)),
        order('completed', new Date(inMonth(11, 1, 0).getTime() - 1)),
        // Fourteen months ago: counted in the total, outside the timeline.
        order('completed', inMonth(14, 10)),
      ]);
    });

    it('counts confirmed and in-progress orders as running, and every completed order', async () => {
      const body = await statistics();
      expect(body.total_running_projects).toBe(2 + 3);
      expect(body.completed_projects).toBe(8);
    });

    it('counts completed orders per UTC month, only inside the 12-month window', async () => {
      const { completed_projects_timeline: timeline } = await statistics();
      expect(timeline).toHaveLength(12);
      const expected = Array.from({ length: 12 }, (_unused, index) => ({
        label: monthLabel(11 - index),
        count: 0,
      }));
      expected[11]!.count = 2;
      expected[8]!.count = 3;
      expected[0]!.count = 1;
      expect(timeline).toEqual(expected);
      expect(timeline.reduce((sum, point) => sum + point.count, 0)).toBe(6);
    });

    it('lowers the totals when catalogue rows are deactivated', async () => {
      const { db } = context.database;
      const before = await statistics();
      const [category] = await db.select({ id: serviceCategories.id }).from(serviceCategories).limit(1);
      const [type] = await db.select({ id: projectTypes.id }).from(projectTypes).limit(1);
      const [technology] = await db.select({ id: technologies.id }).from(technologies).limit(1);
      await db
        .update(serviceCategories)
        .set({ isActive: false })
        .where(eq(serviceCategories.id, category!.id));
      await db.update(projectTypes).set({ isActive: false }).where(eq(projectTypes.id, type!.id));
      await db.update(technologies).set({ isActive: false }).where(eq(technologies.id, technology!.id));
      try {
        const after = await statistics();
        expect(after.total_services).toBe(before.total_services - 1);
        expect(after.total_project_types).toBe(before.total_project_types - 1);
        expect(after.total_technologies).toBe(before.total_technologies - 1);
        const counts = await activeCounts();
        expect(after.total_services).toBe(counts.categories);
        expect(after.completed_projects).toBe(before.completed_projects);
      } finally {
        await db
          .update(serviceCategories)
          .set({ isActive: true })
          .where(eq(serviceCategories.id, category!.id));
        await db.update(projectTypes).set({ isActive: true }).where(eq(projectTypes.id, type!.id));
        await db.update(technologies).set({ isActive: true }).where(eq(technologies.id, technology!.id));
      }
    });
  });
});
