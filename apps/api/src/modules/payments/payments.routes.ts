import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  paymentSchema,
  paymentStatusUpdateSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../deps';
import { ordersContext, refundPaymentById } from '../orders/orders.service';

export const paymentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = ordersContext(deps);
  app.put(
    '/api/payments/:id/status',
    {
      schema: {
        tags: ['orders'],
        summary: 'Refund a completed payment and its order (general admins only)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: paymentStatusUpdateSchema,
        response: {
          200: paymentSchema,
          ...Object.fromEntries([401, 403, 404, 409, 422].map((code) => [code, errorResponseSchema])),
        },
      },
    },
    async (request) =>
      refundPaymentById(context, await deps.authenticator.requireActor(request), request.params.id),
  );
};
