import { ACCOUNT_TEXTS, VERIFICATION_TEXTS } from '@teamhire/shared';
import { ApiError } from '../../lib/api-client';

/** What the admin page does after a refused decision, besides showing the message. */
export type VerificationResponseOutcome =
  'session-expired' | 'insufficient-permissions' | 'not-found' | 'already-processed' | 'failed';

export interface VerificationResponseFailure {
  outcome: VerificationResponseOutcome;
  message: string;
}

export const VERIFICATION_RESPONSE_MESSAGES = {
  sessionExpired: ACCOUNT_TEXTS.sessionExpired,
  insufficientPermissions:
    "Insufficient permissions: you don't have permission to review verification requests.",
  notFound: 'Verification request not found. It may have already been processed.',
  alreadyProcessed: 'This request was already processed by another admin.',
} as const;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}

/** Decided by the error's code; the server's words are shown only when no outcome explains it better. */
export function verificationResponseFailure(error: unknown): VerificationResponseFailure {
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'unauthorized') {
    return { outcome: 'session-expired', message: VERIFICATION_RESPONSE_MESSAGES.sessionExpired };
  }
  if (code === 'forbidden') {
    return {
      outcome: 'insufficient-permissions',
      message: VERIFICATION_RESPONSE_MESSAGES.insufficientPermissions,
    };
  }
  if (code === 'not_found') {
    return { outcome: 'not-found', message: VERIFICATION_RESPONSE_MESSAGES.notFound };
  }
  if (code === 'already_processed') {
    return { outcome: 'already-processed', message: VERIFICATION_RESPONSE_MESSAGES.alreadyProcessed };
  }
  const detail = error instanceof ApiError ? error.detail : messageOf(error) || null;
  return { outcome: 'failed', message: detail ?? VERIFICATION_TEXTS.respondFailed };
}

export function verificationDecisionSuccessMessage(status: 'approved' | 'rejected'): string {
  return `Verification request ${status} successfully!`;
}

/** For the verification centre: the server's words, else the generic text. */
export function verificationSubmitFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? VERIFICATION_TEXTS.submitFailed;
  return messageOf(error) || VERIFICATION_TEXTS.submitFailed;
}

/** For the dashboard card: 'Failed to submit application: {message}'. */
export function teamAdminApplicationFailureMessage(error: unknown): string {
  return VERIFICATION_TEXTS.applicationFailed(
    error instanceof ApiError ? error.message : messageOf(error) || VERIFICATION_TEXTS.submitFailed,
  );
}
