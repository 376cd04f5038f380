import { type PackageUpdate, type ServicePackage, servicePackageSchema } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { packageQueryKeys } from '../../../lib/queries/package-query-keys';

export function updatePackage({ id, ...body }: PackageUpdate & { id: number }): Promise<ServicePackage> {
  return apiRequest(`/api/service-packages/${id}`, { method: 'PUT', body, schema: servicePackageSchema });
}

export function updatePackageMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['packages', 'update'],
    mutationFn: updatePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageQueryKeys.all }),
  });
}

export function useUpdatePackage() {
  const queryClient = useQueryClient();
  return useMutation(updatePackageMutationOptions(queryClient));
}
