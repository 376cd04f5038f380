import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_CHARACTER_MESSAGE } from '@teamhire/shared';
import { nextAddress, type ErrorBody } from '../../test/accounts-helpers';
import { ROUTE_POLICY, type ActorName } from '../../test/authorization-policy';
import { createRouteWorld, type Method, type RouteWorld } from '../../test/route-world';
import { createTestApp, type TestContext } from '../../test/test-app';

/**
 * The contract's text rule on every route: a NUL (or another character PostgreSQL or a form cannot
 * hold) in any body field, query value or path parameter is refused with 422 in the house format,
 * before it can reach the database and fail there as a 500.
 */
const SOCKET_ROUTES = new Set(['GET /ws/chat/:chatRoomId', 'GET /ws/user']);
/**
 * A provider's webhook body is its signed bytes, read raw: nothing of it is used before the signature
 * holds (a forged or altered body is refused with 400, in stripe.test.ts), so its fields are not user text.
 */
const RAW_BODY_ROUTES = new Set(['POST /api/payments/webhooks/stripe']);
const CALLERS: ActorName[] = ['teamAdmin', 'member', 'buyer', 'seller', 'guest', 'generalAdmin', 'visitor'];
const BAD_TEXTS = ['x\u0000y', 'lone \uD800 half', 'bell \u0007', 'escape \u001B[31m'];

describe('text rule', () => {
  let context: TestContext;
  let world: RouteWorld;

  beforeAll(async () => {
    context = await createTestApp();
    world = await createRouteWorld(context);
  });
  afterAll(async () => {
    await world?.sockets.closeAll();
    await context?.close();
  });

  const routes = Object.keys(ROUTE_POLICY).filter((key) => !SOCKET_ROUTES.has(key));

  it.each(routes)('%s refuses forbidden characters in every field with 422', async (key) => {
    const [method] = key.split(' ') as [Method, string];
    const allowed = new Set(ROUTE_POLICY[key]);
    const caller = world.callers[CALLERS.find((name) => allowed.has(name)) ?? 'visitor'];
    const sample = await world.builders[key]!(caller);
    const headers = sample.headers ?? caller.headers;
    const expect422 = async (request: typeof sample, path: string) => {
      const before = await world.fingerprint();
      const response = await world.inject(method, request, headers);
      expect(response.statusCode, `${key} ${path}: ${response.body}`).toBe(422);
      expect(response.json<ErrorBody>()).toEqual({
        code: 'validation',
        detail: FORBIDDEN_CHARACTER_MESSAGE,
        errors: [{ path, message: FORBIDDEN_CHARACTER_MESSAGE }],
      });
      expect(await world.fingerprint(), `${key} refused yet changed what is stored`).toBe(before);
    };

    const separator = sample.url.includes('?') ? '&' : '?';
    await expect422(
      { ...sample, url: `${sample.url}${separator}probe=${encodeURIComponent(BAD_TEXTS[0]!)}` },
      'querystring.probe',
    );
    if (/\/\d+(\/|$|\?)/.test(sample.url)) {
      const url = sample.url.replace(/\/(\d+)(?=\/|$|\?)/, '/$1%00');
      const response = await world.inject(method, { ...sample, url }, headers);
      expect(response.statusCode, `${key} ${url}`).toBe(422);
    }
    if ((method === 'POST' || method === 'PUT') && !sample.multipart && !RAW_BODY_ROUTES.has(key)) {
      const body =
        typeof sample.body === 'object' && sample.body !== null
          ? (sample.body as Record<string, unknown>)
          : {};
      const textFields = Object.keys(body).filter((field) => typeof body[field] === 'string');
      for (const field of textFields.length > 0 ? textFields : ['probe']) {
        for (const text of BAD_TEXTS) {
          await expect422(
            { ...sample, body: { ...body, [field]: `${String(body[field] ?? '')}${text}` } },
            `body.${field}`,
          );
        }
      }
    }
  });

  it('answers POST /api/contact with a NUL in the name with 422, not 500', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'x\u0000y', email: 'someone@example.com', message: 'A message.' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ErrorBody>().errors).toEqual([
      { path: 'body.name', message: FORBIDDEN_CHARACTER_MESSAGE },
    ]);
  });

  it('still accepts tabs and line breaks in multi-line text', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Tab Person',
        email: 'someone@example.com',
        message: 'First line\r\nSecond line\n\tindented, and emoji 🙂 stay.',
      },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  });
});
