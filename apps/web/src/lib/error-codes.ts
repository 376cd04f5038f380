import type { ErrorCode } from '@teamhire/shared';

/**
 * The error codes of the contract (ERROR_CODES of @teamhire/shared), repeated here because the API
 * client is in the first download, where importing the contract's module would bring zod along
 * (decision 0041); error-codes.test.ts checks them against the shared list. Only the type is imported.
 */
export const KNOWN_ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'payment_declined',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'validation',
  'rate_limited',
  'internal',
  'unavailable',
  'already_processed',
  'username_taken',
  'email_taken',
  'wrong_password',
] as const satisfies readonly ErrorCode[];

export type { ErrorCode };

/** The code of each status the server answers with, for an answer without a code of its own. */
const CODE_OF_STATUS: ReadonlyMap<number, ErrorCode> = new Map([
  [400, 'bad_request'],
  [401, 'unauthorized'],
  [402, 'payment_declined'],
  [403, 'forbidden'],
  [404, 'not_found'],
  [409, 'conflict'],
  [413, 'payload_too_large'],
  [415, 'unsupported_media_type'],
  [422, 'validation'],
  [429, 'rate_limited'],
  [503, 'unavailable'],
]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return (KNOWN_ERROR_CODES as readonly unknown[]).includes(value);
}

/**
 * What an answer without a known code means, by its status: a proxy's or load balancer's own answer
 * (no JSON at all), or a code newer than this app.
 */
export function errorCodeOfStatus(status: number): ErrorCode {
  const known = CODE_OF_STATUS.get(status);
  if (known) return known;
  return status >= 500 ? 'internal' : 'bad_request';
}
