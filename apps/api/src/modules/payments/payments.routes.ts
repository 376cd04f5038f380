import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, paymentConfigSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { getReceipt } from './payments.service';

export const paymentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/payments/config',
    {
      schema: {
        tags: ['orders'],
        summary: 'Which payment provider takes cards, and its public key for the card form',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => ({
      provider: deps.config.paymentProvider,
      publishable_key: deps.config.stripe?.publishableKey ?? null,
    }),
  );

  app.get(
    '/api/payments/:id/receipt',
    {
      schema: {
        tags: ['orders'],
        summary: 'The PDF receipt of a payment (its buyer and general admins)',
        ...signedIn,
        params: idParamsSchema,
        response: {
          200: z.unknown().describe('The receipt as a PDF'),
          ...errorResponses(401, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const receipt = await getReceipt(deps.db, request.actor, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(receipt.pdf);
    },
  );
};
