import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_TEXTS,
  errorResponseSchema,
  idParamsSchema,
  idempotencyKeySchema,
  orderCreateSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSchema,
  orderStatusUpdateSchema,
  paymentDeclinedResponseSchema,
} from '@teamhire/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import * as orders from './orders.service';

const tags = ['orders'];
const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 403 | 404 | 409 | 422 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

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

export const ordersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, authenticator } = deps;
  const context = orders.ordersContext(deps);
  const actorOf = authenticator.requireActor;

  app.post(
    '/api/orders',
    {
      schema: {
        tags,
        summary:
          'Buy a published package: the order and its payment in one transaction; 402 when the payment is declined, 429 past the purchase attempts allowed per hour (a decline counts twice). Send an Idempotency-Key header.',
        ...secured,
        body: orderCreateSchema,
        response: {
          201: orderSchema,
          202: orderSchema,
          402: paymentDeclinedResponseSchema,
          ...errors(401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const result = await orders.createOrder(
        context,
        actor,
        request.body,
        idempotencyKeyOf(request),
        request.ip,
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      if (result.outcome === 'declined') return reply.status(402).send(result.declined);
      // 202: the order waits for the card holder's authentication, as `payment_action` says.
      return reply.status(result.outcome === 'paid' ? 201 : 202).send(result.order);
    },
  );

  app.get(
    '/api/orders',
    {
      schema: {
        tags,
        summary: "The caller's orders as buyer and their teams' orders, newest first, with per-status counts",
        ...secured,
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, ...errors(401, 403, 422) },
      },
    },
    async (request) => orders.listOrders(db, await actorOf(request), request.query, deps.clock()),
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        tags,
        summary: "An order: its buyer, the selling team's admin and members, and general admins",
        ...secured,
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors(401, 404, 422) },
      },
    },
    async (request) => orders.getOrder(db, await actorOf(request), request.params.id, deps.clock()),
  );

  app.put(
    '/api/orders/:id/status',
    {
      schema: {
        tags,
        summary:
          'Move an order: the team starts work, the buyer cancels (while confirmed, or in progress once late), a general admin refunds; delivered and completed are refused (409) as they have their own calls',
        ...secured,
        params: idParamsSchema,
        body: orderStatusUpdateSchema,
        response: { 200: orderSchema, ...errors(401, 404, 409, 422) },
      },
    },
    async (request) =>
      orders.updateOrderStatus(context, await actorOf(request), request.params.id, request.body.status),
  );
};
