import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import * as reviews from './reviews.service';

const tags = ['reviews'];
const errors = (...codes: (401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

export const reviewsRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, mailer, config, authenticator },
) => {
  const context = { db, mailer, publicUrl: config.publicUrl };

  app.post(
    '/api/orders/:id/review',
    {
      schema: {
        tags,
        summary: 'Rate a completed order once (its buyer only)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: reviewCreateSchema,
        response: { 201: reviewSchema, ...errors(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await reviews.createReview(
            context,
            await authenticator.requireActor(request),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.get(
    '/api/service-packages/:id/reviews',
    {
      schema: {
        tags,
        summary: "A package's reviews, newest first",
        params: idParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, ...errors(404, 422) },
      },
    },
    async (request) => reviews.listPackageReviews(db, request.params.id, request.query),
  );

  app.get(
    '/api/teams/:id/reviews',
    {
      schema: {
        tags,
        summary: "A team's reviews, newest first",
        params: idParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, ...errors(404, 422) },
      },
    },
    async (request) => reviews.listTeamReviews(db, request.params.id, request.query),
  );
};
