import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  messageListQuerySchema,
  orderConversationSchema,
  orderFileParamsSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { sendFile } from '../../platform/uploads';
import { openOrderConversationFile, readOrderConversation } from './order-conversation.service';

const tags = ['orders'];

/** General admins read an order's conversation, to decide a dispute; nothing here writes. */
export const orderConversationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = { db: deps.db, storage: deps.storage };

  app.get(
    '/api/admin/orders/:id/conversation',
    {
      schema: {
        tags,
        summary:
          "The conversation between the order's buyer and its team, read-only, a page at a time going back (general admins)",
        ...signedIn,
        params: idParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: orderConversationSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => readOrderConversation(deps.db, request.actor, request.params.id, request.query),
  );

  app.get(
    '/api/admin/orders/:id/conversation/files/:fileId',
    {
      schema: {
        tags,
        summary:
          "Download a file of the conversation between the order's buyer and its team (general admins)",
        ...signedIn,
        params: orderFileParamsSchema,
        response: { 200: z.unknown().describe('The file itself'), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const opened = await openOrderConversationFile(
        context,
        request.actor,
        request.params.id,
        request.params.fileId,
      );
      return sendFile(reply, opened);
    },
  );
};
