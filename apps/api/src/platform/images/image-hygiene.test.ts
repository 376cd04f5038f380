import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXTS,
  CHAT_IMAGE_MAX_PIXELS,
  IMAGE_MAX_PIXELS,
  IMAGE_TEXTS,
  type ChatMessage,
  type User,
} from '@teamhire/shared';
import { nextAddress } from '../../../test/accounts-helpers';
import { chatFixtures, type Caller, type TeamWithBuyerRoom } from '../../../test/chat-helpers';
import { STORAGE_DRIVERS, storageDriverSuite, storedNames } from '../../../test/object-store';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { multipart, png } from '../../../test/uploads';

/**
 * Issue 33: what an uploaded image may carry and claim, on every path that takes one. Originals sent
 * in a chat lose their metadata (GPS above all); avatars are typed by their bytes as logos are; a
 * header claiming a giant picture is 413, quickly, wherever it is sent.
 */

/** A PNG whose header claims `width` × `height` pixels around a 1 × 1 picture (checksums right). */
async function pngClaiming(width: number, height: number) {
  const content = Buffer.from(await png(1, 1));
  // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), …
  content.writeUInt32BE(width, 16);
  content.writeUInt32BE(height, 20);
  content.writeUInt32BE(crc32(content.subarray(12, 29)), 29);
  return content;
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } });

/** Where the photo was taken, as a phone writes it (EXIF's GPS directory, IFD3). */
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 2404/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 21/1 702/100',
};
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.4N"/></rdf:RDF></x:xmpmeta>';

/** Uploads and downloads through the app, as a browser sends them. */
function requests(contextOf: () => TestContext) {
  return {
    upload(url: string, caller: Caller, content: Buffer, type: string, name: string) {
      const body = multipart(name, type, content);
      return contextOf().app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, ...caller?.headers },
        remoteAddress: nextAddress(),
      });
    },
    download: (caller: Caller, url: string) =>
      contextOf().app.inject({ method: 'GET', url, headers: caller?.headers, remoteAddress: nextAddress() }),
  };
}

// Replacing the stored original is the storage driver's work: both are proved.
describe.each(STORAGE_DRIVERS)(
  'chat image originals lose their metadata when stored (%s storage)',
  (driver) => {
    const storage = storageDriverSuite(driver);
    let context: TestContext;
    let room: TeamWithBuyerRoom;
    const { upload, download } = requests(() => context);

    beforeAll(async () => {
      context = await createTestApp(storage.environment());
      room = await chatFixtures(context).teamWithBuyerRoom();
    });
    afterAll(() => context.close());

    async function sent(name: string, type: string, content: Buffer) {
      const response = await upload(
        `/api/chat-rooms/${room.roomId}/upload`,
        room.customer,
        content,
        type,
        name,
      );
      expect(response.statusCode, response.body).toBe(201);
      const message = response.json<ChatMessage>();
      expect(message.message_type).toBe('image');
      // The other party downloads it.
      const original = await download(room.team.admin, message.file_url!);
      expect(original.statusCode, original.body).toBe(200);
      expect(Number(original.headers['content-length'])).toBe(original.rawPayload.length);
      expect(message.file_size).toBe(original.rawPayload.length);
      const preview = await download(room.team.admin, message.thumbnail_url!);
      expect(preview.statusCode, preview.body).toBe(200);
      expect((await sharp(preview.rawPayload).metadata()).exif).toBeUndefined();
      return { original: original.rawPayload, metadata: await sharp(original.rawPayload).metadata() };
    }

    it('serves a phone photo without its EXIF and GPS, still a JPEG, turned upright', async () => {
      // Stored 60 × 40 with orientation 6: the picture is 40 wide and 60 high when shown upright.
      const photo = await canvas(60, 40)
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 12' }, IFD3: GPS })
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const before = await sharp(photo).metadata();
      expect(before.exif?.includes('PhoneCo')).toBe(true);
      expect(before.orientation).toBe(6);

      const { original, metadata } = await sent('IMG_0001.jpg', 'image/jpeg', photo);
      expect(metadata).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(original.includes('PhoneCo')).toBe(false);
      expect(original.includes(before.exif!)).toBe(false);
    });

    it('strips XMP from a PNG and EXIF from a WebP, keeping their formats', async () => {
      const withXmp = await canvas(30, 20).png().withXmp(XMP).toBuffer();
      expect((await sharp(withXmp).metadata()).xmp).toBeDefined();
      const png = await sent('map.png', 'image/png', withXmp);
      expect(png.metadata).toMatchObject({ format: 'png', width: 30, height: 20 });
      expect(png.metadata.xmp).toBeUndefined();
      expect(png.original.includes('GPSLatitude')).toBe(false);

      const withExif = await canvas(30, 20).webp().withExif({ IFD3: GPS }).toBuffer();
      expect((await sharp(withExif).metadata()).exif).toBeDefined();
      const webp = await sent('shot.webp', 'image/webp', withExif);
      expect(webp.metadata).toMatchObject({ format: 'webp', width: 30, height: 20 });
      expect(webp.metadata.exif).toBeUndefined();
    });

    it('keeps a picture without metadata byte for byte, and the sender gets the clean copy too', async () => {
      const clean = await canvas(30, 20).png().toBuffer();
      expect((await sent('clean.png', 'image/png', clean)).original.equals(clean)).toBe(true);

      const photo = await canvas(30, 20).jpeg().withExif({ IFD3: GPS }).toBuffer();
      const response = await upload(
        `/api/chat-rooms/${room.roomId}/upload`,
        room.customer,
        photo,
        'image/jpeg',
        'a.jpg',
      );
      const own = await download(room.customer, response.json<ChatMessage>().file_url!);
      expect((await sharp(own.rawPayload).metadata()).exif).toBeUndefined();
    });
  },
);

describe('image hygiene (issue 33)', () => {
  let context: TestContext;
  let room: TeamWithBuyerRoom;
  let packageId: number;
  const { upload, download } = requests(() => context);

  beforeAll(async () => {
    context = await createTestApp();
    const fixtures = chatFixtures(context);
    room = await fixtures.teamWithBuyerRoom();
    const [row] = await fixtures.query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
       values ($1, 'Hygiene package', 'A package with pictures of the work.', 49900, 14, 'design', 'draft')
       returning id`,
      [room.team.id],
    );
    packageId = row!.id;
  });
  afterAll(() => context.close());

  const chatFiles = async () =>
    (
      await context.database.pool.query<{ n: number }>(
        'select count(*)::int as n from chat_files where chat_room_id = $1',
        [room.roomId],
      )
    ).rows[0]!.n;

  describe('the avatar is typed by its bytes, as logos and gallery images are', () => {
    const avatar = (content: Buffer, type: string, name: string) =>
      upload('/api/auth/upload-profile-picture', room.customer, content, type, name);

    it('refuses a GIF or an SVG whatever it is declared as, with 415', async () => {
      const gif = await canvas(16, 16).gif().toBuffer();
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>');
      for (const [content, type, name] of [
        [gif, 'image/png', 'me.png'],
        [gif, 'image/gif', 'me.gif'],
        [svg, 'image/png', 'me.png'],
        [svg, 'image/svg+xml', 'me.svg'],
      ] as const) {
        const response = await avatar(content, type, name);
        expect(response.statusCode, `${type} ${name}`).toBe(415);
        expect(response.json()).toEqual({
          code: 'unsupported_media_type',
          detail: ACCOUNT_TEXTS.pictureNotImage,
        });
      }
      // The logo refuses the same GIF the same way.
      const logo = await upload(
        `/api/teams/${room.team.id}/logo`,
        room.team.admin,
        gif,
        'image/png',
        'a.png',
      );
      expect(logo.statusCode).toBe(415);
    });

    it('takes a JPEG, PNG or WebP declared as another image type, as the logo does', async () => {
      for (const [content, type] of [
        [await canvas(40, 40).png().toBuffer(), 'image/jpeg'],
        [await canvas(40, 40).webp().toBuffer(), 'image/png'],
        [await canvas(40, 40).jpeg().toBuffer(), 'image/webp'],
      ] as const) {
        const response = await avatar(content, type, 'me.jpg');
        expect(response.statusCode, response.body).toBe(200);
        const url = response.json<Pick<User, 'profile_picture_url'>>().profile_picture_url!;
        expect((await sharp((await download(undefined, url)).rawPayload).metadata()).format).toBe('webp');
      }
      const logo = await upload(
        `/api/teams/${room.team.id}/logo`,
        room.team.admin,
        await canvas(40, 40).png().toBuffer(),
        'image/jpeg',
        'a.jpg',
      );
      expect(logo.statusCode, logo.body).toBe(200);
    });
  });

  describe('a header claiming a giant picture is 413 on every image path, before decoding', () => {
    const tooManyPixels = { code: 'payload_too_large', detail: IMAGE_TEXTS.tooManyPixels };

    async function timed(send: () => ReturnType<typeof upload>) {
      const started = Date.now();
      const response = await send();
      return { response, elapsed: Date.now() - started };
    }

    it('refuses 30000 × 30000 pixels as a logo, a gallery image and an avatar', async () => {
      const bomb = await pngClaiming(30_000, 30_000);
      expect(bomb.length).toBeLessThan(100);
      expect(30_000 * 30_000).toBeGreaterThan(IMAGE_MAX_PIXELS);
      const paths: [string, Caller][] = [
        [`/api/teams/${room.team.id}/logo`, room.team.admin],
        [`/api/service-packages/${packageId}/images`, room.team.admin],
        ['/api/auth/upload-profile-picture', room.customer],
      ];
      for (const [url, caller] of paths) {
        const { response, elapsed } = await timed(() => upload(url, caller, bomb, 'image/png', 'a.png'));
        expect(response.statusCode, `${url}: ${response.body}`).toBe(413);
        expect(response.json()).toEqual(tooManyPixels);
        expect(elapsed, url).toBeLessThan(2000);
      }
      // Just over the limit, within what sharp would read by default: still 413 for the avatar.
      const avatar = await upload(
        '/api/auth/upload-profile-picture',
        room.customer,
        await pngClaiming(8000, 6000),
        'image/png',
        'a.png',
      );
      expect(avatar.statusCode).toBe(413);
      expect(avatar.json()).toEqual(tooManyPixels);
    });

    it('refuses 30000 × 30000 pixels sent as a chat image, and keeps nothing of it', async () => {
      const files = await chatFiles();
      const stored = await storedNames(context.config, `chat/${room.roomId}`);
      const bomb = await pngClaiming(30_000, 30_000);
      expect(30_000 * 30_000).toBeGreaterThan(CHAT_IMAGE_MAX_PIXELS);
      const url = `/api/chat-rooms/${room.roomId}/upload`;
      const { response, elapsed } = await timed(() => upload(url, room.customer, bomb, 'image/png', 'a.png'));
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toEqual({
        code: 'payload_too_large',
        detail: IMAGE_TEXTS.sentImageTooManyPixels,
      });
      expect(elapsed).toBeLessThan(2000);
      expect(await chatFiles()).toBe(files);
      expect(await storedNames(context.config, `chat/${room.roomId}`)).toEqual(stored);
      const { rows } = await context.database.pool.query(
        "select id from chat_messages where chat_room_id = $1 and message_text = 'a.png'",
        [room.roomId],
      );
      expect(rows).toEqual([]);
    });
  });
});
