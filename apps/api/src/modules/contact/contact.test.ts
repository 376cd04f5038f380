import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_COMPANY_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_RATE_LIMIT_PER_HOUR,
} from '@teamhire/shared';
import { contactMessages } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../../test/test-app';

interface ErrorBody {
  detail: string;
  errors?: { path: string; message: string }[];
}
interface ContactBody {
  id: number;
  name: string;
  email: string;
  company: string | null;
  message: string;
  created_at: string;
}

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  message: 'We would like a quote for a web shop.',
};

describe('POST /api/contact', () => {
  let context: TestContext;
  // The endpoint is rate limited per client address: every request here comes from its own
  // address unless a test is about the limit.
  let addressCounter = 0;
  const nextAddress = () => {
    addressCounter += 1;
    return `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(() => context.close());

  function post(payload: object, remoteAddress = nextAddress()) {
    return context.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });
  }

  async function storedCount(): Promise<number> {
    const [row] = await context.database.db.select({ value: count() }).from(contactMessages);
    return row?.value ?? 0;
  }

  async function storedRow(id: number) {
    const result = await context.database.pool.query<{
      id: number;
      name: string;
      email: string;
      company: string | null;
      message: string;
      created_at: Date;
    }>('select id, name, email, company, message, created_at from contact_messages where id = $1', [id]);
    return result.rows[0];
  }

  /** Posts an invalid payload and checks it is refused with 422 and that nothing was stored. */
  async function expectRefused(payload: object): Promise<ErrorBody> {
    const before = await storedCount();
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json<ErrorBody>();
    expect(typeof body.detail).toBe('string');
    expect(Array.isArray(body.errors)).toBe(true);
    expect(body.errors!.length).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    return body;
  }

  describe('accepted messages', () => {
    it('answers 201 with the stored message', async () => {
      const before = await storedCount();
      const response = await post(valid);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<ContactBody>();
      expect(body).toEqual({
        id: expect.any(Number) as number,
        name: valid.name,
        email: valid.email,
        company: valid.company,
        message: valid.message,
        created_at: expect.any(String) as string,
      });
      expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(60_000);
      expect(await storedCount()).toBe(before + 1);
      const row = await storedRow(body.id);
      expect(row).toEqual({
        id: body.id,
        name: valid.name,
        email: valid.email,
        company: valid.company,
        message: valid.message,
        created_at: new Date(body.created_at),
      });
    });

    it('lower-cases the email and trims the fields', async () => {
      const response = await post({
        name: '  Grace Hopper  ',
        email: '  Grace.Hopper@Example.COM ',
        company: ' Navy ',
        message: '\n Hello there \n',
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<ContactBody>();
      expect(body.email).toBe('grace.hopper@example.com');
      const row = await storedRow(body.id);
      expect(row).toMatchObject({
        name: 'Grace Hopper',
        email: 'grace.hopper@example.com',
        company: 'Navy',
        message: 'Hello there',
      });
    });

    it.each([
      ['an empty company', { ...valid, company: '' }],
      ['a blank company', { ...valid, company: '   ' }],
      ['a null company', { ...valid, company: null }],
      ['no company', { name: valid.name, email: valid.email, message: valid.message }],
    ])('stores %s as null', async (_label, payload) => {
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json<ContactBody>();
      expect(body.company).toBeNull();
      expect((await storedRow(body.id))?.company).toBeNull();
    });

    it('accepts every field at its maximum length', async () => {
      const local = 'a'.repeat(CONTACT_EMAIL_MAX - '@example.com'.length);
      const payload = {
        name: 'n'.repeat(CONTACT_NAME_MAX),
        email: `${local}@example.com`,
        company: 'c'.repeat(CONTACT_COMPANY_MAX),
        message: 'm'.repeat(CONTACT_MESSAGE_MAX),
      };
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(201);
      const row = await storedRow(response.json<ContactBody>().id);
      expect(row).toMatchObject(payload);
    });
  });

  describe('validation', () => {
    it.each([
      ['a missing name', { email: valid.email, message: valid.message }, 'name', 'Name is required'],
      ['an empty name', { ...valid, name: '' }, 'name', 'Name is required'],
      ['a whitespace-only name', { ...valid, name: '   \t ' }, 'name', 'Name is required'],
      ['a missing email', { name: valid.name, message: valid.message }, 'email', 'Email is required'],
      ['an empty email', { ...valid, email: '' }, 'email', 'Email is required'],
      ['a whitespace-only email', { ...valid, email: '   ' }, 'email', 'Email is required'],
      [
        'an email without @',
        { ...valid, email: 'ada.example.com' },
        'email',
        'Please enter a valid email address',
      ],
      [
        'an email without a domain',
        { ...valid, email: 'ada@' },
        'email',
        'Please enter a valid email address',
      ],
      [
        'an email with a space',
        { ...valid, email: 'ada love@example.com' },
        'email',
        'Please enter a valid email address',
      ],
      ['a missing message', { name: valid.name, email: valid.email }, 'message', 'Message is required'],
      ['an empty message', { ...valid, message: '' }, 'message', 'Message is required'],
      ['a whitespace-only message', { ...valid, message: ' \n\n ' }, 'message', 'Message is required'],
      ['a name that is not text', { ...valid, name: 42 }, 'name', 'Name is required'],
    ])('refuses %s with its text', async (_label, payload, field, text) => {
      const body = await expectRefused(payload);
      expect(body.detail).toBe(text);
      expect(body.errors).toContainEqual({ path: `body.${field}`, message: text });
    });

    it('lists every invalid field at once', async () => {
      const body = await expectRefused({ name: ' ', email: 'nope', message: '' });
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { path: 'body.name', message: 'Name is required' },
          { path: 'body.email', message: 'Please enter a valid email address' },
          { path: 'body.message', message: 'Message is required' },
        ]),
      );
    });

    it.each([
      [
        'name',
        { ...valid, name: 'n'.repeat(CONTACT_NAME_MAX + 1) },
        `Name must be at most ${CONTACT_NAME_MAX} characters`,
      ],
      [
        'email',
        { ...valid, email: `${'a'.repeat(CONTACT_EMAIL_MAX + 1 - '@example.com'.length)}@example.com` },
        'Please enter a valid email address',
      ],
      [
        'company',
        { ...valid, company: 'c'.repeat(CONTACT_COMPANY_MAX + 1) },
        `Company must be at most ${CONTACT_COMPANY_MAX} characters`,
      ],
      [
        'message',
        { ...valid, message: 'm'.repeat(CONTACT_MESSAGE_MAX + 1) },
        `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
      ],
    ])('refuses an over-long %s', async (field, payload, text) => {
      const body = await expectRefused(payload);
      expect(body.errors).toContainEqual({ path: `body.${field}`, message: text });
    });

    it('refuses an unknown field and stores nothing', async () => {
      const body = await expectRefused({ ...valid, phone: '+1 555 0100' });
      expect(JSON.stringify(body)).toContain('phone');
    });

    it('refuses a body that is not an object', async () => {
      await expectRefused(['Ada', 'ada@example.com']);
    });

    it('answers 400 with {detail} for malformed JSON and stores nothing', async () => {
      const before = await storedCount();
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "Ada", "email": ',
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: 'bad_request', detail: 'Malformed JSON body' });
      expect(await storedCount()).toBe(before);
    });
  });

  describe('rate limit', () => {
    it(`accepts ${CONTACT_RATE_LIMIT_PER_HOUR} messages an hour from one address, then answers 429 and stores nothing`, async () => {
      const address = '192.0.2.77';
      for (let index = 1; index <= CONTACT_RATE_LIMIT_PER_HOUR; index += 1) {
        const response = await post({ ...valid, email: `sender${index}@example.com` }, address);
        expect(response.statusCode, response.body).toBe(201);
      }
      const before = await storedCount();
      const refused = await post({ ...valid, email: 'sender-over-limit@example.com' }, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      const body = refused.json<ErrorBody>();
      expect(Object.keys(body)).toEqual(['code', 'detail']);
      expect(body.detail).toMatch(/^Too many requests/);
      expect(await storedCount()).toBe(before);
      const [stored] = await context.database.db
        .select({ value: count() })
        .from(contactMessages)
        .where(eq(contactMessages.email, 'sender-over-limit@example.com'));
      expect(stored?.value).toBe(0);

      // Another address is not affected.
      const other = await post({ ...valid, email: 'someone-else@example.com' }, '192.0.2.78');
      expect(other.statusCode).toBe(201);
    });
  });

  it('multiplies the per-address limit by ADDRESS_RATE_LIMIT_SCALE', async () => {
    const scaled = await createTestApp({ ADDRESS_RATE_LIMIT_SCALE: '2' });
    try {
      const send = (index: number) =>
        scaled.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...valid, email: `scaled${index}@example.com` },
          remoteAddress: '192.0.2.90',
        });
      for (let index = 1; index <= CONTACT_RATE_LIMIT_PER_HOUR * 2; index += 1) {
        expect((await send(index)).statusCode).toBe(201);
      }
      expect((await send(0)).statusCode).toBe(429);
    } finally {
      await scaled.close();
    }
  });
});
