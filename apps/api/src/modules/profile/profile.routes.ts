import { z } from 'zod';
import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, profileSchema, publicProfileSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { PROFILE_KIND_DEFINITIONS as KINDS } from './profile-kinds';
import {
  getOwnProfile,
  getPublicProfile,
  profileItemService,
  type ProfileKindDefinition,
  type ProfileTable,
} from './profile.service';

const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/api/profile',
    {
      schema: {
        tags,
        summary: "The caller's four profile lists",
        ...signedIn,
        response: { 200: profileSchema, ...errorResponses(401) },
      },
    },
    async (request) => getOwnProfile(db, request.actor),
  );

  app.get(
    '/api/users/:id/profile',
    {
      schema: {
        tags,
        summary: "A user's public professional profile (signed-in users; no email)",
        ...signedIn,
        params: idParamsSchema,
        response: { 200: publicProfileSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => getPublicProfile(db, request.actor, request.params.id),
  );

  function registerKind<Table extends ProfileTable, Input, Output>(
    path: string,
    definition: ProfileKindDefinition<Table, Input, Output> & {
      input: z.ZodType<Input, unknown>;
      output: z.ZodType<Output>;
    },
  ) {
    const items = profileItemService(db, definition);
    // The zod validator and serializer still run on these routes; only the compile-time link between
    // a generic schema and the handler's types is given up, so bodies are read as their known type.
    const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
    type ItemRequest = FastifyRequest<{ Params: { id: number } }>;
    const { one } = definition;
    routes.get(
      `/api/profile/${path}`,
      {
        schema: {
          tags,
          summary: `List your ${path}`,
          ...signedIn,
          response: { 200: z.array(definition.output), ...errorResponses(401) },
        },
      },
      async (request) => items.list(request.actor),
    );
    routes.post(
      `/api/profile/${path}`,
      {
        schema: {
          tags,
          summary: `Add ${one}`,
          ...signedIn,
          body: definition.input,
          response: { 201: definition.output, ...errorResponses(401, 422) },
        },
      },
      async (request: ItemRequest, reply) =>
        reply.status(201).send(await items.create(request.actor, request.body as Input)),
    );
    routes.put(
      `/api/profile/${path}/:id`,
      {
        schema: {
          tags,
          summary: `Change ${one} of yours`,
          ...signedIn,
          params: idParamsSchema,
          body: definition.input,
          response: { 200: definition.output, ...errorResponses(401, 404, 422) },
        },
      },
      async (request: ItemRequest) => items.update(request.actor, request.params.id, request.body as Input),
    );
    routes.delete(
      `/api/profile/${path}/:id`,
      {
        schema: {
          tags,
          summary: `Delete ${one} of yours`,
          ...signedIn,
          params: idParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 404, 422) },
        },
      },
      async (request: ItemRequest, reply) => {
        await items.remove(request.actor, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }

  registerKind('experiences', KINDS.experiences);
  registerKind('skills', KINDS.skills);
  registerKind('certificates', KINDS.certificates);
  registerKind('education', KINDS.education);
};
