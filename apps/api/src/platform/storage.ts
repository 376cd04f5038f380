import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageConfig } from './config';
import { AppError } from './errors';

/** An object as read back: its bytes as a stream, and what the store knows of it. */
interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string | undefined;
}

/**
 * Where uploaded files live, by key (`chat/{roomId}/{fileId}`, `orders/{orderId}/{fileId}`,
 * `avatars/{name}.webp`): the local disk under DATA_DIR/uploads, or an S3-compatible bucket shared by
 * every instance. A missing object is `not_found`; a store that cannot be reached is `unavailable`
 * (503 with Retry-After), never a 500.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /**
   * Streams `body` to the key, never holding the whole of it in memory, and answers the bytes stored.
   * On any failure nothing is left under the key; an error of the body stream itself (a multipart
   * limit) is thrown as it is.
   */
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<{ size: number }>;
  get(key: string): Promise<StoredObject>;
  /** Deleting what is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (a conversation's or an order's files). */
  deletePrefix(prefix: string): Promise<void>;
  /** The size of the object, or undefined when there is none. */
  exists(key: string): Promise<{ size: number } | undefined>;
  close(): void;
}

/** How long a client is asked to wait when the file store cannot be reached. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

const unavailable = () =>
  new AppError(
    'unavailable',
    'File storage is not available right now. Please try again in a moment.',
    undefined,
    { retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS },
  );
const missing = () => new AppError('not_found', 'File not found');

/** Keys are made by the server from ids; anything that could leave the store's root is refused. */
function assertKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || !part)) {
    throw new Error(`invalid storage key: ${key}`);
  }
}

/** Counts the bytes passing through, so the size stored is what arrived. */
function byteCounter() {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { counter, bytes: () => bytes };
}

/**
 * How much of an upload the file writer may hold while a write is in flight. With the default
 * 16 KiB, every 64 KiB chunk from the socket waits for the previous write to finish before the next
 * is parsed; with room for a few chunks, the parser keeps reading while the disk writes, and the
 * chunks that queued up go out in one `writev` (decision 0068). At most this much per upload.
 */
const LOCAL_WRITE_BUFFER_BYTES = 1024 * 1024;

function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertKey(key);
    return join(root, ...key.split('/'));
  };
  return {
    driver: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(target, { flags: 'wx', highWaterMark: LOCAL_WRITE_BUFFER_BYTES }),
        );
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async get(key) {
      const path = pathOf(key);
      const found = await stat(path).catch(() => undefined);
      if (!found?.isFile()) throw missing();
      return { stream: createReadStream(path), size: found.size, contentType: undefined };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
    },
    async exists(key) {
      const found = await stat(pathOf(key)).catch(() => undefined);
      return found?.isFile() ? { size: found.size } : undefined;
    },
    close() {},
  };
}

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/** Part size of multipart uploads; at most QUEUE_SIZE parts are held at once (16 MiB per upload). */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function createS3Storage(
  settings: Extract<StorageConfig, { driver: 's3' }>,
  logger: FastifyBaseLogger | undefined,
): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // S3-compatible stores do not all take the newer default checksums; S3 itself does not need them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request within seconds (503), rather than holding it.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
  });
  const Bucket = settings.bucket;
  /** Any failure of the store but a missing object: logged (no secret is in it) and answered 503. */
  const storeFailed = (operation: string, key: string, error: unknown): AppError => {
    logger?.error({ err: error, operation, key }, 'the file store failed');
    return unavailable();
  };
  return {
    driver: 's3',
    async put(key, body, options = {}) {
      assertKey(key);
      const { counter, bytes } = byteCounter();
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      let sourceError: unknown;
      source.once('error', (error) => (sourceError = error));
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: key,
          Body: source.pipe(counter),
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        },
        partSize: PART_BYTES,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      source.once('error', (error) => counter.destroy(error));
      try {
        await upload.done();
      } catch (error) {
        await upload.abort().catch(() => undefined);
        if (sourceError) throw sourceError;
        throw storeFailed('put', key, error);
      }
      return { size: bytes() };
    },
    async get(key) {
      assertKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return {
          stream: answer.Body as Readable,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType,
        };
      } catch (error) {
        if (isMissing(error)) throw missing();
        throw storeFailed('get', key, error);
      }
    },
    async delete(key) {
      assertKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw storeFailed('delete', key, error);
      }
    },
    async deletePrefix(prefix) {
      const Prefix = prefix.endsWith('/') ? prefix : `${prefix}/`;
      assertKey(Prefix.slice(0, -1));
      try {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
          const keys = (page.Contents ?? []).flatMap((entry) => (entry.Key ? [{ Key: entry.Key }] : []));
          if (keys.length > 0) {
            await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      } catch (error) {
        throw storeFailed('deletePrefix', Prefix, error);
      }
    },
    async exists(key) {
      assertKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw storeFailed('exists', key, error);
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** The store STORAGE_DRIVER names: the local disk (the default) or an S3-compatible bucket. */
export function createStorage(
  config: { uploadsDir: string; storage: StorageConfig },
  logger?: FastifyBaseLogger,
): Storage {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage, logger)
    : createLocalStorage(config.uploadsDir);
}

/** Every file under a local uploads directory, as storage keys with their sizes (for storage:migrate). */
export async function listLocalFiles(root: string): Promise<{ key: string; path: string; size: number }[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: { key: string; path: string; size: number }[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.push({ key: relative(root, path).split(sep).join('/'), path, size: (await stat(path)).size });
  }
  return files.sort((a, b) => a.key.localeCompare(b.key));
}
