import type { Readable } from 'node:stream';
import multipart, { type Multipart, type MultipartFields } from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { textRuleRefusal } from './http/text-rule';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A multipart form as far as it has been read, as the text rule sees it: each field's value, and each
 * file's declared type (stored as sent) under its field's name. A file's name is not among them: it is
 * never stored as sent but cleaned (cleanFileName drops its folders, every character the rule refuses
 * and bidirectional controls besides), so a name with a control character in it is taken, as ever.
 */
function formText(fields: MultipartFields): Record<string, unknown> {
  const text: Record<string, unknown> = {};
  const of = (part: Multipart) => (part.type === 'file' ? { mimetype: part.mimetype } : part.value);
  for (const [name, part] of Object.entries(fields)) {
    if (part) text[name] = Array.isArray(part) ? part.map(of) : of(part);
  }
  return text;
}

/**
 * The text rule REST bodies pass, on the multipart form read so far: a field's value or name, or a
 * file's declared type, holding a NUL, another control character or half a surrogate pair is refused
 * with REST's 422 (`body.<field>`, `body.<field>.mimetype`) before the route sees the file.
 */
function refuseForbiddenText(fields: MultipartFields): void {
  const refusal = textRuleRefusal({ body: formText(fields) });
  if (refusal) throw new AppError('validation', refusal.detail, refusal.errors);
}

/**
 * Routes that take a multipart upload, in a scope of their own: @fastify/multipart hooks every
 * request of the scope it is registered in (a listener on each response, a clean-up after it), and
 * only these few routes read files. Per-route file limits are set where the file is read. However a
 * route reads the form (`file()`, `files()`, `parts()`), each part it is handed has passed the text
 * rule with every part before it; parts after the one file a route reads are never used.
 */
export async function uploadRoutes(app: FastifyInstance, declare: (scope: ZodApp) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
    scope.addHook('onRequest', (request, _reply, done) => {
      const { file, files, parts } = request;
      request.file = async (options) => {
        const part = await file.call(request, options);
        if (part) refuseForbiddenText(part.fields);
        return part;
      };
      request.files = async function* (options) {
        for await (const part of files.call(request, options)) {
          refuseForbiddenText(part.fields);
          yield part;
        }
      };
      request.parts = async function* (options) {
        for await (const part of parts.call(request, options)) {
          refuseForbiddenText(part.fields);
          yield part;
        }
      };
      done();
    });
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

/** A stored file on its way to a reader who passed the service's access check. */
export interface OutgoingFile {
  stream: Readable;
  fileName: string;
  /** The stored type for files shown inline; anything else downloads as bytes. */
  contentType?: string;
  disposition?: 'attachment' | 'inline';
  size?: number;
}

/**
 * Sends a stored file privately: the name is safe in the header (ASCII fallback plus the UTF-8
 * form), browsers may cache it for the reader only, and never sniff a type of their own.
 */
export function sendFile(reply: FastifyReply, file: OutgoingFile) {
  const asciiName = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .header('content-type', file.contentType ?? 'application/octet-stream')
    .header(
      'content-disposition',
      `${file.disposition ?? 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff');
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  return reply.send(file.stream);
}
