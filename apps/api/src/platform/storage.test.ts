import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@teamhire/shared';
import { nextAddress } from '../../test/accounts-helpers';
import { chatFixtures, type Caller, type TeamWithRooms } from '../../test/chat-helpers';
import { storedNames } from '../../test/object-store';
import { startObjectStore, type ObjectStore } from '../../test/s3-server';
import { runCliScript } from '../../test/run-cli';
import { startTestApp } from '../../test/test-app';
import { twoInstances, type TwoInstances } from '../../test/two-instances';
import { multipart, png } from '../../test/uploads';
import { loadConfig } from './config';
import { createStorage, STORAGE_RETRY_AFTER_SECONDS } from './storage';

/**
 * Several instances with their own DATA_DIRs, one database and one S3-compatible store (s3rver, a
 * real server on this machine): what one stores, another serves and deletes.
 */
describe('files in S3-compatible object storage', () => {
  let store: ObjectStore;
  let instances: TwoInstances;
  let world: TeamWithRooms;
  let fixtures: ReturnType<typeof chatFixtures>;

  beforeAll(async () => {
    store = await startObjectStore();
    instances = await twoInstances(store.environment);
    fixtures = chatFixtures(instances.context);
    world = await fixtures.teamWithRooms({ guestName: 'Gwen' });
  });
  afterAll(async () => {
    await instances?.close();
    await store?.stop();
  });

  const appOf = (instance: 'a' | 'b') => instances[instance].app;
  const bucketOf = () => createStorage(loadConfig({ ...store.environment }));

  async function upload(instance: 'a' | 'b', caller: Caller, roomId: number, name: string, content: Buffer) {
    const body = multipart(name, 'image/png', content);
    return appOf(instance).inject({
      method: 'POST',
      url: `/api/chat-rooms/${roomId}/upload`,
      payload: body.payload,
      headers: { ...body.headers, ...caller?.headers },
      remoteAddress: nextAddress(),
    });
  }

  it('a file uploaded through instance A is downloaded through instance B, preview included', async () => {
    const picture = await png(600, 400);
    const sent = await upload('a', world.customer, world.roomId, 'plan.png', picture);
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json<ChatMessage>();
    // Separate DATA_DIRs: nothing of it is on either instance's disk, all of it is in the bucket.
    expect(await storedNames({ ...instances.context.config, storage: { driver: 'local' } }, 'chat')).toEqual(
      [],
    );
    const fileId = message.file_url!.split('/').pop()!;
    expect(await storedNames(instances.context.config, `chat/${world.roomId}`)).toEqual(
      [fileId, `${fileId}.thumb.webp`].sort(),
    );
    const downloaded = await appOf('b').inject({
      method: 'GET',
      url: message.file_url!,
      headers: world.team.admin.headers,
    });
    expect(downloaded.statusCode, downloaded.body).toBe(200);
    expect(downloaded.rawPayload.equals(picture)).toBe(true);
    expect(downloaded.headers['content-type']).toBe('image/png');
    const preview = await appOf('b').inject({
      method: 'GET',
      url: `${message.file_url!}/thumbnail`,
      headers: world.customer.headers,
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    // The access checks stay in front of the bucket: a stranger learns nothing through either.
    const stranger = await fixtures.buyer();
    for (const instance of ['a', 'b'] as const) {
      const refused = await appOf(instance).inject({
        method: 'GET',
        url: message.file_url!,
        headers: stranger.headers,
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('a file whose object is missing answers 404, not 500', async () => {
    const sent = await upload('a', world.customer, world.roomId, 'gone.png', Buffer.from('gone'));
    const fileUrl = sent.json<ChatMessage>().file_url!;
    const bucket = bucketOf();
    await bucket.delete(`chat/${world.roomId}/${fileUrl.split('/').pop()!}`);
    bucket.close();
    const answer = await appOf('b').inject({ method: 'GET', url: fileUrl, headers: world.customer.headers });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ code: 'not_found', detail: 'File not found' });
  });

  it('a store that cannot be reached answers 503 with Retry-After, for uploads and downloads', async () => {
    const sent = await upload('a', world.customer, world.roomId, 'kept.png', Buffer.from('kept'));
    const fileUrl = sent.json<ChatMessage>().file_url!;
    // A third instance on the same database whose store does not answer (nothing listens on port 9).
    const cutOff = await startTestApp(instances.context.connectionString, {
      ...store.environment,
      S3_ENDPOINT: 'http://127.0.0.1:9',
    });
    try {
      const download = await cutOff.app.inject({
        method: 'GET',
        url: fileUrl,
        headers: world.customer.headers,
      });
      expect(download.statusCode, download.body).toBe(503);
      expect(download.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      expect(download.json<{ detail: string }>().detail).toMatch(/storage is not available/);
      const before = await fixtures.listMessages(world.customer, world.roomId);
      const body = multipart('lost.txt', 'text/plain', Buffer.from('lost'));
      const refused = await cutOff.app.inject({
        method: 'POST',
        url: `/api/chat-rooms/${world.roomId}/upload`,
        payload: body.payload,
        headers: { ...body.headers, ...world.customer.headers },
        remoteAddress: nextAddress(),
      });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
      // Nothing is recorded for a file that was not stored.
      expect(await fixtures.listMessages(world.customer, world.roomId)).toEqual(before);
    } finally {
      await cutOff.close();
    }
  });

  it("an ended guest's conversation takes its objects with it", async () => {
    const guest = await fixtures.newGuest('Brief visitor');
    const roomId = await fixtures.guestRoom(guest, world.team.id);
    expect((await upload('a', guest, roomId, 'brief.png', Buffer.from('brief'))).statusCode).toBe(201);
    expect(await storedNames(instances.context.config, `chat/${roomId}`)).toHaveLength(1);
    await fixtures.expireGuest(guest);
    expect((await appOf('b').retention.sweep()).guests).toBeGreaterThanOrEqual(1);
    expect(await storedNames(instances.context.config, `chat/${roomId}`)).toEqual([]);
  });

  it('a profile picture is stored in the bucket, served by any instance, and deleted when replaced', async () => {
    const user = world.customer;
    async function setPicture() {
      const form = multipart('me.png', 'image/png', await png(300, 300));
      const answer = await appOf('a').inject({
        method: 'POST',
        url: '/api/auth/upload-profile-picture',
        payload: form.payload,
        headers: { ...form.headers, ...user.headers },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ profile_picture_url: string }>().profile_picture_url;
    }
    const first = await setPicture();
    const served = await appOf('b').inject({ method: 'GET', url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const second = await setPicture();
    expect(await storedNames(instances.context.config, 'avatars')).toEqual([second.split('/').pop()]);
    expect((await appOf('b').inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(
      (await appOf('b').inject({ method: 'GET', url: '/uploads/avatars/..%2Fchat.webp' })).statusCode,
    ).toBe(404);
  });

  it('npm run storage:migrate copies the local files into the bucket once, and carries on after a stop', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'teamhire-migrate-'));
    try {
      const uploads = join(dataDir, 'uploads');
      await mkdir(join(uploads, 'chat', '901'), { recursive: true });
      await mkdir(join(uploads, 'orders', '902'), { recursive: true });
      await mkdir(join(uploads, 'avatars'), { recursive: true });
      await writeFile(join(uploads, 'chat', '901', 'a1'), 'chat file');
      await writeFile(join(uploads, 'orders', '902', 'b2'), Buffer.alloc(3 * 1024 * 1024, 7));
      await writeFile(join(uploads, 'avatars', 'c3.webp'), 'picture');
      // Stopped half-way before: one object is there whole, another only as a different size.
      const bucket = bucketOf();
      await bucket.put('chat/901/a1', Buffer.from('chat file'));
      await bucket.put('orders/902/b2', Buffer.from('partial'));
      const environment = { ...process.env, ...store.environment, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };

      const first = await runCliScript('storage-migrate.ts', [], environment);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain('Copied 2 files; 1 were already in the bucket with the same size.');
      expect(first.stderr).toMatch(/\[#{30}\] 100% 3\/3 files/);
      expect(await bucket.exists('orders/902/b2')).toEqual({ size: 3 * 1024 * 1024 });
      expect(await bucket.exists('avatars/c3.webp')).toEqual({ size: 7 });
      const copied = await bucket.get('chat/901/a1');
      expect(copied.size).toBe(9);
      copied.stream.destroy();

      const again = await runCliScript('storage-migrate.ts', [], environment);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('Copied 0 files; 3 were already in the bucket with the same size.');
      bucket.close();

      const local = await runCliScript('storage-migrate.ts', [], { ...process.env, DATA_DIR: dataDir });
      expect(local.code).toBe(1);
      expect(local.stderr).toContain('STORAGE_DRIVER is not s3');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
