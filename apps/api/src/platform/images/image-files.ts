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
 * The upright size of a JPEG, PNG or WebP picture, from its header alone (nothing decoded yet);
 * anything else is 415, a picture of more than 40 megapixels 413.
 */
async function inspect(content: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(content).metadata();
  } catch {
    throw notImage();
  }
  const { format, width, height, orientation } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) throw notImage();
  if (width * height > IMAGE_MAX_PIXELS) throw new AppError('payload_too_large', T.tooManyPixels);
  // EXIF orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
  return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
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
  const { width } = await inspect(content);
  const fitting = GALLERY_IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  const widths = fitting.length > 0 ? fitting : [GALLERY_IMAGE_WIDTHS[0]];
  return storeWidths(storage, content, widths, (target) => ({ width: target }));
}

/** A logo: the middle square of the picture at each side of LOGO_IMAGE_WIDTHS. */
export async function storeLogoImage(storage: Storage, content: Buffer): Promise<StoredImage> {
  await inspect(content);
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
