import type { Readable } from 'node:stream';
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

/**
 * Reads an uploaded file into memory, counting the bytes received and keeping none past `maxBytes`
 * (undefined then): the size that counts is what arrives, never what the client declares. Read the
 * file with the multipart limit of `fileSizeLimitFor`: the reader then ends the file one byte past
 * the limit and discards the rest of the request as it arrives (the connection stays usable); its
 * own flag for a cut file is not reliable at the last chunk, so a cut file could pass for whole.
 */
export async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received <= maxBytes) chunks.push(chunk);
    else chunks.length = 0;
  }
  return received > maxBytes ? undefined : Buffer.concat(chunks);
}

/** The multipart limit for a file read with readAtMost: one byte over, so that too much is seen. */
export const fileSizeLimitFor = (maxBytes: number) => maxBytes + 1;
