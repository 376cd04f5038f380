import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { navigationSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { navigationFor } from './navigation.service';

export const navigationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/navigation',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Permission flags for the signed-in user',
        ...signedIn,
        response: { 200: navigationSchema, ...errorResponses(401) },
      },
    },
    async (request) => navigationFor(db, request.actor),
  );
};
