import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, teamProfileSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/http/routes';
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
        response: { 200: teamProfileSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => getTeamProfile(db, request.params.id),
  );
};
