import { CARD_IMAGE_WIDTHS, LOGO_IMAGE_WIDTHS, type ImageSet, type PackageImage } from '@teamhire/shared';

export const IMAGE_URL_PREFIX = '/uploads/images/';

/** Where one stored width of an image lives, as a storage key and as a public URL. */
export const imageKey = (imageId: string, width: number) => `images/${imageId}/${width}.webp`;
const imageUrl = (imageId: string, width: number) => `${IMAGE_URL_PREFIX}${imageId}/${width}.webp`;

/** A stored image: its id, the widths stored, and the size of the largest. */
export interface StoredImage {
  id: string;
  widths: number[];
  width: number;
  height: number;
}

/**
 * The image set of `image` at the stored widths among `wanted` (every stored width without it):
 * `src` and the size are those of the smallest, the page's `sizes` lets the browser pick a larger one.
 */
function imageSetOf(image: StoredImage, wanted?: readonly number[]): ImageSet {
  const stored = [...image.widths].sort((a, b) => a - b);
  const chosen = wanted ? stored.filter((width) => wanted.includes(width)) : stored;
  const widths = chosen.length > 0 ? chosen : stored.slice(0, 1);
  const smallest = widths[0]!;
  return {
    src: imageUrl(image.id, smallest),
    srcset: widths.map((width) => `${imageUrl(image.id, width)} ${width}w`).join(', '),
    width: smallest,
    height: Math.max(1, Math.round((image.height * smallest) / image.width)),
  };
}

export const galleryImageSet = (image: StoredImage): PackageImage => ({ id: image.id, ...imageSetOf(image) });
export const cardImageSet = (image: StoredImage): ImageSet => imageSetOf(image, CARD_IMAGE_WIDTHS);

const LOGO_SIDE = LOGO_IMAGE_WIDTHS[LOGO_IMAGE_WIDTHS.length - 1]!;

/** Logos are stored square at every side of LOGO_IMAGE_WIDTHS. */
export const logoImageSet = (imageId: string): ImageSet =>
  imageSetOf({ id: imageId, widths: [...LOGO_IMAGE_WIDTHS], width: LOGO_SIDE, height: LOGO_SIDE });
