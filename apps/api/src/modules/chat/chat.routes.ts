import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatAccessSchema,
  chatMessageSchema,
  chatRoomCreatedSchema,
  chatRoomSummarySchema,
  getOrCreateRoomRequestSchema,
  guestRoomRequestSchema,
  guestUserRequestSchema,
  guestUserSchema,
  idParamsSchema,
  markReadRequestSchema,
  messageListQuerySchema,
  messageListSchema,
  sendMessageRequestSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn, signedInOrGuest } from '../../platform/http/routes';
import * as chat from './chat.service';
import { createParticipants, GUEST_TOKEN_HEADER } from './participants';

const tags = ['chat'];

/** A sender refused for going too fast learns when to try again. */
export async function retryAfterWhenRefused(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode === 429 && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(chat.CHAT_RETRY_AFTER_SECONDS));
  return payload;
}

export const chatRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context: chat.ChatContext = {
    db: deps.db,
    bus: deps.bus,
    limiter: deps.limiter,
    limits: chat.chatLimitsOf(deps.config),
  };
  const participants = createParticipants(deps.db, deps.authenticator);

  app.post(
    '/api/chat-rooms/get-or-create',
    {
      schema: {
        tags,
        summary: 'The conversation between the signed-in user and a team (created on first contact)',
        ...signedIn,
        body: getOrCreateRoomRequestSchema,
        response: { 200: chatRoomCreatedSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => chat.getOrCreateRoom(context, request.actor, request.body.team_id),
  );

  app.post(
    '/api/guest-users',
    {
      schema: {
        tags,
        summary: `Start a guest session (7 days); send its token in the ${GUEST_TOKEN_HEADER} header`,
        body: guestUserRequestSchema,
        response: { 201: guestUserSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await chat.createGuest(context, request.body, request.ip)),
  );

  app.post(
    '/api/chat-rooms',
    {
      schema: {
        tags,
        summary: "A guest's conversation with a team (guest session required)",
        ...signedInOrGuest,
        body: guestRoomRequestSchema,
        response: { 200: chatRoomCreatedSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => chat.createGuestRoom(context, await participants.require(request), request.body),
  );

  app.get(
    '/api/chat-rooms/:id/access',
    {
      schema: {
        tags,
        summary: "The caller's role in a room, or 403",
        ...signedInOrGuest,
        params: idParamsSchema,
        response: { 200: chatAccessSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => chat.getAccess(context, await participants.require(request), request.params.id),
  );

  app.get(
    '/api/chat-rooms/:id/messages',
    {
      schema: {
        tags,
        summary: 'Messages, a page at a time going back (oldest to newest within a page)',
        ...signedInOrGuest,
        params: idParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: messageListSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      chat.listMessages(context, await participants.require(request), request.params.id, request.query),
  );

  app.post(
    '/api/chat-rooms/:id/messages',
    {
      schema: {
        tags,
        summary: 'Send a text message (the sender is the session, never the body)',
        ...signedInOrGuest,
        params: idParamsSchema,
        body: sendMessageRequestSchema,
        response: { 201: chatMessageSchema, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
      onSend: retryAfterWhenRefused,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await chat.postMessage(
            context,
            await participants.require(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.post(
    '/api/chat-rooms/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark a room read (up to a message, or all of it)',
        ...signedInOrGuest,
        params: idParamsSchema,
        body: markReadRequestSchema.nullish(),
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await chat.markRoomRead(
        context,
        await participants.require(request),
        request.params.id,
        request.body?.last_message_id,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/user/chat-rooms',
    {
      schema: {
        tags,
        summary: "The caller's conversations with unread counts and last messages",
        ...signedInOrGuest,
        response: { 200: z.array(chatRoomSummarySchema), ...errorResponses(401) },
      },
    },
    async (request) => chat.listOwnRooms(context, await participants.require(request)),
  );

  app.get(
    '/api/teams/:id/chat-rooms',
    {
      schema: {
        tags,
        summary: "A team's conversations (its admin and members)",
        ...signedIn,
        params: idParamsSchema,
        response: { 200: z.array(chatRoomSummarySchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => chat.listTeamRooms(context, request.actor, request.params.id),
  );
};
