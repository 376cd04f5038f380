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
      new ApiError(401, 'Authentication failed'),
      'session-expired',
      VERIFICATION_RESPONSE_MESSAGES.sessionExpired,
    ],
    [
      new ApiError(403, 'Insufficient permissions'),
      'insufficient-permissions',
      VERIFICATION_RESPONSE_MESSAGES.insufficientPermissions,
    ],
    [
      new ApiError(404, 'Verification request not found'),
      'not-found',
      VERIFICATION_RESPONSE_MESSAGES.notFound,
    ],
    [
      new ApiError(409, 'Verification request already processed'),
      'already-processed',
      VERIFICATION_RESPONSE_MESSAGES.alreadyProcessed,
    ],
    [
      new ApiError(422, 'A response message is required to approve a request'),
      'failed',
      'A response message is required to approve a request',
    ],
    [new ApiError(500, null), 'failed', VERIFICATION_TEXTS.respondFailed],
    [new NetworkError(), 'failed', 'Backend server not available...'],
    [new Error('Authentication failed'), 'session-expired', VERIFICATION_RESPONSE_MESSAGES.sessionExpired],
    ['???', 'failed', VERIFICATION_TEXTS.respondFailed],
  ])('reads %o as %s', (error, outcome, message) => {
    expect(verificationResponseFailure(error)).toEqual({ outcome, message });
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
