import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disputeCreateSchema,
  disputeListQuerySchema,
  disputeListSchema,
  disputeResolveSchema,
  disputeSchema,
  idParamsSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { ordersContext } from '../orders/orders.service';
import * as disputes from './disputes.service';

const tags = ['disputes'];

export const disputesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = ordersContext(deps);

  app.post(
    '/api/orders/:id/disputes',
    {
      schema: {
        tags,
        summary:
          'Open a dispute (the buyer or the team) on an order in progress or delivered; one open dispute per order',
        ...signedIn,
        params: idParamsSchema,
        body: disputeCreateSchema,
        response: { 201: disputeSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await disputes.openDispute(context, request.actor, request.params.id, request.body)),
  );

  app.get(
    '/api/disputes',
    {
      schema: {
        tags,
        summary: 'Disputes, newest first, optionally open or resolved only (general admins)',
        ...signedIn,
        querystring: disputeListQuerySchema,
        response: { 200: disputeListSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => disputes.listDisputes(context, request.actor, request.query),
  );

  app.get(
    '/api/disputes/:id',
    {
      schema: {
        tags,
        summary: "A dispute (the order's buyer and team, general admins)",
        ...signedIn,
        params: idParamsSchema,
        response: { 200: disputeSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => disputes.getDispute(context, request.actor, request.params.id),
  );

  app.post(
    '/api/disputes/:id/resolve',
    {
      schema: {
        tags,
        summary:
          'Resolve a dispute (general admins): release to the team, full refund, or partial refund of refund_amount',
        ...signedIn,
        params: idParamsSchema,
        body: disputeResolveSchema,
        response: { 200: disputeSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => disputes.resolveDispute(context, request.actor, request.params.id, request.body),
  );
};
