import { VERIFICATION_TEXTS } from '@teamhire/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';
import {
  teamAdminApplicationFailureMessage,
  VERIFICATION_RESPONSE_MESSAGES,
  verificationResponseFailure,
  verificationSubmitFailureMessage,
} from './verification-errors';

describe('verificationResponseFailure', () => {
  it.each([
    [
      new ApiError(401, 'Authentication failed', [], 'unauthorized'),
      'session-expired',
      VERIFICATION_RESPONSE_MESSAGES.sessionExpired,
    ],
    [
      new ApiError(403, 'Insufficient permissions', [], 'forbidden'),
      'insufficient-permissions',
      VERIFICATION_RESPONSE_MESSAGES.insufficientPermissions,
    ],
    [
      new ApiError(404, 'Verification request not found', [], 'not_found'),
      'not-found',
      VERIFICATION_RESPONSE_MESSAGES.notFound,
    ],
    [
      new ApiError(409, 'Verification request already processed', [], 'already_processed'),
      'already-processed',
      VERIFICATION_RESPONSE_MESSAGES.alreadyProcessed,
    ],
    [
      new ApiError(422, 'A response message is required to approve a request', [], 'validation'),
      'failed',
      'A response message is required to approve a request',
    ],
    [new ApiError(500, null), 'failed', VERIFICATION_TEXTS.respondFailed],
    [new NetworkError(), 'failed', 'Backend server not available...'],
    ['???', 'failed', VERIFICATION_TEXTS.respondFailed],
  ])('reads %o as %s', (error, outcome, message) => {
    expect(verificationResponseFailure(error)).toEqual({ outcome, message });
  });

  it('decides by the code, whatever the words', () => {
    expect(
      verificationResponseFailure(new ApiError(409, 'Someone was quicker', [], 'already_processed')),
    ).toEqual({
      outcome: 'already-processed',
      message: VERIFICATION_RESPONSE_MESSAGES.alreadyProcessed,
    });
    // Words that once decided, under another code, are only shown.
    expect(
      verificationResponseFailure(
        new ApiError(409, 'Verification request already processed', [], 'conflict'),
      ),
    ).toEqual({ outcome: 'failed', message: 'Verification request already processed' });
    expect(verificationResponseFailure(new Error('Authentication failed'))).toEqual({
      outcome: 'failed',
      message: 'Authentication failed',
    });
  });

  it("takes an answer without a code by its status's code", () => {
    expect(verificationResponseFailure(new ApiError(401, null)).outcome).toBe('session-expired');
    expect(verificationResponseFailure(new ApiError(403, null)).outcome).toBe('insufficient-permissions');
    expect(verificationResponseFailure(new ApiError(404, null)).outcome).toBe('not-found');
  });
});

describe('submit failures', () => {
  it("prefixes the dashboard card's failure with 'Failed to submit application: '", () => {
    expect(
      teamAdminApplicationFailureMessage(
        new ApiError(409, 'You already have a pending verification request'),
      ),
    ).toBe('Failed to submit application: You already have a pending verification request');
    expect(teamAdminApplicationFailureMessage(new ApiError(500, null))).toBe(
      'Failed to submit application: HTTP 500',
    );
  });

  it("uses the server's words in the verification centre, else the generic text", () => {
    expect(verificationSubmitFailureMessage(new ApiError(422, 'Documents URL must be a valid URL'))).toBe(
      'Documents URL must be a valid URL',
    );
    expect(verificationSubmitFailureMessage(new ApiError(500, null))).toBe(VERIFICATION_TEXTS.submitFailed);
  });
});
