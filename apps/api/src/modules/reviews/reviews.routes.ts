import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  reviewCreateSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import * as reviews from './reviews.service';

const tags = ['reviews'];

export const reviewsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, mailer, config }) => {
  const context = { db, mailer, publicUrl: config.publicUrl };

  app.post(
    '/api/orders/:id/review',
    {
      schema: {
        tags,
        summary: 'Rate a completed order once (its buyer only)',
        ...signedIn,
        params: idParamsSchema,
        body: reviewCreateSchema,
        response: { 201: reviewSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reviews.createReview(context, request.actor, request.params.id, request.body)),
  );

  app.get(
    '/api/service-packages/:id/reviews',
    {
      schema: {
        tags,
        summary: "A package's reviews, newest first",
        params: idParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, ...errorResponses(404, 422) },
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
        response: { 200: reviewListResponseSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => reviews.listTeamReviews(db, request.params.id, request.query),
  );
};
