import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityListQuerySchema, activityListResponseSchema, errorResponseSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { listOwnActivity } from './activity.service';

export const activityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, authenticator }) => {
  app.get(
    '/api/activity',
    {
      schema: {
        tags: ['activity'],
        summary: "The caller's own activity, newest first",
        security: [{ bearerAuth: [] }],
        querystring: activityListQuerySchema,
        response: { 200: activityListResponseSchema, 401: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => listOwnActivity(db, await authenticator.requireActor(request), request.query),
  );
};
