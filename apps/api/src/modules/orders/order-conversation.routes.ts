import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  messageListQuerySchema,
  orderConversationSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../deps';
import { readOrderConversation } from './order-conversation.service';

const errors = (...codes: (401 | 403 | 404 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

export const orderConversationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/api/admin/orders/:id/conversation',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The conversation between the order's buyer and its team, read-only, a page at a time going back (general admins)",
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: orderConversationSchema, ...errors(401, 403, 404, 422) },
      },
    },
    async (request) =>
      readOrderConversation(
        deps.db,
        await deps.authenticator.requireActor(request),
        request.params.id,
        request.query,
      ),
  );
};
