import type { FastifyInstance } from 'fastify';
import { containsForbiddenText, forbiddenTextIssues, type ErrorResponse } from '@teamhire/shared';

/**
 * The contract's text rule for every way text comes in (a request's parts, a socket's events, a
 * multipart form's fields and file types): the answer REST gives (422) when a string in one of the
 * parts, named as the answer's paths start (`body`, `querystring`, `params`), breaks the rule, or
 * undefined when all of them pass. Checked first without allocating; the issues are listed only when
 * there are some.
 */
export function textRuleRefusal(parts: Record<string, unknown>): ErrorResponse | undefined {
  let found = false;
  for (const name in parts) {
    if (containsForbiddenText(parts[name])) {
      found = true;
      break;
    }
  }
  if (!found) return undefined;
  const issues = Object.entries(parts).flatMap(([name, value]) => forbiddenTextIssues(value, name));
  return { code: 'validation', detail: issues[0]!.message, errors: issues };
}

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
  // only checked, allocating nothing: the refusal is made for the rare request that breaks the rule
  // (decision 0066).
  app.addHook('preValidation', (request, reply, done) => {
    const { params, query, body } = request;
    if (!containsForbiddenText(params) && !containsForbiddenText(query) && !containsForbiddenText(body)) {
      return done();
    }
    reply.status(422).send(textRuleRefusal({ params, querystring: query, body }));
  });
}
