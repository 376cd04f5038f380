import type { FastifyRequest } from 'fastify';
import { CHAT_TEXTS } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import type { Authenticator } from '../../platform/auth/authentication';
import { digestToken } from '../../platform/auth/secret-tokens';
import { findGuestBySessionHash } from './chat.repository';

/** Whoever takes part in a chat: a signed-in user or a guest with a live session. */
export type Participant =
  | { kind: 'user'; id: number; name: string; actor: Actor }
  | { kind: 'guest'; id: number; name: string; expiresAt?: Date };

export const GUEST_TOKEN_HEADER = 'x-guest-token';

export const readerKey = (participant: Participant) => `${participant.kind}:${participant.id}`;

export function createParticipants(db: Database, authenticator: Authenticator) {
  async function guestFromToken(token: string): Promise<Participant> {
    const guest = await findGuestBySessionHash(db, digestToken(token));
    // After 7 days, or once upgraded to an account, every guest call answers 401.
    if (!guest || guest.upgradedUserId !== null || guest.expiresAt.getTime() <= Date.now()) {
      throw new AppError(
        'unauthorized',
        'Your guest session has expired. Please start a new chat or sign in.',
      );
    }
    return { kind: 'guest', id: guest.id, name: guest.name, expiresAt: guest.expiresAt };
  }

  return {
    guestFromToken,
    /** A Bearer token wins; else the guest session header; else 401. */
    async require(request: FastifyRequest): Promise<Participant> {
      if (request.headers.authorization) {
        const actor = await authenticator.requireActor(request);
        return { kind: 'user', id: actor.id, name: actor.username, actor };
      }
      const guestToken = request.headers[GUEST_TOKEN_HEADER];
      if (typeof guestToken === 'string' && guestToken) return guestFromToken(guestToken);
      throw new AppError('unauthorized', CHAT_TEXTS.loginRequired);
    },
  };
}
