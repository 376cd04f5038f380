import { z } from 'zod';
import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamsSchema, profileSchema, publicProfileSchema } from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { PROFILE_KIND_DEFINITIONS as KINDS } from './profile-kinds';
import {
  getOwnProfile,
  getPublicProfile,
  profileItemService,
  type ProfileKindDefinition,
  type ProfileTable,
} from './profile.service';

const tags = ['profile'];
const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 404 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

export const profileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, authenticator }) => {
  const actorOf = authenticator.requireActor;

  app.get(
    '/api/profile',
    {
      schema: {
        tags,
        summary: "The caller's four profile lists",
        ...secured,
        response: { 200: profileSchema, ...errors(401) },
      },
    },
    async (request) => getOwnProfile(db, await actorOf(request)),
  );

  app.get(
    '/api/users/:id/profile',
    {
      schema: {
        tags,
        summary: "A user's public professional profile (signed-in users; no email)",
        ...secured,
        params: idParamsSchema,
        response: { 200: publicProfileSchema, ...errors(401, 404, 422) },
      },
    },
    async (request) => getPublicProfile(db, await actorOf(request), request.params.id),
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
          ...secured,
          response: { 200: z.array(definition.output), ...errors(401) },
        },
      },
      async (request) => items.list(await actorOf(request)),
    );
    routes.post(
      `/api/profile/${path}`,
      {
        schema: {
          tags,
          summary: `Add ${one}`,
          ...secured,
          body: definition.input,
          response: { 201: definition.output, ...errors(401, 422) },
        },
      },
      async (request: ItemRequest, reply) =>
        reply.status(201).send(await items.create(await actorOf(request), request.body as Input)),
    );
    routes.put(
      `/api/profile/${path}/:id`,
      {
        schema: {
          tags,
          summary: `Change ${one} of yours`,
          ...secured,
          params: idParamsSchema,
          body: definition.input,
          response: { 200: definition.output, ...errors(401, 404, 422) },
        },
      },
      async (request: ItemRequest) =>
        items.update(await actorOf(request), request.params.id, request.body as Input),
    );
    routes.delete(
      `/api/profile/${path}/:id`,
      {
        schema: {
          tags,
          summary: `Delete ${one} of yours`,
          ...secured,
          params: idParamsSchema,
          response: { 204: z.null(), ...errors(401, 404, 422) },
        },
      },
      async (request: ItemRequest, reply) => {
        await items.remove(await actorOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  }

  registerKind('experiences', KINDS.experiences);
  registerKind('skills', KINDS.skills);
  registerKind('certificates', KINDS.certificates);
  registerKind('education', KINDS.education);
};
