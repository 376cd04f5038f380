import type { QueryResultRow } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Team, TeamApplication, TeamDetail, TeamList } from '@teamhire/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { activityActions, createSignedInUser, requester, type SignedInUser } from '../../../test/users';

interface ErrorBody {
  detail: string;
  errors?: { path: string; message: string }[];
}
type Named = { id: number; name: string };
interface Catalogue {
  category: Named;
  otherCategory: Named;
  /** Two project types of `category`, and one of `otherCategory`. */
  type: Named;
  secondType: Named;
  otherCategoryType: Named;
  /** A sub-type of `type`, and one of `secondType`. */
  subType: Named;
  secondTypeSubType: Named;
  technology: Record<string, number>;
}

describe('teams', () => {
  let context: TestContext;
  let catalogue: Catalogue;
  /** A verified team admin who owns most teams here, and another who owns none of them. */
  let admin: SignedInUser;
  let otherAdmin: SignedInUser;
  let buyer: SignedInUser;
  let teamCounter = 0;

  beforeAll(async () => {
    context = await createTestApp();
    const query = async <Row extends QueryResultRow>(text: string, values: unknown[] = []) =>
      (await context.database.pool.query<Row>(text, values)).rows;
    const categories = await query<Named>(
      `select c.id, c.name from service_categories c
        where c.is_active and (select count(*) from project_types t where t.service_category_id = c.id) >= 2
        order by c.id limit 2`,
    );
    const [category, otherCategory] = categories;
    const types = await query<Named>(
      `select t.id, t.name from project_types t
        where t.service_category_id = $1
          and exists (select 1 from project_sub_types s where s.project_type_id = t.id)
        order by t.id limit 2`,
      [category!.id],
    );
    const [otherCategoryType] = await query<Named>(
      'select id, name from project_types where service_category_id = $1 order by id limit 1',
      [otherCategory!.id],
    );
    const subTypeOf = async (typeId: number) =>
      (
        await query<Named>(
          'select id, name from project_sub_types where project_type_id = $1 order by id limit 1',
          [typeId],
        )
      )[0]!;
    const technologyRows = await query<Named>(
      'select id, name from technologies where is_active order by id',
    );
    catalogue = {
      category: category!,
      otherCategory: otherCategory!,
      type: types[0]!,
      secondType: types[1]!,
      otherCategoryType: otherCategoryType!,
      subType: await subTypeOf(types[0]!.id),
      secondTypeSubType: await subTypeOf(types[1]!.id),
      technology: Object.fromEntries(technologyRows.map((row) => [row.name, row.id])),
    };
    for (const name of ['React', 'Vue.js', 'Next.js', 'TypeScript']) {
      expect(catalogue.technology[name], `technology ${name} in the reference catalogue`).toBeDefined();
    }
    admin = await createSignedInUser(context, {
      role: 'TEAM_ADMIN',
      isVerified: true,
      fullName: 'Ada Admin',
    });
    otherAdmin = await createSignedInUser(context, { role: 'TEAM_ADMIN', isVerified: true });
    buyer = await createSignedInUser(context, { role: 'BUYER' });
  });
  afterAll(() => context.close());

  const tech = (name: string) => catalogue.technology[name]!;
  const seller = (fullName?: string) => createSignedInUser(context, { role: 'SELLER', fullName });

  function teamPayload(overrides: Record<string, unknown> = {}) {
    teamCounter += 1;
    return {
      name: `Team number ${teamCounter}`,
      description: 'We build things that work.',
      service_category_id: catalogue.category.id,
      project_type_id: catalogue.type.id,
      projects_sub_types_id: catalogue.subType.id,
      technology_ids: [tech('React'), tech('TypeScript')],
      max_members: 5,
      ...overrides,
    };
  }

  function postTeam(actor: SignedInUser | undefined, payload: object) {
    return context.app.inject({ method: 'POST', url: '/api/teams', headers: actor?.headers, payload });
  }

  async function createTeam(
    owner: SignedInUser = admin,
    overrides: Record<string, unknown> = {},
  ): Promise<Team> {
    const response = await postTeam(owner, teamPayload(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Team>();
  }

  const request = requester(() => context);

  async function getTeam(id: number): Promise<TeamDetail> {
    const response = await request('GET', `/api/teams/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamDetail>();
  }

  async function listTeams(query: string): Promise<TeamList> {
    const response = await request('GET', `/api/teams?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TeamList>();
  }

  const apply = (actor: SignedInUser, teamId: number, message?: string | null) =>
    request('POST', '/api/teams/apply', actor, { team_id: teamId, application_message: message });

  async function applied(actor: SignedInUser, teamId: number, message?: string): Promise<TeamApplication> {
    const response = await apply(actor, teamId, message);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TeamApplication>();
  }

  const decide = (actor: SignedInUser, applicationId: number, payload: object) =>
    request('PUT', `/api/team-memberships/${applicationId}`, actor, payload);

  /** A new seller who joined the team through an approved application. */
  async function addMember(team: Team, owner: SignedInUser = admin): Promise<SignedInUser> {
    const member = await seller();
    const application = await applied(member, team.id);
    const response = await decide(owner, application.id, {
      status: 'approved',
      response_message: 'Welcome!',
    });
    expect(response.statusCode, response.body).toBe(200);
    return member;
  }

  function updatePayload(team: Team, overrides: Record<string, unknown> = {}) {
    return {
      name: team.name,
      description: team.description,
      service_category_id: team.service_category_id,
      project_type_id: team.project_type_id,
      projects_sub_types_id: team.projects_sub_types_id,
      technology_ids: team.technologies.map((technology) => technology.id),
      max_members: team.max_members,
      is_active: team.is_active,
      ...overrides,
    };
  }

  async function storedTeam(id: number) {
    const result = await context.database.pool.query<{
      member_count: number;
      max_members: number;
      is_active: boolean;
    }>('select member_count, max_members, is_active from teams where id = $1', [id]);
    return result.rows[0];
  }

  async function memberIds(teamId: number): Promise<number[]> {
    const result = await context.database.pool.query<{ user_id: number }>(
      'select user_id from team_members where team_id = $1 order by user_id',
      [teamId],
    );
    return result.rows.map((row) => row.user_id);
  }

  async function applicationStatus(id: number) {
    const result = await context.database.pool.query<{ status: string }>(
      'select status from team_applications where id = $1',
      [id],
    );
    return result.rows[0]?.status;
  }

  async function teamCount(): Promise<number> {
    const result = await context.database.pool.query<{ count: number }>(
      'select count(*)::int as count from teams',
    );
    return result.rows[0]!.count;
  }

  async function insertPackage(
    teamId: number,
    priceCents: number,
    status: 'draft' | 'published' | 'unpublished',
  ) {
    const result = await context.database.pool.query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, status)
       values ($1, 'A package', 'What it does', $2, 10, $3) returning id`,
      [teamId, priceCents, status],
    );
    return result.rows[0]!.id;
  }

  async function insertOrder(teamId: number, packageId: number, status: string): Promise<number> {
    const result = await context.database.pool.query<{ id: number }>(
      `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, completed_at)
       values ($1, $2, $3, $4::order_status, 10000, case when $4::order_status = 'completed' then now() end) returning id`,
      [buyer.id, packageId, teamId, status],
    );
    return result.rows[0]!.id;
  }

  async function insertReview(orderId: number, teamId: number, packageId: number, rating: number) {
    await context.database.pool.query(
      `insert into reviews (order_id, buyer_id, team_id, service_package_id, rating) values ($1, $2, $3, $4, $5)`,
      [orderId, buyer.id, teamId, packageId, rating],
    );
  }

  describe('POST /api/teams', () => {
    it('lets a verified team admin create a team: 201 with every field, the admin its first member', async () => {
      const payload = teamPayload({
        name: '  Pixel Forge  ',
        technology_ids: [tech('TypeScript'), tech('React'), tech('React')],
        max_members: 7,
      });
      const response = await postTeam(admin, payload);
      expect(response.statusCode, response.body).toBe(201);
      const team = response.json<Team>();
      const technologies = [
        { id: tech('React'), name: 'React' },
        { id: tech('TypeScript'), name: 'TypeScript' },
      ].sort((a, b) => a.name.localeCompare(b.name));
      expect(team).toEqual({
        id: expect.any(Number) as number,
        name: 'Pixel Forge',
        description: 'We build things that work.',
        logo: null,
        member_count: 1,
        max_members: 7,
        is_active: true,
        availability: 'available',
        service_category_id: catalogue.category.id,
        service_category: catalogue.category,
        project_type_id: catalogue.type.id,
        project_type: catalogue.type,
        projects_sub_types_id: catalogue.subType.id,
        project_sub_type: catalogue.subType,
        technologies,
        admin_id: admin.id,
        admin: { id: admin.id, username: admin.username, profile_picture_url: null },
        lowest_package_price: null,
        team_metrics: { total_completed_projects: 0, avg_reviews: 0, total_reviews: 0 },
        created_at: expect.any(String) as string,
      });
      expect(Math.abs(Date.parse(team.created_at) - Date.now())).toBeLessThan(60_000);
      expect(await memberIds(team.id)).toEqual([admin.id]);
      const detail = await getTeam(team.id);
      expect(detail).toEqual({
        ...team,
        members: [
          {
            id: admin.id,
            username: admin.username,
            full_name: 'Ada Admin',
            profile_picture_url: null,
            role: 'admin',
            joined_at: expect.any(String) as string,
          },
        ],
      });
      expect(await activityActions(context, admin.id)).toContain('team.created');
    });

    it('defaults max_members to 10 and accepts a team without type, sub-type, technologies or description', async () => {
      const response = await postTeam(admin, {
        name: 'Minimal Team',
        service_category_id: catalogue.category.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<Team>()).toMatchObject({
        max_members: 10,
        description: null,
        project_type_id: null,
        project_type: null,
        projects_sub_types_id: null,
        project_sub_type: null,
        technologies: [],
      });
    });

    it.each([
      ['an unverified team admin', { role: 'TEAM_ADMIN', isVerified: false }],
      ['a verified seller', { role: 'SELLER', isVerified: true }],
      ['a buyer', { role: 'BUYER', isVerified: true }],
      ['a user', { role: 'USER', isVerified: true }],
    ] as const)('refuses %s with 403 and stores nothing', async (_label, options) => {
      const actor = await createSignedInUser(context, options);
      const before = await teamCount();
      const response = await postTeam(actor, teamPayload());
      expect(response.statusCode, response.body).toBe(403);
      expect(await teamCount()).toBe(before);
    });

    it('refuses a visitor with 401', async () => {
      expect((await postTeam(undefined, teamPayload())).statusCode).toBe(401);
    });

    it.each([
      ['no name', { name: undefined }, 'Team name is required'],
      ['an empty name', { name: '' }, 'Team name is required'],
      ['a blank name', { name: '    ' }, 'Team name is required'],
      ['a name of two characters', { name: 'ab' }, 'Team name must be at least 3 characters'],
      [
        'a name of two characters once trimmed',
        { name: '  ab  ' },
        'Team name must be at least 3 characters',
      ],
      ['a size of 1', { max_members: 1 }, 'Team size must be between 2 and 100 members'],
      ['a size of 101', { max_members: 101 }, 'Team size must be between 2 and 100 members'],
      ['a size of 2.5', { max_members: 2.5 }, 'Team size must be between 2 and 100 members'],
      ['a size given as text', { max_members: '5' }, 'Team size must be between 2 and 100 members'],
    ])('refuses %s with 422 and its message', async (_label, overrides, detail) => {
      const before = await teamCount();
      const response = await postTeam(admin, teamPayload(overrides));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().detail).toBe(detail);
      expect(await teamCount()).toBe(before);
    });

    it.each([2, 100])('accepts a size of %i', async (size) => {
      expect((await createTeam(admin, { max_members: size })).max_members).toBe(size);
    });

    it('refuses an unknown field', async () => {
      const response = await postTeam(admin, teamPayload({ member_count: 50 }));
      expect(response.statusCode, response.body).toBe(422);
    });

    it.each<[string, () => Record<string, unknown>, string]>([
      [
        'an unknown category',
        () => ({ service_category_id: 999_999, project_type_id: null, projects_sub_types_id: null }),
        'body.service_category_id',
      ],
      [
        'a project type of another category',
        () => ({ project_type_id: catalogue.otherCategoryType.id, projects_sub_types_id: null }),
        'body.project_type_id',
      ],
      [
        'an unknown project type',
        () => ({ project_type_id: 999_999, projects_sub_types_id: null }),
        'body.project_type_id',
      ],
      [
        'a sub-type of another project type',
        () => ({ projects_sub_types_id: catalogue.secondTypeSubType.id }),
        'body.projects_sub_types_id',
      ],
      [
        'a sub-type without a project type',
        () => ({ project_type_id: null, projects_sub_types_id: catalogue.subType.id }),
        'body.projects_sub_types_id',
      ],
      ['an unknown sub-type', () => ({ projects_sub_types_id: 999_999 }), 'body.projects_sub_types_id'],
      ['an unknown technology', () => ({ technology_ids: [tech('React'), 999_999] }), 'body.technology_ids'],
    ])('refuses %s with 422 and stores nothing', async (_label, overrides, path) => {
      const before = await teamCount();
      const response = await postTeam(admin, teamPayload(overrides()));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors?.map((error) => error.path)).toContain(path);
      expect(await teamCount()).toBe(before);
    });
  });

  it('refuses a project type or sub-type that has been deactivated', async () => {
    const pool = context.database.pool;
    await pool.query('update project_sub_types set is_active = false where id = $1', [catalogue.subType.id]);
    try {
      const response = await postTeam(admin, teamPayload());
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors?.map((error) => error.path)).toContain(
        'body.projects_sub_types_id',
      );
    } finally {
      await pool.query('update project_sub_types set is_active = true where id = $1', [catalogue.subType.id]);
    }
    await pool.query('update project_types set is_active = false where id = $1', [catalogue.type.id]);
    try {
      const response = await postTeam(admin, teamPayload());
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors?.map((error) => error.path)).toContain('body.project_type_id');
    } finally {
      await pool.query('update project_types set is_active = true where id = $1', [catalogue.type.id]);
    }
  });

  describe('GET /api/teams', () => {
    it('is public and answers the page with its total', async () => {
      const response = await request('GET', '/api/teams');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<TeamList>();
      expect(body).toMatchObject({ skip: 0, limit: 50 });
      expect(body.total).toBe(await teamCount());
    });

    it('searches by name without regard to case, taking % and _ literally', async () => {
      const percent = await createTeam(admin, { name: 'Searchy 100% Crew' });
      const underscore = await createTeam(admin, { name: 'Searchy_Under Crew' });
      const plain = await createTeam(admin, { name: 'SearchyXUnder Crew' });
      const ids = async (search: string) =>
        (await listTeams(`search=${encodeURIComponent(search)}`)).items.map((team) => team.id).sort();

      expect(await ids('searchy')).toEqual([percent.id, underscore.id, plain.id].sort());
      expect(await ids('SEARCHY 100')).toEqual([percent.id]);
      expect(await ids('%')).toEqual([percent.id]);
      expect(await ids('y_u')).toEqual([underscore.id]);
      expect(await ids('searchy_')).toEqual([underscore.id]);
      expect(await ids('no such team anywhere')).toEqual([]);
      const list = await listTeams('search=Searchy');
      expect(list.total).toBe(3);
    });

    it('filters by category, project types (any of), sub-type and technologies (at least one of)', async () => {
      const reactOnly = await createTeam(admin, { name: 'Filterzz React', technology_ids: [tech('React')] });
      const vueOnly = await createTeam(admin, {
        name: 'Filterzz Vue',
        project_type_id: catalogue.secondType.id,
        projects_sub_types_id: catalogue.secondTypeSubType.id,
        technology_ids: [tech('Vue.js')],
      });
      const both = await createTeam(admin, {
        name: 'Filterzz Both',
        projects_sub_types_id: null,
        technology_ids: [tech('React'), tech('Vue.js')],
      });
      const none = await createTeam(admin, {
        name: 'Filterzz Other',
        service_category_id: catalogue.otherCategory.id,
        project_type_id: catalogue.otherCategoryType.id,
        projects_sub_types_id: null,
        technology_ids: [],
      });
      const ids = async (filters: string) =>
        (await listTeams(`search=Filterzz&${filters}`)).items.map((team) => team.id).sort();
      const sorted = (...teams: Team[]) => teams.map((team) => team.id).sort();

      expect(await ids(`service_category_id=${catalogue.category.id}`)).toEqual(
        sorted(reactOnly, vueOnly, both),
      );
      expect(await ids(`service_category_id=${catalogue.otherCategory.id}`)).toEqual(sorted(none));
      expect(await ids(`project_type_ids=${catalogue.type.id}`)).toEqual(sorted(reactOnly, both));
      expect(await ids(`project_type_ids=${catalogue.type.id},${catalogue.secondType.id}`)).toEqual(
        sorted(reactOnly, vueOnly, both),
      );
      expect(await ids(`project_sub_type_id=${catalogue.subType.id}`)).toEqual(sorted(reactOnly));
      expect(await ids(`technology_ids=${tech('React')}`)).toEqual(sorted(reactOnly, both));
      expect(await ids(`technology_ids=${tech('React')},${tech('Vue.js')}`)).toEqual(
        sorted(reactOnly, vueOnly, both),
      );
      expect(await ids(`technology_ids=${tech('Next.js')}`)).toEqual([]);
      expect(
        await ids(
          `service_category_id=${catalogue.category.id}&project_type_ids=${catalogue.type.id}&technology_ids=${tech('Vue.js')}`,
        ),
      ).toEqual(sorted(both));
      expect((await listTeams(`search=Filterzz&technology_ids=${tech('React')}`)).total).toBe(2);

      for (const query of [
        'technology_ids=abc',
        'project_type_ids=1,,2',
        'service_category_id=0',
        'sort=cheapest',
      ]) {
        expect((await request('GET', `/api/teams?${query}`)).statusCode, query).toBe(422);
      }
    });

    it('leaves inactive teams out with active_only=true', async () => {
      const active = await createTeam(admin, { name: 'Activezz On' });
      const inactive = await createTeam(admin, { name: 'Activezz Off' });
      const update = await request(
        'PUT',
        `/api/teams/${inactive.id}`,
        admin,
        updatePayload(inactive, { is_active: false }),
      );
      expect(update.statusCode, update.body).toBe(200);
      const ids = async (query: string) => (await listTeams(query)).items.map((team) => team.id).sort();
      expect(await ids('search=Activezz&active_only=true')).toEqual([active.id]);
      expect(await ids('search=Activezz&active_only=false')).toEqual([active.id, inactive.id].sort());
      expect(await ids('search=Activezz')).toEqual([active.id, inactive.id].sort());
    });

    it('pages with skip and limit and reports the total of all matches', async () => {
      const created: Team[] = [];
      for (let index = 0; index < 5; index += 1)
        created.push(await createTeam(admin, { name: `Pagezz ${index}` }));
      const first = await listTeams('search=Pagezz&limit=2');
      const second = await listTeams('search=Pagezz&limit=2&skip=2');
      const third = await listTeams('search=Pagezz&limit=2&skip=4');
      expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
      expect([first.items.length, second.items.length, third.items.length]).toEqual([2, 2, 1]);
      expect(first).toMatchObject({ skip: 0, limit: 2 });
      // Newest first by default.
      expect([...first.items, ...second.items, ...third.items].map((team) => team.id)).toEqual(
        created.map((team) => team.id).reverse(),
      );
      expect((await listTeams('search=Pagezz&skip=10')).items).toEqual([]);
      expect((await request('GET', '/api/teams?limit=101')).statusCode).toBe(422);
    });

    describe('with orders, reviews and packages', () => {
      let alpha: Team;
      let bravo: Team;
      let charlie: Team;

      beforeAll(async () => {
        alpha = await createTeam(admin, { name: 'Sortzz Alpha' });
        bravo = await createTeam(admin, { name: 'Sortzz Bravo' });
        charlie = await createTeam(otherAdmin, { name: 'Sortzz Charlie' });

        // Alpha: 3 completed orders rated 4, 4 and 5; cheapest published package $99.50.
        const alphaPackage = await insertPackage(alpha.id, 25_000, 'published');
        await insertPackage(alpha.id, 9_950, 'published');
        await insertPackage(alpha.id, 1_000, 'draft');
        for (const rating of [4, 4, 5]) {
          const order = await insertOrder(alpha.id, alphaPackage, 'completed');
          await insertReview(order, alpha.id, alphaPackage, rating);
        }
        // Bravo: 1 completed order rated 5, one cancelled and one refunded; cheapest published $250.
        const bravoPackage = await insertPackage(bravo.id, 25_000, 'published');
        await insertPackage(bravo.id, 5_000, 'unpublished');
        const bravoOrder = await insertOrder(bravo.id, bravoPackage, 'completed');
        await insertReview(bravoOrder, bravo.id, bravoPackage, 5);
        await insertOrder(bravo.id, bravoPackage, 'cancelled');
        await insertOrder(bravo.id, bravoPackage, 'refunded');
        // Charlie: 2 completed orders without reviews; no published package.
        const charliePackage = await insertPackage(charlie.id, 500, 'draft');
        await insertOrder(charlie.id, charliePackage, 'completed');
        await insertOrder(charlie.id, charliePackage, 'completed');
      });

      const names = async (sort: string) =>
        (await listTeams(`search=Sortzz&sort=${sort}`)).items.map((team) => team.name);

      it('sorts by rating, by completed projects, by lowest rate, and newest first by default', async () => {
        expect(await names('rating')).toEqual(['Sortzz Bravo', 'Sortzz Alpha', 'Sortzz Charlie']);
        expect(await names('projects')).toEqual(['Sortzz Alpha', 'Sortzz Charlie', 'Sortzz Bravo']);
        expect(await names('rate')).toEqual(['Sortzz Alpha', 'Sortzz Bravo', 'Sortzz Charlie']);
        expect(await names('newest')).toEqual(['Sortzz Charlie', 'Sortzz Bravo', 'Sortzz Alpha']);
        const unsorted = (await listTeams('search=Sortzz')).items.map((team) => team.name);
        expect(unsorted).toEqual(['Sortzz Charlie', 'Sortzz Bravo', 'Sortzz Alpha']);
      });

      it('computes team_metrics and lowest_package_price from the rows, as SQL does independently', async () => {
        const list = await listTeams('search=Sortzz');
        const byName = Object.fromEntries(list.items.map((team) => [team.name, team]));
        expect(byName['Sortzz Alpha']).toMatchObject({
          team_metrics: { total_completed_projects: 3, avg_reviews: 4.3, total_reviews: 3 },
          lowest_package_price: 99.5,
        });
        expect(byName['Sortzz Bravo']).toMatchObject({
          team_metrics: { total_completed_projects: 1, avg_reviews: 5, total_reviews: 1 },
          lowest_package_price: 250,
        });
        expect(byName['Sortzz Charlie']).toMatchObject({
          team_metrics: { total_completed_projects: 2, avg_reviews: 0, total_reviews: 0 },
          lowest_package_price: null,
        });

        const expected = await context.database.pool.query<{
          id: number;
          completed: number;
          reviews: number;
          average: string | null;
          lowest: number | null;
        }>(
          `select t.id,
                  (select count(*)::int from orders o where o.team_id = t.id and o.status = 'completed') as completed,
                  (select count(*)::int from reviews r where r.team_id = t.id) as reviews,
                  (select avg(r.rating)::text from reviews r where r.team_id = t.id) as average,
                  (select min(p.price_cents) from service_packages p where p.team_id = t.id and p.status = 'published') as lowest
             from teams t where t.id = any($1::int[])`,
          [[alpha.id, bravo.id, charlie.id]],
        );
        for (const row of expected.rows) {
          const team = list.items.find((item) => item.id === row.id)!;
          expect(team.team_metrics).toEqual({
            total_completed_projects: row.completed,
            avg_reviews: row.average === null ? 0 : Math.round(Number(row.average) * 10) / 10,
            total_reviews: row.reviews,
          });
          expect(team.lowest_package_price).toBe(row.lowest === null ? null : row.lowest / 100);
        }
        // The detail and the admin's own list show the same numbers.
        expect((await getTeam(alpha.id)).team_metrics).toEqual(byName['Sortzz Alpha']!.team_metrics);
        const mine = await request('GET', '/api/teams/my-teams', admin);
        const mineAlpha = mine.json<Team[]>().find((team) => team.id === alpha.id)!;
        expect(mineAlpha.team_metrics).toEqual(byName['Sortzz Alpha']!.team_metrics);
      });
    });

    describe('availability', () => {
      it('is available with free places and few running orders', async () => {
        const team = await createTeam(admin);
        expect(team.availability).toBe('available');
        expect((await getTeam(team.id)).availability).toBe('available');
      });

      it('is busy when the team is full', async () => {
        const team = await createTeam(admin, { name: 'Fullzz Team', max_members: 2 });
        await addMember(team);
        expect((await getTeam(team.id)).availability).toBe('busy');
        expect((await listTeams('search=Fullzz')).items[0]!.availability).toBe('busy');
      });

      it('is busy with 3 running orders per member, and available below that', async () => {
        const team = await createTeam(admin, { max_members: 5 });
        const packageId = await insertPackage(team.id, 10_000, 'published');
        await insertOrder(team.id, packageId, 'confirmed');
        await insertOrder(team.id, packageId, 'in_progress');
        // Finished and cancelled orders take no capacity.
        await insertOrder(team.id, packageId, 'completed');
        await insertOrder(team.id, packageId, 'cancelled');
        expect((await getTeam(team.id)).availability).toBe('available');
        await insertOrder(team.id, packageId, 'confirmed');
        expect((await getTeam(team.id)).availability).toBe('busy');
        // A second member doubles the capacity.
        await addMember(team);
        expect((await getTeam(team.id)).availability).toBe('available');
        for (let index = 0; index < 3; index += 1) await insertOrder(team.id, packageId, 'in_progress');
        expect((await getTeam(team.id)).availability).toBe('busy');
      });

      it('is unavailable when the team is inactive', async () => {
        const team = await createTeam(admin);
        const response = await request(
          'PUT',
          `/api/teams/${team.id}`,
          admin,
          updatePayload(team, { is_active: false }),
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<Team>()).toMatchObject({ is_active: false, availability: 'unavailable' });
        expect((await getTeam(team.id)).availability).toBe('unavailable');
      });
    });
  });

  describe('GET /api/teams/my-teams and /api/teams/member-teams', () => {
    it('lists the teams the caller administers, newest first', async () => {
      const admin2 = await createSignedInUser(context, { role: 'TEAM_ADMIN', isVerified: true });
      const first = await createTeam(admin2);
      const second = await createTeam(admin2);
      await createTeam(otherAdmin);
      const response = await request('GET', '/api/teams/my-teams', admin2);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Team[]>().map((team) => team.id)).toEqual([second.id, first.id]);
      // The admin is not a "member" of their own teams.
      expect((await request('GET', '/api/teams/member-teams', admin2)).json()).toEqual([]);
    });

    it('lists the teams the caller joined as a member', async () => {
      const team = await createTeam(admin);
      const otherTeam = await createTeam(otherAdmin);
      const member = await addMember(team);
      await applied(member, otherTeam.id);
      const response = await request('GET', '/api/teams/member-teams', member);
      expect(response.statusCode, response.body).toBe(200);
      // A pending application is not membership.
      expect(response.json<Team[]>().map((item) => item.id)).toEqual([team.id]);
      expect((await request('GET', '/api/teams/my-teams', member)).json()).toEqual([]);
    });

    it('refuses a visitor with 401', async () => {
      expect((await request('GET', '/api/teams/my-teams')).statusCode).toBe(401);
      expect((await request('GET', '/api/teams/member-teams')).statusCode).toBe(401);
    });
  });

  describe('GET /api/teams/{id}', () => {
    it('shows the team with its members, admin first, and no email anywhere', async () => {
      const team = await createTeam(admin);
      const member = await addMember(team);
      const response = await request('GET', `/api/teams/${team.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = response.json<TeamDetail>();
      expect(detail.member_count).toBe(2);
      expect(detail.members.map((item) => [item.id, item.role])).toEqual([
        [admin.id, 'admin'],
        [member.id, 'member'],
      ]);
      expect(response.body).not.toMatch(/email/i);
      expect(response.body).not.toContain('@example.com');
      const list = await request('GET', '/api/teams');
      expect(list.body).not.toMatch(/email/i);
      expect(list.body).not.toContain('@example.com');
    });

    it('answers 404 for an unknown team and 422 for a malformed id', async () => {
      const response = await request('GET', '/api/teams/2000000000');
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', detail: 'Team not found' });
      expect((await request('GET', '/api/teams/abc')).statusCode).toBe(422);
    });
  });

  describe('PUT /api/teams/{id}', () => {
    it('lets its admin change every field; the technologies are replaced', async () => {
      const team = await createTeam(admin);
      const payload = updatePayload(team, {
        name: 'Renamed Team',
        description: 'Now with more Vue.',
        project_type_id: catalogue.secondType.id,
        projects_sub_types_id: catalogue.secondTypeSubType.id,
        technology_ids: [tech('Vue.js')],
        max_members: 12,
      });
      const response = await request('PUT', `/api/teams/${team.id}`, admin, payload);
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<Team>();
      expect(updated).toEqual({
        ...team,
        name: 'Renamed Team',
        description: 'Now with more Vue.',
        project_type_id: catalogue.secondType.id,
        project_type: catalogue.secondType,
        projects_sub_types_id: catalogue.secondTypeSubType.id,
        project_sub_type: catalogue.secondTypeSubType,
        technologies: [{ id: tech('Vue.js'), name: 'Vue.js' }],
        max_members: 12,
      });
      expect(await getTeam(team.id)).toMatchObject({
        name: 'Renamed Team',
        technologies: updated.technologies,
      });
      expect(await activityActions(context, admin.id)).toContain('team.updated');
    });

    it('refuses another team admin and a member with 403, and changes nothing', async () => {
      const team = await createTeam(admin);
      const member = await addMember(team);
      const before = await getTeam(team.id);
      for (const actor of [otherAdmin, member, buyer]) {
        const response = await request(
          'PUT',
          `/api/teams/${team.id}`,
          actor,
          updatePayload(team, { name: 'Hijacked', is_active: false, max_members: 100 }),
        );
        expect(response.statusCode, response.body).toBe(403);
      }
      expect(await getTeam(team.id)).toEqual(before);
      expect(await activityActions(context, otherAdmin.id)).not.toContain('team.updated');
    });

    it('allows 1 to 100 members but never fewer than the current member count', async () => {
      const team = await createTeam(admin, { max_members: 5 });
      for (const size of [0, 101]) {
        const response = await request(
          'PUT',
          `/api/teams/${team.id}`,
          admin,
          updatePayload(team, { max_members: size }),
        );
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json<ErrorBody>().detail).toBe('Team size must be between 1 and 100 members');
      }
      for (const size of [1, 100]) {
        const response = await request(
          'PUT',
          `/api/teams/${team.id}`,
          admin,
          updatePayload(team, { max_members: size }),
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<Team>().max_members).toBe(size);
      }
      await addMember(team);
      const below = await request(
        'PUT',
        `/api/teams/${team.id}`,
        admin,
        updatePayload(team, { max_members: 1 }),
      );
      expect(below.statusCode, below.body).toBe(422);
      expect(below.json<ErrorBody>().errors?.[0]?.path).toBe('body.max_members');
      expect(await storedTeam(team.id)).toMatchObject({ member_count: 2, max_members: 100 });
      const equal = await request(
        'PUT',
        `/api/teams/${team.id}`,
        admin,
        updatePayload(team, { max_members: 2 }),
      );
      expect(equal.statusCode, equal.body).toBe(200);
      expect(equal.json<Team>()).toMatchObject({ max_members: 2, member_count: 2, availability: 'busy' });
    });

    it('checks the catalogue choice as creation does', async () => {
      const team = await createTeam(admin);
      const response = await request(
        'PUT',
        `/api/teams/${team.id}`,
        admin,
        updatePayload(team, { project_type_id: catalogue.otherCategoryType.id, projects_sub_types_id: null }),
      );
      expect(response.statusCode, response.body).toBe(422);
      expect((await getTeam(team.id)).project_type_id).toBe(catalogue.type.id);
    });

    it('answers 404 for an unknown team and 401 for a visitor', async () => {
      const team = await createTeam(admin);
      expect((await request('PUT', '/api/teams/2000000000', admin, updatePayload(team))).statusCode).toBe(
        404,
      );
      expect((await request('PUT', `/api/teams/${team.id}`, undefined, updatePayload(team))).statusCode).toBe(
        401,
      );
    });
  });

  describe('DELETE /api/teams/{id}', () => {
    it('lets its admin delete a team without orders: 204, then gone with its members and applications', async () => {
      const team = await createTeam(admin);
      await addMember(team);
      const applicant = await seller();
      await applied(applicant, team.id);
      const response = await request('DELETE', `/api/teams/${team.id}`, admin);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect((await request('GET', `/api/teams/${team.id}`)).statusCode).toBe(404);
      expect(await memberIds(team.id)).toEqual([]);
      const applications = await context.database.pool.query(
        'select 1 from team_applications where team_id = $1',
        [team.id],
      );
      expect(applications.rowCount).toBe(0);
      expect(await activityActions(context, admin.id)).toContain('team.deleted');
    });

    it('refuses a team with orders with 409 and keeps it', async () => {
      const team = await createTeam(admin);
      const packageId = await insertPackage(team.id, 10_000, 'published');
      await insertOrder(team.id, packageId, 'cancelled');
      const response = await request('DELETE', `/api/teams/${team.id}`, admin);
      expect(response.statusCode, response.body).toBe(409);
      expect(await storedTeam(team.id)).toBeDefined();
    });

    it('refuses another team admin and a member with 403', async () => {
      const team = await createTeam(admin);
      const member = await addMember(team);
      for (const actor of [otherAdmin, member]) {
        expect((await request('DELETE', `/api/teams/${team.id}`, actor)).statusCode).toBe(403);
      }
      expect(await storedTeam(team.id)).toBeDefined();
      expect((await request('DELETE', '/api/teams/2000000000', admin)).statusCode).toBe(404);
      expect((await request('DELETE', `/api/teams/${team.id}`)).statusCode).toBe(401);
    });
  });

  describe('DELETE /api/teams/{id}/members/{userId}', () => {
    it('lets its admin remove a member: 204, the count goes down, the member no longer belongs', async () => {
      const team = await createTeam(admin);
      const member = await addMember(team);
      const stays = await addMember(team);
      expect(await storedTeam(team.id)).toMatchObject({ member_count: 3 });
      const response = await request('DELETE', `/api/teams/${team.id}/members/${member.id}`, admin);
      expect(response.statusCode, response.body).toBe(204);
      expect(await storedTeam(team.id)).toMatchObject({ member_count: 2 });
      expect(await memberIds(team.id)).toEqual([admin.id, stays.id].sort((a, b) => a - b));
      expect((await getTeam(team.id)).members.map((item) => item.id)).not.toContain(member.id);
      expect((await request('GET', '/api/teams/member-teams', member)).json()).toEqual([]);
      expect(await activityActions(context, admin.id)).toContain('team.member_removed');
      expect(await activityActions(context, member.id)).toContain('team.removed');
    });

    it("refuses the admin of team A removing team B's member, and a member removing another", async () => {
      await createTeam(otherAdmin);
      const teamB = await createTeam(admin);
      const member = await addMember(teamB);
      const fellow = await addMember(teamB);
      for (const actor of [otherAdmin, fellow]) {
        const response = await request('DELETE', `/api/teams/${teamB.id}/members/${member.id}`, actor);
        expect(response.statusCode, response.body).toBe(403);
      }
      expect(await memberIds(teamB.id)).toContain(member.id);
      expect(await storedTeam(teamB.id)).toMatchObject({ member_count: 3 });
    });

    it('refuses removing the admin with 409, and a non-member with 404', async () => {
      const team = await createTeam(admin);
      const removeAdmin = await request('DELETE', `/api/teams/${team.id}/members/${admin.id}`, admin);
      expect(removeAdmin.statusCode, removeAdmin.body).toBe(409);
      const outsider = await seller();
      const removeOutsider = await request('DELETE', `/api/teams/${team.id}/members/${outsider.id}`, admin);
      expect(removeOutsider.statusCode, removeOutsider.body).toBe(404);
      expect(await storedTeam(team.id)).toMatchObject({ member_count: 1 });
      expect(await memberIds(team.id)).toEqual([admin.id]);
      expect(
        (await request('DELETE', `/api/teams/2000000000/members/${outsider.id}`, admin)).statusCode,
      ).toBe(404);
    });
  });

  describe('POST /api/teams/{id}/leave', () => {
    it('lets a member leave: 204 and the count goes down', async () => {
      const team = await createTeam(admin);
      const member = await addMember(team);
      const response = await request('POST', `/api/teams/${team.id}/leave`, member);
      expect(response.statusCode, response.body).toBe(204);
      expect(await storedTeam(team.id)).toMatchObject({ member_count: 1 });
      expect(await memberIds(team.id)).toEqual([admin.id]);
      expect(await activityActions(context, member.id)).toContain('team.left');
      // Leaving a second time: no longer a member.
      expect((await request('POST', `/api/teams/${team.id}/leave`, member)).statusCode).toBe(404);
    });

    it('refuses the admin with 409 and a non-member with 404', async () => {
      const team = await createTeam(admin);
      const response = await request('POST', `/api/teams/${team.id}/leave`, admin);
      expect(response.statusCode, response.body).toBe(409);
      expect(await memberIds(team.id)).toEqual([admin.id]);
      const outsider = await seller();
      expect((await request('POST', `/api/teams/${team.id}/leave`, outsider)).statusCode).toBe(404);
      expect((await request('POST', '/api/teams/2000000000/leave', outsider)).statusCode).toBe(404);
      expect(await storedTeam(team.id)).toMatchObject({ member_count: 1 });
    });
  });

  describe('applications', () => {
    describe('POST /api/teams/apply', () => {
      it('lets a seller apply: 201 with the pending application, an email to the admin, activity for both', async () => {
        const team = await createTeam(admin, { description: 'Applied to' });
        const applicant = await seller('Sam Seller');
        const response = await apply(applicant, team.id, '  I know React well.  ');
        expect(response.statusCode, response.body).toBe(201);
        const application = response.json<TeamApplication>();
        expect(application).toEqual({
          id: expect.any(Number) as number,
          team: { id: team.id, name: team.name, description: 'Applied to' },
          user: { id: applicant.id, username: applicant.username, full_name: 'Sam Seller' },
          application_message: 'I know React well.',
          applied_at: expect.any(String) as string,
          status: 'pending',
          response_message: null,
          responded_at: null,
        });
        expect(response.body).not.toMatch(/email/i);
        expect(await activityActions(context, applicant.id)).toEqual(['application.submitted']);
        expect(await activityActions(context, admin.id)).toContain('application.received');
        const emails = await context.database.pool.query<{ subject: string; text_body: string }>(
          'select subject, text_body from email_outbox where to_address = $1 and subject = $2',
          [admin.email, `New application to ${team.name}`],
        );
        expect(emails.rows).toHaveLength(1);
        expect(emails.rows[0]!.text_body).toContain(applicant.username);
        // Nothing about membership changes yet.
        expect(await memberIds(team.id)).toEqual([admin.id]);
      });

      it('stores an empty message as null', async () => {
        const team = await createTeam(admin);
        const application = await applied(await seller(), team.id, '');
        expect(application.application_message).toBeNull();
      });

      it.each([
        ['a buyer', { role: 'BUYER' }],
        ['a team admin', { role: 'TEAM_ADMIN', isVerified: true }],
        ['a general admin', { role: 'GENERAL_ADMIN', isVerified: true }],
      ] as const)('refuses %s with 403', async (_label, options) => {
        const team = await createTeam(admin);
        const actor = await createSignedInUser(context, options);
        const response = await apply(actor, team.id);
        expect(response.statusCode, response.body).toBe(403);
        const stored = await context.database.pool.query(
          'select 1 from team_applications where team_id = $1',
          [team.id],
        );
        expect(stored.rowCount).toBe(0);
      });

      it('refuses an inactive team with 409', async () => {
        const team = await createTeam(admin);
        const update = await request(
          'PUT',
          `/api/teams/${team.id}`,
          admin,
          updatePayload(team, { is_active: false }),
        );
        expect(update.statusCode, update.body).toBe(200);
        const response = await apply(await seller(), team.id);
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json<ErrorBody>().detail).toBe(
          'This team is inactive and does not accept applications',
        );
      });

      it('refuses a full team with 409', async () => {
        const team = await createTeam(admin, { max_members: 2 });
        await addMember(team);
        const response = await apply(await seller(), team.id);
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json<ErrorBody>().detail).toBe('This team is full');
      });

      it('refuses a seller who already belongs to the team with 409', async () => {
        const team = await createTeam(admin);
        const member = await addMember(team);
        const response = await apply(member, team.id);
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json<ErrorBody>().detail).toBe('You are already a member of this team');
      });

      it('refuses a second pending application to the same team with 409, also when both arrive at once', async () => {
        const team = await createTeam(admin);
        const applicant = await seller();
        await applied(applicant, team.id);
        const again = await apply(applicant, team.id);
        expect(again.statusCode, again.body).toBe(409);
        expect(again.json<ErrorBody>().detail).toBe('You already have a pending application for this team');

        const racer = await seller();
        const responses = await Promise.all([apply(racer, team.id, 'one'), apply(racer, team.id, 'two')]);
        expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
        const stored = await context.database.pool.query(
          'select 1 from team_applications where team_id = $1 and user_id = $2',
          [team.id, racer.id],
        );
        expect(stored.rowCount).toBe(1);
      });

      it('answers 404 for an unknown team, 422 for a malformed payload and 401 for a visitor', async () => {
        const applicant = await seller();
        const missing = await apply(applicant, 2_000_000_000);
        expect(missing.statusCode, missing.body).toBe(404);
        expect(missing.json()).toEqual({ code: 'not_found', detail: 'Team not found' });
        const team = await createTeam(admin);
        expect((await apply(applicant, team.id, 'x'.repeat(1001))).statusCode).toBe(422);
        expect(
          (await request('POST', '/api/teams/apply', applicant, { team_id: team.id, role: 'admin' }))
            .statusCode,
        ).toBe(422);
        expect((await request('POST', '/api/teams/apply', undefined, { team_id: team.id })).statusCode).toBe(
          401,
        );
      });
    });

    describe('GET /api/teams/{id}/applications and /api/my-applications', () => {
      it("lists a team's applications to its admin only, filtered by status", async () => {
        const team = await createTeam(admin);
        const pendingSeller = await seller();
        const approvedSeller = await seller();
        const rejectedSeller = await seller();
        const pending = await applied(pendingSeller, team.id);
        const toApprove = await applied(approvedSeller, team.id);
        const toReject = await applied(rejectedSeller, team.id);
        expect(
          (await decide(admin, toApprove.id, { status: 'approved', response_message: 'Yes' })).statusCode,
        ).toBe(200);
        expect((await decide(admin, toReject.id, { status: 'rejected' })).statusCode).toBe(200);

        const all = await request('GET', `/api/teams/${team.id}/applications`, admin);
        expect(all.statusCode, all.body).toBe(200);
        expect(all.json<TeamApplication[]>().map((item) => item.id)).toEqual([
          toReject.id,
          toApprove.id,
          pending.id,
        ]);
        const ids = async (status: string) =>
          (await request('GET', `/api/teams/${team.id}/applications?status=${status}`, admin))
            .json<TeamApplication[]>()
            .map((item) => item.id);
        expect(await ids('pending')).toEqual([pending.id]);
        expect(await ids('approved')).toEqual([toApprove.id]);
        expect(await ids('rejected')).toEqual([toReject.id]);
        expect(await ids('withdrawn')).toEqual([]);
        expect(
          (await request('GET', `/api/teams/${team.id}/applications?status=maybe`, admin)).statusCode,
        ).toBe(422);
      });

      it('refuses the admin of another team, an applicant and a member with 403', async () => {
        await createTeam(otherAdmin);
        const team = await createTeam(admin);
        const applicant = await seller();
        await applied(applicant, team.id);
        const member = await addMember(team);
        for (const actor of [otherAdmin, applicant, member, buyer]) {
          const response = await request('GET', `/api/teams/${team.id}/applications`, actor);
          expect(response.statusCode, response.body).toBe(403);
        }
        expect((await request('GET', `/api/teams/${team.id}/applications`)).statusCode).toBe(401);
        expect((await request('GET', '/api/teams/2000000000/applications', admin)).statusCode).toBe(404);
      });

      it("lists the caller's own applications only", async () => {
        const team = await createTeam(admin);
        const otherTeam = await createTeam(otherAdmin);
        const applicant = await seller();
        const someoneElse = await seller();
        const first = await applied(applicant, team.id);
        const second = await applied(applicant, otherTeam.id);
        await applied(someoneElse, team.id);
        expect(
          (await decide(admin, first.id, { status: 'rejected', response_message: 'Sorry' })).statusCode,
        ).toBe(200);

        const response = await request('GET', '/api/my-applications', applicant);
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<TeamApplication[]>();
        expect(body.map((item) => item.id)).toEqual([second.id, first.id]);
        expect(body.every((item) => item.user.id === applicant.id)).toBe(true);
        expect(body[1]).toMatchObject({ status: 'rejected', response_message: 'Sorry' });
        expect((await request('GET', '/api/my-applications')).statusCode).toBe(401);
      });
    });

    describe('PUT /api/team-memberships/{id}', () => {
      it('approves: the seller becomes a member, member_count goes up, the seller gets an email', async () => {
        const team = await createTeam(admin);
        const applicant = await seller();
        const application = await applied(applicant, team.id);
        const response = await decide(admin, application.id, {
          status: 'approved',
          response_message: '  Welcome to the team.  ',
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<TeamApplication>()).toEqual({
          ...application,
          status: 'approved',
          response_message: 'Welcome to the team.',
          responded_at: expect.any(String) as string,
        });
        expect(await memberIds(team.id)).toEqual([admin.id, applicant.id].sort((a, b) => a - b));
        expect(await storedTeam(team.id)).toMatchObject({ member_count: 2 });
        expect((await getTeam(team.id)).member_count).toBe(2);
        expect(await activityActions(context, applicant.id)).toEqual([
          'application.submitted',
          'application.approved',
        ]);
        expect(await activityActions(context, admin.id)).toContain('application.decided');
        const emails = await context.database.pool.query<{ subject: string; text_body: string }>(
          'select subject, text_body from email_outbox where to_address = $1',
          [applicant.email],
        );
        expect(emails.rows).toHaveLength(1);
        expect(emails.rows[0]!.subject).toBe(`Your application to ${team.name} was approved`);
        expect(emails.rows[0]!.text_body).toContain('Welcome to the team.');
      });

      it('requires a response message to approve, and leaves everything as it was', async () => {
        const team = await createTeam(admin);
        const application = await applied(await seller(), team.id);
        for (const payload of [{ status: 'approved' }, { status: 'approved', response_message: '  ' }]) {
          const response = await decide(admin, application.id, payload);
          expect(response.statusCode, response.body).toBe(422);
          expect(response.json<ErrorBody>().detail).toBe('A response message is required to approve');
        }
        expect(await applicationStatus(application.id)).toBe('pending');
        expect(await storedTeam(team.id)).toMatchObject({ member_count: 1 });
      });

      it('rejects without a message: no member added, the seller is told', async () => {
        const team = await createTeam(admin);
        const applicant = await seller();
        const application = await applied(applicant, team.id);
        const response = await decide(admin, application.id, { status: 'rejected' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<TeamApplication>()).toMatchObject({
          status: 'rejected',
          response_message: null,
        });
        expect(await memberIds(team.id)).toEqual([admin.id]);
        expect(await activityActions(context, applicant.id)).toEqual([
          'application.submitted',
          'application.rejected',
        ]);
        const emails = await context.database.pool.query<{ subject: string }>(
          'select subject from email_outbox where to_address = $1',
          [applicant.email],
        );
        expect(emails.rows).toEqual([{ subject: `Your application to ${team.name} was rejected` }]);
        // A rejected seller may apply again.
        expect((await apply(applicant, team.id)).statusCode).toBe(201);
      });

      it("refuses the admin of team B deciding team A's application, and the applicant, with 403", async () => {
        await createTeam(otherAdmin);
        const teamA = await createTeam(admin);
        const applicant = await seller();
        const application = await applied(applicant, teamA.id);
        for (const actor of [otherAdmin, applicant]) {
          for (const payload of [{ status: 'approved', response_message: 'Sure' }, { status: 'rejected' }]) {
            const response = await decide(actor, application.id, payload);
            expect(response.statusCode, response.body).toBe(403);
          }
        }
        expect(await applicationStatus(application.id)).toBe('pending');
        expect(await memberIds(teamA.id)).toEqual([admin.id]);
      });

      it('refuses approving into a full team with 409, and changes nothing', async () => {
        const team = await createTeam(admin, { max_members: 2 });
        const first = await applied(await seller(), team.id);
        const secondSeller = await seller();
        const second = await applied(secondSeller, team.id);
        expect(
          (await decide(admin, first.id, { status: 'approved', response_message: 'In' })).statusCode,
        ).toBe(200);
        const response = await decide(admin, second.id, { status: 'approved', response_message: 'In too' });
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json<ErrorBody>().detail).toBe('This team is full');
        expect(await applicationStatus(second.id)).toBe('pending');
        expect(await storedTeam(team.id)).toMatchObject({ member_count: 2, max_members: 2 });
        expect(await memberIds(team.id)).not.toContain(secondSeller.id);
        // Rejecting still works when full.
        expect((await decide(admin, second.id, { status: 'rejected' })).statusCode).toBe(200);
      });

      it('refuses approving into a team that was deactivated meanwhile, and changes nothing', async () => {
        const team = await createTeam(admin);
        const applicant = await seller();
        const application = await applied(applicant, team.id);
        await context.database.pool.query('update teams set is_active = false where id = $1', [team.id]);
        const response = await decide(admin, application.id, {
          status: 'approved',
          response_message: 'Welcome',
        });
        expect(response.statusCode, response.body).toBe(409);
        expect(await applicationStatus(application.id)).toBe('pending');
        expect(await memberIds(team.id)).not.toContain(applicant.id);
      });

      it('of two approvals at once into the last free place, exactly one succeeds', async () => {
        const team = await createTeam(admin, { max_members: 2 });
        const sellers = [await seller(), await seller()];
        const applications = [await applied(sellers[0]!, team.id), await applied(sellers[1]!, team.id)];
        const responses = await Promise.all(
          applications.map((application) =>
            decide(admin, application.id, { status: 'approved', response_message: 'Welcome' }),
          ),
        );
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        expect(await storedTeam(team.id)).toMatchObject({ member_count: 2 });
        const members = await memberIds(team.id);
        expect(members).toHaveLength(2);
        const statuses = await Promise.all(
          applications.map((application) => applicationStatus(application.id)),
        );
        expect([...statuses].sort()).toEqual(['approved', 'pending']);
        const winner = applications[statuses.indexOf('approved')]!;
        expect(members).toContain(winner.user.id);
      });

      it('refuses a decision on an application already processed with 409', async () => {
        const team = await createTeam(admin);
        const application = await applied(await seller(), team.id);
        expect((await decide(admin, application.id, { status: 'rejected' })).statusCode).toBe(200);
        const response = await decide(admin, application.id, {
          status: 'approved',
          response_message: 'Changed',
        });
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json<ErrorBody>().detail).toContain('already processed');
        expect(await applicationStatus(application.id)).toBe('rejected');
        expect(await memberIds(team.id)).toEqual([admin.id]);
      });

      it('answers 404 for an unknown application and 422 for a bad status', async () => {
        expect((await decide(admin, 2_000_000_000, { status: 'rejected' })).statusCode).toBe(404);
        const team = await createTeam(admin);
        const application = await applied(await seller(), team.id);
        expect((await decide(admin, application.id, { status: 'withdrawn' })).statusCode).toBe(422);
        expect((await decide(admin, application.id, { status: 'pending' })).statusCode).toBe(422);
      });
    });

    describe('POST /api/team-memberships/{id}/withdraw', () => {
      it('withdraws an own pending application; the seller may then apply again', async () => {
        const team = await createTeam(admin);
        const applicant = await seller();
        const application = await applied(applicant, team.id);
        const response = await request('POST', `/api/team-memberships/${application.id}/withdraw`, applicant);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<TeamApplication>()).toEqual({ ...application, status: 'withdrawn' });
        expect(await applicationStatus(application.id)).toBe('withdrawn');
        expect(await activityActions(context, applicant.id)).toEqual([
          'application.submitted',
          'application.withdrawn',
        ]);
        expect((await apply(applicant, team.id)).statusCode).toBe(201);
      });

      it("answers 404 for someone else's application, even to the team's admin, and changes nothing", async () => {
        const team = await createTeam(admin);
        const application = await applied(await seller(), team.id);
        for (const actor of [await seller(), admin]) {
          const response = await request('POST', `/api/team-memberships/${application.id}/withdraw`, actor);
          expect(response.statusCode, response.body).toBe(404);
        }
        expect(await applicationStatus(application.id)).toBe('pending');
        expect((await request('POST', '/api/team-memberships/2000000000/withdraw', admin)).statusCode).toBe(
          404,
        );
      });

      it('refuses an application that is no longer pending with 409', async () => {
        const team = await createTeam(admin);
        const applicant = await seller();
        const application = await applied(applicant, team.id);
        expect(
          (await decide(admin, application.id, { status: 'approved', response_message: 'Ok' })).statusCode,
        ).toBe(200);
        const response = await request('POST', `/api/team-memberships/${application.id}/withdraw`, applicant);
        expect(response.statusCode, response.body).toBe(409);
        expect(await applicationStatus(application.id)).toBe('approved');
        expect(await memberIds(team.id)).toContain(applicant.id);
      });
    });
  });
});
