import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectTypes, serviceCategories, technologies } from '../../db/schema/index';
import { REFERENCE_CATALOGUE } from '../../db/seed/reference-catalogue-data';
import { createTestApp, type TestContext } from '../../../test/test-app';

// The seeded categories, in their order; the seed's test holds them to the specification's six names.
const CATEGORY_NAMES = REFERENCE_CATALOGUE.map((category) => category.name);

interface CategoryBody {
  id: number;
  name: string;
  description: string | null;
  is_active: boolean;
}
interface TechnologyRef {
  id: number;
  name: string;
}
interface ProjectTypeBody {
  id: number;
  service_category_id: number;
  name: string;
  description: string | null;
  is_active: boolean;
  technologies: TechnologyRef[];
}
interface ProjectSubTypeBody {
  id: number;
  project_type_id: number;
  name: string;
  description: string | null;
  is_active: boolean;
  technologies: TechnologyRef[];
}
interface TechnologyBody {
  id: number;
  name: string;
  is_active: boolean;
}
interface ErrorBody {
  detail: string;
  errors?: { path: string; message: string }[];
}

describe('catalogue', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  async function getJson<T>(url: string, expectedStatus = 200): Promise<T> {
    const response = await context.app.inject({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(expectedStatus);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json<T>();
  }

  /** Raw SQL through the pool: an expectation computed without the code under test. */
  async function sqlRows<T extends object>(text: string, values: unknown[] = []): Promise<T[]> {
    const result = await context.database.pool.query<T & Record<string, unknown>>(text, values);
    return result.rows;
  }

  async function categoryIdByName(name: string): Promise<number> {
    const [row] = await sqlRows<{ id: number }>('select id from service_categories where name = $1', [name]);
    if (!row) throw new Error(`no category ${name}`);
    return row.id;
  }

  /** Active technologies linked to each owner, ordered by name, as the API should embed them. */
  async function expectedEmbeddedTechnologies(
    linkTable: 'project_type_technologies' | 'project_sub_type_technologies',
    ownerColumn: 'project_type_id' | 'project_sub_type_id',
  ): Promise<Map<number, TechnologyRef[]>> {
    const rows = await sqlRows<{ owner_id: number; id: number; name: string }>(
      `select link.${ownerColumn} as owner_id, t.id, t.name
       from ${linkTable} link join technologies t on t.id = link.technology_id
       where t.is_active
       order by link.${ownerColumn}, t.name`,
    );
    const byOwner = new Map<number, TechnologyRef[]>();
    for (const row of rows) {
      const list = byOwner.get(row.owner_id) ?? [];
      list.push({ id: row.id, name: row.name });
      byOwner.set(row.owner_id, list);
    }
    return byOwner;
  }

  function expectValidationError(body: ErrorBody, pathPart: string) {
    expect(typeof body.detail).toBe('string');
    expect(body.detail.length).toBeGreaterThan(0);
    expect(Array.isArray(body.errors)).toBe(true);
    expect(body.errors!.length).toBeGreaterThan(0);
    for (const error of body.errors!) {
      expect(typeof error.path).toBe('string');
      expect(typeof error.message).toBe('string');
    }
    expect(body.errors!.some((error) => error.path.includes(pathPart))).toBe(true);
  }

  describe('GET /api/service-categories', () => {
    it('lists the six reference categories in order, all active, without authentication', async () => {
      const body = await getJson<CategoryBody[]>('/api/service-categories');
      expect(body.map((category) => category.name)).toEqual(CATEGORY_NAMES);
      for (const category of body) {
        expect(Object.keys(category).sort()).toEqual(['description', 'id', 'is_active', 'name']);
        expect(category.is_active).toBe(true);
        expect(typeof category.description).toBe('string');
      }
    });

    it('is read through one named prepared statement, whatever the page', async () => {
      const spy = vi.spyOn(context.database.pool, 'query');
      try {
        await getJson('/api/service-categories?skip=1&limit=3');
        await getJson('/api/service-categories?skip=0&limit=2');
        const sent = spy.mock.calls.map(([query, values]) => ({
          name: (query as unknown as { name?: string }).name,
          values,
        }));
        expect(sent.map((query) => query.name)).toEqual([
          'catalogue_categories_active',
          'catalogue_categories_active',
        ]);
        // The active flag, the limit and the offset, as values: the SQL text never changes.
        expect(sent.map((query) => query.values)).toEqual([
          [true, 3, 1],
          [true, 2, 0],
        ]);
      } finally {
        spy.mockRestore();
      }
    });

    it('honours skip and limit', async () => {
      const page = await getJson<CategoryBody[]>('/api/service-categories?skip=2&limit=2');
      expect(page.map((category) => category.name)).toEqual(CATEGORY_NAMES.slice(2, 4));
      const tail = await getJson<CategoryBody[]>('/api/service-categories?skip=5&limit=100');
      expect(tail.map((category) => category.name)).toEqual(['Security & Testing']);
      const beyond = await getJson<CategoryBody[]>('/api/service-categories?skip=6');
      expect(beyond).toEqual([]);
    });

    it('hides an inactive category unless include_inactive is true', async () => {
      const { db } = context.database;
      await db
        .update(serviceCategories)
        .set({ isActive: false })
        .where(eq(serviceCategories.name, 'UI/UX Design'));
      try {
        const active = await getJson<CategoryBody[]>('/api/service-categories');
        expect(active.map((category) => category.name)).toEqual(
          CATEGORY_NAMES.filter((name) => name !== 'UI/UX Design'),
        );
        const explicitFalse = await getJson<CategoryBody[]>('/api/service-categories?include_inactive=false');
        expect(explicitFalse).toEqual(active);

        const all = await getJson<CategoryBody[]>('/api/service-categories?include_inactive=true');
        expect(all.map((category) => category.name)).toEqual(CATEGORY_NAMES);
        expect(all.find((category) => category.name === 'UI/UX Design')?.is_active).toBe(false);
        expect(all.filter((category) => category.is_active)).toHaveLength(5);
      } finally {
        await db
          .update(serviceCategories)
          .set({ isActive: true })
          .where(eq(serviceCategories.name, 'UI/UX Design'));
      }
    });

    it('gets one category by id', async () => {
      const id = await categoryIdByName('Cloud Solutions');
      const body = await getJson<CategoryBody>(`/api/service-categories/${id}`);
      const [row] = await sqlRows<{ description: string }>(
        'select description from service_categories where id = $1',
        [id],
      );
      expect(body).toEqual({ id, name: 'Cloud Solutions', description: row!.description, is_active: true });
    });

    it('answers 404 with {detail} for a missing id', async () => {
      const body = await getJson<ErrorBody>('/api/service-categories/999999', 404);
      expect(body).toEqual({ code: 'not_found', detail: 'Service category not found' });
    });

    it.each([
      ['limit=101', '/api/service-categories?limit=101', 'limit'],
      ['limit=0', '/api/service-categories?limit=0', 'limit'],
      ['skip=-1', '/api/service-categories?skip=-1', 'skip'],
      ['limit=abc', '/api/service-categories?limit=abc', 'limit'],
      ['include_inactive=maybe', '/api/service-categories?include_inactive=maybe', 'include_inactive'],
      ['an unknown query parameter', '/api/service-categories?color=blue', 'querystring'],
      ["id 'abc'", '/api/service-categories/abc', 'id'],
      ['id 0', '/api/service-categories/0', 'id'],
    ])('refuses %s with 422 and errors[]', async (_label, url, pathPart) => {
      const body = await getJson<ErrorBody>(url, 422);
      expectValidationError(body, pathPart);
    });
  });

  describe('GET /api/project-types', () => {
    it('filters by service_category_id: exactly the active types of that category', async () => {
      const categoryId = await categoryIdByName('Mobile Development');
      const body = await getJson<ProjectTypeBody[]>(`/api/project-types?service_category_id=${categoryId}`);
      const expected = await sqlRows<{ id: number; name: string }>(
        'select id, name from project_types where service_category_id = $1 and is_active order by id',
        [categoryId],
      );
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect(body.map((type) => ({ id: type.id, name: type.name }))).toEqual(expected);
      for (const type of body) expect(type.service_category_id).toBe(categoryId);

      const all = await getJson<ProjectTypeBody[]>('/api/project-types');
      expect(all.length).toBeGreaterThan(body.length);
    });

    it('embeds in every type its active technologies as [{id, name}] sorted by name', async () => {
      const body = await getJson<ProjectTypeBody[]>('/api/project-types?limit=100');
      const [{ count } = { count: 0 }] = await sqlRows<{ count: number }>(
        'select count(*)::int as count from project_types where is_active',
      );
      expect(body).toHaveLength(count);
      const expected = await expectedEmbeddedTechnologies('project_type_technologies', 'project_type_id');
      for (const type of body) {
        expect(Object.keys(type).sort()).toEqual([
          'description',
          'id',
          'is_active',
          'name',
          'service_category_id',
          'technologies',
        ]);
        expect(type.technologies.length).toBeGreaterThan(0);
        expect(type.technologies).toEqual(expected.get(type.id));
        for (const technology of type.technologies) {
          expect(Object.keys(technology).sort()).toEqual(['id', 'name']);
        }
      }
    });

    it('leaves an inactive technology out of a type, and lists it again once reactivated', async () => {
      const { db } = context.database;
      const [type] = await getJson<ProjectTypeBody[]>('/api/project-types?limit=1');
      const victim = type!.technologies[0]!;
      await db.update(technologies).set({ isActive: false }).where(eq(technologies.id, victim.id));
      try {
        const withoutVictim = await getJson<ProjectTypeBody>(`/api/project-types/${type!.id}`);
        expect(withoutVictim.technologies).toEqual(
          type!.technologies.filter((technology) => technology.id !== victim.id),
        );
        const listed = await getJson<ProjectTypeBody[]>('/api/project-types?limit=1');
        expect(listed[0]!.technologies.map((technology) => technology.id)).not.toContain(victim.id);
      } finally {
        await db.update(technologies).set({ isActive: true }).where(eq(technologies.id, victim.id));
      }
      const restored = await getJson<ProjectTypeBody>(`/api/project-types/${type!.id}`);
      expect(restored.technologies).toEqual(type!.technologies);
    });

    it('hides an inactive type unless include_inactive is true', async () => {
      const { db } = context.database;
      const categoryId = await categoryIdByName('Web Development');
      const types = await getJson<ProjectTypeBody[]>(`/api/project-types?service_category_id=${categoryId}`);
      const victim = types[1]!;
      await db.update(projectTypes).set({ isActive: false }).where(eq(projectTypes.id, victim.id));
      try {
        const active = await getJson<ProjectTypeBody[]>(
          `/api/project-types?service_category_id=${categoryId}`,
        );
        expect(active.map((type) => type.id)).toEqual(
          types.map((type) => type.id).filter((id) => id !== victim.id),
        );
        const all = await getJson<ProjectTypeBody[]>(
          `/api/project-types?service_category_id=${categoryId}&include_inactive=true`,
        );
        expect(all.map((type) => type.id)).toEqual(types.map((type) => type.id));
        expect(all.find((type) => type.id === victim.id)?.is_active).toBe(false);
      } finally {
        await db.update(projectTypes).set({ isActive: true }).where(eq(projectTypes.id, victim.id));
      }
    });

    it('honours skip and limit', async () => {
      const all = await getJson<ProjectTypeBody[]>('/api/project-types');
      const page = await getJson<ProjectTypeBody[]>('/api/project-types?skip=3&limit=4');
      expect(page.map((type) => type.id)).toEqual(all.slice(3, 7).map((type) => type.id));
    });

    it('gets one type by id, and answers 404 with {detail} for a missing id', async () => {
      const [first] = await getJson<ProjectTypeBody[]>('/api/project-types?limit=1');
      expect(await getJson<ProjectTypeBody>(`/api/project-types/${first!.id}`)).toEqual(first);
      expect(await getJson<ErrorBody>('/api/project-types/999999', 404)).toEqual({
        code: 'not_found',
        detail: 'Project type not found',
      });
    });

    it('refuses a bad service_category_id with 422', async () => {
      expectValidationError(
        await getJson<ErrorBody>('/api/project-types?service_category_id=x', 422),
        'service_category_id',
      );
    });
  });

  describe('GET /api/project-sub-types', () => {
    it('filters by project_type_id: exactly the active sub-types of that type, with their technologies', async () => {
      const [type] = await getJson<ProjectTypeBody[]>('/api/project-types?limit=1&skip=2');
      const body = await getJson<ProjectSubTypeBody[]>(`/api/project-sub-types?project_type_id=${type!.id}`);
      const expected = await sqlRows<{ id: number; name: string }>(
        'select id, name from project_sub_types where project_type_id = $1 and is_active order by id',
        [type!.id],
      );
      expect(expected.length).toBeGreaterThanOrEqual(2);
      expect(body.map((subType) => ({ id: subType.id, name: subType.name }))).toEqual(expected);
      const technologiesBySubType = await expectedEmbeddedTechnologies(
        'project_sub_type_technologies',
        'project_sub_type_id',
      );
      for (const subType of body) {
        expect(subType.project_type_id).toBe(type!.id);
        expect(subType.is_active).toBe(true);
        expect(subType.technologies.length).toBeGreaterThan(0);
        expect(subType.technologies).toEqual(technologiesBySubType.get(subType.id));
      }
    });

    it('lists every active sub-type without a filter (up to the limit)', async () => {
      const [{ count } = { count: 0 }] = await sqlRows<{ count: number }>(
        'select count(*)::int as count from project_sub_types where is_active',
      );
      expect(count).toBeGreaterThan(10);
      const page = await getJson<ProjectSubTypeBody[]>('/api/project-sub-types?limit=10');
      expect(page).toHaveLength(10);
      const all = await getJson<ProjectSubTypeBody[]>('/api/project-sub-types');
      expect(all).toHaveLength(Math.min(count, 100));
    });

    it('gets one sub-type by id, and answers 404 with {detail} for a missing id', async () => {
      const [first] = await getJson<ProjectSubTypeBody[]>('/api/project-sub-types?limit=1');
      expect(await getJson<ProjectSubTypeBody>(`/api/project-sub-types/${first!.id}`)).toEqual(first);
      expect(await getJson<ErrorBody>('/api/project-sub-types/999999', 404)).toEqual({
        code: 'not_found',
        detail: 'Project sub-type not found',
      });
    });
  });

  describe('GET /api/technologies', () => {
    async function allTechnologies(query = ''): Promise<TechnologyBody[]> {
      const first = await getJson<TechnologyBody[]>(`/api/technologies?limit=100&skip=0${query}`);
      const second = await getJson<TechnologyBody[]>(`/api/technologies?limit=100&skip=100${query}`);
      return [...first, ...second];
    }

    it('lists active technologies sorted by name, 100 by default', async () => {
      const [{ count } = { count: 0 }] = await sqlRows<{ count: number }>(
        'select count(*)::int as count from technologies where is_active',
      );
      const firstPage = await getJson<TechnologyBody[]>('/api/technologies');
      expect(firstPage).toHaveLength(Math.min(count, 100));

      const all = await allTechnologies();
      const byName = await sqlRows<TechnologyBody>(
        'select id, name, is_active from technologies where is_active order by name, id',
      );
      expect(all).toEqual(byName);
      // The check means something only if name order is not also id order.
      const byId = [...byName].sort((left, right) => left.id - right.id);
      expect(byName.map((technology) => technology.id)).not.toEqual(byId.map((technology) => technology.id));
    });

    it('filters by project_sub_type_id: exactly the technologies linked to that sub-type', async () => {
      const [subType] = await sqlRows<{ id: number }>(
        'select id from project_sub_types order by id limit 1 offset 4',
      );
      const body = await getJson<TechnologyBody[]>(`/api/technologies?project_sub_type_id=${subType!.id}`);
      const expected = await sqlRows<TechnologyBody>(
        `select t.id, t.name, t.is_active from technologies t
         where t.is_active and t.id in (select technology_id from project_sub_type_technologies where project_sub_type_id = $1)
         order by t.name, t.id`,
        [subType!.id],
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(body).toEqual(expected);
    });

    it('filters by project_type_id: the technologies linked to the type or to any of its sub-types', async () => {
      const typeId = await sqlRows<{ id: number }>(
        `select pt.id from project_types pt
         where exists (
           select 1 from project_sub_types st join project_sub_type_technologies stt on stt.project_sub_type_id = st.id
           where st.project_type_id = pt.id
             and stt.technology_id not in (select technology_id from project_type_technologies where project_type_id = pt.id))
         order by pt.id limit 1`,
      ).then((rows) => rows[0]!.id);
      const body = await getJson<TechnologyBody[]>(`/api/technologies?project_type_id=${typeId}`);
      const expected = await sqlRows<TechnologyBody>(
        `select t.id, t.name, t.is_active from technologies t
         where t.is_active and t.id in (
           select technology_id from project_type_technologies where project_type_id = $1
           union
           select stt.technology_id from project_sub_type_technologies stt
             join project_sub_types st on st.id = stt.project_sub_type_id
           where st.project_type_id = $1)
         order by t.name, t.id`,
        [typeId],
      );
      const typeLevelOnly = await sqlRows<{ technology_id: number }>(
        'select technology_id from project_type_technologies where project_type_id = $1',
        [typeId],
      );
      // The type was picked so that some technology comes only from a sub-type link.
      expect(expected.length).toBeGreaterThan(typeLevelOnly.length);
      expect(body).toEqual(expected);
    });

    it('filters by service_category_id: the technologies of every type and sub-type of that category', async () => {
      for (const name of ['UI/UX Design', 'Cloud Solutions']) {
        const categoryId = await categoryIdByName(name);
        const body = await getJson<TechnologyBody[]>(`/api/technologies?service_category_id=${categoryId}`);
        const expected = await sqlRows<TechnologyBody>(
          `select t.id, t.name, t.is_active from technologies t
           where t.is_active and t.id in (
             select ptt.technology_id from project_type_technologies ptt
               join project_types pt on pt.id = ptt.project_type_id
             where pt.service_category_id = $1
             union
             select stt.technology_id from project_sub_type_technologies stt
               join project_sub_types st on st.id = stt.project_sub_type_id
               join project_types pt on pt.id = st.project_type_id
             where pt.service_category_id = $1)
           order by t.name, t.id`,
          [categoryId],
        );
        expect(expected.length).toBeGreaterThan(0);
        expect(body).toEqual(expected);
      }
    });

    it('combines filters with AND: a category and a type of another category', async () => {
      const webId = await categoryIdByName('Web Development');
      const [mobileType] = await sqlRows<{ id: number }>(
        'select pt.id from project_types pt join service_categories c on c.id = pt.service_category_id where c.name = $1 order by pt.id limit 1',
        ['Mobile Development'],
      );
      const body = await getJson<TechnologyBody[]>(
        `/api/technologies?service_category_id=${webId}&project_type_id=${mobileType!.id}`,
      );
      const expected = await sqlRows<TechnologyBody>(
        `select t.id, t.name, t.is_active from technologies t
         where t.is_active
           and t.id in (select ptt.technology_id from project_type_technologies ptt join project_types pt on pt.id = ptt.project_type_id where pt.service_category_id = $1
                        union select stt.technology_id from project_sub_type_technologies stt join project_sub_types st on st.id = stt.project_sub_type_id join project_types pt on pt.id = st.project_type_id where pt.service_category_id = $1)
           and t.id in (select technology_id from project_type_technologies where project_type_id = $2
                        union select stt.technology_id from project_sub_type_technologies stt join project_sub_types st on st.id = stt.project_sub_type_id where st.project_type_id = $2)
         order by t.name, t.id`,
        [webId, mobileType!.id],
      );
      expect(body).toEqual(expected);
    });

    it('hides an inactive technology unless include_inactive is true; by id it is still found', async () => {
      const { db } = context.database;
      const [subType] = await sqlRows<{ id: number }>('select id from project_sub_types order by id limit 1');
      const linked = await getJson<TechnologyBody[]>(`/api/technologies?project_sub_type_id=${subType!.id}`);
      const victim = linked[0]!;
      await db.update(technologies).set({ isActive: false }).where(eq(technologies.id, victim.id));
      try {
        const active = await getJson<TechnologyBody[]>(
          `/api/technologies?project_sub_type_id=${subType!.id}`,
        );
        expect(active).toEqual(linked.slice(1));
        const withInactive = await getJson<TechnologyBody[]>(
          `/api/technologies?project_sub_type_id=${subType!.id}&include_inactive=true`,
        );
        expect(withInactive).toEqual([{ ...victim, is_active: false }, ...linked.slice(1)]);
        expect(await getJson<TechnologyBody>(`/api/technologies/${victim.id}`)).toEqual({
          ...victim,
          is_active: false,
        });
        const everything = await allTechnologies('&include_inactive=1');
        expect(everything.map((technology) => technology.id)).toContain(victim.id);
        const onlyActive = await allTechnologies();
        expect(onlyActive.map((technology) => technology.id)).not.toContain(victim.id);
        expect(everything).toHaveLength(onlyActive.length + 1);
      } finally {
        await db.update(technologies).set({ isActive: true }).where(eq(technologies.id, victim.id));
      }
    });

    it('gets one technology by id, and answers 404 with {detail} for a missing id', async () => {
      const [first] = await getJson<TechnologyBody[]>('/api/technologies?limit=1');
      expect(await getJson<TechnologyBody>(`/api/technologies/${first!.id}`)).toEqual(first);
      expect(await getJson<ErrorBody>('/api/technologies/999999', 404)).toEqual({
        code: 'not_found',
        detail: 'Technology not found',
      });
    });

    it.each([
      ['project_sub_type_id=-3', 'project_sub_type_id'],
      ['project_type_id=1.5', 'project_type_id'],
      ['service_category_id=99999999999', 'service_category_id'],
      ['limit=101', 'limit'],
    ])('refuses %s with 422', async (query, pathPart) => {
      expectValidationError(await getJson<ErrorBody>(`/api/technologies?${query}`, 422), pathPart);
    });
  });
});
