import type { ImageSet } from '@teamhire/shared';

interface ResponsiveImageProps {
  image: ImageSet;
  /** What the image shows; empty when the text beside it already says it. */
  alt: string;
  /** How wide the image is drawn, so the browser picks the right width from the set. */
  sizes: string;
  className?: string;
  /** Images below the fold wait until they are near; the first one on a page does not. */
  loading?: 'lazy' | 'eager';
}

/** An image set from the API as one `<img>` with srcset, sizes and its size reserved. */
export function ResponsiveImage({ image, alt, sizes, className, loading = 'lazy' }: ResponsiveImageProps) {
  return (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={loading}
      decoding="async"
      className={className}
    />
  );
}
