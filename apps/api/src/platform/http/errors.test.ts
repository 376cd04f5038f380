import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_RATE_LIMIT_PER_HOUR,
  ERROR_CODES,
  errorResponseSchema,
  type ErrorResponse,
} from '@teamhire/shared';
import { insertUser, nextAddress } from '../../../test/accounts-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser } from '../../../test/users';
import { AppError } from '../errors';
import { answerFrameworkError } from './errors';

/** The answer as the contract reads it: `code` is required and one of ERROR_CODES. */
function errorBody(response: LightMyRequestResponse): ErrorResponse {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const parsed = errorResponseSchema.safeParse(response.json());
  expect(parsed.success, response.body).toBe(true);
  return parsed.data!;
}

describe('error answers carry a code', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
    context.app.get('/api/test/explode', async () => {
      throw new Error('could not connect to postgres://admin:hunter2@db.internal/prod');
    });
    context.app.get('/api/test/busy', async () => {
      throw Object.assign(new Error('too many clients already'), { code: '53300' });
    });
  });
  afterAll(() => context.close());

  const postContact = (payload: string, contentType = 'application/json', remoteAddress = nextAddress()) =>
    context.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': contentType },
      payload,
      remoteAddress,
    });

  it('404 of an unknown route: not_found', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(errorBody(response)).toEqual({ code: 'not_found', detail: 'Not found: GET /api/no-such-thing' });
  });

  it('400 of a URL that is not valid percent-encoding, answered by the app itself: bad_request', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/teams/%zz' });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response).code).toBe('bad_request');
  });

  it('404 of a route that finds nothing: not_found', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/service-categories/999999' });
    expect(response.statusCode).toBe(404);
    expect(errorBody(response).code).toBe('not_found');
  });

  it('422 of a schema: validation, with the fields at fault', async () => {
    const response = await postContact('{}');
    expect(response.statusCode).toBe(422);
    const body = errorBody(response);
    expect(body.code).toBe('validation');
    expect(body.errors?.map((error) => error.path)).toContain('body.email');
  });

  it('422 of the text rule: validation', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/service-categories?probe=${encodeURIComponent('x\u0000y')}`,
    });
    expect(response.statusCode).toBe(422);
    const body = errorBody(response);
    expect(body.code).toBe('validation');
    expect(body.errors).toHaveLength(1);
  });

  it('409 of a taken username or email: its own code, next to the field errors', async () => {
    const existing = await insertUser(context);
    const register = (username: string, email: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username, email, password: 'a-long-password', role: 'BUYER' },
        remoteAddress: nextAddress(),
      });

    const username = await register(existing.username, `other_${existing.email}`);
    expect(username.statusCode, username.body).toBe(409);
    expect(errorBody(username)).toMatchObject({
      code: 'username_taken',
      errors: [{ path: 'body.username' }],
    });

    const email = await register(`other_${existing.username}`, existing.email);
    expect(email.statusCode, email.body).toBe(409);
    expect(errorBody(email)).toMatchObject({ code: 'email_taken', errors: [{ path: 'body.email' }] });
  });

  it('400 of a wrong current password: wrong_password', async () => {
    const user = await createSignedInUser(context, { role: 'BUYER' });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: user.headers,
      payload: { current_password: 'not-the-password', new_password: 'a-new-password' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorBody(response)).toMatchObject({
      code: 'wrong_password',
      errors: [{ path: 'body.current_password' }],
    });
  });

  it('401 without a session: unauthorized', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(errorBody(response).code).toBe('unauthorized');
  });

  it('429 past a rate limit: rate_limited', async () => {
    const address = nextAddress();
    let response = await postContact('{}', 'application/json', address);
    for (let sent = 1; sent <= CONTACT_RATE_LIMIT_PER_HOUR; sent += 1) {
      response = await postContact('{}', 'application/json', address);
    }
    expect(response.statusCode).toBe(429);
    expect(errorBody(response).code).toBe('rate_limited');
  });

  it("Fastify's own client errors: bad_request, payload_too_large, unsupported_media_type", async () => {
    const malformed = await postContact('{"name": ');
    expect(malformed.statusCode).toBe(400);
    expect(errorBody(malformed)).toEqual({ code: 'bad_request', detail: 'Malformed JSON body' });

    const tooLarge = await postContact(
      JSON.stringify({ message: 'x'.repeat(context.config.bodyLimitBytes) }),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(errorBody(tooLarge).code).toBe('payload_too_large');

    const unsupported = await postContact('<hello/>', 'application/xml');
    expect(unsupported.statusCode).toBe(415);
    expect(errorBody(unsupported).code).toBe('unsupported_media_type');
  });

  it('a failure under load: unavailable; any other 5xx: internal, with no internals', async () => {
    const busy = await context.app.inject({ method: 'GET', url: '/api/test/busy' });
    expect(busy.statusCode).toBe(503);
    expect(errorBody(busy).code).toBe('unavailable');

    const failed = await context.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(failed.statusCode).toBe(500);
    expect(errorBody(failed)).toEqual({ code: 'internal', detail: 'Internal server error' });
    expect(failed.body).not.toContain('hunter2');
  });

  it('documents the code and its values in the OpenAPI document', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const document = response.json<{
      info: { description: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    const refusal = document.paths['/api/auth/register']?.post?.responses['409'] as {
      content: { 'application/json': { schema: { required: string[]; properties: { code: unknown } } } };
    };
    const schema = refusal.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['code', 'detail']));
    expect(schema.properties.code).toMatchObject({ type: 'string', enum: [...ERROR_CODES] });
    const declined = document.paths['/api/orders']?.post?.responses['402'] as {
      content: { 'application/json': { schema: { required: string[]; properties: { code: unknown } } } };
    };
    expect(declined.content['application/json'].schema.required).toContain('code');
    expect(declined.content['application/json'].schema.properties.code).toMatchObject({
      enum: ['payment_declined'],
    });
    for (const code of ERROR_CODES) expect(document.info.description).toContain(`\`${code}\``);
    expect(document.info.description).toContain('`already_processed`: 409, a `conflict`');
  });
});

describe('AppError', () => {
  it('answers with a specific code under the status of its kind', () => {
    const taken = new AppError('username_taken', 'Username is already taken');
    expect(taken.code).toBe('conflict');
    expect(taken.wireCode).toBe('username_taken');
    const missing = new AppError('not_found', 'Team not found');
    expect([missing.code, missing.wireCode]).toEqual(['not_found', 'not_found']);
  });
});

describe('answerFrameworkError', () => {
  it('answers a URL that is not valid percent-encoding in the same shape: bad_request', async () => {
    const app = Fastify({ frameworkErrors: answerFrameworkError });
    app.get('/api/teams/:id', async () => ({ ok: true }));
    try {
      const response = await app.inject({ method: 'GET', url: '/api/teams/%zz' });
      expect(response.statusCode).toBe(400);
      expect(errorBody(response).code).toBe('bad_request');
    } finally {
      await app.close();
    }
  });
});
