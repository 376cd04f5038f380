import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp, { type Metadata, type ResizeOptions } from 'sharp';
import {
  GALLERY_IMAGE_WIDTHS,
  IMAGE_MAX_PIXELS,
  IMAGE_TEXTS as T,
  IMAGE_UPLOAD_MAX_BYTES,
  LOGO_IMAGE_WIDTHS,
} from '@teamhire/shared';
import { AppError } from '../errors';
import type { Storage } from '../storage';
import { readAtMost } from '../uploads';
import { imageKey, type StoredImage } from './image-sets';

const notImage = () => new AppError('unsupported_media_type', T.notImage);
/** What sharp reads, decided from the bytes: the client's type and file name are never trusted. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const WEBP_QUALITY = 80;

/** The bytes of an uploaded image, counted as they arrive: past 10 MB is 413 whatever they hold. */
export async function readImageUpload(stream: Readable): Promise<Buffer> {
  const content = await readAtMost(stream, IMAGE_UPLOAD_MAX_BYTES);
  if (!content) throw new AppError('payload_too_large', T.tooLarge);
  return content;
}

/**
 * What sharp reads of a picture's header (nothing decoded), or undefined when it is no picture sharp
 * knows. No pixel limit here: sharp's default one (16383 × 16383) makes the header of a bigger picture
 * unreadable, and a decompression bomb must be answered 413 for its size, not 415 for its type; every
 * caller compares the size with its own limit before anything is decoded.
 */
export async function readImageHeader(content: Buffer): Promise<Metadata | undefined> {
  try {
    const metadata = await sharp(content, { limitInputPixels: false }).metadata();
    return metadata.width && metadata.height ? metadata : undefined;
  } catch {
    return undefined;
  }
}

/** 413 with `text` when the header declares more than `maxPixels` (every frame counted when `frames`). */
export function assertPixelsWithin(
  header: Metadata,
  maxPixels: number,
  text: string,
  options: { frames?: boolean } = {},
): void {
  const frameHeight = header.pageHeight ?? header.height;
  const frames = options.frames ? (header.pages ?? 1) : 1;
  if (header.width * frameHeight * frames > maxPixels) throw new AppError('payload_too_large', text);
}

/**
 * The upright size of a JPEG, PNG or WebP picture, from its header alone (nothing decoded): anything
 * else is 415, a picture of more than 40 megapixels 413. The one check of every image uploaded to be
 * shown on a page (logos, gallery images, avatars); the avatar's 415 keeps its own words (`notImageText`).
 */
export async function inspectImageUpload(
  content: Buffer,
  notImageText: string = T.notImage,
): Promise<{ width: number; height: number }> {
  const header = await readImageHeader(content);
  if (!header || !ACCEPTED_FORMATS.has(header.format)) {
    throw new AppError('unsupported_media_type', notImageText);
  }
  assertPixelsWithin(header, IMAGE_MAX_PIXELS, T.tooManyPixels);
  // EXIF orientations 5 to 8 turn the picture a quarter: autoOrient is the size once upright.
  return header.autoOrient;
}

/**
 * Encodes each width as WebP (sharp writes no metadata unless asked: EXIF, GPS and ICC comments are
 * gone) and stores it under `images/{id}/{width}.webp`. Nothing is left of an image that fails.
 */
async function storeWidths(
  storage: Storage,
  content: Buffer,
  widths: number[],
  resize: (width: number) => ResizeOptions,
): Promise<StoredImage> {
  const id = randomUUID();
  const source = sharp(content, { limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
  try {
    let largest = { width: 0, height: 0 };
    for (const width of widths) {
      const { data, info } = await source
        .clone()
        .resize(resize(width))
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      await storage.put(imageKey(id, width), data, { contentType: 'image/webp' });
      if (info.width >= largest.width) largest = { width: info.width, height: info.height };
    }
    return { id, widths, ...largest };
  } catch (error) {
    await removeImageFiles(storage, id).catch(() => undefined);
    // The store's own failures are AppErrors already (503); anything else is sharp refusing the
    // picture behind a header it could read, which is no image either.
    if (error instanceof AppError) throw error;
    throw notImage();
  }
}

/** A gallery image at each width of GALLERY_IMAGE_WIDTHS up to its own (the smallest at least). */
export async function storeGalleryImage(storage: Storage, content: Buffer): Promise<StoredImage> {
  const { width } = await inspectImageUpload(content);
  const fitting = GALLERY_IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  const widths = fitting.length > 0 ? fitting : [GALLERY_IMAGE_WIDTHS[0]];
  return storeWidths(storage, content, widths, (target) => ({ width: target }));
}

/** A logo: the middle square of the picture at each side of LOGO_IMAGE_WIDTHS. */
export async function storeLogoImage(storage: Storage, content: Buffer): Promise<StoredImage> {
  await inspectImageUpload(content);
  return storeWidths(storage, content, [...LOGO_IMAGE_WIDTHS], (side) => ({
    width: side,
    height: side,
    fit: 'cover',
  }));
}

/** Removes every stored width of an image; an image already gone is no error. */
export async function removeImageFiles(storage: Storage, imageId: string): Promise<void> {
  await storage.deletePrefix(`images/${imageId}/`);
}
