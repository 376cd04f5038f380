import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  idParamsSchema,
  myPackagesQuerySchema,
  packageCreateSchema,
  packageListQuerySchema,
  packageListResponseSchema,
  packageSearchRequestSchema,
  packageUpdateSchema,
  servicePackageSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import * as packages from './packages.service';

const tags = ['packages'];
const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

export const packagesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, authenticator, storage }) => {
  const actorOf = authenticator.requireActor;

  app.get(
    '/api/service-packages',
    {
      schema: {
        tags,
        summary: 'Published packages, newest first',
        querystring: packageListQuerySchema,
        response: { 200: packageListResponseSchema, ...errors(422) },
      },
    },
    async ({ query }) => packages.listPublishedPackages(db, query),
  );

  app.post(
    '/api/service-packages/search',
    {
      schema: {
        tags,
        summary: 'Search published packages by relevance (full text and title similarity) with filters',
        querystring: packageListQuerySchema,
        body: packageSearchRequestSchema,
        response: { 200: packageListResponseSchema, ...errors(422) },
      },
    },
    async ({ body, query }) => packages.searchPackages(db, body, query),
  );

  app.get(
    '/api/service-packages/my-packages',
    {
      schema: {
        tags,
        summary: 'Every package of the teams the caller administers (all statuses)',
        ...secured,
        querystring: myPackagesQuerySchema,
        response: { 200: z.array(servicePackageSchema), ...errors(401, 403, 422) },
      },
    },
    async (request) => packages.listMyPackages(db, await actorOf(request), request.query.team_id),
  );

  app.post(
    '/api/service-packages',
    {
      schema: {
        tags,
        summary: 'Create a package (as a draft) for a team the caller administers and is verified for',
        ...secured,
        body: packageCreateSchema,
        response: { 201: servicePackageSchema, ...errors(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await packages.createPackage(db, await actorOf(request), request.body)),
  );

  app.get(
    '/api/service-packages/:id',
    {
      schema: {
        tags,
        summary: 'A package: published ones for everyone, others only for their team admin',
        params: idParamsSchema,
        response: { 200: servicePackageSchema, ...errors(401, 404, 422) },
      },
    },
    async (request) => packages.getPackage(db, await authenticator.optionalActor(request), request.params.id),
  );

  app.put(
    '/api/service-packages/:id',
    {
      schema: {
        tags,
        summary: 'Edit a package (its team admin)',
        ...secured,
        params: idParamsSchema,
        body: packageUpdateSchema,
        response: { 200: servicePackageSchema, ...errors(401, 403, 404, 422) },
      },
    },
    async (request) => packages.updatePackage(db, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/service-packages/:id',
    {
      schema: {
        tags,
        summary: 'Delete a package without orders (its team admin)',
        ...secured,
        params: idParamsSchema,
        response: { 204: z.null(), ...errors(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await packages.deletePackage(db, storage, await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'unpublished'],
  ] as const) {
    app.post(
      `/api/service-packages/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action === 'publish' ? 'Publish' : 'Unpublish'} a package (its team admin)`,
          ...secured,
          params: idParamsSchema,
          response: { 200: servicePackageSchema, ...errors(401, 403, 404, 422) },
        },
      },
      async (request) => packages.setPackageStatus(db, await actorOf(request), request.params.id, status),
    );
  }

  app.get(
    '/api/teams/:id/service-packages',
    {
      schema: {
        tags,
        summary: "A team's published packages",
        params: idParamsSchema,
        response: { 200: z.array(servicePackageSchema), ...errors(404, 422) },
      },
    },
    async (request) => packages.listTeamPackages(db, request.params.id),
  );
};
