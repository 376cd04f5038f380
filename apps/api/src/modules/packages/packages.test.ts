import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PACKAGE_TEXTS, servicePackageSchema, type PackageList, type ServicePackage } from '@teamhire/shared';
import { servicePackages, teams, users } from '../../db/schema/index';
import { nextAddress, type ErrorBody } from '../../../test/accounts-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { activityActions, createSignedInUser, type SignedInUser } from '../../../test/users';
import { findPackage, isoTimestamp, listPackagesOfTeams } from './packages.repository';
import { parseThenStringify } from '../../platform/http/response-serializer';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('service packages', () => {
  let context: TestContext;
  /** A verified team admin with two teams, another verified admin with one, an unverified admin with one. */
  let admin: SignedInUser;
  let otherAdmin: SignedInUser;
  let unverifiedAdmin: SignedInUser;
  let buyer: SignedInUser;
  let superuser: SignedInUser;
  let team: { id: number; name: string };
  let secondTeam: { id: number; name: string };
  let otherTeam: { id: number; name: string };
  let unverifiedTeam: { id: number; name: string };
  let titleCounter = 0;

  async function insertTeam(owner: SignedInUser, name: string) {
    const result = await context.database.pool.query<{ id: number }>(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active)
       values ($1, 'A team that ships.', $2, 8, 3, true) returning id`,
      [name, owner.id],
    );
    const id = result.rows[0]!.id;
    await context.database.pool.query(
      "insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')",
      [id, owner.id],
    );
    return { id, name };
  }

  beforeAll(async () => {
    context = await createTestApp();
    admin = await createSignedInUser(context, { role: 'TEAM_ADMIN', isVerified: true });
    otherAdmin = await createSignedInUser(context, { role: 'TEAM_ADMIN', isVerified: true });
    unverifiedAdmin = await createSignedInUser(context, { role: 'TEAM_ADMIN', isVerified: false });
    buyer = await createSignedInUser(context, { role: 'BUYER' });
    superuser = await createSignedInUser(context, { role: 'GENERAL_ADMIN', isSuperuser: true });
    team = await insertTeam(admin, 'Pixel Forge Studio');
    secondTeam = await insertTeam(admin, 'Quiet Harbor Labs');
    otherTeam = await insertTeam(otherAdmin, 'Northwind Builders');
    unverifiedTeam = await insertTeam(unverifiedAdmin, 'Unverified Crew');
  });
  afterAll(() => context.close());

  function call(method: Method, url: string, actor?: SignedInUser, payload?: object) {
    return context.app.inject({
      method,
      url,
      headers: actor?.headers,
      payload,
      remoteAddress: nextAddress(),
    });
  }

  function packagePayload(overrides: Record<string, unknown> = {}) {
    titleCounter += 1;
    return {
      team_id: team.id,
      title: `Landing page number ${titleCounter}`,
      description: 'A fast, accessible landing page built with care.',
      price: 499.99,
      duration_days: 14,
      tags: 'react, design',
      requirements: 'Your brand colours',
      deliverables: 'Source code and a deployed site',
      ...overrides,
    };
  }

  async function createPackage(
    overrides: Record<string, unknown> = {},
    owner: SignedInUser = admin,
  ): Promise<ServicePackage> {
    const response = await call('POST', '/api/service-packages', owner, packagePayload(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ServicePackage>();
  }

  async function publish(id: number, owner: SignedInUser = admin): Promise<ServicePackage> {
    const response = await call('POST', `/api/service-packages/${id}/publish`, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ServicePackage>();
  }

  const createPublished = async (overrides: Record<string, unknown> = {}, owner: SignedInUser = admin) =>
    publish((await createPackage(overrides, owner)).id, owner);

  function updatePayload(item: ServicePackage, overrides: Record<string, unknown> = {}) {
    return {
      title: item.title,
      description: item.description,
      price: item.price,
      duration_days: item.duration_days,
      tags: item.tags,
      requirements: item.requirements,
      deliverables: item.deliverables,
      ...overrides,
    };
  }

  async function search(body: object, query = ''): Promise<PackageList> {
    const response = await call('POST', `/api/service-packages/search${query}`, undefined, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PackageList>();
  }

  const ids = (list: { items: ServicePackage[] }) => list.items.map((item) => item.id);

  /** How many search keys (lexemes, tags, title words) the package has: none unless it is published. */
  async function searchKeysOf(packageId: number) {
    const result = await context.database.pool.query<{ count: string }>(
      'select count(*) from service_package_search_keys where package_id = $1',
      [packageId],
    );
    return Number(result.rows[0]!.count);
  }

  function expectValidation(response: { statusCode: number; body: string; json<T>(): T }, message: string) {
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json<ErrorBody>();
    expect(body.errors?.map((error) => error.message)).toContain(message);
  }

  describe('create', () => {
    it('creates a draft with every field, in dollars, and records the activity', async () => {
      const created = await createPackage({ tags: ' react ,design,, react ,Figma ' });
      expect(created).toMatchObject({
        team_id: team.id,
        description: 'A fast, accessible landing page built with care.',
        price: 499.99,
        duration_days: 14,
        tags: 'react,design,Figma',
        requirements: 'Your brand colours',
        deliverables: 'Source code and a deployed site',
        status: 'draft',
        team: {
          id: team.id,
          name: team.name,
          member_count: 3,
          max_members: 8,
          admin: { id: admin.id, username: admin.username },
        },
      });
      const stored = await context.database.pool.query<{ price_cents: number }>(
        'select price_cents from service_packages where id = $1',
        [created.id],
      );
      expect(stored.rows[0]!.price_cents).toBe(49999);
      expect(await activityActions(context, admin.id)).toContain('package.created');
    });

    it('leaves tags, requirements and deliverables optional', async () => {
      const created = await createPackage({ tags: undefined, requirements: '', deliverables: null });
      expect(created).toMatchObject({ tags: '', requirements: null, deliverables: null });
    });

    it.each([
      [{ team_id: undefined }, PACKAGE_TEXTS.teamRequired],
      [{ title: 'Shop' }, PACKAGE_TEXTS.titleTooShort],
      [{ title: '    Shop     ' }, PACKAGE_TEXTS.titleTooShort],
      [{ description: 'Too short a text' }, PACKAGE_TEXTS.descriptionTooShort],
      [{ price: 0 }, PACKAGE_TEXTS.priceTooLow],
      [{ price: -5 }, PACKAGE_TEXTS.priceTooLow],
      [{ price: 10.001 }, 'Use at most two decimals'],
      [{ duration_days: 0 }, PACKAGE_TEXTS.durationRange],
      [{ duration_days: 366 }, PACKAGE_TEXTS.durationRange],
      [{ duration_days: 2.5 }, PACKAGE_TEXTS.durationRange],
    ])('refuses %j with the exact product text', async (overrides, message) => {
      const response = await call('POST', '/api/service-packages', admin, packagePayload(overrides));
      expectValidation(response, message);
    });

    it('accepts the duration bounds 1 and 365 and a price with two decimals', async () => {
      expect((await createPackage({ duration_days: 1 })).duration_days).toBe(1);
      expect((await createPackage({ duration_days: 365, price: 1.1 })).price).toBe(1.1);
    });

    it('refuses unknown fields and a status chosen by the client', async () => {
      const response = await call(
        'POST',
        '/api/service-packages',
        admin,
        packagePayload({ status: 'published' }),
      );
      expect(response.statusCode, response.body).toBe(422);
    });

    it('refuses a team that does not exist with the team text', async () => {
      const response = await call(
        'POST',
        '/api/service-packages',
        admin,
        packagePayload({ team_id: 999_999 }),
      );
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().detail).toBe(PACKAGE_TEXTS.teamRequired);
    });

    it('refuses a visitor, a buyer, another team admin and an unverified admin of the team', async () => {
      expect((await call('POST', '/api/service-packages', undefined, packagePayload())).statusCode).toBe(401);
      expect((await call('POST', '/api/service-packages', buyer, packagePayload())).statusCode).toBe(403);
      expect((await call('POST', '/api/service-packages', otherAdmin, packagePayload())).statusCode).toBe(
        403,
      );
      const unverified = await call(
        'POST',
        '/api/service-packages',
        unverifiedAdmin,
        packagePayload({ team_id: unverifiedTeam.id }),
      );
      expect(unverified.statusCode, unverified.body).toBe(403);
      const count = await context.database.pool.query<{ count: string }>(
        'select count(*) from service_packages where team_id = $1',
        [unverifiedTeam.id],
      );
      expect(Number(count.rows[0]!.count)).toBe(0);
    });

    it('lets a superuser create for any team', async () => {
      const created = await createPackage({ team_id: otherTeam.id }, superuser);
      expect(created.team_id).toBe(otherTeam.id);
    });
  });

  describe('get', () => {
    it('shows a published package to everyone, a visitor included', async () => {
      const item = await createPublished();
      for (const actor of [undefined, buyer, otherAdmin]) {
        const response = await call('GET', `/api/service-packages/${item.id}`, actor);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<ServicePackage>()).toMatchObject({ id: item.id, status: 'published' });
      }
    });

    it('shows a draft or unpublished package only to its team admin; to a stranger it is missing', async () => {
      const draft = await createPackage();
      expect((await call('GET', `/api/service-packages/${draft.id}`, admin)).statusCode).toBe(200);
      for (const actor of [undefined, buyer, otherAdmin]) {
        const response = await call('GET', `/api/service-packages/${draft.id}`, actor);
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json<ErrorBody>().detail).toBe('Service package not found');
      }
      const unpublished = await createPublished();
      await call('POST', `/api/service-packages/${unpublished.id}/unpublish`, admin);
      expect((await call('GET', `/api/service-packages/${unpublished.id}`, buyer)).statusCode).toBe(404);
    });

    it('answers 404 for a missing package and 422 for a bad id', async () => {
      expect((await call('GET', '/api/service-packages/999999')).statusCode).toBe(404);
      expect((await call('GET', '/api/service-packages/abc')).statusCode).toBe(422);
    });
  });

  describe('update', () => {
    it('changes every field and keeps the status', async () => {
      const item = await createPublished();
      const response = await call(
        'PUT',
        `/api/service-packages/${item.id}`,
        admin,
        updatePayload(item, {
          title: 'A renamed package',
          description: 'A new and longer description of the work.',
          price: 1250.5,
          duration_days: 500,
          tags: 'vue,nuxt',
          requirements: null,
          deliverables: 'A zip file',
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ServicePackage>()).toMatchObject({
        id: item.id,
        title: 'A renamed package',
        price: 1250.5,
        duration_days: 500,
        tags: 'vue,nuxt',
        requirements: null,
        deliverables: 'A zip file',
        status: 'published',
      });
      expect(await activityActions(context, admin.id)).toContain('package.updated');
    });

    it.each([
      [{ duration_days: 0 }, PACKAGE_TEXTS.durationTooShort],
      [{ title: 'abc' }, PACKAGE_TEXTS.titleTooShort],
      [{ description: 'short' }, PACKAGE_TEXTS.descriptionTooShort],
      [{ price: 0.5 }, PACKAGE_TEXTS.priceTooLow],
      [{ price: 3.333 }, 'Use at most two decimals'],
    ])('refuses %j with the edit text', async (overrides, message) => {
      const item = await createPackage();
      const response = await call(
        'PUT',
        `/api/service-packages/${item.id}`,
        admin,
        updatePayload(item, overrides),
      );
      expectValidation(response, message);
    });

    it('refuses moving the package to another team (unknown field)', async () => {
      const item = await createPackage();
      const response = await call(
        'PUT',
        `/api/service-packages/${item.id}`,
        admin,
        updatePayload(item, { team_id: otherTeam.id }),
      );
      expect(response.statusCode, response.body).toBe(422);
    });

    it('refuses strangers: 401 visitor, 403 on a published package, 404 on a draft', async () => {
      const published = await createPublished();
      const draft = await createPackage();
      const put = (id: number, actor?: SignedInUser) =>
        call(
          'PUT',
          `/api/service-packages/${id}`,
          actor,
          updatePayload(published, { title: 'Hijacked title' }),
        );
      expect((await put(published.id)).statusCode).toBe(401);
      for (const stranger of [buyer, otherAdmin]) {
        expect((await put(published.id, stranger)).statusCode).toBe(403);
        expect((await put(draft.id, stranger)).statusCode).toBe(404);
      }
      const stored = await call('GET', `/api/service-packages/${published.id}`);
      expect(stored.json<ServicePackage>().title).toBe(published.title);
    });

    it('refuses the team admin once the role verification is gone', async () => {
      const item = await createPublished({ team_id: unverifiedTeam.id }, superuser);
      const response = await call(
        'PUT',
        `/api/service-packages/${item.id}`,
        unverifiedAdmin,
        updatePayload(item, { title: 'Changed by the unverified admin' }),
      );
      expect(response.statusCode, response.body).toBe(403);
    });

    it('answers 404 for a missing package', async () => {
      const item = await createPackage();
      const response = await call('PUT', '/api/service-packages/999999', admin, updatePayload(item));
      expect(response.statusCode).toBe(404);
    });
  });

  describe('reading', () => {
    it('maps a package row by hand to the values Drizzle reads', async () => {
      const item = await createPublished({ requirements: null, deliverables: 'Files and a walkthrough' });
      await context.database.pool.query('update teams set description = null where id = $1', [team.id]);
      try {
        const [read] = await context.database.db
          .select()
          .from(servicePackages)
          .innerJoin(teams, eq(teams.id, servicePackages.teamId))
          .innerJoin(users, eq(users.id, teams.adminId))
          .where(eq(servicePackages.id, item.id));
        const {
          searchVector: _searchVector,
          customOffer: _customOffer,
          ...packageColumns
        } = read!.service_packages;
        const expected = {
          package: {
            ...packageColumns,
            createdAt: packageColumns.createdAt.toISOString(),
            updatedAt: packageColumns.updatedAt.toISOString(),
          },
          team: {
            id: read!.teams.id,
            name: read!.teams.name,
            description: null,
            memberCount: read!.teams.memberCount,
            maxMembers: read!.teams.maxMembers,
            isActive: read!.teams.isActive,
            createdAt: read!.teams.createdAt.toISOString(),
            adminId: read!.teams.adminId,
          },
          adminUsername: read!.users.username,
          card: { images: [], average_rating: null, review_count: 0 },
        };
        expect(await findPackage(context.database.db, item.id)).toEqual(expected);
        const ofTeam = await listPackagesOfTeams(context.database.db, [team.id], true);
        expect(ofTeam.find((row) => row.package.id === item.id)).toEqual(expected);
      } finally {
        await context.database.pool.query(
          "update teams set description = 'A team that ships.' where id = $1",
          [team.id],
        );
      }
    });

    it('answers through the response schema: unknown fields left out, a wrong value refused', async () => {
      const item = await createPublished();
      const serialize = parseThenStringify({ schema: servicePackageSchema, method: 'GET', url: '/x' });
      expect(JSON.parse(serialize({ ...item, secret: 'not for the client' }))).toEqual(item);
      expect(() => serialize({ ...item, price: 'free' })).toThrow(/Response doesn't match the schema/);
    });

    it("writes PostgreSQL's UTC timestamps as Date#toISOString does, and any other form through Date", () => {
      fc.assert(
        fc.property(
          fc.date({
            min: new Date('1000-01-01T00:00:00Z'),
            max: new Date('9999-12-31T23:59:59Z'),
            noInvalidDate: true,
          }),
          fc.integer({ min: 0, max: 999 }),
          (date, microseconds) => {
            const [day, time] = date.toISOString().slice(0, 19).split('T');
            const fraction = `${String(date.getUTCMilliseconds()).padStart(3, '0')}${String(microseconds).padStart(3, '0')}`;
            // PostgreSQL leaves out the fraction's trailing zeros, and the fraction itself when it is zero.
            const written = fraction.replace(/0+$/, '');
            const text = `${day} ${time}${written ? `.${written}` : ''}+00`;
            expect(isoTimestamp(text)).toBe(date.toISOString());
          },
        ),
      );
      expect(isoTimestamp('2026-11-23 07:58:02.24+01')).toBe('2026-11-23T06:58:02.240Z');
      expect(isoTimestamp('2026-11-23T06:58:02.240Z')).toBe('2026-11-23T06:58:02.240Z');
    });
  });

  describe('publish and unpublish', () => {
    it('moves a draft to published, then to unpublished, and back', async () => {
      const item = await createPackage();
      expect((await publish(item.id)).status).toBe('published');
      const unpublished = await call('POST', `/api/service-packages/${item.id}/unpublish`, admin);
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      expect(unpublished.json<ServicePackage>().status).toBe('unpublished');
      expect((await publish(item.id)).status).toBe('published');
      expect(await activityActions(context, admin.id)).toEqual(
        expect.arrayContaining(['package.published', 'package.unpublished']),
      );
    });

    it('refuses strangers and visitors', async () => {
      const draft = await createPackage();
      const published = await createPublished();
      expect((await call('POST', `/api/service-packages/${draft.id}/publish`)).statusCode).toBe(401);
      for (const stranger of [buyer, otherAdmin]) {
        expect((await call('POST', `/api/service-packages/${draft.id}/publish`, stranger)).statusCode).toBe(
          404,
        );
        expect(
          (await call('POST', `/api/service-packages/${published.id}/unpublish`, stranger)).statusCode,
        ).toBe(403);
      }
      const stored = await call('GET', `/api/service-packages/${published.id}`);
      expect(stored.json<ServicePackage>().status).toBe('published');
    });
  });

  describe('delete', () => {
    it('deletes a package without orders', async () => {
      const item = await createPackage();
      const response = await call('DELETE', `/api/service-packages/${item.id}`, admin);
      expect(response.statusCode, response.body).toBe(204);
      expect((await call('GET', `/api/service-packages/${item.id}`, admin)).statusCode).toBe(404);
      expect(await activityActions(context, admin.id)).toContain('package.deleted');
    });

    it('refuses to delete a package with orders (409) and keeps it', async () => {
      const item = await createPublished();
      await context.database.pool.query(
        'insert into orders (buyer_id, service_package_id, team_id, total_cents) values ($1, $2, $3, $4)',
        [buyer.id, item.id, team.id, 49999],
      );
      const response = await call('DELETE', `/api/service-packages/${item.id}`, admin);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<ErrorBody>().detail).toBe(
        'A package with orders cannot be deleted; unpublish it instead',
      );
      expect((await call('GET', `/api/service-packages/${item.id}`)).statusCode).toBe(200);
    });

    it('refuses strangers and visitors and keeps the package', async () => {
      const item = await createPublished();
      expect((await call('DELETE', `/api/service-packages/${item.id}`)).statusCode).toBe(401);
      expect((await call('DELETE', `/api/service-packages/${item.id}`, buyer)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/service-packages/${item.id}`, otherAdmin)).statusCode).toBe(403);
      expect((await call('GET', `/api/service-packages/${item.id}`)).statusCode).toBe(200);
    });

    it('answers 404 for a missing package', async () => {
      expect((await call('DELETE', '/api/service-packages/999999', admin)).statusCode).toBe(404);
    });
  });

  describe('lists', () => {
    it("my packages: every status of the admin's teams, or of one team", async () => {
      const draft = await createPackage({ team_id: secondTeam.id });
      const published = await createPublished({ team_id: secondTeam.id });
      const elsewhere = await createPublished({ team_id: otherTeam.id }, otherAdmin);
      const all = await call('GET', '/api/service-packages/my-packages', admin);
      expect(all.statusCode, all.body).toBe(200);
      const allIds = all.json<ServicePackage[]>().map((item) => item.id);
      expect(allIds).toEqual(expect.arrayContaining([draft.id, published.id]));
      expect(allIds).not.toContain(elsewhere.id);

      const one = await call('GET', `/api/service-packages/my-packages?team_id=${secondTeam.id}`, admin);
      expect(one.statusCode, one.body).toBe(200);
      const oneItems = one.json<ServicePackage[]>();
      expect(oneItems.map((item) => item.id).sort()).toEqual([draft.id, published.id].sort());
      expect(oneItems.every((item) => item.team_id === secondTeam.id)).toBe(true);
    });

    it("my packages: refuses another admin's team and a visitor; empty for a buyer", async () => {
      const refused = await call('GET', `/api/service-packages/my-packages?team_id=${team.id}`, otherAdmin);
      expect(refused.statusCode, refused.body).toBe(403);
      expect((await call('GET', '/api/service-packages/my-packages')).statusCode).toBe(401);
      const empty = await call('GET', '/api/service-packages/my-packages', buyer);
      expect(empty.statusCode).toBe(200);
      expect(empty.json<ServicePackage[]>()).toEqual([]);
      expect((await call('GET', '/api/service-packages/my-packages?team_id=abc', admin)).statusCode).toBe(
        422,
      );
    });

    it("a team's packages: only the published ones, to anyone; 404 for a missing team", async () => {
      const draft = await createPackage({ team_id: otherTeam.id }, otherAdmin);
      const published = await createPublished({ team_id: otherTeam.id }, otherAdmin);
      const response = await call('GET', `/api/teams/${otherTeam.id}/service-packages`);
      expect(response.statusCode, response.body).toBe(200);
      const listed = response.json<ServicePackage[]>();
      expect(listed.map((item) => item.id)).toContain(published.id);
      expect(listed.map((item) => item.id)).not.toContain(draft.id);
      expect(listed.every((item) => item.status === 'published')).toBe(true);
      expect((await call('GET', '/api/teams/999999/service-packages')).statusCode).toBe(404);
    });

    it('the published list: newest first, only published, paged with skip and limit', async () => {
      const draft = await createPackage();
      const first = await createPublished();
      const second = await createPublished();
      const response = await call('GET', '/api/service-packages?skip=0&limit=2');
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<PackageList>();
      expect(page).toMatchObject({ skip: 0, limit: 2 });
      expect(page.items.length).toBe(2);
      expect(page.items.every((item) => item.status === 'published')).toBe(true);
      const everything = (await call('GET', '/api/service-packages?limit=100')).json<PackageList>();
      expect(ids(everything)).not.toContain(draft.id);
      expect(ids(everything).indexOf(second.id)).toBeLessThan(ids(everything).indexOf(first.id));
      expect(everything.total).toBe(everything.items.length);
      const next = (await call('GET', '/api/service-packages?skip=1&limit=1')).json<PackageList>();
      expect(ids(next)).toEqual([everything.items[1]!.id]);
      const pastTheEnd = (await call('GET', '/api/service-packages?skip=1000&limit=5')).json<PackageList>();
      expect(pastTheEnd).toMatchObject({ items: [], total: everything.total });
      expect((await call('GET', '/api/service-packages?limit=101')).statusCode).toBe(422);
      expect((await call('GET', '/api/service-packages?skip=-1')).statusCode).toBe(422);
    });
  });

  describe('search', () => {
    let titleMatch: ServicePackage;
    let descriptionMatch: ServicePackage;
    let tagged: ServicePackage;
    let cheapShort: ServicePackage;
    let draftMatch: ServicePackage;

    beforeAll(async () => {
      descriptionMatch = await createPublished(
        {
          team_id: otherTeam.id,
          title: 'Online shop starter kit',
          description: 'Everything a growing kaleidoscope brand needs for selling online.',
          price: 2000,
          duration_days: 60,
          tags: 'shopify',
        },
        otherAdmin,
      );
      titleMatch = await createPublished({
        title: 'Kaleidoscope mobile application',
        description: 'A mobile app for iOS and Android, built from one code base.',
        price: 5000,
        duration_days: 90,
        tags: 'Flutter,Mobile',
      });
      tagged = await createPublished({
        title: 'Quarterly maintenance plan',
        description: 'Updates, backups and monitoring for your running product.',
        price: 300,
        duration_days: 30,
        tags: 'Maintenance,Support,devops',
      });
      cheapShort = await createPublished({
        team_id: secondTeam.id,
        title: 'E-commerce Store setup',
        description: 'We set up your store, payments and shipping in days.',
        price: 150.25,
        duration_days: 5,
        tags: 'ecommerce,Shopify',
      });
      draftMatch = await createPackage({
        title: 'Kaleidoscope draft idea',
        description: 'Not visible to anyone but its team admin, in any search.',
      });
    });

    it('ranks a title match above a description match and never returns a draft', async () => {
      const result = await search({ search_term: 'kaleidoscope' });
      expect(ids(result).slice(0, 2)).toEqual([titleMatch.id, descriptionMatch.id]);
      expect(ids(result)).not.toContain(draftMatch.id);
      expect(result.total).toBe(2);
    });

    it('finds a title despite a typo', async () => {
      expect(ids(await search({ search_term: 'kaleidoscpe' }))).toContain(titleMatch.id);
      expect(ids(await search({ search_term: 'ecomerce' }))).toContain(cheapShort.id);
    });

    it('survives terms of stop words, punctuation and query syntax', async () => {
      for (const term of ['the', 'c++ & | ! :*', "o'reilly -", '"unclosed']) {
        const response = await call('POST', '/api/service-packages/search', undefined, { search_term: term });
        expect(response.statusCode, `${term}: ${response.body}`).toBe(200);
      }
    });

    it('finds nothing for an unrelated term', async () => {
      const result = await search({ search_term: 'zzzqqqxxx' });
      expect(result).toMatchObject({ items: [], total: 0 });
    });

    it('filters by any of the tags, case-insensitively, as a list or a comma-separated string', async () => {
      const asList = await search({ tags: ['SHOPIFY'] });
      expect(ids(asList).sort()).toEqual([descriptionMatch.id, cheapShort.id].sort());
      const asString = await search({ tags: 'devops, flutter' });
      expect(ids(asString).sort()).toEqual([titleMatch.id, tagged.id].sort());
      const commasInList = await search({ tags: ['devops,flutter'] });
      expect(ids(commasInList).sort()).toEqual([titleMatch.id, tagged.id].sort());
    });

    it('filters by price range (inclusive), maximum duration and team name', async () => {
      const priced = await search({ min_price: 300, max_price: 2000 });
      expect(ids(priced)).toEqual(expect.arrayContaining([tagged.id, descriptionMatch.id]));
      expect(ids(priced)).not.toContain(titleMatch.id);
      expect(ids(priced)).not.toContain(cheapShort.id);
      expect(priced.items.every((item) => item.price >= 300 && item.price <= 2000)).toBe(true);

      const cents = await search({ min_price: 150.25, max_price: 150.25 });
      expect(ids(cents)).toEqual([cheapShort.id]);

      const quick = await search({ max_duration: 5 });
      expect(ids(quick)).toContain(cheapShort.id);
      expect(quick.items.every((item) => item.duration_days <= 5)).toBe(true);

      const byTeam = await search({ team_name: 'northwind' });
      expect(ids(byTeam)).toContain(descriptionMatch.id);
      expect(byTeam.items.every((item) => item.team.name === otherTeam.name)).toBe(true);
      expect((await search({ team_name: '%' })).total).toBe(0);
    });

    it('combines a term with filters', async () => {
      const result = await search({ search_term: 'kaleidoscope', max_price: 3000 });
      expect(ids(result)).toEqual([descriptionMatch.id]);
      const none = await search({ search_term: 'kaleidoscope', tags: ['maintenance'] });
      expect(none.total).toBe(0);
    });

    it('pages with skip and limit and reports the total', async () => {
      const all = await search({}, '?limit=100');
      const page = await search({}, '?skip=1&limit=2');
      expect(page).toMatchObject({ skip: 1, limit: 2, total: all.total });
      expect(ids(page)).toEqual(ids(all).slice(1, 3));
      const rankedPage = await search({ search_term: 'kaleidoscope' }, '?skip=1&limit=1');
      expect(ids(rankedPage)).toEqual([descriptionMatch.id]);
      expect(rankedPage.total).toBe(2);
      const beyond = await search({ search_term: 'kaleidoscope' }, '?skip=5&limit=1');
      expect(beyond).toMatchObject({ items: [], total: 2 });
    });

    it('refuses a minimum above the maximum, unknown fields, and negative prices', async () => {
      const inverted = await call('POST', '/api/service-packages/search', undefined, {
        min_price: 10,
        max_price: 5,
      });
      expectValidation(inverted, 'The minimum price cannot be above the maximum');
      expect(
        (await call('POST', '/api/service-packages/search', undefined, { sort: 'price' })).statusCode,
      ).toBe(422);
      expect(
        (await call('POST', '/api/service-packages/search', undefined, { min_price: -1 })).statusCode,
      ).toBe(422);
    });

    it('treats empty values as no filter', async () => {
      const all = await search({});
      const empty = await search({ search_term: '', tags: '', team_name: '', min_price: null });
      expect(empty.total).toBe(all.total);
    });

    it('counts a package that has several of the tags once', async () => {
      const result = await search({ tags: ['shopify', 'ecommerce'] });
      expect(ids(result).sort()).toEqual([descriptionMatch.id, cheapShort.id].sort());
      expect(result.total).toBe(2);
      const pastTheEnd = await search({ tags: ['shopify', 'ecommerce'] }, '?skip=10&limit=5');
      expect(pastTheEnd).toMatchObject({ items: [], total: 2 });
    });

    it('ranks queries of several words and of query syntax by full text too', async () => {
      expect(ids(await search({ search_term: 'kaleidoscope mobile' }))[0]).toBe(titleMatch.id);
      expect(ids(await search({ search_term: '"mobile application"' }))[0]).toBe(titleMatch.id);
      const kaleidoscopeNotOnline = await search({ search_term: 'kaleidoscope -online' });
      expect(ids(kaleidoscopeNotOnline)).toEqual([titleMatch.id]);
    });

    it('lists packages with only a close title word after the full-text matches', async () => {
      const closeOnly = await createPublished({
        title: 'Webflow landing build',
        description: 'A landing page on Webflow, built to convert visitors.',
        tags: 'webflow',
      });
      const fullText = await createPublished({
        title: 'Quarterly site care',
        description: 'Web hosting, updates and backups for your company site.',
        tags: 'hosting',
      });
      const result = await search({ search_term: 'web' });
      expect(ids(result)).toEqual([fullText.id, closeOnly.id]);
      expect(result.total).toBe(2);
      // A partial word finds the title too.
      expect(ids(await search({ search_term: 'webflo' }))).toContain(closeOnly.id);
    });

    it('finds a package as it is now: edited, unpublished, published again, deleted', async () => {
      const item = await createPublished({
        title: 'Zeppelin telemetry dashboard',
        description: 'Live charts for a fleet of airborne sensors.',
        tags: 'zeppelin,charts',
      });
      expect(ids(await search({ search_term: 'zeppelin' }))).toEqual([item.id]);
      expect(ids(await search({ tags: ['zeppelin'] }))).toEqual([item.id]);

      const edited = await call(
        'PUT',
        `/api/service-packages/${item.id}`,
        admin,
        updatePayload(item, { title: 'Dirigible telemetry dashboard', tags: 'dirigible,charts' }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await search({ search_term: 'zeppelin' })).total).toBe(0);
      expect((await search({ tags: ['zeppelin'] })).total).toBe(0);
      expect(ids(await search({ search_term: 'dirigible' }))).toEqual([item.id]);
      expect(ids(await search({ search_term: 'dirigibel' }))).toEqual([item.id]);
      expect(ids(await search({ tags: ['Dirigible'] }))).toEqual([item.id]);

      const unpublished = await call('POST', `/api/service-packages/${item.id}/unpublish`, admin);
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      expect((await search({ search_term: 'dirigible' })).total).toBe(0);
      expect((await search({ search_term: 'dirigibel' })).total).toBe(0);
      expect((await search({ tags: ['dirigible'] })).total).toBe(0);

      await publish(item.id);
      expect(ids(await search({ search_term: 'dirigible' }))).toEqual([item.id]);

      const deleted = await call('DELETE', `/api/service-packages/${item.id}`, admin);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await search({ search_term: 'dirigible' })).total).toBe(0);
      expect(await searchKeysOf(item.id)).toBe(0);
    });

    it('leaves no search keys behind when a team goes with its packages', async () => {
      const doomedTeam = await insertTeam(admin, 'Short Lived Collective');
      const item = await createPublished({ team_id: doomedTeam.id, title: 'Ephemeral pop-up store' });
      expect(await searchKeysOf(item.id)).toBeGreaterThan(0);
      await context.database.pool.query('delete from teams where id = $1', [doomedTeam.id]);
      expect(await searchKeysOf(item.id)).toBe(0);
      expect((await search({ search_term: 'ephemeral' })).total).toBe(0);
    });

    it('counts a total again only when packages changed since it was counted (decision 0045)', async () => {
      const pool = context.database.pool;
      await createPublished({ title: 'Zeppelin hangar booking', tags: 'zeppelin' });
      expect((await search({ tags: ['zeppelin'] })).total).toBe(1);
      // A key added behind the triggers' back gives the catalogue no new version: the known total stands,
      // where a count would find two.
      await pool.query(
        `insert into service_package_search_keys (kind, key, package_id, rank, created_at)
         values ('tag', 'zeppelin', -1, 0, '2000-01-01')`,
      );
      expect((await search({ tags: ['zeppelin'] })).total).toBe(1);
      expect((await search({ tags: ['zeppelin'] }, '?skip=5&limit=5')).total).toBe(1);
      await pool.query('delete from service_package_search_keys where package_id = -1');
      // Any change to the packages does: the total is counted again, for a page past the end as well.
      await createPublished({ title: 'Zeppelin mooring mast', tags: 'zeppelin' });
      await createPublished({ title: 'Zeppelin passenger lounge', tags: 'zeppelin' });
      expect((await search({ tags: ['zeppelin'] })).total).toBe(3);
      const draft = await createPackage({ title: 'Zeppelin repair dock', tags: 'zeppelin' });
      await publish(draft.id);
      expect((await search({ tags: ['zeppelin'] }, '?skip=10&limit=5')).total).toBe(4);

      // The published list keeps its total the same way.
      const listed = (await call('GET', '/api/service-packages?limit=1')).json<PackageList>().total;
      await createPublished();
      expect((await call('GET', '/api/service-packages?limit=1')).json<PackageList>().total).toBe(listed + 1);
      const unpublished = await call('POST', `/api/service-packages/${draft.id}/unpublish`, admin);
      expect(unpublished.statusCode, unpublished.body).toBe(200);
      expect((await call('GET', '/api/service-packages?limit=1')).json<PackageList>().total).toBe(listed);
      expect((await search({ tags: ['zeppelin'] })).total).toBe(3);
    });

    it('reuses the page of a search only while the catalogue stands, its rows read as they are now (decision 0070)', async () => {
      const older = await createPublished({ title: 'Wombat burrow planner', tags: 'wombat', price: 100 });
      const newer = await createPublished({ title: 'Wombat feeding rota', tags: 'wombat', price: 200 });
      const filtered = { search_term: 'wombat', tags: ['wombat'], max_price: 300, max_duration: 30 };
      expect(ids(await search(filtered))).toEqual([newer.id, older.id]);
      expect(ids(await search({ search_term: 'wombat' }))).toEqual([newer.id, older.id]);

      // A change made with the triggers off gives the catalogue no new version: the known pages stand
      // (a search would leave out the package now above the price limit, and rank it last by its
      // keys), and their rows are read as they are now.
      const client = await context.database.pool.connect();
      try {
        await client.query('set session_replication_role = replica');
        await client.query('update service_packages set price_cents = 99900 where id = $1', [newer.id]);
        await client.query(
          `update service_package_search_keys set rank = 0 where package_id = $1 and kind = 'lexeme'`,
          [newer.id],
        );
      } finally {
        await client.query('reset session_replication_role');
        client.release();
      }
      const reused = await search(filtered);
      expect(ids(reused)).toEqual([newer.id, older.id]);
      expect(reused.total).toBe(2);
      expect(reused.items[0]!.price).toBe(999);
      expect(ids(await search({ search_term: 'wombat' }))).toEqual([newer.id, older.id]);

      // Any change to the packages: searched again.
      await createPublished({ title: 'Kiosk signage', tags: 'kiosk' });
      const searched = await search(filtered);
      expect(ids(searched)).toEqual([older.id]);
      expect(searched.total).toBe(1);
      expect(ids(await search({ search_term: 'wombat' }))).toEqual([older.id, newer.id]);
    });

    it('never hands out again a catalogue version that a rolled-back change saw', async () => {
      const item = await createPublished();
      const client = await context.database.pool.connect();
      let seen: string;
      try {
        await client.query('begin');
        await client.query('update service_packages set title = title where id = $1', [item.id]);
        seen = (
          await client.query<{ version: string }>('select version from service_package_catalogue_version')
        ).rows[0]!.version;
        await client.query('rollback');
      } finally {
        client.release();
      }
      const before = await context.database.pool.query<{ version: string }>(
        'select version from service_package_catalogue_version',
      );
      expect(Number(before.rows[0]!.version)).toBeLessThan(Number(seen));
      await call('PUT', `/api/service-packages/${item.id}`, admin, updatePayload(item, { price: 321 }));
      const after = await context.database.pool.query<{ version: string }>(
        'select version from service_package_catalogue_version',
      );
      expect(Number(after.rows[0]!.version)).toBeGreaterThan(Number(seen));
    });

    it('counts a total with a team name every time, since a team can be renamed', async () => {
      const renamed = await insertTeam(admin, 'Blimp Works');
      await createPublished({ team_id: renamed.id, title: 'Airship branding kit' });
      expect((await search({ team_name: 'Dirigible Guild' })).total).toBe(0);
      await context.database.pool.query("update teams set name = 'Dirigible Guild' where id = $1", [
        renamed.id,
      ]);
      expect((await search({ team_name: 'Dirigible Guild' })).total).toBe(1);
    });

    it('sends one named prepared statement per search, with the values as parameters', async () => {
      const spy = vi.spyOn(context.database.pool, 'query');
      try {
        await search({ search_term: 'kaleidoscope' });
        await search({ search_term: 'mobile', max_price: 6000, tags: ['flutter'] });
        await search({ tags: ['shopify', 'ecommerce'] });
        await search({ max_duration: 30 });
        const names = spy.mock.calls.map(([query]) => (query as unknown as { name?: string }).name);
        expect(names).toEqual([
          'package_search_term_tags_none',
          'package_search_term_tags_one_max_price',
          'package_search_newest_tags_several',
          'package_search_newest_tags_none_max_duration',
        ]);
      } finally {
        spy.mockRestore();
      }
    });
  });
  describe('search order and category', () => {
    /** Tagged 'orderprobe' so a tag filter sees only these; two share a price, two share a rating. */
    let cheap: ServicePackage;
    let tiedLow: ServicePackage;
    let tiedHigh: ServicePackage;
    let dear: ServicePackage;
    let unrated: ServicePackage;
    let category: { id: number };
    let categorisedTeam: { id: number; name: string };

    async function review(item: ServicePackage, rating: number) {
      const pool = context.database.pool;
      const order = await pool.query<{ id: number }>(
        `insert into orders (buyer_id, service_package_id, team_id, status, total_cents, completed_at)
         values ($1, $2, $3, 'completed', 10000, now()) returning id`,
        [buyer.id, item.id, item.team_id],
      );
      await pool.query(
        'insert into reviews (order_id, buyer_id, team_id, service_package_id, rating) values ($1, $2, $3, $4, $5)',
        [order.rows[0]!.id, buyer.id, item.team_id, item.id, rating],
      );
    }

    beforeAll(async () => {
      const inserted = await context.database.pool.query<{ id: number }>(
        "insert into service_categories (name, description) values ('Order probe category', 'For the tests') returning id",
      );
      category = inserted.rows[0]!;
      categorisedTeam = await insertTeam(admin, 'Categorised Crew');
      await context.database.pool.query('update teams set service_category_id = $1 where id = $2', [
        category.id,
        categorisedTeam.id,
      ]);
      const probe = (title: string, price: number, teamId = team.id) =>
        createPublished({
          team_id: teamId,
          title,
          price,
          tags: 'orderprobe',
          description: 'Orderprobe work done with care and speed.',
        });
      cheap = await probe('Orderprobe cheap audit', 10);
      tiedLow = await probe('Orderprobe tied audit one', 250, categorisedTeam.id);
      tiedHigh = await probe('Orderprobe tied audit two', 250, categorisedTeam.id);
      dear = await probe('Orderprobe premium rebuild', 9000);
      unrated = await probe('Orderprobe unrated sketch', 500);
      await review(dear, 5);
      await review(tiedLow, 4);
      await review(tiedHigh, 5);
      await review(tiedHigh, 3);
      await review(cheap, 2);
    });

    it('orders by price low to high and high to low, ties by id', async () => {
      const ascending = await search({ tags: ['orderprobe'], sort: 'price_asc' });
      expect(ids(ascending)).toEqual([cheap.id, tiedLow.id, tiedHigh.id, unrated.id, dear.id]);
      const descending = await search({ tags: ['orderprobe'], sort: 'price_desc' });
      expect(ids(descending)).toEqual([dear.id, unrated.id, tiedHigh.id, tiedLow.id, cheap.id]);
      expect(ascending.total).toBe(5);
      expect(descending.total).toBe(5);
    });

    it('orders by rating (more reviews first on a tie, unreviewed last) and by newest', async () => {
      const rated = await search({ tags: ['orderprobe'], sort: 'rating' });
      // dear 5.0 (1), tiedLow 4.0 (1) and tiedHigh 4.0 (2): the one with more reviews first, cheap 2.0, unrated.
      expect(ids(rated)).toEqual([dear.id, tiedHigh.id, tiedLow.id, cheap.id, unrated.id]);
      const newest = await search({ tags: ['orderprobe'], sort: 'newest' });
      expect(ids(newest)).toEqual([unrated.id, dear.id, tiedHigh.id, tiedLow.id, cheap.id]);
      expect(ids(await search({ tags: ['orderprobe'], sort: 'relevance' }))).toEqual(ids(newest));
    });

    it('orders a term search by price or rating over the same matches as relevance', async () => {
      const relevance = await search({ search_term: 'orderprobe' });
      const byPrice = await search({ search_term: 'orderprobe', sort: 'price_asc' });
      const byRating = await search({ search_term: 'orderprobe', sort: 'rating' });
      const byNewest = await search({ search_term: 'orderprobe', sort: 'newest' });
      expect(ids(byPrice)).toEqual([cheap.id, tiedLow.id, tiedHigh.id, unrated.id, dear.id]);
      expect(ids(byRating)).toEqual([dear.id, tiedHigh.id, tiedLow.id, cheap.id, unrated.id]);
      expect(ids(byNewest)).toEqual([unrated.id, dear.id, tiedHigh.id, tiedLow.id, cheap.id]);
      for (const sorted of [byPrice, byRating, byNewest]) {
        expect(sorted.total).toBe(relevance.total);
        expect([...ids(sorted)].sort()).toEqual([...ids(relevance)].sort());
      }
      // A typo finds the same packages through their close title word, in price order too.
      expect(ids(await search({ search_term: 'orderprobee', sort: 'price_desc' }))).toEqual([
        dear.id,
        unrated.id,
        tiedHigh.id,
        tiedLow.id,
        cheap.id,
      ]);
    });

    it('pages every order without repeating or skipping a package, across ties', async () => {
      for (const sort of ['price_asc', 'price_desc', 'rating', 'newest'] as const) {
        for (const body of [{ sort }, { sort, search_term: 'orderprobe' }, { sort, tags: ['orderprobe'] }]) {
          const all = await search(body, '?limit=100');
          const paged: number[] = [];
          for (let skip = 0; skip < all.total; skip += 2) {
            const page = await search(body, `?skip=${skip}&limit=2`);
            expect(page.total).toBe(all.total);
            paged.push(...ids(page));
          }
          expect(paged, JSON.stringify(body)).toEqual(ids(all));
          expect(new Set(paged).size).toBe(all.total);
        }
      }
      // The whole catalogue in price order is sorted, ties by id.
      const everything = await search({ sort: 'price_asc' }, '?limit=100');
      const pairs = everything.items.map((item) => [item.price, item.id] as const);
      expect(pairs).toEqual([...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    });

    it("filters by the team's category, alone and with a term and an order", async () => {
      const inCategory = await search({ category_id: category.id });
      expect(ids(inCategory)).toEqual([tiedHigh.id, tiedLow.id]);
      expect(inCategory.total).toBe(2);
      const ordered = await search({ category_id: category.id, sort: 'price_asc', search_term: 'audit' });
      expect(ids(ordered)).toEqual([tiedLow.id, tiedHigh.id]);
      expect((await search({ category_id: 2_000_000 })).total).toBe(0);
    });

    it("counts a category's total every time, since a team can change its category", async () => {
      expect((await search({ category_id: category.id, sort: 'price_desc' })).total).toBe(2);
      await context.database.pool.query('update teams set service_category_id = $1 where id = $2', [
        category.id,
        secondTeam.id,
      ]);
      try {
        const widened = await search({ category_id: category.id, sort: 'price_desc' });
        expect(widened.total).toBeGreaterThan(2);
        expect(
          widened.items.every((item) => [categorisedTeam.id, secondTeam.id].includes(item.team_id)),
        ).toBe(true);
      } finally {
        await context.database.pool.query('update teams set service_category_id = null where id = $1', [
          secondTeam.id,
        ]);
      }
    });

    it('reuses a known total per order only while the catalogue stands (decision 0045)', async () => {
      for (const sort of ['price_asc', 'rating'] as const) {
        expect((await search({ tags: ['orderprobe'], sort })).total).toBe(5);
      }
      const added = await createPublished({
        title: 'Orderprobe late addition',
        price: 1,
        tags: 'orderprobe',
      });
      for (const sort of ['price_asc', 'rating', 'price_desc'] as const) {
        expect((await search({ tags: ['orderprobe'], sort })).total).toBe(6);
      }
      expect(ids(await search({ tags: ['orderprobe'], sort: 'price_asc' }))[0]).toBe(added.id);
      const removed = await call('DELETE', `/api/service-packages/${added.id}`, admin);
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await search({ tags: ['orderprobe'], sort: 'price_asc' }, '?skip=50&limit=5')).total).toBe(5);
    });

    it('refuses an unknown order and a bad category with a clear message; visitors may search', async () => {
      const unknown = await call('POST', '/api/service-packages/search', undefined, { sort: 'cheapest' });
      expectValidation(unknown, 'Unknown sort; use one of relevance, price_asc, price_desc, rating, newest');
      for (const category_id of [0, -3, 1.5, 'seo']) {
        const response = await call('POST', '/api/service-packages/search', undefined, { category_id });
        expect(response.statusCode, response.body).toBe(422);
      }
      const visitor = await call('POST', '/api/service-packages/search', undefined, { sort: 'rating' });
      expect(visitor.statusCode).toBe(200);
    });
  });
});
