import type { FastifyInstance } from 'fastify';
import { containsForbiddenText, forbiddenTextIssues, type ErrorResponse } from '@teamhire/shared';

/**
 * The contract's text rule, applied to every field of every route before its schema runs: a NUL or
 * an unpaired surrogate would otherwise reach PostgreSQL, which refuses it with an error (a 500),
 * and a route's schema would have to remember the rule field by field.
 */
export function registerTextRule(app: FastifyInstance): void {
  // Answers itself rather than throwing: routes of plugins registered before the error handler
  // (the OpenAPI document) would otherwise turn the refusal into a 500. A callback hook, and nothing
  // walked when a part is empty (most GETs have no body and no query): every request passes here, and
  // an async hook costs a promise and a turn of the microtask queue each time, and the parts are first
  // only checked, allocating nothing: the issues are listed for the rare request that has some
  // (decision 0066).
  app.addHook('preValidation', (request, reply, done) => {
    const { params, query, body } = request;
    if (!containsForbiddenText(params) && !containsForbiddenText(query) && !containsForbiddenText(body)) {
      return done();
    }
    const issues = [
      ...forbiddenTextIssues(params, 'params'),
      ...forbiddenTextIssues(query, 'querystring'),
      ...forbiddenTextIssues(body, 'body'),
    ];
    reply
      .status(422)
      .send({ code: 'validation', detail: issues[0]!.message, errors: issues } satisfies ErrorResponse);
  });
}
