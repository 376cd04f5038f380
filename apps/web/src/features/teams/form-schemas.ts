import { applicationDecisionSchema, TEAM_TEXTS } from '@teamhire/shared';

/** Part 1 §4: approving an application needs a response message, rejecting does not. */
export const applicationDecisionFormSchema = applicationDecisionSchema.refine(
  (decision) => decision.status !== 'approved' || Boolean(decision.response_message?.trim()),
  { error: TEAM_TEXTS.responseRequiredToApprove, path: ['response_message'] },
);
