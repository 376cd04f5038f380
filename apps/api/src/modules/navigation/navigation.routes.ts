import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, navigationSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { navigationFor } from './navigation.service';

export const navigationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, authenticator }) => {
  app.get(
    '/api/navigation',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Permission flags for the signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: navigationSchema, 401: errorResponseSchema },
      },
    },
    async (request) => navigationFor(db, await authenticator.requireActor(request)),
  );
};
