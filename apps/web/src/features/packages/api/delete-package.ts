import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequestWithoutContent } from '../../../lib/api-client';
import { packageQueryKeys } from '../../../lib/queries/package-query-keys';

export function deletePackage(packageId: number): Promise<void> {
  return apiRequestWithoutContent(`/api/service-packages/${packageId}`, { method: 'DELETE' });
}

export function deletePackageMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['packages', 'delete'],
    mutationFn: deletePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageQueryKeys.all }),
  });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation(deletePackageMutationOptions(queryClient));
}
