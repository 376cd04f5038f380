import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  earningsSchema,
  errorResponseSchema,
  financeSummarySchema,
  idParamsSchema,
  payoutAccountSchema,
  payoutOnboardingSchema,
  payoutSplitSchema,
  payoutSplitUpdateSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { financeSummary } from './ledger.service';
import { getPayoutSplit, updatePayoutSplit } from './payout-split.service';
import { getEarnings, getPayoutAccount, payoutsContext, startPayoutOnboarding } from './payouts.service';

const secured = { security: [{ bearerAuth: [] }] };
const errors = (...codes: (401 | 403 | 404 | 409 | 422)[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema]));

/** Money to the team: the payout split, a member's earnings and payout account, the finance summary. */
export const moneyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const actorOf = deps.authenticator.requireActor;
  const context = payoutsContext(deps);

  app.get(
    '/api/teams/:id/payout-split',
    {
      schema: {
        tags: ['money'],
        summary: "The team's payout split (its members and general admins)",
        ...secured,
        params: idParamsSchema,
        response: { 200: payoutSplitSchema, ...errors(401, 403, 404, 422) },
      },
    },
    async (request) => getPayoutSplit(deps.db, await actorOf(request), request.params.id),
  );

  app.put(
    '/api/teams/:id/payout-split',
    {
      schema: {
        tags: ['money'],
        summary: 'Set the payout split: whole percents per current member, adding up to 100 (team admin)',
        ...secured,
        params: idParamsSchema,
        body: payoutSplitUpdateSchema,
        response: { 200: payoutSplitSchema, ...errors(401, 403, 404, 422) },
      },
    },
    async (request) =>
      updatePayoutSplit(deps.db, await actorOf(request), request.params.id, request.body, deps.clock()),
  );

  app.get(
    '/api/user/earnings',
    {
      schema: {
        tags: ['money'],
        summary: "The caller's earnings: pending, available, paid out and one line per order",
        ...secured,
        response: { 200: earningsSchema, ...errors(401) },
      },
    },
    async (request) => getEarnings(context, await actorOf(request)),
  );

  app.get(
    '/api/user/payout-account',
    {
      schema: {
        tags: ['money'],
        summary: "Where the caller's payout account stands: none, pending or active",
        ...secured,
        response: { 200: payoutAccountSchema, ...errors(401) },
      },
    },
    async (request) => getPayoutAccount(context, await actorOf(request)),
  );

  app.post(
    '/api/user/payout-account',
    {
      schema: {
        tags: ['money'],
        summary: 'Connect a payout account: starts onboarding at the payment provider',
        ...secured,
        response: { 200: payoutOnboardingSchema, ...errors(401) },
      },
    },
    async (request) => startPayoutOnboarding(context, await actorOf(request)),
  );

  app.get(
    '/api/admin/finance',
    {
      schema: {
        tags: ['money'],
        summary:
          'The ledger: escrow, fees, payable, paid out, refunded, whether it balances (general admins)',
        ...secured,
        response: { 200: financeSummarySchema, ...errors(401, 403) },
      },
    },
    async (request) => financeSummary(deps.db, await actorOf(request)),
  );
};
