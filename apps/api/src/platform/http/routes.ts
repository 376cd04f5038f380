import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { errorResponseSchema } from '@teamhire/shared';
import type { Actor } from '../auth/actor';
import type { Authenticator } from '../auth/authentication';

/**
 * How a route declares who may call it, in one place:
 * - `...signedIn` in its schema: the OpenAPI marker, and the declaration the authentication hook acts
 *   on. The actor is resolved before the handler (after validation: a bad body is still a 422 before
 *   a missing session's 401), and the handler reads `request.actor`.
 * - `config: { auth: 'optional' }`: a visitor or a signed-in user (a present but invalid token is a
 *   401); the handler reads `request.optionalActor`. No OpenAPI marker: a visitor may call it.
 * - `config: { auth: 'optional-ignore-invalid' }`: the same, but an invalid or expired token counts
 *   as a visitor (signing out must work with an expired access token).
 * - `...signedInOrGuest` / `...guestSession`: the chat's participants, resolved by the chat module
 *   (guests are its own); the hook leaves these routes alone.
 * A route that declares nothing has no actor: reading `request.actor` there is a programming error
 * (a 500), never another caller's actor.
 */
type RouteAuth = 'required' | 'optional' | 'optional-ignore-invalid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller of a route declared `signedIn`; on any other route reading it throws (a 500). */
    readonly actor: Actor;
    /**
     * The caller of a route declared `config: { auth: 'optional' }` (or its `-ignore-invalid` form, or
     * `signedIn`), undefined for a visitor; on a route that declares nothing reading it throws (a 500).
     */
    readonly optionalActor: Actor | undefined;
  }
  interface FastifyContextConfig {
    /** A route open to visitors that still wants to know a signed-in caller (see platform/http/routes.ts). */
    auth?: Exclude<RouteAuth, 'required'>;
  }
}

type Security = readonly { readonly [scheme: string]: readonly string[] }[];

/** A signed-in user only: spread into a route's schema (OpenAPI `security`); the handler reads `request.actor`. */
export const signedIn = { security: [{ bearerAuth: [] }] as Security };
/** A signed-in user or a guest session (the chat's participants, resolved by the chat module). */
export const signedInOrGuest = { security: [{ bearerAuth: [] }, { guestToken: [] }] as Security };
/** A guest session only (resolved by the chat module). */
export const guestSession = { security: [{ guestToken: [] }] as Security };

/** The error statuses a route documents; each answers in the one error shape. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;

/** `{[status]: errorResponseSchema}` for each status given, spread into a route's `response`. */
export const errorResponses = <const Status extends ErrorStatus>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<
    Status,
    typeof errorResponseSchema
  >;

/** Whether the OpenAPI security of a route asks for a bearer token and nothing else. */
function requiresBearer(security: Security | undefined): boolean {
  if (security?.length !== 1) return false;
  const schemes = Object.keys(security[0]!);
  return schemes.length === 1 && schemes[0] === 'bearerAuth';
}

function declaredAuth(route: RouteOptions): RouteAuth | undefined {
  const security = route.schema?.security;
  const configured = route.config?.auth;
  if (configured && security) {
    throw new Error(
      `${String(route.method)} ${route.url}: declare a route's authentication once, either a security marker or config.auth`,
    );
  }
  return requiresBearer(security) ? 'required' : configured;
}

type Caller = { auth: 'required'; actor: Actor } | { auth: 'optional'; actor: Actor | undefined };

/** Thrown when a handler reads a caller its route never declared: a bug, answered 500. */
class UndeclaredAuthenticationError extends Error {
  constructor(request: FastifyRequest, property: string, declaration: string) {
    super(
      `${request.method} ${request.routeOptions.url ?? request.url} reads request.${property}, but the route does not declare ${declaration}`,
    );
    this.name = 'UndeclaredAuthenticationError';
  }
}

/**
 * Registers the authentication of every route declared after it (call it before the routes): each
 * route that declares an authentication gets a preHandler resolving its caller with the
 * authenticator (which caches per request and throws the 401s), and the handler reads the caller
 * from `request.actor` or `request.optionalActor`.
 */
export function registerRouteAuthentication(app: FastifyInstance, authenticator: Authenticator): void {
  const callers = new WeakMap<FastifyRequest, Caller>();
  const resolvers: Record<RouteAuth, (request: FastifyRequest) => Promise<void>> = {
    required: async (request) => {
      callers.set(request, { auth: 'required', actor: await authenticator.requireActor(request) });
    },
    optional: async (request) => {
      callers.set(request, { auth: 'optional', actor: await authenticator.optionalActor(request) });
    },
    'optional-ignore-invalid': async (request) => {
      const actor = await authenticator.optionalActor(request).catch(() => undefined);
      callers.set(request, { auth: 'optional', actor });
    },
  };

  app.decorateRequest('actor', {
    getter(this: FastifyRequest): Actor {
      const caller = callers.get(this);
      if (caller?.auth !== 'required') throw new UndeclaredAuthenticationError(this, 'actor', 'signedIn');
      return caller.actor;
    },
  });
  app.decorateRequest('optionalActor', {
    getter(this: FastifyRequest): Actor | undefined {
      const caller = callers.get(this);
      if (!caller) throw new UndeclaredAuthenticationError(this, 'optionalActor', 'signedIn or config.auth');
      return caller.actor;
    },
  });

  app.addHook('onRoute', (route) => {
    const auth = declaredAuth(route);
    if (!auth) return;
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [resolvers[auth], ...own];
  });
}
