/**
 * What went wrong, in the service's words; only the error plugin turns a code into an HTTP status,
 * so services and repositories never choose one.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'payment_declined'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation'
  | 'rate_limited'
  | 'unavailable';

/** A failure the client caused or may act on; its detail is shown to the user as it is. */
export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    public readonly detail: string,
    /** Field-level problems, shown next to the fields (e.g. a taken username). */
    public readonly errors?: { path: string; message: string }[],
    /** For `unavailable` and `rate_limited`: when a retry may succeed, sent as Retry-After. */
    public readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(detail);
    this.name = 'AppError';
  }
}

export const forbidden = (detail = 'Access denied') => new AppError('forbidden', detail);
export const notFound = (detail: string) => new AppError('not_found', detail);
export const conflict = (detail: string) => new AppError('conflict', detail);
