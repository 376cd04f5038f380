import multipart from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Routes that take a multipart upload, in a scope of their own: @fastify/multipart hooks every
 * request of the scope it is registered in (a listener on each response, a clean-up after it), and
 * only these few routes read files. Per-route file limits are set where the file is read.
 */
export async function uploadRoutes(app: FastifyInstance, declare: (scope: ZodApp) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
    declare(scope.withTypeProvider<ZodTypeProvider>());
  });
}
