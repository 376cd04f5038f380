import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_TEXTS,
  idParamsSchema,
  idempotencyKeySchema,
  orderCreateSchema,
  orderSchema,
  paymentDeclinedResponseSchema,
  paymentSchema,
  paymentStatusUpdateSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { AppError } from '../../platform/errors';
import * as checkout from './checkout.service';
import { handleStripeWebhook } from './stripe-webhooks';

const tags = ['orders'];

/** Optional; a client sends a fresh key per purchase attempt and repeats it on retries, so a retry never pays twice. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError('validation', ORDER_TEXTS.idempotencyKeyInvalid, [
      { path: `headers.${IDEMPOTENCY_KEY_HEADER}`, message: ORDER_TEXTS.idempotencyKeyInvalid },
    ]);
  }
  return parsed.data;
}

/** The calls that move money in: the purchase, a general admin's refund of a payment, Stripe's events. */
export const checkoutRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = checkout.checkoutContext(deps);

  app.post(
    '/api/orders',
    {
      schema: {
        tags,
        summary:
          'Buy a published package: the order and its payment in one transaction; 402 when the payment is declined, 429 past the purchase attempts allowed per hour (a decline counts twice). Send an Idempotency-Key header.',
        ...signedIn,
        body: orderCreateSchema,
        response: {
          201: orderSchema,
          202: orderSchema,
          402: paymentDeclinedResponseSchema,
          ...errorResponses(401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await checkout.createOrder(
        context,
        request.actor,
        request.body,
        idempotencyKeyOf(request),
        request.ip,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      if (result.outcome === 'declined')
        return reply.status(402).send({ ...result.declined, code: 'payment_declined' });
      // 202: the order waits for the card holder's authentication, as `payment_action` says.
      return reply.status(result.outcome === 'paid' ? 201 : 202).send(result.order);
    },
  );

  app.put(
    '/api/payments/:id/status',
    {
      schema: {
        tags: ['orders'],
        summary: 'Refund a completed payment and its order (general admins only)',
        ...signedIn,
        params: idParamsSchema,
        body: paymentStatusUpdateSchema,
        response: {
          200: paymentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => checkout.refundPaymentById(context, request.actor, request.params.id),
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
            ...errorResponses(400),
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
