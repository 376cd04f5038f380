import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  pendingVerificationQuerySchema,
  verificationDecisionSchema,
  verificationRequestCreateSchema,
  verificationRequestSchema,
  verificationStatsSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import * as verification from './verification.service';

const tags = ['verification'];

export const verificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, bus }) => {
  app.post(
    '/api/verification/request',
    {
      schema: {
        tags,
        summary: 'Ask for a role upgrade (one pending request at a time)',
        ...signedIn,
        body: verificationRequestCreateSchema,
        response: { 201: verificationRequestSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await verification.requestRoleUpgrade(db, request.actor, request.body, bus)),
  );

  app.get(
    '/api/verification/my-requests',
    {
      schema: {
        tags,
        summary: "The caller's role-upgrade requests, newest first",
        ...signedIn,
        response: { 200: z.array(verificationRequestSchema), ...errorResponses(401) },
      },
    },
    async (request) => verification.listOwnRequests(db, request.actor),
  );

  app.get(
    '/api/verification/pending',
    {
      schema: {
        tags,
        summary: 'Pending requests, oldest first (general admins)',
        ...signedIn,
        querystring: pendingVerificationQuerySchema,
        response: { 200: z.array(verificationRequestSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => verification.listPendingRequests(db, request.actor, request.query),
  );

  app.put(
    '/api/verification/requests/:id',
    {
      schema: {
        tags,
        summary: 'Approve (response required) or reject a pending request (general admins)',
        ...signedIn,
        params: idParamsSchema,
        body: verificationDecisionSchema,
        response: { 200: verificationRequestSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => verification.decideRequest(db, request.actor, request.params.id, request.body, bus),
  );

  app.get(
    '/api/verification/stats',
    {
      schema: {
        tags,
        summary: 'Counts of requests by status (general admins)',
        ...signedIn,
        response: { 200: verificationStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => verification.verificationStatistics(db, request.actor),
  );
};
