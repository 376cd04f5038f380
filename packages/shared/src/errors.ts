import { z } from 'zod';

/**
 * The kinds of failure, each answered with one HTTP status (the API's error plugin maps them):
 * `bad_request` 400, `unauthorized` 401, `payment_declined` 402, `forbidden` 403, `not_found` 404,
 * `conflict` 409, `payload_too_large` 413, `unsupported_media_type` 415, `validation` 422,
 * `rate_limited` 429, `internal` 500, `unavailable` 503.
 */
export const ERROR_KINDS = [
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
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/**
 * Codes more precise than their kind, for the cases a client acts on differently; each is answered
 * with its kind's status (KIND_OF_SPECIFIC_CODE).
 */
export const SPECIFIC_ERROR_CODES = [
  'already_processed',
  'username_taken',
  'email_taken',
  'wrong_password',
] as const;
export type SpecificErrorCode = (typeof SPECIFIC_ERROR_CODES)[number];

export const KIND_OF_SPECIFIC_CODE = {
  /** 409: a verification request someone else already approved or rejected. */
  already_processed: 'conflict',
  /** 409: registration or a profile change with a username someone else has. */
  username_taken: 'conflict',
  /** 409: registration or a profile change with an email someone else has. */
  email_taken: 'conflict',
  /** 400: the current password given to change the password is not the account's. */
  wrong_password: 'bad_request',
} as const satisfies Record<SpecificErrorCode, ErrorKind>;

/**
 * Every `code` an error answer can carry. Clients decide by the code, never by the words of `detail`
 * (those are for people and may change).
 */
export const ERROR_CODES = [...ERROR_KINDS, ...SPECIFIC_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorCodeSchema = z
  .enum(ERROR_CODES)
  .describe(
    'What went wrong, for a program to act on: the kind of failure, or a more precise case of it ' +
      '(the API description lists each code with its HTTP status).',
  );

/**
 * Every error is `{code, detail}`, so one reader serves every call; validation errors add `errors:
 * [{path, message}]`. `detail` is shown to the user as it is; `code` is what a client decides by.
 */
export const errorResponseSchema = z.object({
  code: errorCodeSchema,
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
