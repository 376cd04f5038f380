import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationDecisionSchema,
  applicationListQuerySchema,
  idParamsSchema,
  teamApplicationSchema,
  teamApplyRequestSchema,
  teamCreateSchema,
  teamDetailSchema,
  teamListQuerySchema,
  teamListResponseSchema,
  teamMemberParamsSchema,
  teamSchema,
  teamUpdateSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import * as teams from './teams.service';

const tags = ['teams'];

export const teamsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const context: teams.TeamsContext = {
    db,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    bus: deps.bus,
  };

  app.post(
    '/api/teams',
    {
      schema: {
        tags,
        summary: 'Create a team (verified team admins)',
        ...signedIn,
        body: teamCreateSchema,
        response: { 201: teamSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await teams.createTeam(context, request.actor, request.body)),
  );

  app.get(
    '/api/teams',
    {
      schema: {
        tags,
        summary:
          'Find teams: search by name; filter by category, project types, sub-type, technologies (any of)',
        querystring: teamListQuerySchema,
        response: { 200: teamListResponseSchema, ...errorResponses(422) },
      },
    },
    async ({ query }) => teams.listTeams(db, query),
  );

  app.get(
    '/api/teams/my-teams',
    {
      schema: {
        tags,
        summary: 'Teams the caller administers',
        ...signedIn,
        response: { 200: z.array(teamSchema), ...errorResponses(401) },
      },
    },
    async (request) => teams.listMyTeams(db, request.actor),
  );

  app.get(
    '/api/teams/member-teams',
    {
      schema: {
        tags,
        summary: 'Teams the caller belongs to as a member',
        ...signedIn,
        response: { 200: z.array(teamSchema), ...errorResponses(401) },
      },
    },
    async (request) => teams.listMemberTeams(db, request.actor),
  );

  app.get(
    '/api/teams/:id',
    {
      schema: {
        tags,
        summary: 'A team with its admin and members (no emails)',
        params: idParamsSchema,
        response: { 200: teamDetailSchema, ...errorResponses(404, 422) },
      },
    },
    async ({ params }) => teams.getTeam(db, params.id),
  );

  app.put(
    '/api/teams/:id',
    {
      schema: {
        tags,
        summary: 'Edit a team (its admin)',
        ...signedIn,
        params: idParamsSchema,
        body: teamUpdateSchema,
        response: { 200: teamSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => teams.updateTeam(context, request.actor, request.params.id, request.body),
  );

  app.delete(
    '/api/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team without orders (its admin)',
        ...signedIn,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await teams.deleteTeam(context, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/teams/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member (its admin; never the admin)',
        ...signedIn,
        params: teamMemberParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await teams.removeMember(context, request.actor, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/teams/:id/leave',
    {
      schema: {
        tags,
        summary: 'Leave a team (members; not its admin)',
        ...signedIn,
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await teams.leaveTeam(context, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/teams/apply',
    {
      schema: {
        tags,
        summary: 'Apply to join a team (sellers)',
        ...signedIn,
        body: teamApplyRequestSchema,
        response: { 201: teamApplicationSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await teams.applyToTeam(context, request.actor, request.body)),
  );

  app.get(
    '/api/teams/:id/applications',
    {
      schema: {
        tags,
        summary: "A team's applications (its admin)",
        ...signedIn,
        params: idParamsSchema,
        querystring: applicationListQuerySchema,
        response: { 200: z.array(teamApplicationSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => teams.listTeamApplications(db, request.actor, request.params.id, request.query.status),
  );

  app.get(
    '/api/my-applications',
    {
      schema: {
        tags,
        summary: "The caller's applications to teams",
        ...signedIn,
        response: { 200: z.array(teamApplicationSchema), ...errorResponses(401) },
      },
    },
    async (request) => teams.listOwnApplications(db, request.actor),
  );

  app.put(
    '/api/team-memberships/:id',
    {
      schema: {
        tags,
        summary: 'Approve (message required, free place needed) or reject an application (the team admin)',
        ...signedIn,
        params: idParamsSchema,
        body: applicationDecisionSchema,
        response: { 200: teamApplicationSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => teams.decideApplication(context, request.actor, request.params.id, request.body),
  );

  app.post(
    '/api/team-memberships/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw a pending application (the applicant)',
        ...signedIn,
        params: idParamsSchema,
        response: { 200: teamApplicationSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => teams.withdrawApplication(context, request.actor, request.params.id),
  );
};
