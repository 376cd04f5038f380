import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_TEXTS as T,
  IMAGE_UPLOAD_MAX_BYTES,
  PACKAGE_IMAGES_MAX,
  type PackageImages,
  type ServicePackage,
  type PackageList,
  type TeamDetail,
  type TeamLogo,
} from '@teamhire/shared';
import { nextAddress } from '../../../test/accounts-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { multipart, png } from '../../../test/uploads';
import { activityActions, createSignedInUser, type SignedInUser } from '../../../test/users';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A PNG whose header claims `width` × `height` pixels around a 1 × 1 picture (checksums right). */
async function pngClaiming(width: number, height: number) {
  const content = Buffer.from(await png(1, 1));
  // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), …
  content.writeUInt32BE(width, 16);
  content.writeUInt32BE(height, 20);
  content.writeUInt32BE(crc32(content.subarray(12, 29)), 29);
  return content;
}

describe('team logos and package galleries', () => {
  let context: TestContext;
  let admin: SignedInUser;
  let otherAdmin: SignedInUser;
  let buyer: SignedInUser;
  let team: number;
  let otherTeam: number;

  async function insertTeam(owner: SignedInUser, name: string) {
    const { rows } = await context.database.pool.query<{ id: number }>(
      `insert into teams (name, description, admin_id, max_members, member_count, is_active)
       values ($1, 'A team that ships.', $2, 8, 1, true) returning id`,
      [name, owner.id],
    );
    await context.database.pool.query(
      "insert into team_members (team_id, user_id, role) values ($1, $2, 'admin')",
      [rows[0]!.id, owner.id],
    );
    return rows[0]!.id;
  }

  async function insertPackage(teamId: number, status: 'draft' | 'published' = 'published') {
    const { rows } = await context.database.pool.query<{ id: number }>(
      `insert into service_packages (team_id, title, description, price_cents, duration_days, tags, status)
       values ($1, 'Gallery package', 'A package with pictures of the work.', 49900, 14, 'design', $2)
       returning id`,
      [teamId, status],
    );
    return rows[0]!.id;
  }

  beforeAll(async () => {
    context = await createTestApp();
    admin = await createSignedInUser(context, { role: 'TEAM_ADMIN', isVerified: true });
    otherAdmin = await createSignedInUser(context, { role: 'TEAM_ADMIN', isVerified: true });
    buyer = await createSignedInUser(context, { role: 'BUYER' });
    team = await insertTeam(admin, 'Lumen Pixel Works');
    otherTeam = await insertTeam(otherAdmin, 'Far Away Studio');
  });
  afterAll(() => context.close());

  function call(method: Method, url: string, actor?: SignedInUser, payload?: object) {
    return context.app.inject({
      method,
      url,
      headers: actor?.headers,
      payload,
      remoteAddress: nextAddress(),
    });
  }

  function upload(
    url: string,
    actor: SignedInUser | undefined,
    content: Buffer,
    type = 'image/png',
    name = 'a.png',
  ) {
    const body = multipart(name, type, content);
    return context.app.inject({
      method: 'POST',
      url,
      headers: { ...actor?.headers, ...body.headers },
      payload: body.payload,
      remoteAddress: nextAddress(),
    });
  }

  const fetchImage = (url: string) => context.app.inject({ method: 'GET', url });
  const srcsetUrls = (srcset: string) => srcset.split(', ').map((entry) => entry.split(' ')[0]!);

  describe('team logo', () => {
    it('stores a square WebP at 96 and 192 px without metadata, served with long cache headers', async () => {
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#36c' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const response = await upload(`/api/teams/${team}/logo`, admin, photo, 'image/jpeg', 'me.jpg');
      expect(response.statusCode, response.body).toBe(200);
      const { logo } = response.json<TeamLogo>();
      expect(logo).toMatchObject({ width: 96, height: 96 });
      expect(logo.src).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\/96\.webp$/);
      expect(logo.srcset).toBe(`${logo.src} 96w, ${logo.src.replace('/96.webp', '/192.webp')} 192w`);

      for (const [url, side] of srcsetUrls(logo.srcset).map(
        (url, index) => [url, [96, 192][index]] as const,
      )) {
        const file = await fetchImage(url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const metadata = await sharp(file.rawPayload).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width: side, height: side });
        expect(metadata.exif).toBeUndefined();
      }

      const teamAnswer = (await call('GET', `/api/teams/${team}`)).json<TeamDetail>();
      expect(teamAnswer.logo).toEqual(logo);
      expect(await activityActions(context, admin.id)).toContain('team.logo_updated');
    });

    it('replaces the logo and removes the old files; removing it leaves none', async () => {
      const first = (await upload(`/api/teams/${team}/logo`, admin, await png(300, 200))).json<TeamLogo>();
      const second = await upload(`/api/teams/${team}/logo`, admin, await png(50, 50, '#fa0'));
      expect(second.statusCode).toBe(200);
      const { logo } = second.json<TeamLogo>();
      expect(logo.src).not.toBe(first.logo.src);
      expect((await fetchImage(first.logo.src)).statusCode).toBe(404);
      expect((await fetchImage(logo.src)).statusCode).toBe(200);

      expect((await call('DELETE', `/api/teams/${team}/logo`, admin)).statusCode).toBe(204);
      expect((await call('GET', `/api/teams/${team}`)).json<TeamDetail>().logo).toBeNull();
      expect((await fetchImage(logo.src)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/teams/${team}/logo`, admin)).statusCode).toBe(204);
    });

    it("refuses another team's admin, a buyer and a visitor, and stores nothing", async () => {
      const picture = await png(64, 64);
      expect((await upload(`/api/teams/${team}/logo`, otherAdmin, picture)).statusCode).toBe(403);
      expect((await upload(`/api/teams/${team}/logo`, buyer, picture)).statusCode).toBe(403);
      expect((await upload(`/api/teams/${team}/logo`, undefined, picture)).statusCode).toBe(401);
      expect((await upload(`/api/teams/999999/logo`, admin, picture)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/teams/${team}/logo`, otherAdmin)).statusCode).toBe(403);
      expect((await call('GET', `/api/teams/${team}`)).json<TeamDetail>().logo).toBeNull();
    });
  });

  describe('what is accepted', () => {
    it('decides the type by the bytes: text named .png is 415, a PNG sent as text/plain is taken', async () => {
      const url = `/api/teams/${otherTeam}/logo`;
      const text = await upload(url, otherAdmin, Buffer.from('not a picture at all'), 'image/png');
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({ code: 'unsupported_media_type', detail: T.notImage });
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .gif()
        .toBuffer();
      expect((await upload(url, otherAdmin, gif, 'image/gif', 'a.gif')).statusCode).toBe(415);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
      expect((await upload(url, otherAdmin, svg, 'image/svg+xml', 'a.svg')).statusCode).toBe(415);
      const disguised = await upload(url, otherAdmin, await png(20, 20), 'text/plain', 'notes.txt');
      expect(disguised.statusCode, disguised.body).toBe(200);
    });

    it('refuses more than 10 MB with 413, by the bytes received and by the size declared', async () => {
      const small = await png(16, 16);
      const justOver = Buffer.concat([small, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1 - small.length)]);
      const response = await upload(`/api/teams/${otherTeam}/logo`, otherAdmin, justOver);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 'payload_too_large', detail: T.tooLarge });
      const far = Buffer.concat([small, Buffer.alloc(12 * 1024 * 1024)]);
      expect((await upload(`/api/teams/${otherTeam}/logo`, otherAdmin, far)).statusCode).toBe(413);
    });

    it('refuses a picture of more than 40 megapixels before decoding it', async () => {
      const response = await upload(
        `/api/teams/${otherTeam}/logo`,
        otherAdmin,
        await pngClaiming(8000, 6000),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 'payload_too_large', detail: T.tooManyPixels });
    });
  });

  describe('package gallery', () => {
    const imagesUrl = (id: number) => `/api/service-packages/${id}/images`;

    it('stores the widths the pages need, and the first image is the cover of every answer', async () => {
      const id = await insertPackage(team);
      const first = await upload(imagesUrl(id), admin, await png(1000, 750));
      expect(first.statusCode, first.body).toBe(201);
      const [image] = first.json<PackageImages>().images;
      expect(image!.width).toBe(400);
      expect(image!.height).toBe(300);
      // 1000 px wide: 400 and 800 stored, never enlarged to 1200.
      expect(image!.srcset).toMatch(/^\S+\/400\.webp 400w, \S+\/800\.webp 800w$/);
      const [small, large] = srcsetUrls(image!.srcset);
      expect(await sharp((await fetchImage(large!)).rawPayload).metadata()).toMatchObject({
        width: 800,
        height: 600,
      });
      expect((await fetchImage(small!)).headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const second = await upload(imagesUrl(id), admin, await png(2400, 1200, '#0c6'));
      const images = second.json<PackageImages>().images;
      expect(images.map((item) => item.id)).toEqual([image!.id, images[1]!.id]);
      expect(images[1]!.srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual([
        '400w',
        '800w',
        '1200w',
      ]);

      const detail = (await call('GET', `/api/service-packages/${id}`)).json<ServicePackage>();
      expect(detail.images).toEqual(images);
      expect(detail.cover_image).toEqual({
        src: image!.src,
        srcset: image!.srcset,
        width: 400,
        height: 300,
      });
      expect(detail.review_count).toBe(0);
      expect(detail.average_rating).toBeNull();
      const list = (await call('GET', '/api/service-packages?limit=100')).json<PackageList>();
      expect(list.items.find((item) => item.id === id)?.cover_image?.src).toBe(image!.src);
      // A large gallery image at card widths leaves 1200 out.
      await call('PUT', `${imagesUrl(id)}/order`, admin, { image_ids: [images[1]!.id, image!.id] });
      const reordered = (await call('GET', `/api/service-packages/${id}`)).json<ServicePackage>();
      expect(reordered.cover_image!.srcset.split(', ')).toHaveLength(2);
      expect(reordered.cover_image).toMatchObject({ width: 400, height: 200 });
    });

    it('refuses a seventh image, also when uploads race for the last places', async () => {
      const id = await insertPackage(team);
      for (let index = 0; index < PACKAGE_IMAGES_MAX - 2; index += 1) {
        expect((await upload(imagesUrl(id), admin, await png(60, 40))).statusCode).toBe(201);
      }
      const picture = await png(60, 40, '#c30');
      const racing = await Promise.all([1, 2, 3, 4].map(() => upload(imagesUrl(id), admin, picture)));
      const statuses = racing.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 201, 409, 409]);
      const seventh = await upload(imagesUrl(id), admin, picture);
      expect(seventh.statusCode).toBe(409);
      expect(seventh.json()).toEqual({ code: 'conflict', detail: T.galleryFull });
      const detail = (await call('GET', `/api/service-packages/${id}`)).json<ServicePackage>();
      expect(detail.images).toHaveLength(PACKAGE_IMAGES_MAX);
      // Nothing of the refused uploads stayed in storage.
      const { rows } = await context.database.pool.query<{ id: string }>(
        'select id from package_images where package_id = $1',
        [id],
      );
      expect(rows).toHaveLength(PACKAGE_IMAGES_MAX);
    });

    it('reorders with buttons-worth of ids, and refuses a list that is not the gallery', async () => {
      const id = await insertPackage(team);
      let images: PackageImages['images'] = [];
      for (const colour of ['#f00', '#0f0', '#00f']) {
        images = (await upload(imagesUrl(id), admin, await png(50, 50, colour))).json<PackageImages>().images;
      }
      const reversed = images.map((image) => image.id).reverse();
      const response = await call('PUT', `${imagesUrl(id)}/order`, admin, { image_ids: reversed });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<PackageImages>().images.map((image) => image.id)).toEqual(reversed);
      const detail = (await call('GET', `/api/service-packages/${id}`)).json<ServicePackage>();
      expect(detail.cover_image!.src).toBe(images[2]!.src);

      for (const image_ids of [
        reversed.slice(1),
        [...reversed, reversed[0]],
        [reversed[0], reversed[0], reversed[1]],
      ]) {
        const refused = await call('PUT', `${imagesUrl(id)}/order`, admin, { image_ids });
        expect(refused.statusCode).toBe(422);
      }
      expect(
        (await call('PUT', `${imagesUrl(id)}/order`, admin, { image_ids: reversed, extra: 1 })).statusCode,
      ).toBe(422);
      expect(
        (
          await call('PUT', `${imagesUrl(id)}/order`, otherAdmin, {
            image_ids: images.map((image) => image.id),
          })
        ).statusCode,
      ).toBe(403);
    });

    it('removes an image and its files; an unknown image is 404', async () => {
      const id = await insertPackage(team);
      const images = (await upload(imagesUrl(id), admin, await png(500, 400))).json<PackageImages>().images;
      const url = `${imagesUrl(id)}/${images[0]!.id}`;
      expect((await call('DELETE', url, otherAdmin)).statusCode).toBe(403);
      const removed = await call('DELETE', url, admin);
      expect(removed.statusCode).toBe(200);
      expect(removed.json<PackageImages>().images).toEqual([]);
      expect((await fetchImage(images[0]!.src)).statusCode).toBe(404);
      expect((await call('DELETE', url, admin)).statusCode).toBe(404);
      expect(
        (await call('GET', `/api/service-packages/${id}`)).json<ServicePackage>().cover_image,
      ).toBeNull();
    });

    it("refuses another team's admin, a buyer and a visitor; someone else's draft is not found", async () => {
      const published = await insertPackage(team);
      const draft = await insertPackage(team, 'draft');
      const picture = await png(40, 40);
      expect((await upload(imagesUrl(published), otherAdmin, picture)).statusCode).toBe(403);
      expect((await upload(imagesUrl(published), buyer, picture)).statusCode).toBe(403);
      expect((await upload(imagesUrl(published), undefined, picture)).statusCode).toBe(401);
      expect((await upload(imagesUrl(draft), otherAdmin, picture)).statusCode).toBe(404);
      expect((await call('GET', `/api/service-packages/${published}`)).json<ServicePackage>().images).toEqual(
        [],
      );
    });

    it('removes the files of a deleted package', async () => {
      const id = await insertPackage(team, 'draft');
      const [image] = (await upload(imagesUrl(id), admin, await png(400, 300))).json<PackageImages>().images;
      expect((await call('DELETE', `/api/service-packages/${id}`, admin)).statusCode).toBe(204);
      expect((await fetchImage(image!.src)).statusCode).toBe(404);
    });
  });

  it('answers 404 for an image that does not exist and refuses names that are not image widths', async () => {
    expect(
      (await fetchImage('/uploads/images/6f1c1a3e-8d0a-4c59-9a53-0d6a3f4e2b11/400.webp')).statusCode,
    ).toBe(404);
    expect((await fetchImage('/uploads/images/..%2F..%2Fsecrets/400.webp')).statusCode).not.toBe(200);
    expect(
      (await fetchImage('/uploads/images/6f1c1a3e-8d0a-4c59-9a53-0d6a3f4e2b11/x.png')).statusCode,
    ).not.toBe(200);
  });
});
