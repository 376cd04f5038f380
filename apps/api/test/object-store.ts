import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';

const BUCKET = 'teamhire-test';

/**
 * A real S3-compatible server (s3rver) on a free port of this machine, keeping its objects in a
 * temporary folder; `environment` points an app's s3 driver at it.
 */
export async function startObjectStore() {
  const directory = await mkdtemp(join(tmpdir(), 'teamhire-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: BUCKET,
    environment: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      // s3rver's own fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    } as Record<string, string>,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type ObjectStore = Awaited<ReturnType<typeof startObjectStore>>;

export const STORAGE_DRIVERS = ['local', 's3'] as const;

/**
 * For a suite run once per storage driver: starts an object store before the suite's apps when the
 * driver is s3 (call it before the suite's own beforeAll), and gives the environment its apps need.
 */
export function storageDriverSuite(driver: (typeof STORAGE_DRIVERS)[number]) {
  let store: ObjectStore | undefined;
  beforeAll(async () => {
    if (driver === 's3') store = await startObjectStore();
  });
  afterAll(() => store?.stop());
  return { environment: (): Record<string, string> => store?.environment ?? {} };
}

/** The names stored under a key prefix (`chat/12`), read from the disk or the bucket the app uses. */
export async function storedNames(config: Config, prefix: string): Promise<string[]> {
  const { storage } = config;
  if (storage.driver === 'local') {
    return readdir(join(config.uploadsDir, ...prefix.split('/'))).catch(() => []);
  }
  const client = new S3Client({
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.forcePathStyle,
    credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
  });
  try {
    const listed = await client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${prefix}/` }),
    );
    return (listed.Contents ?? []).map((entry) => entry.Key!.slice(prefix.length + 1)).sort();
  } finally {
    client.destroy();
  }
}
