import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ORDER_FILE_MAX_BYTES,
  idParamsSchema,
  orderFileParamsSchema,
  orderFileSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { AppError } from '../../platform/errors';
import { sendFile, uploadRoutes } from '../../platform/uploads';
import { tooLarge } from '../chat/chat-files.service';
import { chatLimitsOf } from '../chat/chat.service';
import { openOrderFile, storeOrderFile, type OrderFilesContext } from './order-files.service';

const tags = ['orders'];
/** Room for the multipart framing around a file of exactly the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const orderFilesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context: OrderFilesContext = {
    db: deps.db,
    clock: deps.clock,
    storage: deps.storage,
    // The chat's upload limits: uploads per minute and the storage quota hold for an order's files too.
    limiter: deps.limiter,
    limits: chatLimitsOf(deps.config),
  };

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/orders/:id/files',
      {
        schema: {
          tags,
          summary: "Add a file (at most 1 GiB) to an order, for a delivery: the order's buyer or team",
          ...signedIn,
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: { 201: orderFileSchema, ...errorResponses(401, 403, 404, 409, 413, 415, 422, 429) },
        },
      },
      async (request, reply) => {
        const declared = Number(request.headers['content-length']);
        // A declared size over the limit is refused before a single byte is read.
        if (Number.isFinite(declared) && declared > ORDER_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
          throw tooLarge(declared);
        }
        if (!request.isMultipart())
          throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
        const file = await request.file({ limits: { fileSize: ORDER_FILE_MAX_BYTES, files: 1 } });
        if (!file) throw new AppError('validation', 'Choose a file to send');
        const stored = await storeOrderFile(context, request.actor, request.params.id, {
          stream: file.file,
          fileName: file.filename,
          mimeType: file.mimetype,
          atLeastBytes: Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_OVERHEAD_BYTES) : 0,
        });
        return reply.status(201).send(stored);
      },
    );
  });

  app.get(
    '/api/orders/:id/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Download a file of an order (its buyer, its team and general admins)',
        ...signedIn,
        params: orderFileParamsSchema,
        response: { 200: z.unknown().describe('The file itself'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const opened = await openOrderFile(context, request.actor, request.params.id, request.params.fileId);
      return sendFile(reply, opened);
    },
  );
};
