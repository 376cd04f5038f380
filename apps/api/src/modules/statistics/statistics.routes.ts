import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatisticsSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { dashboardStatistics } from './statistics.service';

export const statisticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/statistics/dashboard',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Platform statistics for the landing page (public)',
        response: { 200: dashboardStatisticsSchema },
      },
    },
    async () => dashboardStatistics(db),
  );
};
