import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  pendingVerificationQuerySchema,
  verificationDecisionSchema,
  verificationRequestCreateSchema,
  verificationRequestSchema,
  verificationStatsSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import * as verification from './verification.service';

const tags = ['verification'];
const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

export const verificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, authenticator, bus }) => {
  app.post(
    '/api/verification/request',
    {
      schema: {
        tags,
        summary: 'Ask for a role upgrade (one pending request at a time)',
        ...secured,
        body: verificationRequestCreateSchema,
        response: { 201: verificationRequestSchema, ...errors(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await verification.requestRoleUpgrade(
            db,
            await authenticator.requireActor(request),
            request.body,
            bus,
          ),
        ),
  );

  app.get(
    '/api/verification/my-requests',
    {
      schema: {
        tags,
        summary: "The caller's role-upgrade requests, newest first",
        ...secured,
        response: { 200: z.array(verificationRequestSchema), ...errors(401) },
      },
    },
    async (request) => verification.listOwnRequests(db, await authenticator.requireActor(request)),
  );

  app.get(
    '/api/verification/pending',
    {
      schema: {
        tags,
        summary: 'Pending requests, oldest first (general admins)',
        ...secured,
        querystring: pendingVerificationQuerySchema,
        response: { 200: z.array(verificationRequestSchema), ...errors(401, 403, 422) },
      },
    },
    async (request) =>
      verification.listPendingRequests(db, await authenticator.requireActor(request), request.query),
  );

  app.put(
    '/api/verification/requests/:id',
    {
      schema: {
        tags,
        summary: 'Approve (response required) or reject a pending request (general admins)',
        ...secured,
        params: idParamsSchema,
        body: verificationDecisionSchema,
        response: { 200: verificationRequestSchema, ...errors(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      verification.decideRequest(
        db,
        await authenticator.requireActor(request),
        request.params.id,
        request.body,
        bus,
      ),
  );

  app.get(
    '/api/verification/stats',
    {
      schema: {
        tags,
        summary: 'Counts of requests by status (general admins)',
        ...secured,
        response: { 200: verificationStatsSchema, ...errors(401, 403) },
      },
    },
    async (request) => verification.verificationStatistics(db, await authenticator.requireActor(request)),
  );
};
