import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderSchema,
  orderStatusUpdateSchema,
} from '@teamhire/shared';

import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';

import * as orders from './orders.service';

const tags = ['orders'];

export const ordersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const context = orders.ordersContext(deps);

  app.get(
    '/api/orders',
    {
      schema: {
        tags,
        summary: "The caller's orders as buyer and their teams' orders, newest first, with per-status counts",
        ...signedIn,
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => orders.listOrders(db, request.actor, request.query, deps.clock()),
  );

  app.get(
    '/api/orders/:id',
    {
      schema: {
        tags,
        summary: "An order: its buyer, the selling team's admin and members, and general admins",
        ...signedIn,
        params: idParamsSchema,
        response: { 200: orderSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => orders.getOrder(db, request.actor, request.params.id, deps.clock()),
  );

  app.put(
    '/api/orders/:id/status',
    {
      schema: {
        tags,
        summary:
          'Move an order: the team starts work, the buyer cancels (while confirmed, or in progress once late), a general admin refunds; delivered and completed are refused (409) as they have their own calls',
        ...signedIn,
        params: idParamsSchema,
        body: orderStatusUpdateSchema,
        response: { 200: orderSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) =>
      orders.updateOrderStatus(context, request.actor, request.params.id, request.body.status),
  );
};
