import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { errorResponses, signedIn } from '../../platform/http/routes';
import * as packages from './packages.service';

const tags = ['packages'];

export const packagesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, storage }) => {
  app.get(
    '/api/service-packages',
    {
      schema: {
        tags,
        summary: 'Published packages, newest first',
        querystring: packageListQuerySchema,
        response: { 200: packageListResponseSchema, ...errorResponses(422) },
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
        response: { 200: packageListResponseSchema, ...errorResponses(422) },
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
        ...signedIn,
        querystring: myPackagesQuerySchema,
        response: { 200: z.array(servicePackageSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => packages.listMyPackages(db, request.actor, request.query.team_id),
  );

  app.post(
    '/api/service-packages',
    {
      schema: {
        tags,
        summary: 'Create a package (as a draft) for a team the caller administers and is verified for',
        ...signedIn,
        body: packageCreateSchema,
        response: { 201: servicePackageSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await packages.createPackage(db, request.actor, request.body)),
  );

  app.get(
    '/api/service-packages/:id',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'A package: published ones for everyone, others only for their team admin',
        params: idParamsSchema,
        response: { 200: servicePackageSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => packages.getPackage(db, request.optionalActor, request.params.id),
  );

  app.put(
    '/api/service-packages/:id',
    {
      schema: {
        tags,
        summary: 'Edit a package (its team admin)',
        ...signedIn,
        params: idParamsSchema,
        body: packageUpdateSchema,
        response: { 200: servicePackageSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => packages.updatePackage(db, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/service-packages/:id',
    {
      schema: {
        tags,
        summary: 'Delete a package without orders (its team admin)',
        ...signedIn,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await packages.deletePackage(db, storage, request.actor, request.params.id);
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
          ...signedIn,
          params: idParamsSchema,
          response: { 200: servicePackageSchema, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => packages.setPackageStatus(db, request.actor, request.params.id, status),
    );
  }

  app.get(
    '/api/teams/:id/service-packages',
    {
      schema: {
        tags,
        summary: "A team's published packages",
        params: idParamsSchema,
        response: { 200: z.array(servicePackageSchema), ...errorResponses(404, 422) },
      },
    },
    async (request) => packages.listTeamPackages(db, request.params.id),
  );
};
