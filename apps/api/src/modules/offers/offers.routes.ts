import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, offerCreateSchema, offerSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedInOrGuest } from '../../platform/http/routes';
import { createParticipants } from '../chat/chat.service';
import * as offers from './offers.service';

const tags = ['offers'];

export const offersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The expiry job runs at each offer's expiry time; without a job runner (tests) nothing is queued.
  const context = offers.offersContext(deps, async (at) => {
    await (await app.jobs)?.sendAt(offers.OFFER_EXPIRY_QUEUE, at);
  });
  const participants = createParticipants(deps.db, deps.authenticator);

  app.post(
    '/api/chat-rooms/:id/offers',
    {
      schema: {
        tags,
        summary: "Send a custom offer in a conversation (the room's team: its admin or a member)",
        ...signedInOrGuest,
        params: idParamsSchema,
        body: offerCreateSchema,
        response: { 201: offerSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await offers.createOffer(
            context,
            await participants.require(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.get(
    '/api/offers/:id',
    {
      schema: {
        tags,
        summary: 'An offer (the parties of its conversation; anyone else 404)',
        ...signedInOrGuest,
        params: idParamsSchema,
        response: { 200: offerSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => offers.getOffer(context, await participants.require(request), request.params.id),
  );

  app.post(
    '/api/offers/:id/decline',
    {
      schema: {
        tags,
        summary: 'Decline an offer (the buyer of its conversation; a guest signs up first)',
        ...signedInOrGuest,
        params: idParamsSchema,
        response: { 200: offerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => offers.declineOffer(context, await participants.require(request), request.params.id),
  );

  app.post(
    '/api/offers/:id/withdraw',
    {
      schema: {
        tags,
        summary: "Withdraw an offer (its conversation's team)",
        ...signedInOrGuest,
        params: idParamsSchema,
        response: { 200: offerSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => offers.withdrawOffer(context, await participants.require(request), request.params.id),
  );
};
