import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERROR_KINDS, KIND_OF_SPECIFIC_CODE, SPECIFIC_ERROR_CODES } from '@teamhire/shared';
import { STATUS_OF } from './errors';

/** How errors are answered, with every `code` and its status, from the tables the answers come from. */
export function errorsDescription(): string {
  const kinds = ERROR_KINDS.map((kind) => `- \`${kind}\`: ${STATUS_OF[kind]}`);
  const specific = SPECIFIC_ERROR_CODES.map((code) => {
    const kind = KIND_OF_SPECIFIC_CODE[code];
    return `- \`${code}\`: ${STATUS_OF[kind]}, a \`${kind}\``;
  });
  return [
    '## Errors',
    'Every error answer is JSON `{code, detail, errors?}`: `code` says what went wrong, for a program to ' +
      'decide by; `detail` says it in words for a person (they may change); `errors` lists the fields at ' +
      'fault (`[{path, message}]`, e.g. `body.email`). A 5xx never carries internals.',
    '',
    'The kinds of failure, each with its HTTP status:',
    ...kinds,
    '',
    'Codes more precise than their kind, sent where a client acts on the difference:',
    ...specific,
  ].join('\n');
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TeamHire API',
        description: `Marketplace where buyers hire teams of developers and designers.\n\n${errorsDescription()}`,
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          guestToken: { type: 'apiKey', in: 'header', name: 'x-guest-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'",
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
