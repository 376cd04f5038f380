import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { chatLimitsOf } from '../chat/chat.service';
import { payoutsContext } from '../payments/payouts.service';
import { getDashboard, type DashboardContext } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context: DashboardContext = {
    chat: { db: deps.db, bus: deps.bus, limiter: deps.limiter, limits: chatLimitsOf(deps.config) },
    payouts: payoutsContext(deps),
  };

  app.get(
    '/api/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: "What the caller should do next: the sections of the caller's role, the others null",
        ...signedIn,
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => getDashboard(context, request.actor),
  );
};
