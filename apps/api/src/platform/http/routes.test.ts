import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createSignedInUser, type SignedInUser } from '../../../test/users';
import type { Authenticator } from '../auth/authentication';
import { errorResponses, registerRouteAuthentication, signedIn, signedInOrGuest } from './routes';

const NOT_AUTHENTICATED = { code: 'unauthorized', detail: 'Not authenticated' };
const INVALID_TOKEN = { code: 'unauthorized', detail: 'Could not validate credentials' };
const PROGRAMMING_ERROR = { code: 'internal', detail: 'Internal server error' };
const badToken = { authorization: 'Bearer not-a-token' };

describe('route authentication (the hook app.ts registers before the routes)', () => {
  let context: TestContext;
  let user: SignedInUser;
  let other: SignedInUser;
  const seen: unknown[] = [];

  beforeAll(async () => {
    context = await createTestApp();
    // buildApp returns an app that is not ready yet, so probe routes can still be added.
    const app = context.app.withTypeProvider<ZodTypeProvider>();
    app.get('/api/test/required', { schema: { ...signedIn } }, async (request) => ({
      id: request.actor.id,
    }));
    app.post(
      '/api/test/required-body',
      { schema: { ...signedIn, body: z.strictObject({ name: z.string() }) } },
      async (request) => ({ id: request.actor.id, name: request.body.name }),
    );
    app.get('/api/test/optional', { config: { auth: 'optional' } }, async (request) => {
      seen.push(request.optionalActor);
      return { id: request.optionalActor?.id ?? null };
    });
    app.get('/api/test/lenient', { config: { auth: 'optional-ignore-invalid' } }, async (request) => ({
      id: request.optionalActor?.id ?? null,
    }));
    app.get('/api/test/forgot', async (request) => ({ id: request.actor.id }));
    app.get('/api/test/forgot-optional', async (request) => ({ id: request.optionalActor?.id ?? null }));
    app.get('/api/test/optional-reads-actor', { config: { auth: 'optional' } }, async (request) => ({
      id: request.actor.id,
    }));
    // The chat's participants (a user or a guest) are resolved by the chat module, not by the hook.
    app.get('/api/test/participant', { schema: { ...signedInOrGuest } }, async (request) => ({
      id: request.actor.id,
    }));
    user = await createSignedInUser(context, { role: 'BUYER' });
    other = await createSignedInUser(context, { role: 'SELLER' });
  });
  afterAll(() => context.close());

  const get = (url: string, headers?: Record<string, string>) => context.app.inject({ url, headers });

  it('refuses a required route without a token, or with a bad one, with the 401s of the authenticator', async () => {
    const missing = await get('/api/test/required');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual(NOT_AUTHENTICATED);

    const invalid = await get('/api/test/required', badToken);
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual(INVALID_TOKEN);

    const notBearer = await get('/api/test/required', { authorization: `Basic ${user.token}` });
    expect(notBearer.statusCode).toBe(401);
    expect(notBearer.json()).toEqual(INVALID_TOKEN);
  });

  it("hands a required route's handler the caller, each request its own", async () => {
    expect((await get('/api/test/required', user.headers)).json()).toEqual({ id: user.id });
    expect((await get('/api/test/required', other.headers)).json()).toEqual({ id: other.id });
  });

  it('validates before it authenticates: a bad body from a visitor is a 422, a good one a 401', async () => {
    const bad = await context.app.inject({
      method: 'POST',
      url: '/api/test/required-body',
      payload: { name: 1 },
    });
    expect(bad.statusCode).toBe(422);
    const good = await context.app.inject({
      method: 'POST',
      url: '/api/test/required-body',
      payload: { name: 'x' },
    });
    expect(good.statusCode).toBe(401);
    expect(good.json()).toEqual(NOT_AUTHENTICATED);
    const signed = await context.app.inject({
      method: 'POST',
      url: '/api/test/required-body',
      payload: { name: 'x' },
      headers: user.headers,
    });
    expect(signed.json()).toEqual({ id: user.id, name: 'x' });
  });

  it('lets an optional route see a visitor as no actor and a signed-in user as the actor; a bad token is a 401', async () => {
    seen.length = 0;
    const visitor = await get('/api/test/optional');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ id: null });
    expect(seen).toEqual([undefined]);

    const signedInCaller = await get('/api/test/optional', user.headers);
    expect(signedInCaller.json()).toEqual({ id: user.id });
    expect(seen[1]).toMatchObject({ id: user.id, username: user.username, role: 'BUYER' });

    const invalid = await get('/api/test/optional', badToken);
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual(INVALID_TOKEN);
  });

  it('lets an optional-ignore-invalid route treat a bad token as a visitor', async () => {
    expect((await get('/api/test/lenient', badToken)).json()).toEqual({ id: null });
    expect((await get('/api/test/lenient')).json()).toEqual({ id: null });
    expect((await get('/api/test/lenient', user.headers)).json()).toEqual({ id: user.id });
  });

  it('answers 500, never an actor, when a route reads a caller it did not declare', async () => {
    for (const url of [
      '/api/test/forgot',
      '/api/test/forgot-optional',
      '/api/test/optional-reads-actor',
      '/api/test/participant',
    ]) {
      // A signed-in caller first, so an actor cached for the request (or a previous one) would show.
      await get('/api/test/required', user.headers);
      for (const headers of [user.headers, undefined]) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(500);
        expect(response.json()).toEqual(PROGRAMMING_ERROR);
      }
    }
  });
});

describe('route authentication declarations', () => {
  const refusingAuthenticator: Authenticator = {
    optionalActor: () => Promise.reject(new Error('not called')),
    requireActor: () => Promise.reject(new Error('not called')),
    actorFromToken: () => Promise.reject(new Error('not called')),
  };

  it('refuses a route that declares its authentication twice (a security marker and config.auth)', () => {
    const app = Fastify();
    registerRouteAuthentication(app, refusingAuthenticator);
    expect(() =>
      app.get('/twice', { config: { auth: 'optional' }, schema: { ...signedIn } }, async () => ({})),
    ).toThrow(/declare a route's authentication once/);
  });

  it('builds the error responses of the statuses given, each the one error shape', () => {
    const responses = errorResponses(401, 404);
    expect(Object.keys(responses)).toEqual(['401', '404']);
    expect(responses[401]).toBe(responses[404]);
  });
});
