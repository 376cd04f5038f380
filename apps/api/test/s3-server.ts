// The ambient types of s3rver must reach every program that includes this file (the api tests and the browser journeys).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./types/s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

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
