import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorResponseSchema,
  idParamsSchema,
  paymentConfigSchema,
  paymentSchema,
  paymentStatusUpdateSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../deps';
import { ordersContext, refundPaymentById } from '../orders/orders.service';
import { getReceipt } from './payments.service';
import { handleStripeWebhook } from './stripe-webhooks.service';

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
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: {
          200: z.unknown().describe('The receipt as a PDF'),
          ...Object.fromEntries([401, 404, 409, 422].map((code) => [code, errorResponseSchema])),
        },
      },
    },
    async (request, reply) => {
      const receipt = await getReceipt(
        deps.db,
        await deps.authenticator.requireActor(request),
        request.params.id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(receipt.pdf);
    },
  );

  // The signature covers the exact bytes Stripe sent, so this route keeps the body as a buffer.
  await app.register(async (webhooks) => {
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.post(
      '/api/payments/webhooks/stripe',
      {
        schema: {
          tags: ['orders'],
          summary: "Stripe's events, verified by the Stripe-Signature header; each event is processed once",
          response: {
            200: z.object({ received: z.literal(true) }),
            400: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return handleStripeWebhook(
          context,
          deps.config.stripe?.webhookSecret,
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
  });
};
