import type { PackageImage } from '@teamhire/shared';
import { useState } from 'react';
import { ResponsiveImage } from '../../../components/ui/responsive-image';

/** The package's pictures: one large, the others as thumbnails that show it large when chosen. */
export function PackageGallery({ title, images }: { title: string; images: PackageImage[] }) {
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)];
  if (!current) return null;
  return (
    <section aria-label="Gallery" className="flex min-w-0 flex-col gap-3">
      <ResponsiveImage
        image={current}
        alt={`${title}, image ${images.indexOf(current) + 1} of ${images.length}`}
        sizes="(min-width: 1024px) 720px, 95vw"
        loading="eager"
        className="aspect-[3/2] w-full rounded-2xl border border-slate-200 bg-slate-100 object-cover"
      />
      {images.length > 1 ? (
        <ul aria-label="Choose an image" className="flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={`Show image ${index + 1}`}
                aria-pressed={image === current}
                onClick={() => setSelected(index)}
                className={`block overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                  image === current ? 'border-indigo-600' : 'border-transparent'
                }`}
              >
                <ResponsiveImage image={image} alt="" sizes="96px" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
