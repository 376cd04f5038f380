import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  disputeCreateSchema,
  disputeListQuerySchema,
  disputeListSchema,
  disputeResolveSchema,
  disputeSchema,
  errorResponseSchema,
  idParamsSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { ordersContext } from '../orders/orders.service';
import * as disputes from './disputes.service';

const tags = ['disputes'];
const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

export const disputesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = ordersContext(deps);
  const actorOf = deps.authenticator.requireActor;

  app.post(
    '/api/orders/:id/disputes',
    {
      schema: {
        tags,
        summary:
          'Open a dispute (the buyer or the team) on an order in progress or delivered; one open dispute per order',
        ...secured,
        params: idParamsSchema,
        body: disputeCreateSchema,
        response: { 201: disputeSchema, ...errors(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await disputes.openDispute(context, await actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/disputes',
    {
      schema: {
        tags,
        summary: 'Disputes, newest first, optionally open or resolved only (general admins)',
        ...secured,
        querystring: disputeListQuerySchema,
        response: { 200: disputeListSchema, ...errors(401, 403, 422) },
      },
    },
    async (request) => disputes.listDisputes(context, await actorOf(request), request.query),
  );

  app.get(
    '/api/disputes/:id',
    {
      schema: {
        tags,
        summary: "A dispute (the order's buyer and team, general admins)",
        ...secured,
        params: idParamsSchema,
        response: { 200: disputeSchema, ...errors(401, 404, 422) },
      },
    },
    async (request) => disputes.getDispute(context, await actorOf(request), request.params.id),
  );

  app.post(
    '/api/disputes/:id/resolve',
    {
      schema: {
        tags,
        summary:
          'Resolve a dispute (general admins): release to the team, full refund, or partial refund of refund_amount',
        ...secured,
        params: idParamsSchema,
        body: disputeResolveSchema,
        response: { 200: disputeSchema, ...errors(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      disputes.resolveDispute(context, await actorOf(request), request.params.id, request.body),
  );
};
