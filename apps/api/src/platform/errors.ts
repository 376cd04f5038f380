import {
  KIND_OF_SPECIFIC_CODE,
  type ErrorCode,
  type ErrorKind,
  type SpecificErrorCode,
} from '@teamhire/shared';

export type { ErrorCode, ErrorKind };

/**
 * What a service may throw: any code but `internal`, which only the error plugin gives (to a failure
 * that is not an AppError, and never with its words).
 */
export type ThrownErrorCode = Exclude<ErrorCode, 'internal'>;

function isSpecific(code: ThrownErrorCode): code is SpecificErrorCode {
  return Object.hasOwn(KIND_OF_SPECIFIC_CODE, code);
}

/**
 * A failure the client caused or may act on; its detail is shown to the user as it is. It is thrown
 * with the kind of failure (`conflict`), or with a specific code where a client acts on the difference
 * (`already_processed`, a conflict). What went wrong is said in the service's words only: the error
 * plugin turns the kind into an HTTP status, so services and repositories never choose one.
 */
export class AppError extends Error {
  /** The kind of failure, which decides the status (a specific code's kind, see KIND_OF_SPECIFIC_CODE). */
  readonly code: Exclude<ErrorKind, 'internal'>;
  /** The answer's `code`: the specific code the thrower gave, else the kind. */
  readonly wireCode: ThrownErrorCode;

  constructor(
    code: ThrownErrorCode,
    public readonly detail: string,
    /** Field-level problems, shown next to the fields (e.g. a taken username). */
    public readonly errors?: { path: string; message: string }[],
    /** For `unavailable` and `rate_limited`: when a retry may succeed, sent as Retry-After. */
    public readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.code = isSpecific(code) ? KIND_OF_SPECIFIC_CODE[code] : code;
    this.wireCode = code;
  }
}

export const forbidden = (detail = 'Access denied') => new AppError('forbidden', detail);
export const notFound = (detail: string) => new AppError('not_found', detail);
export const conflict = (detail: string) => new AppError('conflict', detail);
