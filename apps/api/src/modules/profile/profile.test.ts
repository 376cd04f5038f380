import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_ITEMS_MAX,
  PROFILE_TEXTS,
  SKILL_LEVELS,
  type Profile,
  type ProfileKind,
  type PublicProfile,
} from '@teamhire/shared';
import { insertUser, type ErrorBody } from '../../../test/accounts-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { activityActions, createSignedInUser, requester, type SignedInUser } from '../../../test/users';

type Fields = Record<string, unknown>;
type Item = Fields & { id: number; user_id: number; created_at: string; updated_at: string };

interface KindCase {
  kind: ProfileKind;
  table: string;
  /** A payload with every field filled in, and the response fields it gives. */
  valid: Fields;
  /** A different payload for PUT that leaves the optional fields out, and what it is stored as. */
  changed: Fields;
  changedStored: Fields;
  required: string[];
  /** A valid payload dated `date`, for the kinds listed newest first; skills keep the order added. */
  at?: (date: string) => Fields;
  /** The columns and values of a minimal row, for filling a profile straight through the pool. */
  filler: { columns: string; values: string };
  activity: string;
}

const KIND_CASES: KindCase[] = [
  {
    kind: 'experiences',
    table: 'profile_experiences',
    valid: {
      title: 'Senior developer',
      company: 'Acme Ltd',
      start_date: '2020-01-15',
      end_date: '2022-06-30',
      current: false,
      description: 'Built the billing platform.',
      total_completed_projects: 12,
      avg_reviews: 4.5,
      total_reviews: 30,
    },
    changed: { title: 'Lead developer', company: 'Globex', start_date: '2022-07-01', current: true },
    changedStored: {
      title: 'Lead developer',
      company: 'Globex',
      start_date: '2022-07-01',
      end_date: null,
      current: true,
      description: null,
      total_completed_projects: 0,
      avg_reviews: 0,
      total_reviews: 0,
    },
    required: ['title', 'company', 'start_date'],
    at: (date) => ({ title: 'Developer', company: 'Acme Ltd', start_date: date, end_date: null }),
    filler: { columns: 'title, company, start_date', values: "'Filler', 'Filler Ltd', date '2020-01-01'" },
    activity: 'Added an experience to your profile',
  },
  {
    kind: 'skills',
    table: 'profile_skills',
    valid: {
      name: 'TypeScript',
      level: 'Expert',
      category: 'Programming',
      total_completed_projects: 8,
      avg_reviews: 4.9,
      total_reviews: 21,
    },
    changed: { name: 'Rust', level: 'Beginner' },
    changedStored: {
      name: 'Rust',
      level: 'Beginner',
      category: null,
      total_completed_projects: 0,
      avg_reviews: 0,
      total_reviews: 0,
    },
    required: ['name', 'level'],
    filler: { columns: 'name, level', values: "'Filler', 'Beginner'" },
    activity: 'Added a skill to your profile',
  },
  {
    kind: 'certificates',
    table: 'profile_certificates',
    valid: {
      name: 'AWS Solutions Architect',
      issuer: 'Amazon Web Services',
      issue_date: '2023-03-01',
      expiry_date: '2026-03-01',
      credential_id: 'ABC-123',
      credential_url: 'https://aws.example.com/verify/ABC-123',
    },
    changed: { name: 'CKA', issuer: 'CNCF', issue_date: '2024-01-10', credential_url: '' },
    changedStored: {
      name: 'CKA',
      issuer: 'CNCF',
      issue_date: '2024-01-10',
      expiry_date: null,
      credential_id: null,
      credential_url: null,
    },
    required: ['name', 'issuer', 'issue_date'],
    at: (date) => ({ name: 'Certificate', issuer: 'Issuer', issue_date: date }),
    filler: { columns: 'name, issuer, issue_date', values: "'Filler', 'Issuer', date '2020-01-01'" },
    activity: 'Added a certificate to your profile',
  },
  {
    kind: 'education',
    table: 'profile_education',
    valid: {
      degree: 'BSc',
      institution: 'Example University',
      field_of_study: 'Computer Science',
      start_date: '2014-09-01',
      end_date: '2018-06-30',
      current: false,
      gpa: 3.8,
      description: 'Graduated with honours.',
    },
    changed: { degree: 'MSc', institution: 'Other University', start_date: '2019-09-01', current: true },
    changedStored: {
      degree: 'MSc',
      institution: 'Other University',
      field_of_study: null,
      start_date: '2019-09-01',
      end_date: null,
      current: true,
      gpa: null,
      description: null,
    },
    required: ['degree', 'institution', 'start_date'],
    at: (date) => ({ degree: 'BSc', institution: 'Example University', start_date: date }),
    filler: {
      columns: 'degree, institution, start_date',
      values: "'Filler', 'University', date '2020-01-01'",
    },
    activity: 'Added an education entry to your profile',
  },
];

const caseOf = (kind: ProfileKind) => KIND_CASES.find((kindCase) => kindCase.kind === kind)!;
const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const STAMPS = ['id', 'user_id', 'created_at', 'updated_at'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('profile', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  const signedIn = (fullName?: string) => createSignedInUser(context, { role: 'SELLER', fullName });

  const request = requester(() => context);

  const post = (kind: ProfileKind, actor: SignedInUser | undefined, payload: object) =>
    request('POST', `/api/profile/${kind}`, actor, payload);

  async function created(kind: ProfileKind, actor: SignedInUser, payload: object): Promise<Item> {
    const response = await post(kind, actor, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Item>();
  }

  async function listed(kind: ProfileKind, actor: SignedInUser): Promise<Item[]> {
    const response = await request('GET', `/api/profile/${kind}`, actor);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Item[]>();
  }

  /** The stored row as PostgreSQL renders it: columns carry the API's field names. */
  async function storedRow(table: string, id: number): Promise<Fields | undefined> {
    const result = await context.database.pool.query<{ row: Fields }>(
      `select to_jsonb(t) as row from ${table} t where id = $1`,
      [id],
    );
    return result.rows[0]?.row;
  }

  async function rowCount(table: string, userId: number): Promise<number> {
    const result = await context.database.pool.query<{ count: string }>(
      `select count(*) from ${table} where user_id = $1`,
      [userId],
    );
    return Number(result.rows[0]!.count);
  }

  /** The stored row equals the item the API answered with, timestamps included. */
  async function expectStored(table: string, item: Item): Promise<void> {
    const stored = await storedRow(table, item.id);
    expect(stored).toEqual({ ...item, created_at: expect.any(String), updated_at: expect.any(String) });
    expect(new Date(String(stored!.created_at)).toISOString()).toBe(item.created_at);
    expect(new Date(String(stored!.updated_at)).toISOString()).toBe(item.updated_at);
  }

  function expectValidationError(
    response: { statusCode: number; body: string; json<T>(): T },
    path: string,
    message: string,
  ): void {
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ErrorBody>()).toEqual({
      code: 'validation',
      detail: message,
      errors: [{ path, message }],
    });
  }

  describe.each(KIND_CASES)('$kind', (kindCase) => {
    const { kind, table, valid, changed, changedStored } = kindCase;

    it('creates an item with every field, stores it and records the activity', async () => {
      const owner = await signedIn();
      const response = await post(kind, owner, valid);
      expect(response.statusCode, response.body).toBe(201);
      const item = response.json<Item>();
      expect(item).toEqual({
        id: expect.any(Number),
        user_id: owner.id,
        ...valid,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Object.keys(item).sort()).toEqual([...STAMPS, ...Object.keys(valid)].sort());
      await expectStored(table, item);
      expect(await activityActions(context, owner.id)).toEqual(['profile.item_added']);
      const activity = await context.database.pool.query<{ description: string }>(
        "select description from activity_log where user_id = $1 and action = 'profile.item_added'",
        [owner.id],
      );
      expect(activity.rows.map((row) => row.description)).toEqual([kindCase.activity]);
    });

    it('stores only the required fields with empty optional ones', async () => {
      const owner = await signedIn();
      const minimal = Object.fromEntries(kindCase.required.map((field) => [field, valid[field]]));
      const item = await created(kind, owner, minimal);
      expect(item).toMatchObject(minimal);
      await expectStored(table, item);
    });

    it("lists the caller's own items only", async () => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const first = await created(kind, owner, valid);
      await created(kind, stranger, valid);
      expect(await listed(kind, owner)).toEqual([first]);
      const others = await listed(kind, stranger);
      expect(others).toHaveLength(1);
      expect(others[0]!.user_id).toBe(stranger.id);
      expect(await listed(kind, await signedIn())).toEqual([]);
    });

    const { at } = kindCase;
    if (at) {
      it('lists newest first by date, and the later added first on the same date', async () => {
        const owner = await signedIn();
        const middle = await created(kind, owner, at('2019-05-01'));
        const oldest = await created(kind, owner, at('2015-01-01'));
        const newest = await created(kind, owner, at('2023-11-30'));
        const sameDay = await created(kind, owner, at('2019-05-01'));
        const ids = (await listed(kind, owner)).map((item) => item.id);
        expect(ids).toEqual([newest.id, sameDay.id, middle.id, oldest.id]);
      });
    } else {
      it('lists in the order the items were added', async () => {
        const owner = await signedIn();
        const names = ['Go', 'Agile', 'Zig', 'CSS'];
        const items = [];
        for (const name of names) items.push(await created(kind, owner, { ...valid, name }));
        expect((await listed(kind, owner)).map((item) => item.id)).toEqual(items.map((item) => item.id));
      });
    }

    it('replaces every field on PUT and moves updated_at', async () => {
      const owner = await signedIn();
      const item = await created(kind, owner, valid);
      await sleep(15);
      const response = await request('PUT', `/api/profile/${kind}/${item.id}`, owner, changed);
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<Item>();
      expect(updated).toEqual({
        id: item.id,
        user_id: owner.id,
        ...changedStored,
        created_at: item.created_at,
        updated_at: expect.stringMatching(ISO_TIMESTAMP),
      });
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(item.updated_at));
      await expectStored(table, updated);
      expect(await listed(kind, owner)).toEqual([updated]);
    });

    it("answers 404 to a PUT on another user's item and changes nothing", async () => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const item = await created(kind, owner, valid);
      const before = await storedRow(table, item.id);
      const response = await request('PUT', `/api/profile/${kind}/${item.id}`, stranger, changed);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<ErrorBody>().detail).toMatch(/was not found in your profile$/);
      expect(await storedRow(table, item.id)).toEqual(before);
      expect(await rowCount(table, stranger.id)).toBe(0);
    });

    it('answers 404 to a PUT or DELETE on an item that does not exist', async () => {
      const owner = await signedIn();
      const item = await created(kind, owner, valid);
      await request('DELETE', `/api/profile/${kind}/${item.id}`, owner);
      const put = await request('PUT', `/api/profile/${kind}/${item.id}`, owner, changed);
      expect(put.statusCode, put.body).toBe(404);
      const remove = await request('DELETE', `/api/profile/${kind}/${item.id}`, owner);
      expect(remove.statusCode, remove.body).toBe(404);
      expect(await rowCount(table, owner.id)).toBe(0);
    });

    it('refuses an invalid PUT and keeps the item as it was', async () => {
      const owner = await signedIn();
      const item = await created(kind, owner, valid);
      const before = await storedRow(table, item.id);
      const field = kindCase.required[0]!;
      const response = await request('PUT', `/api/profile/${kind}/${item.id}`, owner, {
        ...valid,
        [field]: '  ',
      });
      expectValidationError(response, `body.${field}`, PROFILE_TEXTS.requiredFields);
      expect(await storedRow(table, item.id)).toEqual(before);
    });

    it('deletes the own item with 204', async () => {
      const owner = await signedIn();
      const item = await created(kind, owner, valid);
      const kept = await created(kind, owner, valid);
      const response = await request('DELETE', `/api/profile/${kind}/${item.id}`, owner);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect(await storedRow(table, item.id)).toBeUndefined();
      expect((await listed(kind, owner)).map((entry) => entry.id)).toEqual([kept.id]);
    });

    it("answers 404 to a DELETE of another user's item and keeps it", async () => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const item = await created(kind, owner, valid);
      const response = await request('DELETE', `/api/profile/${kind}/${item.id}`, stranger);
      expect(response.statusCode, response.body).toBe(404);
      await expectStored(table, item);
      expect(await listed(kind, owner)).toEqual([item]);
    });

    const blanks: [string, unknown][] = [
      ['missing', undefined],
      ['empty', ''],
      ['blank', '   '],
      ['null', null],
    ];
    it.each(kindCase.required.flatMap((field) => blanks.map(([how, value]) => ({ field, how, value }))))(
      'refuses $field $how with the required-fields message',
      async ({ field, value }) => {
        const owner = await signedIn();
        const payload: Fields = { ...valid, [field]: value };
        if (value === undefined) delete payload[field];
        const response = await post(kind, owner, payload);
        expectValidationError(response, `body.${field}`, PROFILE_TEXTS.requiredFields);
        expect(await rowCount(table, owner.id)).toBe(0);
        expect(await activityActions(context, owner.id)).toEqual([]);
      },
    );

    it.each([{ nickname: 'x' }, { user_id: 1 }, { id: 5 }, { created_at: '2020-01-01T00:00:00.000Z' }])(
      'refuses an unknown field %o',
      async (extra) => {
        const owner = await signedIn();
        const response = await post(kind, owner, { ...valid, ...extra });
        expect(response.statusCode, response.body).toBe(422);
        expect(await rowCount(table, owner.id)).toBe(0);
      },
    );

    it('answers 401 without a token and stores nothing', async () => {
      const owner = await signedIn();
      const item = await created(kind, owner, valid);
      const calls = [
        await request('GET', `/api/profile/${kind}`),
        await post(kind, undefined, valid),
        await request('PUT', `/api/profile/${kind}/${item.id}`, undefined, changed),
        await request('DELETE', `/api/profile/${kind}/${item.id}`),
        await context.app.inject({
          method: 'POST',
          url: `/api/profile/${kind}`,
          headers: { authorization: 'Bearer not-a-token' },
          payload: valid,
        }),
      ];
      expect(calls.map((call) => call.statusCode)).toEqual([401, 401, 401, 401, 401]);
      await expectStored(table, item);
      const result = await context.database.pool.query<{ count: string }>(`select count(*) from ${table}`);
      const total = Number(result.rows[0]!.count);
      await post(kind, undefined, valid);
      const after = await context.database.pool.query<{ count: string }>(`select count(*) from ${table}`);
      expect(Number(after.rows[0]!.count)).toBe(total);
    });

    async function fill(userId: number, count: number): Promise<void> {
      await context.database.pool.query(
        `insert into ${table} (user_id, ${kindCase.filler.columns})
         select $1, ${kindCase.filler.values} from generate_series(1, $2)`,
        [userId, count],
      );
    }

    it(`refuses item number ${PROFILE_ITEMS_MAX + 1} of a kind with 422`, async () => {
      const owner = await signedIn();
      await fill(owner.id, PROFILE_ITEMS_MAX - 1);
      await created(kind, owner, valid);
      const response = await post(kind, owner, valid);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().detail).toBe(
        `A profile holds at most ${PROFILE_ITEMS_MAX} of each kind of item`,
      );
      expect(await rowCount(table, owner.id)).toBe(PROFILE_ITEMS_MAX);
      // The cap is per kind and per user.
      const other = KIND_CASES.find((entry) => entry.kind !== kind)!;
      await created(other.kind, owner, other.valid);
      await created(kind, await signedIn(), valid);
    });

    it('keeps to the cap when the last places are asked for at the same time', async () => {
      const owner = await signedIn();
      await fill(owner.id, PROFILE_ITEMS_MAX - 1);
      const responses = await Promise.all([1, 2, 3, 4].map(() => post(kind, owner, valid)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 422, 422, 422]);
      expect(await rowCount(table, owner.id)).toBe(PROFILE_ITEMS_MAX);
    });
  });

  describe('skill level', () => {
    it.each(SKILL_LEVELS)('accepts %s', async (level) => {
      const item = await created('skills', await signedIn(), { ...caseOf('skills').valid, level });
      expect(item.level).toBe(level);
    });

    it.each(['Guru', 'expert', 'EXPERT', 'Novice', 3])('refuses %s', async (level) => {
      const owner = await signedIn();
      const response = await post('skills', owner, { ...caseOf('skills').valid, level });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors?.map((error) => error.path)).toEqual(['body.level']);
      expect(await rowCount('profile_skills', owner.id)).toBe(0);
    });
  });

  describe.each(['experiences', 'skills'] as const)('avg_reviews of %s', (kind) => {
    const { valid, table } = caseOf(kind);

    it.each([0, 0.1, 0.3, 2.7, 4.5, 5])('accepts %s', async (avg) => {
      const owner = await signedIn();
      const item = await created(kind, owner, { ...valid, avg_reviews: avg });
      expect(item.avg_reviews).toBe(avg);
      expect((await storedRow(table, item.id))!.avg_reviews).toBe(avg);
    });

    it.each([4.55, 5.1, -0.1, 6, 0.01])('refuses %s', async (avg) => {
      const owner = await signedIn();
      const response = await post(kind, owner, { ...valid, avg_reviews: avg });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ErrorBody>().errors?.map((error) => error.path)).toEqual(['body.avg_reviews']);
      expect(await rowCount(table, owner.id)).toBe(0);
    });

    it('refuses negative or fractional counts', async () => {
      const owner = await signedIn();
      for (const extra of [{ total_reviews: -1 }, { total_completed_projects: 1.5 }]) {
        const response = await post(kind, owner, { ...valid, ...extra });
        expect(response.statusCode, response.body).toBe(422);
      }
      expect(await rowCount(table, owner.id)).toBe(0);
    });
  });

  describe.each(['experiences', 'education'] as const)('the period of %s', (kind) => {
    const { valid, table } = caseOf(kind);

    it('refuses an end date before the start date', async () => {
      const owner = await signedIn();
      const response = await post(kind, owner, {
        ...valid,
        start_date: '2020-05-02',
        end_date: '2020-05-01',
      });
      expectValidationError(response, 'body.end_date', PROFILE_TEXTS.endBeforeStart);
      expect(await rowCount(table, owner.id)).toBe(0);
    });

    it('accepts an end date on the start date', async () => {
      const item = await created(kind, await signedIn(), {
        ...valid,
        start_date: '2020-05-01',
        end_date: '2020-05-01',
      });
      expect(item.end_date).toBe('2020-05-01');
    });

    it('refuses an end date while current', async () => {
      const owner = await signedIn();
      const response = await post(kind, owner, { ...valid, current: true });
      expectValidationError(response, 'body.end_date', PROFILE_TEXTS.endDateWhileCurrent);
      expect(await rowCount(table, owner.id)).toBe(0);
    });

    it.each([null, ''])('accepts current with the end date %o', async (endDate) => {
      const owner = await signedIn();
      const item = await created(kind, owner, { ...valid, current: true, end_date: endDate });
      expect(item).toMatchObject({ current: true, end_date: null });
      await expectStored(table, item);
    });

    it('refuses the same on PUT and keeps the item', async () => {
      const owner = await signedIn();
      const item = await created(kind, owner, valid);
      const response = await request('PUT', `/api/profile/${kind}/${item.id}`, owner, {
        ...valid,
        end_date: '2000-01-01',
      });
      expectValidationError(response, 'body.end_date', PROFILE_TEXTS.endBeforeStart);
      await expectStored(table, item);
    });
  });

  describe('certificates', () => {
    const { valid, table } = caseOf('certificates');

    it('refuses an expiry date before the issue date', async () => {
      const owner = await signedIn();
      const response = await post('certificates', owner, {
        ...valid,
        issue_date: '2023-03-01',
        expiry_date: '2023-02-28',
      });
      expectValidationError(response, 'body.expiry_date', PROFILE_TEXTS.expiryBeforeIssue);
      expect(await rowCount(table, owner.id)).toBe(0);
    });

    it.each([
      'javascript:alert(1)',
      'ftp://x',
      'http//example.com',
      'https://',
      'example.com',
      'https://a b',
    ])('refuses the credential URL %s', async (url) => {
      const owner = await signedIn();
      const response = await post('certificates', owner, { ...valid, credential_url: url });
      expectValidationError(response, 'body.credential_url', PROFILE_TEXTS.urlInvalid);
      expect(await rowCount(table, owner.id)).toBe(0);
    });

    it.each(['', null])('stores the credential URL %o as null', async (url) => {
      const owner = await signedIn();
      const item = await created('certificates', owner, { ...valid, credential_url: url });
      expect(item.credential_url).toBeNull();
      await expectStored(table, item);
    });

    it('accepts an http URL', async () => {
      const item = await created('certificates', await signedIn(), {
        ...valid,
        credential_url: 'http://example.com/c?id=1',
      });
      expect(item.credential_url).toBe('http://example.com/c?id=1');
    });
  });

  describe('dates', () => {
    const dateFields = KIND_CASES.flatMap(({ kind, valid }) =>
      Object.keys(valid)
        .filter((field) => field.endsWith('_date'))
        .map((field) => ({ kind, field })),
    );
    const badDates = [
      '2024-1-5',
      '31/12/2024',
      '2024-13-01',
      '2023-02-29',
      '2024-05-31T00:00:00Z',
      '0000-01-01',
    ];

    it.each(dateFields.flatMap((entry) => badDates.map((value) => ({ ...entry, value }))))(
      'refuses $kind $field $value',
      async ({ kind, field, value }) => {
        const owner = await signedIn();
        const response = await post(kind, owner, { ...caseOf(kind).valid, [field]: value });
        expect(response.statusCode, response.body).toBe(422);
        expect(response.json<ErrorBody>().errors?.map((error) => error.path)).toContain(`body.${field}`);
        expect(await rowCount(caseOf(kind).table, owner.id)).toBe(0);
      },
    );

    it('accepts a leap day', async () => {
      const item = await created('experiences', await signedIn(), {
        ...caseOf('experiences').valid,
        start_date: '2024-02-29',
        end_date: '2024-03-01',
      });
      expect(item.start_date).toBe('2024-02-29');
    });
  });

  describe('GET /api/profile', () => {
    it("returns the caller's four lists and nobody else's", async () => {
      const owner = await signedIn();
      const stranger = await signedIn();
      const mine: Record<string, Item[]> = {};
      for (const { kind, valid } of KIND_CASES) {
        mine[kind] = [await created(kind, owner, valid)];
        await created(kind, stranger, valid);
      }
      const response = await request('GET', '/api/profile', owner);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Profile>()).toEqual(mine);
      expect(Object.keys(response.json<Profile>()).sort()).toEqual([
        'certificates',
        'education',
        'experiences',
        'skills',
      ]);
    });

    it('returns four empty lists for a new user', async () => {
      const response = await request('GET', '/api/profile', await signedIn());
      expect(response.json<Profile>()).toEqual({
        experiences: [],
        skills: [],
        certificates: [],
        education: [],
      });
    });

    it('answers 401 without a token', async () => {
      expect((await request('GET', '/api/profile')).statusCode).toBe(401);
    });
  });

  describe('GET /api/users/{id}/profile', () => {
    it("shows a signed-in user another user's lists and user fields without the email", async () => {
      const owner = await signedIn('Grace Hopper');
      const viewer = await createSignedInUser(context, { role: 'BUYER' });
      for (const { kind, valid } of KIND_CASES) await created(kind, owner, valid);
      await created('skills', viewer, caseOf('skills').valid);
      const own = (await request('GET', '/api/profile', owner)).json<Profile>();

      const response = await request('GET', `/api/users/${owner.id}/profile`, viewer);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<PublicProfile>();
      expect(body).toEqual({
        user: {
          id: owner.id,
          username: owner.username,
          full_name: 'Grace Hopper',
          role: 'SELLER',
          profile_picture_url: null,
          created_at: expect.stringMatching(ISO_TIMESTAMP),
        },
        ...own,
      });
      expect(response.body).not.toMatch(/email/i);
      expect(response.body).not.toContain(owner.email);
      expect(response.body).not.toContain('@');
    });

    it('answers 401 to a visitor', async () => {
      const owner = await signedIn();
      const response = await request('GET', `/api/users/${owner.id}/profile`);
      expect(response.statusCode, response.body).toBe(401);
    });

    it('answers 404 for an unknown user', async () => {
      const response = await request('GET', '/api/users/2147483000/profile', await signedIn());
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<ErrorBody>().detail).toBe('User not found');
    });

    it('answers 404 for a deactivated user', async () => {
      const viewer = await signedIn();
      const inactive = await insertUser(context, { role: 'SELLER', isActive: false });
      const first = await request('GET', `/api/users/${inactive.id}/profile`, viewer);
      expect(first.statusCode, first.body).toBe(404);

      const owner = await signedIn();
      await created('skills', owner, caseOf('skills').valid);
      await context.database.pool.query('update users set is_active = false where id = $1', [owner.id]);
      const second = await request('GET', `/api/users/${owner.id}/profile`, viewer);
      expect(second.statusCode, second.body).toBe(404);
      expect(second.json<ErrorBody>().detail).toBe('User not found');
    });
  });
});
