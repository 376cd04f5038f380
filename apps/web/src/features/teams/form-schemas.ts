import { applicationDecisionSchema, TEAM_TEXTS } from '@teamhire/shared';

/**
 * Approving an application needs a response message (the seller is told what comes next), rejecting does not.
 */
export const applicationDecisionFormSchema = applicationDecisionSchema.refine(
  (decision) => decision.status !== 'approved' || Boolean(decision.response_message?.trim()),
  { error: TEAM_TEXTS.responseRequiredToApprove, path: ['response_message'] },
);
