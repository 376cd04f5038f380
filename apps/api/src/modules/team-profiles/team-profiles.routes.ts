import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamsSchema, teamProfileSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { getTeamProfile } from './team-profiles.service';

export const teamProfilesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/teams/:id/profile',
    {
      schema: {
        tags: ['teams'],
        summary:
          'The public team page: team, members (no emails), published packages, newest reviews, rating distribution and figures computed from orders, deliveries and chat',
        params: idParamsSchema,
        response: { 200: teamProfileSchema, 404: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => getTeamProfile(db, request.params.id),
  );
};
