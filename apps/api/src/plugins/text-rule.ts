import type { FastifyInstance } from 'fastify';
import { forbiddenTextIssues, type ErrorResponse, type TextIssue } from '@teamhire/shared';

/**
 * The contract's text rule, applied to every field of every route before its schema runs: a NUL or
 * an unpaired surrogate would otherwise reach PostgreSQL, which refuses it with an error (a 500),
 * and a route's schema would have to remember the rule field by field.
 */
export function registerTextRule(app: FastifyInstance): void {
  // Answers itself rather than throwing: routes of plugins registered before the error handler
  // (the OpenAPI document) would otherwise turn the refusal into a 500. A callback hook, and nothing
  // walked when a part is empty (most GETs have no body and no query): every request passes here, and
  // an async hook costs a promise and a turn of the microtask queue each time (decision 0066).
  app.addHook('preValidation', (request, reply, done) => {
    const issues = [
      ...issuesOf(request.params, 'params'),
      ...issuesOf(request.query, 'querystring'),
      ...issuesOf(request.body, 'body'),
    ];
    if (issues.length === 0) return done();
    reply.status(422).send({ detail: issues[0]!.message, errors: issues } satisfies ErrorResponse);
  });
}

const NO_ISSUES: readonly TextIssue[] = [];

function issuesOf(value: unknown, path: string): readonly TextIssue[] {
  if (value === undefined || value === null) return NO_ISSUES;
  if (typeof value === 'object' && !Array.isArray(value) && !hasOwnKey(value)) return NO_ISSUES;
  return forbiddenTextIssues(value, path);
}

/** Whether an object has a key of its own, without listing its keys. */
function hasOwnKey(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return true;
  return false;
}
