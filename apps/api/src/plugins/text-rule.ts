import type { FastifyInstance } from 'fastify';
import { forbiddenTextIssues } from '@teamhire/shared';
import { AppError } from '../errors';

/**
 * The contract's text rule, applied to every field of every route before its schema runs: a NUL or
 * an unpaired surrogate would otherwise reach PostgreSQL, which refuses it with an error (a 500),
 * and a route's schema would have to remember the rule field by field.
 */
export function registerTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const issues = [
      ...forbiddenTextIssues(request.params, 'params'),
      ...forbiddenTextIssues(request.query, 'querystring'),
      ...forbiddenTextIssues(request.body, 'body'),
    ];
    if (issues.length > 0) throw new AppError('validation', issues[0]!.message, issues);
  });
}
