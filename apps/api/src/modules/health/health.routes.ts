import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { checkDatabase } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { pool }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness with a database ping',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const healthy = await checkDatabase(pool);
      reply.header('cache-control', 'no-store');
      return healthy ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' as const });
    },
  );
};
