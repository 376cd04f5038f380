import { describe, expect, it } from 'vitest';
import { ACTORS, ROUTE_POLICY } from '../../test/authorization-policy';
import { REFUSED, routeWorldSuite, type Method } from '../../test/route-world';

/**
 * Every route the server registers, called by each kind of caller, against ROUTE_POLICY: an allowed
 * caller gets past authorization; a refused one gets 401, 403 or 404 and changes nothing stored.
 */
describe('authorization matrix', () => {
  const suite = routeWorldSuite();

  const socketRoutes = new Set(['GET /ws/chat/:chatRoomId', 'GET /ws/user']);

  it('has a policy and a request for every route the server registers, and no stale entries', () => {
    const registered = suite.context.app.registeredRoutes.map((route) => `${route.method} ${route.url}`);
    // Served by Fastify's plugins, not by us: the API documentation UI and its assets.
    const ours = registered.filter((key) => !key.includes('/api/docs'));
    const unknown = ours.filter((key) => !(key in ROUTE_POLICY));
    expect(unknown, 'routes without an entry in test/authorization-policy.ts').toEqual([]);
    const stale = Object.keys(ROUTE_POLICY).filter((key) => !ours.includes(key));
    expect(stale, 'policy entries for routes that do not exist').toEqual([]);
    const withoutRequest = ours.filter((key) => !socketRoutes.has(key) && !(key in suite.world.builders));
    expect(withoutRequest, 'routes the matrix does not know how to call').toEqual([]);
  });

  const httpRoutes = Object.keys(ROUTE_POLICY).filter((key) => !socketRoutes.has(key));

  it.each(httpRoutes)('%s', async (key) => {
    const [method, path] = key.split(' ') as [Method, string];
    const allowed = new Set(ROUTE_POLICY[key]);
    const outcomes: string[] = [];
    const problems: string[] = [];
    // Refused callers first, so that an allowed caller's change cannot hide what a refusal wrote.
    const order = [...ACTORS].sort((a, b) => Number(allowed.has(a)) - Number(allowed.has(b)));
    for (const name of order) {
      const caller = suite.world.callers[name];
      const request = await suite.world.builders[key]!(caller);
      if (allowed.has(name)) {
        const response = await suite.world.inject(method, request, request.headers ?? caller.headers);
        outcomes.push(`${name}:${response.statusCode}`);
        if (REFUSED.includes(response.statusCode) || response.statusCode >= 500) {
          problems.push(`${name} is allowed but got ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      } else {
        const before = await suite.world.fingerprint();
        const response = await suite.world.inject(method, request, request.headers ?? caller.headers);
        outcomes.push(`${name}:${response.statusCode}`);
        if (!REFUSED.includes(response.statusCode)) {
          problems.push(
            `${name} is refused by the policy but got ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        } else if ((await suite.world.fingerprint()) !== before) {
          problems.push(`${name} was refused with ${response.statusCode} yet something stored changed`);
        }
      }
    }
    expect(problems, `${path}: ${outcomes.join(' ')}`).toEqual([]);
  });

  it.each([...socketRoutes])('%s', async (key) => {
    const allowed = new Set(ROUTE_POLICY[key]);
    const problems: string[] = [];
    for (const name of ACTORS) {
      const caller = suite.world.callers[name];
      const credentials: Record<string, string> = caller.user
        ? { access_token: caller.user.token }
        : caller.guest
          ? { guest_token: caller.guest.session_token }
          : {};
      const path = key === 'GET /ws/user' ? '/ws/user' : `/ws/chat/${suite.world.roomA}`;
      const socket = suite.world.sockets.open(path, credentials);
      const outcome = await socket.outcome;
      // An accepted socket may still be closed at once (4001, 4003): only staying open counts.
      const stayedOpen =
        outcome.kind === 'open' &&
        (await Promise.race([
          socket.closed.then(() => false),
          new Promise<boolean>((done) => setTimeout(() => done(true), 300)),
        ]));
      if (allowed.has(name) !== stayedOpen) {
        problems.push(`${name}: ${allowed.has(name) ? 'allowed' : 'refused'} but ${JSON.stringify(outcome)}`);
      }
      await socket.close();
    }
    expect(problems).toEqual([]);
  });
});
