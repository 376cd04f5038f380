import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../errors';
import { assertPixelsWithin, readImageHeader } from './image-files';

/** What a picture may carry about where, when and with what it was taken: none of it is kept. */
const carriesMetadata = (header: Metadata) =>
  Boolean(header.exif || header.xmp || header.iptc || header.tifftagPhotoshop || header.comments?.length);

/**
 * The formats re-encoded as themselves when they carry metadata: those a browser shows inline. PNG
 * stays lossless; JPEG and WebP at a quality where the copy looks like the original.
 */
const ENCODERS: Partial<Record<string, (image: Sharp) => Sharp>> = {
  jpeg: (image) => image.jpeg({ quality: 92 }),
  png: (image) => image.png(),
  webp: (image) => image.webp({ quality: 92 }),
  gif: (image) => image.gif(),
};

/** An image sent as a file, as it is stored: `content` is what readers download. */
export interface SentImage {
  content: Buffer;
  /** True when `content` is a clean copy rather than the bytes sent. */
  rewritten: boolean;
  /** A WebP at most `previewWidth` wide, upright; undefined when the picture cannot be decoded. */
  preview: Buffer | undefined;
}

/**
 * An image sent as a file (a chat upload), typed from its bytes: undefined when sharp cannot read its
 * header (a renamed file stays a download, as sent). A header declaring more than `maxPixels` is 413
 * (`texts.tooManyPixels`) before anything is decoded.
 *
 * A JPEG, PNG, WebP or GIF carrying metadata (EXIF and its GPS position, XMP, IPTC, text chunks) is
 * re-encoded in its own format without any: the orientation applied to the pixels, the colour profile
 * kept, every frame of an animation kept. The original is never kept, so no reader, no backup and no
 * later bug can hand the position out; one that cannot be decoded is refused (415,
 * `texts.unreadable`) rather than kept with its metadata. A picture without metadata is kept byte
 * for byte. sharp writes no metadata unless asked, so neither the copy nor the preview has any.
 */
export async function cleanSentImage(
  content: Buffer,
  options: { maxPixels: number; previewWidth: number; texts: { tooManyPixels: string; unreadable: string } },
): Promise<SentImage | undefined> {
  const header = await readImageHeader(content);
  if (!header) return undefined;
  const encode = ENCODERS[header.format];
  const rewrite = encode !== undefined && carriesMetadata(header);
  assertPixelsWithin(header, options.maxPixels, options.texts.tooManyPixels, { frames: rewrite });

  let stored = content;
  if (rewrite) {
    const animated = (header.pages ?? 1) > 1;
    try {
      // A damaged picture is still cleaned rather than refused: what decodes is kept.
      let image = sharp(content, { limitInputPixels: options.maxPixels, animated, failOn: 'none' });
      // Turning a quarter is for a single picture; an animation's orientation is left out.
      if (!animated) image = image.autoOrient();
      if (header.hasProfile) image = image.keepIccProfile();
      stored = await encode(image).toBuffer();
    } catch {
      throw new AppError('unsupported_media_type', options.texts.unreadable);
    }
  }

  let preview: Buffer | undefined;
  try {
    preview = await sharp(stored, { limitInputPixels: options.maxPixels })
      .autoOrient()
      .resize({ width: options.previewWidth, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    preview = undefined;
  }
  return { content: stored, rewritten: rewrite, preview };
}
