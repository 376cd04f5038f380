import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_TEXTS as T,
  IMAGE_UPLOAD_MAX_BYTES,
  idParamsSchema,
  packageImageOrderSchema,
  packageImageParamsSchema,
  packageImagesResponseSchema,
  teamLogoResponseSchema,
} from '@teamhire/shared';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { AppError } from '../../platform/errors';
import { fileSizeLimitFor, uploadRoutes } from '../../platform/uploads';
import { IMAGE_URL_PREFIX } from '../../platform/images/image-sets';
import * as images from './images.service';

const tags = ['images'];
/** Room for the multipart framing around a file of exactly the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const imageFileParamsSchema = z.strictObject({
  imageId: z.uuid(),
  fileName: z.string().regex(/^\d{1,4}\.webp$/),
});

/** The uploaded file's stream; a declared size far over the limit is refused before any is read. */
async function imageUpload(request: FastifyRequest) {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMAGE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new AppError('payload_too_large', T.tooLarge);
  }
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', T.notImage);
  const file = await request.file({
    limits: { fileSize: fileSizeLimitFor(IMAGE_UPLOAD_MAX_BYTES), files: 1 },
  });
  if (!file) throw new AppError('validation', T.notImage);
  return file.file;
}

export const imagesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context: images.ImagesContext = { db: deps.db, storage: deps.storage };
  // Each upload is decoded and encoded several times: a generous limit that still bounds the work.
  const uploadRateLimit = {
    rateLimit: { max: 120 * deps.config.addressRateLimitScale, timeWindow: '1 hour' },
  };

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/teams/:id/logo',
      {
        config: uploadRateLimit,
        schema: {
          tags,
          summary: "Upload or replace the team's logo (its admin; JPEG, PNG or WebP under 10 MB)",
          ...signedIn,
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: { 200: teamLogoResponseSchema, ...errorResponses(401, 403, 404, 413, 415, 422, 429) },
        },
      },
      async (request) => {
        return images.replaceTeamLogo(context, request.actor, request.params.id, await imageUpload(request));
      },
    );

    uploads.post(
      '/api/service-packages/:id/images',
      {
        config: uploadRateLimit,
        schema: {
          tags,
          summary: "Add an image at the end of the package's gallery (at most 6; its team admin)",
          ...signedIn,
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          response: {
            201: packageImagesResponseSchema,
            ...errorResponses(401, 403, 404, 409, 413, 415, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const gallery = await images.addPackageImage(
          context,
          request.actor,
          request.params.id,
          await imageUpload(request),
        );
        return reply.status(201).send(gallery);
      },
    );
  });

  app.delete(
    '/api/teams/:id/logo',
    {
      schema: {
        tags,
        summary: "Remove the team's logo (its admin)",
        ...signedIn,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await images.removeTeamLogo(context, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/service-packages/:id/images/:imageId',
    {
      schema: {
        tags,
        summary: "Remove an image from the package's gallery (its team admin)",
        ...signedIn,
        params: packageImageParamsSchema,
        response: { 200: packageImagesResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      images.removePackageImage(context, request.actor, request.params.id, request.params.imageId),
  );

  app.put(
    '/api/service-packages/:id/images/order',
    {
      schema: {
        tags,
        summary: "Put the package's gallery in a new order; the first is the card image (its team admin)",
        ...signedIn,
        params: idParamsSchema,
        body: packageImageOrderSchema,
        response: { 200: packageImagesResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      images.reorderPackageImages(context, request.actor, request.params.id, request.body.image_ids),
  );

  app.get(
    `${IMAGE_URL_PREFIX}:imageId/:fileName`,
    { schema: { hide: true, params: imageFileParamsSchema } },
    async (request, reply) => {
      const { imageId, fileName } = request.params;
      const found = await images.openImage(deps.storage, imageId, Number.parseInt(fileName, 10));
      // A new upload gets a new id, so the bytes under a URL never change.
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', String(found.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(found.stream);
    },
  );
};
