import { packageImagesResponseSchema, type PackageImages } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { packageQueryKeys } from '../../../lib/queries/package-query-keys';

export function removePackageImage(input: { packageId: number; imageId: string }): Promise<PackageImages> {
  return apiRequest(`/api/service-packages/${input.packageId}/images/${input.imageId}`, {
    method: 'DELETE',
    schema: packageImagesResponseSchema,
  });
}

export function useRemovePackageImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['packages', 'remove-image'],
    mutationFn: removePackageImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageQueryKeys.all }),
  });
}
