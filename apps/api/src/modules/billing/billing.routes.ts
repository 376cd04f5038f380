import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  paymentHistoryQuerySchema,
  paymentHistoryResponseSchema,
  savedPaymentMethodCreateSchema,
  savedPaymentMethodListSchema,
  savedPaymentMethodSchema,
  savedPaymentMethodUpdateSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import * as billing from './billing.service';

const tags = ['billing'];

/** Every route here is the caller's own: another user's method id is a 404, never a 403. */
export const billingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, paymentProvider }) => {
  app.get(
    '/api/user/payment-methods',
    {
      schema: {
        tags,
        summary: 'My saved payment methods, the default first',
        ...signedIn,
        response: { 200: savedPaymentMethodListSchema, ...errorResponses(401) },
      },
    },
    async (request) => billing.listMethods(db, request.actor),
  );

  app.post(
    '/api/user/payment-methods',
    {
      schema: {
        tags,
        summary:
          'Save a payment method; a card number is reduced to brand and last four and never stored; the first becomes the default',
        ...signedIn,
        body: savedPaymentMethodCreateSchema,
        response: { 201: savedPaymentMethodSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await billing.addMethod({ db, provider: paymentProvider }, request.actor, request.body)),
  );

  app.get(
    '/api/user/payment-methods/:id',
    {
      schema: {
        tags,
        summary: 'One of my saved payment methods',
        ...signedIn,
        params: idParamsSchema,
        response: { 200: savedPaymentMethodSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => billing.getMethod(db, request.actor, request.params.id),
  );

  app.put(
    '/api/user/payment-methods/:id',
    {
      schema: {
        tags,
        summary: 'Rename a saved method, change its expiry or make it the default',
        ...signedIn,
        params: idParamsSchema,
        body: savedPaymentMethodUpdateSchema,
        response: { 200: savedPaymentMethodSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => billing.updateMethod(db, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/user/payment-methods/:id',
    {
      schema: {
        tags,
        summary: 'Delete a saved method; deleting the default makes the oldest remaining one the default',
        ...signedIn,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await billing.deleteMethod(db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/user/payment-methods/:id/set-default',
    {
      schema: {
        tags,
        summary: 'Make a saved method the default',
        ...signedIn,
        params: idParamsSchema,
        response: { 200: savedPaymentMethodSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => billing.setDefaultMethod(db, request.actor, request.params.id),
  );

  app.get(
    '/api/user/payment-history',
    {
      schema: {
        tags,
        summary: 'My payments, newest first',
        ...signedIn,
        querystring: paymentHistoryQuerySchema,
        response: { 200: paymentHistoryResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => billing.paymentHistory(db, request.actor, request.query),
  );
};
