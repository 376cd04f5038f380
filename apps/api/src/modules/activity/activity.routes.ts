import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityListQuerySchema, activityListResponseSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { listOwnActivity } from './activity.service';

export const activityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/activity',
    {
      schema: {
        tags: ['activity'],
        summary: "The caller's own activity, newest first",
        ...signedIn,
        querystring: activityListQuerySchema,
        response: { 200: activityListResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => listOwnActivity(db, request.actor, request.query),
  );
};
