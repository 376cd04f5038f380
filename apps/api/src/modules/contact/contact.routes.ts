import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_RATE_LIMIT_PER_HOUR, contactRequestSchema, contactResponseSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/http/routes';
import { submitContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  app.post(
    '/api/contact',
    {
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT_PER_HOUR * deps.config.addressRateLimitScale,
          timeWindow: '1 hour',
        },
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the marketplace team',
        body: contactRequestSchema,
        response: { 201: contactResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async ({ body }, reply) => reply.status(201).send(await submitContactMessage(db, body)),
  );
};
