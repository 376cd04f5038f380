import type { FastifyInstance } from 'fastify';
import { forbiddenTextIssues, type ErrorResponse } from '@teamhire/shared';

/**
 * The contract's text rule, applied to every field of every route before its schema runs: a NUL or
 * an unpaired surrogate would otherwise reach PostgreSQL, which refuses it with an error (a 500),
 * and a route's schema would have to remember the rule field by field.
 */
export function registerTextRule(app: FastifyInstance): void {
  // Answers itself rather than throwing: routes of plugins registered before the error handler
  // (the OpenAPI document) would otherwise turn the refusal into a 500.
  app.addHook('preValidation', async (request, reply) => {
    const issues = [
      ...forbiddenTextIssues(request.params, 'params'),
      ...forbiddenTextIssues(request.query, 'querystring'),
      ...forbiddenTextIssues(request.body, 'body'),
    ];
    if (issues.length > 0) {
      return reply.status(422).send({ detail: issues[0]!.message, errors: issues } satisfies ErrorResponse);
    }
  });
}
