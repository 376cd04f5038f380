import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  earningsSchema,
  financeSummarySchema,
  idParamsSchema,
  payoutAccountSchema,
  payoutOnboardingSchema,
  payoutSplitSchema,
  payoutSplitUpdateSchema,
} from '@teamhire/shared';
import type { AppDeps } from '../../platform/deps';
import { errorResponses, signedIn } from '../../platform/http/routes';
import { financeSummary } from './ledger.service';
import { getPayoutSplit, updatePayoutSplit } from './payout-split.service';
import { getEarnings, getPayoutAccount, payoutsContext, startPayoutOnboarding } from './payouts.service';

/** Money to the team: the payout split, a member's earnings and payout account, the finance summary. */
export const moneyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = payoutsContext(deps);

  app.get(
    '/api/teams/:id/payout-split',
    {
      schema: {
        tags: ['money'],
        summary: "The team's payout split (its members and general admins)",
        ...signedIn,
        params: idParamsSchema,
        response: { 200: payoutSplitSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => getPayoutSplit(deps.db, request.actor, request.params.id),
  );

  app.put(
    '/api/teams/:id/payout-split',
    {
      schema: {
        tags: ['money'],
        summary: 'Set the payout split: whole percents per current member, adding up to 100 (team admin)',
        ...signedIn,
        params: idParamsSchema,
        body: payoutSplitUpdateSchema,
        response: { 200: payoutSplitSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      updatePayoutSplit(deps.db, request.actor, request.params.id, request.body, deps.clock()),
  );

  app.get(
    '/api/user/earnings',
    {
      schema: {
        tags: ['money'],
        summary: "The caller's earnings: pending, available, paid out and one line per order",
        ...signedIn,
        response: { 200: earningsSchema, ...errorResponses(401) },
      },
    },
    async (request) => getEarnings(context, request.actor),
  );

  app.get(
    '/api/user/payout-account',
    {
      schema: {
        tags: ['money'],
        summary: "Where the caller's payout account stands: none, pending or active",
        ...signedIn,
        response: { 200: payoutAccountSchema, ...errorResponses(401) },
      },
    },
    async (request) => getPayoutAccount(context, request.actor),
  );

  app.post(
    '/api/user/payout-account',
    {
      schema: {
        tags: ['money'],
        summary: 'Connect a payout account: starts onboarding at the payment provider',
        ...signedIn,
        response: { 200: payoutOnboardingSchema, ...errorResponses(401) },
      },
    },
    async (request) => startPayoutOnboarding(context, request.actor),
  );

  app.get(
    '/api/admin/finance',
    {
      schema: {
        tags: ['money'],
        summary:
          'The ledger: escrow, fees, payable, paid out, refunded, whether it balances (general admins)',
        ...signedIn,
        response: { 200: financeSummarySchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => financeSummary(deps.db, request.actor),
  );
};
