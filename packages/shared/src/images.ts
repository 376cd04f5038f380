import { z } from 'zod';

/** What an uploaded logo or gallery image may be: counted on the bytes received. */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Decoding is refused past this many pixels (a small file can declare a huge picture). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/**
 * An image sent in a chat is decoded whole to remove its metadata, so its own limit is higher than a
 * page image's (a phone's 48 or 50 megapixel photo passes): past it, it is refused before decoding.
 */
export const CHAT_IMAGE_MAX_PIXELS = 100_000_000;
export const IMAGE_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PACKAGE_IMAGES_MAX = 6;
/** The widths stored of a gallery image (never wider than the original, at least the first). */
export const GALLERY_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** The widths a card shows a gallery image at. */
export const CARD_IMAGE_WIDTHS = [400, 800] as const;
/** Logos are square at these sides. */
export const LOGO_IMAGE_WIDTHS = [96, 192] as const;

export const IMAGE_TEXTS = {
  tooLarge: 'Image size must be less than 10MB',
  notImage: 'Please choose a JPEG, PNG or WebP image',
  tooManyPixels: 'The image has too many pixels (at most 40 megapixels)',
  sentImageTooManyPixels: `The image has too many pixels to send (at most ${CHAT_IMAGE_MAX_PIXELS / 1_000_000} megapixels)`,
  sentImageUnreadable: 'This image could not be read, so it was not sent',
  galleryFull: `A package can have at most ${PACKAGE_IMAGES_MAX} images`,
  orderMismatch: 'List every image of the package exactly once',
  imageNotFound: 'Image not found',
  logoUploaded: 'Logo updated',
  logoRemoved: 'Logo removed',
  logoFailed: 'Failed to upload the logo',
  imageUploaded: 'Image added',
  imageRemoved: 'Image removed',
  imageFailed: 'Failed to upload the image',
  reorderFailed: 'Failed to reorder the images',
} as const;

/**
 * An image as a page shows it: `src` (the smallest stored width, for browsers without srcset),
 * `srcset` (every stored width, `url 400w, url 800w`), and the intrinsic size of `src`, so the page
 * reserves the space before the image arrives. One type for logos and gallery images.
 */
export const imageSetSchema = z.object({
  src: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageSet = z.infer<typeof imageSetSchema>;

/** A gallery image of a package: the image set at gallery widths, and the id to remove or move it by. */
export const packageImageSchema = imageSetSchema.extend({ id: z.string() });
export type PackageImage = z.infer<typeof packageImageSchema>;

export const packageImagesResponseSchema = z.object({ images: z.array(packageImageSchema) });
export type PackageImages = z.infer<typeof packageImagesResponseSchema>;

export const teamLogoResponseSchema = z.object({ logo: imageSetSchema });
export type TeamLogo = z.infer<typeof teamLogoResponseSchema>;

export const packageImageParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  imageId: z.uuid(),
});

export const packageImageOrderSchema = z.strictObject({
  image_ids: z.array(z.uuid()).min(1).max(PACKAGE_IMAGES_MAX),
});
