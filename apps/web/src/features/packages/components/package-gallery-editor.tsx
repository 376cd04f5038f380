import { IMAGE_TEXTS, PACKAGE_IMAGES_MAX, type PackageImage } from '@teamhire/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ImageFileButton } from '../../../components/ui/image-file-button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useToast } from '../../../components/ui/toast-context';
import { UploadProgress } from '../../../components/ui/upload-progress';
import { ApiError } from '../../../lib/api-client';
import { packageQueryKeys } from '../../../lib/queries/package-query-keys';
import { addPackageImage } from '../api/add-package-image';
import { useRemovePackageImage } from '../api/remove-package-image';
import { useReorderPackageImages } from '../api/reorder-package-images';

const detailOf = (error: unknown) => (error instanceof ApiError && error.detail ? error.detail : undefined);

/**
 * The package's gallery for its team admin: add (with progress), remove, and move with buttons, so
 * the order can be changed from the keyboard; the first image is the one cards show.
 */
export function PackageGalleryEditor({ packageId, images }: { packageId: number; images: PackageImage[] }) {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const removal = useRemovePackageImage();
  const reorder = useReorderPackageImages();
  const [shown, setShown] = useState(images);
  // A fresh gallery from the server (after a refetch) replaces what is shown, during render.
  const [given, setGiven] = useState(images);
  if (given !== images) {
    setGiven(images);
    setShown(images);
  }
  const [upload, setUpload] = useState<{ name: string; fraction: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const abort = useRef<(() => void) | null>(null);

  useEffect(() => () => abort.current?.(), []);

  const busy = upload !== null || removal.isPending || reorder.isPending;
  const full = shown.length >= PACKAGE_IMAGES_MAX;

  const add = (file: File) => {
    setUpload({ name: file.name, fraction: 0 });
    const handle = addPackageImage(packageId, file, (fraction) => setUpload({ name: file.name, fraction }));
    abort.current = handle.abort;
    handle.promise.then(
      (gallery) => {
        setShown(gallery.images);
        setUpload(null);
        setAnnouncement(`${IMAGE_TEXTS.imageUploaded}: ${gallery.images.length} of ${PACKAGE_IMAGES_MAX}`);
        showToast({ title: IMAGE_TEXTS.imageUploaded, variant: 'success' });
        void queryClient.invalidateQueries({ queryKey: packageQueryKeys.all });
      },
      (error: unknown) => {
        setUpload(null);
        if (error instanceof DOMException && error.name === 'AbortError') return;
        showToast({ title: IMAGE_TEXTS.imageFailed, description: detailOf(error), variant: 'error' });
      },
    );
  };

  const move = (index: number, offset: -1 | 1) => {
    const order = shown.map((image) => image.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + offset, 0, moved!);
    const previous = shown;
    // Shown at once; put back if the server refuses.
    setShown(order.map((id) => shown.find((image) => image.id === id)!));
    reorder.mutate(
      { packageId, imageIds: order },
      {
        onSuccess: (gallery) => {
          setShown(gallery.images);
          setAnnouncement(`Image moved to position ${index + offset + 1} of ${gallery.images.length}`);
        },
        onError: (error) => {
          setShown(previous);
          showToast({ title: IMAGE_TEXTS.reorderFailed, description: detailOf(error), variant: 'error' });
        },
      },
    );
  };

  const remove = (image: PackageImage) =>
    removal.mutate(
      { packageId, imageId: image.id },
      {
        onSuccess: (gallery) => {
          setShown(gallery.images);
          setAnnouncement(IMAGE_TEXTS.imageRemoved);
          showToast({ title: IMAGE_TEXTS.imageRemoved, variant: 'success' });
        },
        onError: (error) =>
          showToast({ title: IMAGE_TEXTS.imageFailed, description: detailOf(error), variant: 'error' }),
      },
    );

  return (
    <section aria-labelledby="gallery-heading" className="flex min-w-0 flex-col gap-4">
      <div>
        <h2 id="gallery-heading" className="text-lg font-semibold text-slate-900">
          Gallery
        </h2>
        <p className="text-sm text-slate-600">
          {`Up to ${PACKAGE_IMAGES_MAX} JPEG, PNG or WebP images under 10MB. The first one is shown on cards.`}
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          No images yet.
        </p>
      ) : (
        <ol aria-label="Gallery images" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((image, index) => {
            const label = `image ${index + 1}`;
            return (
              <li
                key={image.id}
                className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-2"
              >
                <ResponsiveImage
                  image={image}
                  alt={`Gallery image ${index + 1}${index === 0 ? ' (card image)' : ''}`}
                  sizes="(min-width: 1024px) 280px, (min-width: 640px) 45vw, 90vw"
                  className="aspect-[3/2] w-full rounded-lg bg-slate-100 object-cover"
                />
                <div className="flex flex-wrap items-center gap-1">
                  {index === 0 ? (
                    <span className="mr-auto rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-900">
                      Card image
                    </span>
                  ) : (
                    <span className="mr-auto text-xs text-slate-600">{`${index + 1} of ${shown.length}`}</span>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${label} earlier`}
                    disabled={busy || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Move ${label} later`}
                    disabled={busy || index === shown.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${label}`}
                    disabled={busy}
                    onClick={() => remove(image)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex min-w-0 flex-col gap-2">
        <div>
          <ImageFileButton
            disabled={busy || full}
            onFile={add}
            onProblem={(message) => showToast({ title: message, variant: 'error' })}
          >
            {full ? IMAGE_TEXTS.galleryFull : 'Add image'}
          </ImageFileButton>
        </div>
        {upload ? <UploadProgress fraction={upload.fraction} label={`Uploading ${upload.name}`} /> : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
