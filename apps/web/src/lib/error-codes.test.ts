import { ERROR_CODES } from '@teamhire/shared';
import { describe, expect, it } from 'vitest';
import { errorCodeOfStatus, isErrorCode, KNOWN_ERROR_CODES } from './error-codes';

describe('the error codes repeated for the first download', () => {
  it('are the codes of @teamhire/shared, in its order', () => {
    expect([...KNOWN_ERROR_CODES]).toEqual([...ERROR_CODES]);
  });

  it('recognise only those codes', () => {
    expect(isErrorCode('already_processed')).toBe(true);
    expect(isErrorCode('not_found')).toBe(true);
    expect(isErrorCode('Not found')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });

  it('give a status without a code the code of its kind', () => {
    expect(
      [400, 401, 402, 403, 404, 405, 409, 413, 415, 418, 422, 429, 500, 502, 503, 504].map(errorCodeOfStatus),
    ).toEqual([
      'bad_request',
      'unauthorized',
      'payment_declined',
      'forbidden',
      'not_found',
      'bad_request',
      'conflict',
      'payload_too_large',
      'unsupported_media_type',
      'bad_request',
      'validation',
      'rate_limited',
      'internal',
      'internal',
      'unavailable',
      'internal',
    ]);
  });
});
