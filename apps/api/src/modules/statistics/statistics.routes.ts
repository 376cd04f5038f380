import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatisticsSchema, STATISTICS_TIMELINE_MONTHS } from '@teamhire/shared';
import type { AppDeps } from '../../deps';
import { readDashboardStatistics } from './statistics.repository';

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
    async () => readDashboardStatistics(db, STATISTICS_TIMELINE_MONTHS),
  );
};
