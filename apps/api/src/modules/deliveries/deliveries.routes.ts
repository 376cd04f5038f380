import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryCreateSchema,
  deliveryListSchema,
  idParamsSchema,
  orderSchema,
  revisionRequestSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { ordersContext } from '../orders/orders.service';
import * as deliveries from './deliveries.service';

const tags = ['orders'];

export const deliveriesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = ordersContext(deps);

  app.post(
    '/api/orders/:id/deliveries',
    {
      schema: {
        tags,
        summary:
          'Deliver the work (the team): a message and files uploaded to the order; in progress → delivered, starting the auto-complete timer',
        ...signedIn,
        params: idParamsSchema,
        body: deliveryCreateSchema,
        response: { 201: orderSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await deliveries.createDelivery(context, request.actor, request.params.id, request.body)),
  );

  app.get(
    '/api/orders/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'Every delivery of an order, oldest first (its buyer, its team and general admins)',
        ...signedIn,
        params: idParamsSchema,
        response: { 200: deliveryListSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => deliveries.listDeliveries(context, request.actor, request.params.id),
  );

  app.post(
    '/api/orders/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept the delivery (the buyer): delivered → completed',
        ...signedIn,
        params: idParamsSchema,
        response: { 200: orderSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => deliveries.acceptDelivery(context, request.actor, request.params.id),
  );

  app.post(
    '/api/orders/:id/revision-requests',
    {
      schema: {
        tags,
        summary:
          'Request a revision (the buyer, while revisions remain): delivered → in progress; 409 "No revisions left"',
        ...signedIn,
        params: idParamsSchema,
        body: revisionRequestSchema,
        response: { 201: orderSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await deliveries.requestRevision(context, request.actor, request.params.id, request.body)),
  );
};
