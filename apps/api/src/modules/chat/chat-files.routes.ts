import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_UPLOAD_MAX_BYTES, chatMessageSchema, idParamsSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedInOrGuest } from '../../platform/http/routes';
import { AppError } from '../../platform/errors';
import { chatLimitsOf } from './chat.service';
import { retryAfterWhenRefused } from './chat.routes';
import { openFile, storeUpload, tooLarge, type ChatFilesContext } from './chat-files.service';
import { fileSizeLimitFor, sendFile, uploadRoutes } from '../../platform/uploads';
import { createParticipants } from './participants';

const tags = ['chat'];
/** Room for the multipart framing around a file of exactly the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const chatFilesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context: ChatFilesContext = {
    db: deps.db,
    bus: deps.bus,
    limiter: deps.limiter,
    limits: chatLimitsOf(deps.config),
    storage: deps.storage,
  };
  const participants = createParticipants(deps.db, deps.authenticator);

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/chat-rooms/:id/upload',
      {
        schema: {
          tags,
          summary:
            "Send a file (any type, at most 1 GiB, within the sender's storage quota), streamed to storage",
          ...signedInOrGuest,
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: { 201: chatMessageSchema, ...errorResponses(401, 403, 404, 413, 415, 422, 429) },
        },
        onSend: retryAfterWhenRefused,
      },
      async (request, reply) => {
        const participant = await participants.require(request);
        const declared = Number(request.headers['content-length']);
        // A declared size over the limit is refused before a single byte is read.
        if (Number.isFinite(declared) && declared > CHAT_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
          throw tooLarge(declared);
        }
        if (!request.isMultipart())
          throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
        // One byte over the limit: a file too large is then seen by its stored size, not only by a flag.
        const file = await request.file({
          limits: { fileSize: fileSizeLimitFor(CHAT_UPLOAD_MAX_BYTES), files: 1 },
        });
        if (!file) throw new AppError('validation', 'Choose a file to send');
        const message = await storeUpload(context, participant, request.params.id, {
          stream: file.file,
          fileName: file.filename,
          mimeType: file.mimetype,
          atLeastBytes: Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_OVERHEAD_BYTES) : 0,
        });
        return reply.status(201).send(message);
      },
    );
  });

  for (const variant of ['original', 'thumbnail'] as const) {
    app.get(
      variant === 'original' ? '/api/chat-files/:fileId' : '/api/chat-files/:fileId/thumbnail',
      {
        schema: {
          tags,
          summary:
            variant === 'original'
              ? 'Download a file (room members only)'
              : "An image's preview (room members only)",
          ...signedInOrGuest,
          params: z.strictObject({ fileId: z.uuid() }),
          response: { 200: z.unknown().describe('The file itself'), ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        const opened = await openFile(
          context,
          await participants.require(request),
          request.params.fileId,
          variant,
        );
        return sendFile(reply, opened);
      },
    );
  }
};
