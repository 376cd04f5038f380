import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { AppError } from '../errors';
import type { AccessTokens } from './access-tokens';
import type { Actor } from './actor';
import { findActiveSessionUser } from './session-users.repository';

export interface Authenticator {
  /** The signed-in user, or undefined for a visitor; a present but invalid token is a 401. */
  optionalActor(request: FastifyRequest): Promise<Actor | undefined>;
  requireActor(request: FastifyRequest): Promise<Actor>;
  /** For connections that carry the token elsewhere (a WebSocket's query string); 401 when invalid. */
  actorFromToken(token: string): Promise<Actor>;
}

const unauthenticated = (detail = 'Could not validate credentials') => new AppError('unauthorized', detail);

/**
 * Role, active state and session are read from the database on every request, so a role change,
 * a deactivation or a signed-out session takes effect at once, not when the access token expires.
 */
export function createAuthenticator(db: Database, accessTokens: AccessTokens): Authenticator {
  const resolved = new WeakMap<FastifyRequest, Promise<Actor | undefined>>();

  async function resolve(request: FastifyRequest): Promise<Actor | undefined> {
    const header = request.headers.authorization;
    if (!header) return undefined;
    const [scheme, token] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthenticated();
    return actorFromToken(token);
  }

  async function actorFromToken(token: string): Promise<Actor> {
    const claims = await accessTokens.verify(token);
    if (!claims) throw unauthenticated();
    const user = await findActiveSessionUser(db, claims.userId, claims.sessionId);
    if (!user) throw unauthenticated('Your session has ended. Please log in again.');
    if (!user.isActive) throw unauthenticated('This account has been deactivated');
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      isSuperuser: user.isSuperuser,
      isVerified: user.isVerified,
      sessionId: claims.sessionId,
    };
  }

  function optionalActor(request: FastifyRequest) {
    let actor = resolved.get(request);
    if (!actor) {
      actor = resolve(request);
      resolved.set(request, actor);
    }
    return actor;
  }

  return {
    actorFromToken,
    optionalActor,
    async requireActor(request) {
      const actor = await optionalActor(request);
      if (!actor) throw unauthenticated('Not authenticated');
      return actor;
    },
  };
}
