import { VERIFICATION_TEXTS, verificationDecisionSchema } from '@teamhire/shared';

/**
 * Approving needs a response message (the user is told what comes next), rejecting does not (the server says
 * the same).
 */
export const verificationDecisionFormSchema = verificationDecisionSchema.refine(
  (decision) => decision.status !== 'approved' || Boolean(decision.response_message?.trim()),
  { error: VERIFICATION_TEXTS.responseRequired, path: ['response_message'] },
);
