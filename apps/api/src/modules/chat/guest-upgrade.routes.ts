import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerRequestSchema, userSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, guestSession } from '../../platform/http/routes';
import { AppError } from '../../platform/errors';
import { accountsContext } from '../accounts/accounts.service';
import { upgradeGuest } from './chat.service';
import { createParticipants, GUEST_TOKEN_HEADER } from './participants';

/**
 * `/register?upgrade_guest=true`: the guest becomes a full account in one transaction; their rooms,
 * messages and read state move to it, and the guest session ends.
 */
export const guestUpgradeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const participants = createParticipants(deps.db, deps.authenticator);
  const accounts = accountsContext(deps);

  app.post(
    '/api/guest-users/upgrade',
    {
      config: { rateLimit: { max: 20 * deps.config.addressRateLimitScale, timeWindow: '1 hour' } },
      schema: {
        tags: ['chat'],
        summary: `Turn the guest of the ${GUEST_TOKEN_HEADER} session into a full account that keeps every message`,
        ...guestSession,
        body: registerRequestSchema,
        response: {
          201: userSchema,
          ...errorResponses(401, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      if (request.headers.authorization)
        throw new AppError('forbidden', 'Only a guest session can be upgraded');
      const guest = await participants.require(request);
      if (guest.kind !== 'guest') throw new AppError('forbidden', 'Only a guest session can be upgraded');
      const user = await upgradeGuest(accounts, guest.id, request.body);
      return reply.status(201).send(user);
    },
  );
};
