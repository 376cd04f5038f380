import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTE_POLICY, type ActorName } from '../../test/authorization-policy';
import { routeWorldSuite, type MatrixRequest, type Method } from '../../test/route-world';

/**
 * Property-based fuzzing from the zod contract: for every route, requests that are valid but for one
 * malformed or boundary value (in the body, the query or a path id), sent by a caller the policy
 * allows, so that validation and the service itself are what answer. No answer may be a 5xx, every
 * error is JSON with a `detail`, and a refused request writes nothing.
 */

const RUNS_PER_ROUTE = 10;
/** Who sends the fuzz: the first of these the route's policy allows. */
const PREFERRED_CALLERS: ActorName[] = [
  'teamAdmin',
  'member',
  'buyer',
  'seller',
  'guest',
  'generalAdmin',
  'otherAdmin',
  'visitor',
];
const SOCKET_ROUTES = new Set(['GET /ws/chat/:chatRoomId', 'GET /ws/user']);

interface JsonSchema {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** Values just outside (and on) the limits a property declares, plus the wrong kinds of value. */
function boundaryValues(property: JsonSchema | undefined): unknown[] {
  const values: unknown[] = [null, true, [], {}, '', ' ', 0, -1, 1.5, '\u0000', '<script>alert(1)</script>'];
  values.push('🙂'.repeat(300), 'x'.repeat(70_000), 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2);
  values.push({ __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true}}'));
  values.push([[[[[[[[[[[]]]]]]]]]]], { $gt: '' }, "' or 1=1 --", '1e309', 'NaN');
  for (const option of property?.anyOf ?? [property ?? {}]) {
    if (option.minLength !== undefined) values.push('a'.repeat(Math.max(0, option.minLength - 1)));
    if (option.maxLength !== undefined) values.push('a'.repeat(option.maxLength + 1));
    if (option.minimum !== undefined) values.push(option.minimum - 1, option.minimum - 0.5);
    if (option.maximum !== undefined) values.push(option.maximum + 1, option.maximum + 0.01);
    if (option.enum)
      values.push(`${String(option.enum[0])}-not-a-choice`, String(option.enum[0]).toLowerCase());
  }
  return values;
}

/** A strange path id: the router must answer 4xx, never fail on it. */
const strangeIds = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  '2147483648',
  '1e3',
  '%27%20or%201%3D1',
  'null',
  '__proto__',
  '%00',
  '0x10',
  ' 1',
);
const strangeQueryValues = fc.oneof(
  fc.constantFrom('-1', '0', '1e9', 'abc', '', 'true', '[]', '%00', '99999999999999999999', 'x'.repeat(5000)),
  fc.string({ maxLength: 40 }),
);

type Mutation =
  | { kind: 'field'; field: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'id'; value: string }
  | { kind: 'query'; key: string; value: string };

function mutate(request: MatrixRequest, mutation: Mutation): MatrixRequest {
  switch (mutation.kind) {
    case 'field': {
      const base =
        typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
          ? (request.body as Record<string, unknown>)
          : {};
      // Built with defineProperty, so a key such as __proto__ is sent as an own property.
      const body: Record<string, unknown> = { ...base };
      Object.defineProperty(body, mutation.field, {
        value: mutation.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { ...request, body };
    }
    case 'body':
      return { ...request, body: mutation.value };
    case 'id': {
      const [path, search] = request.url.split('?');
      const segments = path!.split('/');
      const numeric = segments
        .map((segment, index) => (/^\d+$/.test(segment) ? index : -1))
        .filter((i) => i >= 0);
      if (numeric.length === 0) return request;
      segments[numeric[numeric.length - 1]!] = mutation.value;
      return { ...request, url: `${segments.join('/')}${search ? `?${search}` : ''}` };
    }
    case 'query': {
      const url = new URL(request.url, 'http://fuzz.local');
      url.searchParams.set(mutation.key, mutation.value);
      return { ...request, url: `${url.pathname}${url.search}` };
    }
  }
}

describe('contract fuzzing', () => {
  const suite = routeWorldSuite();

  const routes = Object.keys(ROUTE_POLICY).filter((key) => !SOCKET_ROUTES.has(key));

  it.each(routes)('%s', async (key) => {
    const [method, path] = key.split(' ') as [Method, string];
    const route = suite.context.app.registeredRoutes.find((item) => `${item.method} ${item.url}` === key);
    const bodySchema = jsonSchemaOf(route?.schema?.body);
    const querySchema = jsonSchemaOf(route?.schema?.querystring);
    const allowed = new Set(ROUTE_POLICY[key]);
    const callerName = PREFERRED_CALLERS.find((name) => allowed.has(name))!;
    const caller = suite.world.callers[callerName];
    const sample = await suite.world.builders[key]!(caller);

    const mutations: fc.Arbitrary<Mutation>[] = [
      strangeIds.map((value) => ({ kind: 'id', value })),
      fc
        .tuple(
          fc.constantFrom(...Object.keys(querySchema?.properties ?? {}), 'skip', 'limit', '__proto__'),
          strangeQueryValues,
        )
        .map(([queryKey, value]) => ({ kind: 'query', key: queryKey, value })),
    ];
    if ((method === 'POST' || method === 'PUT') && !sample.multipart) {
      const properties = bodySchema?.properties ?? {};
      const fields = [...Object.keys(properties), 'unknown_field', 'role', 'is_superuser', '__proto__'];
      mutations.push(
        fc
          .constantFrom(...fields)
          .chain((field) =>
            fc
              .constantFrom(...boundaryValues(properties[field]))
              .map((value) => ({ kind: 'field' as const, field, value })),
          ),
        fc
          .oneof(fc.anything({ maxDepth: 3 }), fc.constantFrom('not json', 42, [1, 2], null))
          .map((value) => ({ kind: 'body' as const, value })),
      );
    }

    await fc.assert(
      fc.asyncProperty(fc.oneof(...mutations), async (mutation) => {
        const request = mutate(await suite.world.builders[key]!(caller), mutation);
        const before = await suite.world.fingerprint();
        const response = await suite.world.inject(method, request, request.headers ?? caller.headers);
        const where = `${method} ${request.url} ${JSON.stringify(mutation).slice(0, 300)}`;
        expect(response.statusCode, `${where} -> ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400 && path.startsWith('/api/')) {
          const body = response.json<{ detail?: unknown }>();
          expect(typeof body.detail, `${where}: error body ${response.body.slice(0, 200)}`).toBe('string');
          expect(await suite.world.fingerprint(), `${where} was refused yet changed what is stored`).toBe(
            before,
          );
        }
        // Nothing the request sent may reach the prototype of plain objects.
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      }),
      { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
    );
  });
});
