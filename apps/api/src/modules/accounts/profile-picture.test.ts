import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS as T, PROFILE_PICTURE_MAX_BYTES } from '@teamhire/shared';
import { bearer, insertUser, signIn } from '../../../test/accounts-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';

/**
 * Over real HTTP, where a file arrives in many chunks: the size that decides is that of the bytes
 * received, whatever the picture inside them and whatever the client declares.
 */
describe('profile picture size, counted on the bytes received', () => {
  let context: TestContext;
  let origin: string;
  let accessToken: string;
  let avatars: string;

  beforeAll(async () => {
    context = await createTestApp();
    origin = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await insertUser(context);
    accessToken = (await signIn(context, user.username, user.password)).access_token;
    avatars = join(context.config.uploadsDir, 'avatars');
  });
  afterAll(() => context.close());

  async function upload(content: Buffer, type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type }), 'picture.png');
    const response = await fetch(`${origin}/api/auth/upload-profile-picture`, {
      method: 'POST',
      body: form,
      headers: bearer(accessToken),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  const smallPng = () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 90, b: 160 } } })
      .png()
      .toBuffer();

  async function noisePng(side: number) {
    return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }

  it('refuses a valid picture of 6.7 MB with 413, not 415', async () => {
    const picture = await noisePng(1500);
    expect(picture.length).toBeGreaterThan(6.4 * 1024 * 1024);
    expect(await upload(picture)).toEqual({
      status: 413,
      body: { code: 'payload_too_large', detail: T.pictureTooLarge },
    });
  });

  it('refuses a small picture padded past 5 MB with 413, just past the limit and at 30 MB', async () => {
    const small = await smallPng();
    for (const total of [PROFILE_PICTURE_MAX_BYTES + 1, 30 * 1024 * 1024]) {
      const padded = Buffer.concat([small, Buffer.alloc(total - small.length)]);
      expect(await upload(padded)).toEqual({
        status: 413,
        body: { code: 'payload_too_large', detail: T.pictureTooLarge },
      });
    }
  });

  it('accepts a picture of exactly 5 MB, and refuses what is not an image with 415', async () => {
    const small = await smallPng();
    const exact = Buffer.concat([small, Buffer.alloc(PROFILE_PICTURE_MAX_BYTES - small.length)]);
    expect((await upload(exact)).status).toBe(200);
    expect(await upload(randomBytes(4096))).toEqual({
      status: 415,
      body: { code: 'unsupported_media_type', detail: T.pictureNotImage },
    });
    expect(await upload(Buffer.from('plain words'), 'text/plain')).toEqual({
      status: 415,
      body: { code: 'unsupported_media_type', detail: T.pictureNotImage },
    });
  });

  it('keeps nothing of a refused picture', async () => {
    const before = (await readdir(avatars)).sort();
    expect((await upload(await noisePng(1500))).status).toBe(413);
    expect((await readdir(avatars)).sort()).toEqual(before);
  });
});
