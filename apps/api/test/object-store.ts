import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/platform/config';
import { startObjectStore } from './s3-server';

type ObjectStore = Awaited<ReturnType<typeof startObjectStore>>;

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
