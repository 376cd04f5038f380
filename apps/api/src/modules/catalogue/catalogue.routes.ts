import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  projectSubTypeListQuerySchema,
  projectSubTypeSchema,
  projectTypeListQuerySchema,
  projectTypeSchema,
  serviceCategoryListQuerySchema,
  serviceCategorySchema,
  technologyDetailSchema,
  technologyListQuerySchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/http/routes';
import * as catalogue from './catalogue.service';

const tags = ['catalogue'];

export const catalogueRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/service-categories',
    {
      schema: {
        tags,
        summary: 'List service categories',
        querystring: serviceCategoryListQuerySchema,
        response: { 200: z.array(serviceCategorySchema), ...errorResponses(422) },
      },
    },
    async ({ query }) =>
      catalogue.listServiceCategories(db, {
        skip: query.skip,
        limit: query.limit,
        includeInactive: query.include_inactive,
      }),
  );
  app.get(
    '/api/service-categories/:id',
    {
      schema: {
        tags,
        summary: 'Get a service category',
        params: idParamsSchema,
        response: { 200: serviceCategorySchema, ...errorResponses(404, 422) },
      },
    },
    async ({ params }) => catalogue.getServiceCategory(db, params.id),
  );

  app.get(
    '/api/project-types',
    {
      schema: {
        tags,
        summary: 'List project types with their technologies',
        querystring: projectTypeListQuerySchema,
        response: { 200: z.array(projectTypeSchema), ...errorResponses(422) },
      },
    },
    async ({ query }) =>
      catalogue.listProjectTypes(db, {
        skip: query.skip,
        limit: query.limit,
        includeInactive: query.include_inactive,
        serviceCategoryId: query.service_category_id,
      }),
  );
  app.get(
    '/api/project-types/:id',
    {
      schema: {
        tags,
        summary: 'Get a project type',
        params: idParamsSchema,
        response: { 200: projectTypeSchema, ...errorResponses(404, 422) },
      },
    },
    async ({ params }) => catalogue.getProjectType(db, params.id),
  );

  app.get(
    '/api/project-sub-types',
    {
      schema: {
        tags,
        summary: 'List project sub-types with their technologies',
        querystring: projectSubTypeListQuerySchema,
        response: { 200: z.array(projectSubTypeSchema), ...errorResponses(422) },
      },
    },
    async ({ query }) =>
      catalogue.listProjectSubTypes(db, {
        skip: query.skip,
        limit: query.limit,
        includeInactive: query.include_inactive,
        projectTypeId: query.project_type_id,
      }),
  );
  app.get(
    '/api/project-sub-types/:id',
    {
      schema: {
        tags,
        summary: 'Get a project sub-type',
        params: idParamsSchema,
        response: { 200: projectSubTypeSchema, ...errorResponses(404, 422) },
      },
    },
    async ({ params }) => catalogue.getProjectSubType(db, params.id),
  );

  app.get(
    '/api/technologies',
    {
      schema: {
        tags,
        summary: 'List technologies, optionally those of a sub-type, type or category',
        querystring: technologyListQuerySchema,
        response: { 200: z.array(technologyDetailSchema), ...errorResponses(422) },
      },
    },
    async ({ query }) =>
      catalogue.listTechnologies(db, {
        skip: query.skip,
        limit: query.limit,
        includeInactive: query.include_inactive,
        projectSubTypeId: query.project_sub_type_id,
        projectTypeId: query.project_type_id,
        serviceCategoryId: query.service_category_id,
      }),
  );
  app.get(
    '/api/technologies/:id',
    {
      schema: {
        tags,
        summary: 'Get a technology',
        params: idParamsSchema,
        response: { 200: technologyDetailSchema, ...errorResponses(404, 422) },
      },
    },
    async ({ params }) => catalogue.getTechnology(db, params.id),
  );
};
