import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSchema,
  orderStatusUpdateSchema,
} from '@teamhire/shared';

import type { AppDeps } from '../../platform/deps';

import * as orders from './orders.service';

const tags = ['orders'];
const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 403 | 404 | 409 | 422 | 429)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

export const ordersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, authenticator } = deps;
  const context = orders.ordersContext(deps);
  const actorOf = authenticator.requireActor;

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
