import { packageImagesResponseSchema, type PackageImages } from '@teamhire/shared';
import { uploadWithProgress, type UploadHandle } from '../../../lib/file-transfer';

/** Adds an image at the end of the package's gallery, reporting progress; answers the gallery. */
export function addPackageImage(
  packageId: number,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle<PackageImages> {
  return uploadWithProgress(
    `/api/service-packages/${packageId}/images`,
    file,
    packageImagesResponseSchema,
    onProgress,
  );
}
