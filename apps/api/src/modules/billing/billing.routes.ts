import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  paymentHistoryQuerySchema,
  paymentHistoryResponseSchema,
  savedPaymentMethodCreateSchema,
  savedPaymentMethodListSchema,
  savedPaymentMethodSchema,
  savedPaymentMethodUpdateSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import * as billing from './billing.service';

const tags = ['billing'];
const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 404 | 409 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

/** Every route here is the caller's own: another user's method id is a 404, never a 403. */
export const billingRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, authenticator, paymentProvider },
) => {
  const actorOf = authenticator.requireActor;

  app.get(
    '/api/user/payment-methods',
    {
      schema: {
        tags,
        summary: 'My saved payment methods, the default first',
        ...secured,
        response: { 200: savedPaymentMethodListSchema, ...errors(401) },
      },
    },
    async (request) => billing.listMethods(db, await actorOf(request)),
  );

  app.post(
    '/api/user/payment-methods',
    {
      schema: {
        tags,
        summary:
          'Save a payment method; a card number is reduced to brand and last four and never stored; the first becomes the default',
        ...secured,
        body: savedPaymentMethodCreateSchema,
        response: { 201: savedPaymentMethodSchema, ...errors(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await billing.addMethod({ db, provider: paymentProvider }, await actorOf(request), request.body),
        ),
  );

  app.get(
    '/api/user/payment-methods/:id',
    {
      schema: {
        tags,
        summary: 'One of my saved payment methods',
        ...secured,
        params: idParamsSchema,
        response: { 200: savedPaymentMethodSchema, ...errors(401, 404, 422) },
      },
    },
    async (request) => billing.getMethod(db, await actorOf(request), request.params.id),
  );

  app.put(
    '/api/user/payment-methods/:id',
    {
      schema: {
        tags,
        summary: 'Rename a saved method, change its expiry or make it the default',
        ...secured,
        params: idParamsSchema,
        body: savedPaymentMethodUpdateSchema,
        response: { 200: savedPaymentMethodSchema, ...errors(401, 404, 409, 422) },
      },
    },
    async (request) => billing.updateMethod(db, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/user/payment-methods/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved method; deleting the default makes the oldest remaining one the default',
        ...secured,
        params: idParamsSchema,
        response: { 204: z.null(), ...errors(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await billing.deleteMethod(db, await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/payment-methods/:id/set-default',
    {
      schema: {
        tags,
        summary: 'Make a saved method the default',
        ...secured,
        params: idParamsSchema,
        response: { 200: savedPaymentMethodSchema, ...errors(401, 404, 422) },
      },
    },
    async (request) => billing.setDefaultMethod(db, await actorOf(request), request.params.id),
  );

  app.get(
    '/api/user/payment-history',
    {
      schema: {
        tags,
        summary: 'My payments, newest first',
        ...secured,
        querystring: paymentHistoryQuerySchema,
        response: { 200: paymentHistoryResponseSchema, ...errors(401, 422) },
      },
    },
    async (request) => billing.paymentHistory(db, await actorOf(request), request.query),
  );
};
