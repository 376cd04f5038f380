import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@teamhire/shared';
import { AppError, type ErrorKind } from '../errors';

/** The one place a failure's meaning becomes an HTTP status. */
export const STATUS_OF: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/**
 * The kind of a client error Fastify or a plugin raised with a status of its own (malformed JSON,
 * body too large, a multipart request that is not one); a 4xx not listed is a `bad_request`.
 */
const KIND_OF_STATUS: ReadonlyMap<number, ErrorKind> = new Map([
  ...Object.entries(STATUS_OF).map(([kind, status]) => [status, kind as ErrorKind] as const),
  // @fastify/multipart answers a request that is not multipart with 406.
  [406, 'unsupported_media_type'],
]);

export function kindOfClientStatus(status: number): ErrorKind {
  return KIND_OF_STATUS.get(status) ?? 'bad_request';
}

/** How long a client is asked to wait when the server is overloaded and no better estimate exists. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
const OVERLOAD_DETAIL = 'The server is busy. Please try again in a few seconds.';

/**
 * Failures that mean "too much at once" rather than a bug: no free database connection within the
 * pool's timeout, PostgreSQL out of connections or resources, or still starting. Drizzle wraps the
 * driver's error, so the cause is looked at too.
 */
export function isOverload(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current !== 'object') return false;
    const { message, code } = current as { message?: unknown; code?: unknown };
    if (typeof message === 'string') {
      if (message.includes('timeout exceeded when trying to connect')) return true;
      if (message.includes('Connection terminated due to connection timeout')) return true;
    }
    // 53xxx insufficient resources (too many connections, out of memory), 57P03 cannot connect now.
    if (typeof code === 'string' && (code.startsWith('53') || code === '57P03')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function validationPath(context: string | undefined, instancePath: string): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [context, field].filter(Boolean).join('.');
}

/**
 * Paths the web app's router owns; everything else that matches no route is a plain 404. A missing
 * file under /uploads (a deleted avatar) is a 404 too, never the app's HTML with 200.
 */
function isClientRoute(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !['/api', '/ws', '/assets', '/uploads'].some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
}

/**
 * For Fastify's `frameworkErrors` option: the failures Fastify answers before any route or error
 * handler runs (a URL that is not valid percent-encoding, a failed async route constraint) leave in
 * the same shape as every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    void reply
      .status(status)
      .send({ code: kindOfClientStatus(status), detail: error.message } satisfies ErrorResponse);
    return;
  }
  request.log.error({ err: error }, 'request failed');
  void reply.status(500).send({ code: 'internal', detail: 'Internal server error' } satisfies ErrorResponse);
}

/**
 * Every error leaves as `{code, detail, errors?}`, the one shape the web app reads and decides on by
 * `code`; a 5xx never carries internals.
 */
export function registerErrorHandling(app: FastifyInstance, options: { spaFallback: boolean }): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter =
        error.options.retryAfterSeconds ??
        (error.code === 'unavailable' ? OVERLOAD_RETRY_AFTER_SECONDS : undefined);
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.status(STATUS_OF[error.code]).send({
        code: error.wireCode,
        detail: error.detail,
        ...(error.errors ? { errors: error.errors } : {}),
      } satisfies ErrorResponse);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: validationPath(error.validationContext, issue.instancePath),
        message: issue.message ?? 'Invalid value',
      }));
      return reply.status(422).send({
        code: 'validation',
        detail: errors[0]?.message ?? 'Invalid request',
        errors,
      } satisfies ErrorResponse);
    }
    if (
      !isResponseSerializationError(error) &&
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type, rate limit.
      const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : error.message;
      return reply
        .status(error.statusCode)
        .send({ code: kindOfClientStatus(error.statusCode), detail } satisfies ErrorResponse);
    }
    // Load is answered 503 with Retry-After, never 500: the client may simply try again.
    if (isOverload(error) || error.statusCode === 503) {
      request.log.warn({ err: error }, 'refused under load');
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ code: 'unavailable', detail: OVERLOAD_DETAIL } satisfies ErrorResponse);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ code: 'internal', detail: 'Internal server error' } satisfies ErrorResponse);
  });

  app.setNotFoundHandler((request, reply) => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    if (options.spaFallback && isClientRoute(request.method, path)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile(
        request.server.webPageFor(path, query === -1 ? '' : request.url.slice(query + 1)),
      );
    }
    return reply
      .status(404)
      .send({ code: 'not_found', detail: `Not found: ${request.method} ${path}` } satisfies ErrorResponse);
  });
}
