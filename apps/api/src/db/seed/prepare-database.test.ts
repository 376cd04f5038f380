import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOnce } from '../../../test/database-client';
import { createTestDatabase } from '../../../test/test-app';
import { createStorage } from '../../platform/storage';
import { prepareDatabase } from './prepare-database';
import { DEMO_USERS } from './demo-data';
import { REFERENCE_CATALOGUE } from './reference-catalogue-data';

/** Every catalogue row and link, to compare two states of the database. */
async function catalogueSnapshot(connectionString: string) {
  return queryOnce<{ snapshot: unknown }>(
    connectionString,
    `select json_build_object(
       'categories', (select json_agg(c order by c.id) from (select id, name, description, is_active from service_categories) c),
       'types', (select json_agg(t order by t.id) from (select id, service_category_id, name, description, is_active from project_types) t),
       'sub_types', (select json_agg(s order by s.id) from (select id, project_type_id, name, description, is_active from project_sub_types) s),
       'technologies', (select json_agg(t order by t.id) from (select id, name, is_active from technologies) t),
       'type_links', (select json_agg(l order by l.project_type_id, l.technology_id) from project_type_technologies l),
       'sub_type_links', (select json_agg(l order by l.project_sub_type_id, l.technology_id) from project_sub_type_technologies l)
     ) as snapshot`,
  ).then((rows) => rows[0]!.snapshot);
}

const declared = {
  categories: REFERENCE_CATALOGUE.length,
  types: REFERENCE_CATALOGUE.flatMap((category) => category.projectTypes).length,
  subTypes: REFERENCE_CATALOGUE.flatMap((category) => category.projectTypes.flatMap((type) => type.subTypes))
    .length,
  technologies: new Set(
    REFERENCE_CATALOGUE.flatMap((category) =>
      category.projectTypes.flatMap((type) => [
        ...type.technologies,
        ...type.subTypes.flatMap((subType) => subType.technologies),
      ]),
    ),
  ).size,
  typeLinks: REFERENCE_CATALOGUE.flatMap((category) =>
    category.projectTypes.flatMap((type) =>
      type.technologies.map((name) => `${category.name}/${type.name}/${name}`),
    ),
  ).length,
  subTypeLinks: REFERENCE_CATALOGUE.flatMap((category) =>
    category.projectTypes.flatMap((type) =>
      type.subTypes.flatMap((subType) =>
        subType.technologies.map((name) => `${type.name}/${subType.name}/${name}`),
      ),
    ),
  ).length,
};

describe('the reference catalogue data', () => {
  it('declares six categories, each with at least 3 types, each type with at least 2 sub-types', () => {
    expect(REFERENCE_CATALOGUE.map((category) => category.name)).toEqual([
      'Web Development',
      'Mobile Development',
      'Cloud Solutions',
      'API Development',
      'UI/UX Design',
      'Security & Testing',
    ]);
    for (const category of REFERENCE_CATALOGUE) {
      expect(category.projectTypes.length, category.name).toBeGreaterThanOrEqual(3);
      for (const type of category.projectTypes) {
        expect(type.subTypes.length, `${category.name} / ${type.name}`).toBeGreaterThanOrEqual(2);
        expect(type.technologies.length).toBeGreaterThan(0);
        for (const subType of type.subTypes) expect(subType.technologies.length).toBeGreaterThan(0);
      }
    }
  });

  it('has no duplicate names where the database requires them unique', () => {
    const categoryNames = REFERENCE_CATALOGUE.map((category) => category.name);
    expect(new Set(categoryNames).size).toBe(categoryNames.length);
    for (const category of REFERENCE_CATALOGUE) {
      const typeNames = category.projectTypes.map((type) => type.name);
      expect(new Set(typeNames).size, category.name).toBe(typeNames.length);
      for (const type of category.projectTypes) {
        const subTypeNames = type.subTypes.map((subType) => subType.name);
        expect(new Set(subTypeNames).size, type.name).toBe(subTypeNames.length);
        expect(new Set(type.technologies).size, type.name).toBe(type.technologies.length);
      }
    }
  });
});

describe('prepareDatabase', () => {
  describe('without demo data', () => {
    let database: { connectionString: string; drop(): Promise<void> };
    beforeAll(async () => {
      database = await createTestDatabase({ empty: true });
    });
    afterAll(() => database.drop());

    it('migrates and seeds an empty database, even when three instances start at once', async () => {
      const [tables] = await queryOnce<{ count: number }>(
        database.connectionString,
        "select count(*)::int as count from information_schema.tables where table_schema = 'public'",
      );
      expect(tables!.count).toBe(0);

      const results = await Promise.all(
        [1, 2, 3].map(() => prepareDatabase(database.connectionString, { seedDemo: false })),
      );
      expect(results).toEqual([{ demoSeeded: false }, { demoSeeded: false }, { demoSeeded: false }]);

      const [counts] = await queryOnce<{
        categories: number;
        types: number;
        sub_types: number;
        technologies: number;
        type_links: number;
        sub_type_links: number;
        users: number;
      }>(
        database.connectionString,
        `select (select count(*)::int from service_categories) as categories,
                (select count(*)::int from project_types) as types,
                (select count(*)::int from project_sub_types) as sub_types,
                (select count(*)::int from technologies) as technologies,
                (select count(*)::int from project_type_technologies) as type_links,
                (select count(*)::int from project_sub_type_technologies) as sub_type_links,
                (select count(*)::int from users) as users`,
      );
      expect(counts).toEqual({
        categories: declared.categories,
        types: declared.types,
        sub_types: declared.subTypes,
        technologies: declared.technologies,
        type_links: declared.typeLinks,
        sub_type_links: declared.subTypeLinks,
        users: 0,
      });
      expect(counts!.categories).toBe(6);

      const perCategory = await queryOnce<{ name: string; types: number; fewest_sub_types: number }>(
        database.connectionString,
        `select c.name, count(t.id)::int as types,
                min((select count(*) from project_sub_types s where s.project_type_id = t.id))::int as fewest_sub_types
         from service_categories c join project_types t on t.service_category_id = c.id
         group by c.id, c.name order by c.id`,
      );
      expect(perCategory).toHaveLength(6);
      for (const category of perCategory) {
        expect(category.types, category.name).toBeGreaterThanOrEqual(3);
        expect(category.fewest_sub_types, category.name).toBeGreaterThanOrEqual(2);
      }

      const [migrations] = await queryOnce<{ count: number }>(
        database.connectionString,
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(migrations!.count).toBeGreaterThan(0);
    });

    it('changes nothing when run again: same rows, same ids', async () => {
      const before = await catalogueSnapshot(database.connectionString);
      const [migrationsBefore] = await queryOnce<{ count: number }>(
        database.connectionString,
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(await prepareDatabase(database.connectionString, { seedDemo: false })).toEqual({
        demoSeeded: false,
      });
      expect(await catalogueSnapshot(database.connectionString)).toEqual(before);
      const [migrationsAfter] = await queryOnce<{ count: number }>(
        database.connectionString,
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(migrationsAfter).toEqual(migrationsBefore);
    });

    it('neither re-activates nor deletes catalogue rows an operator deactivated', async () => {
      const client = new pg.Client({ connectionString: database.connectionString });
      await client.connect();
      try {
        await client.query("update service_categories set is_active = false where name = 'Cloud Solutions'");
        await client.query("insert into technologies (name) values ('Operator Added Technology')");
      } finally {
        await client.end();
      }
      await prepareDatabase(database.connectionString, { seedDemo: false });
      const rows = await queryOnce<{ inactive: boolean; added: number }>(
        database.connectionString,
        `select (select not is_active from service_categories where name = 'Cloud Solutions') as inactive,
                (select count(*)::int from technologies where name = 'Operator Added Technology') as added`,
      );
      expect(rows[0]).toEqual({ inactive: true, added: 1 });
    });
  });

  describe('with demo data', () => {
    let database: { connectionString: string; drop(): Promise<void> };
    beforeAll(async () => {
      database = await createTestDatabase({ empty: true });
    });
    afterAll(() => database.drop());

    it('fills an empty database with users of every role, teams, published packages and a year of orders', async () => {
      const uploads = await mkdtemp(join(tmpdir(), 'teamhire-demo-images-'));
      const storage = createStorage({ uploadsDir: uploads, storage: { driver: 'local' } });
      expect(await prepareDatabase(database.connectionString, { seedDemo: true, storage })).toEqual({
        demoSeeded: true,
      });

      // Every team has a logo and every package one to three pictures, stored at their sizes.
      const [images] = await queryOnce<{
        teams_without_logo: number;
        packages_without_images: number;
        most: number;
      }>(
        database.connectionString,
        `select (select count(*)::int from teams where logo_image_id is null) as teams_without_logo,
                (select count(*)::int from service_packages p where not exists
                  (select 1 from package_images i where i.package_id = p.id)) as packages_without_images,
                (select coalesce(max(c), 0)::int from (select count(*) as c from package_images group by package_id) as counts) as most`,
      );
      expect(images).toEqual({
        teams_without_logo: 0,
        packages_without_images: 0,
        most: expect.any(Number) as number,
      });
      expect(images!.most).toBeLessThanOrEqual(3);
      const [someImage] = await queryOnce<{ id: string; widths: number[] }>(
        database.connectionString,
        'select id, widths from package_images limit 1',
      );
      expect(someImage!.widths).toEqual([400, 800]);
      expect(await storage.exists(`images/${someImage!.id}/800.webp`)).toBeDefined();
      await rm(uploads, { recursive: true, force: true });

      const roles = await queryOnce<{ role: string; count: number }>(
        database.connectionString,
        'select role::text, count(*)::int as count from users group by role order by role',
      );
      expect(roles.map((row) => row.role).sort()).toEqual([
        'BUYER',
        'GENERAL_ADMIN',
        'SELLER',
        'TEAM_ADMIN',
        'USER',
      ]);
      expect(roles.reduce((sum, row) => sum + row.count, 0)).toBe(DEMO_USERS.length);

      const [counts] = await queryOnce<{
        teams: number;
        published: number;
        admins_are_members: boolean;
        payments_match: boolean;
      }>(
        database.connectionString,
        `select (select count(*)::int from teams) as teams,
                (select count(*)::int from service_packages where status = 'published') as published,
                (select bool_and(exists (select 1 from team_members m where m.team_id = t.id and m.user_id = t.admin_id and m.role = 'admin')) from teams t) as admins_are_members,
                (select count(*) = (select count(*) from orders) from payments) as payments_match`,
      );
      expect(counts!.teams).toBeGreaterThan(0);
      expect(counts!.published).toBeGreaterThan(0);
      expect(counts!.admins_are_members).toBe(true);
      expect(counts!.payments_match).toBe(true);

      const [months] = await queryOnce<{ months_with_completed: number; completed_in_future: number }>(
        database.connectionString,
        `select count(distinct date_trunc('month', completed_at at time zone 'UTC'))::int as months_with_completed,
                (select count(*)::int from orders where completed_at > now()) as completed_in_future
         from orders
         where status = 'completed'
           and completed_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '11 months'`,
      );
      expect(months!.months_with_completed).toBeGreaterThanOrEqual(10);
      expect(months!.completed_in_future).toBe(0);

      const [running] = await queryOnce<{ count: number }>(
        database.connectionString,
        "select count(*)::int as count from orders where status in ('confirmed', 'in_progress')",
      );
      expect(running!.count).toBeGreaterThan(0);

      // The ledger tells the same story: every transaction balances and escrow holds the running orders.
      const [ledger] = await queryOnce<{ unbalanced: number; escrow: number; held: number }>(
        database.connectionString,
        `select (select count(*)::int from (select transaction_id from ledger_entries group by transaction_id
                  having sum(amount_cents) <> 0) as t) as unbalanced,
                (select coalesce(sum(e.amount_cents), 0)::int from ledger_entries e
                  join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow') as escrow,
                (select coalesce(sum(p.amount_cents - p.refunded_cents), 0)::int from payments p
                  join orders o on o.id = p.order_id
                  where p.status = 'completed' and o.status in ('confirmed', 'in_progress', 'delivered', 'disputed')) as held`,
      );
      expect(ledger!.unbalanced).toBe(0);
      expect(ledger!.held).toBeGreaterThan(0);
      expect(ledger!.escrow).toBe(ledger!.held);
    });

    it('does not seed demo data twice', async () => {
      const counts = () =>
        queryOnce<{ users: number; teams: number; orders: number }>(
          database.connectionString,
          `select (select count(*)::int from users) as users, (select count(*)::int from teams) as teams,
                  (select count(*)::int from orders) as orders`,
        );
      const before = await counts();
      expect(await prepareDatabase(database.connectionString, { seedDemo: true })).toEqual({
        demoSeeded: false,
      });
      expect(await counts()).toEqual(before);
    });
  });
});
