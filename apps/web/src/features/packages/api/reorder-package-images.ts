import { packageImagesResponseSchema, type PackageImages } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { packageQueryKeys } from '../../../lib/queries/package-query-keys';

export function reorderPackageImages(input: {
  packageId: number;
  imageIds: string[];
}): Promise<PackageImages> {
  return apiRequest(`/api/service-packages/${input.packageId}/images/order`, {
    method: 'PUT',
    body: { image_ids: input.imageIds },
    schema: packageImagesResponseSchema,
  });
}

export function useReorderPackageImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['packages', 'reorder-images'],
    mutationFn: reorderPackageImages,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageQueryKeys.all }),
  });
}
