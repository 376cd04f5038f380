import { type PackageCreate, type ServicePackage, servicePackageSchema } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { packageQueryKeys } from '../../../lib/queries/package-query-keys';

export function createPackage(body: PackageCreate): Promise<ServicePackage> {
  return apiRequest('/api/service-packages', { method: 'POST', body, schema: servicePackageSchema });
}

export function createPackageMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['packages', 'create'],
    mutationFn: createPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageQueryKeys.all }),
  });
}

export function useCreatePackage() {
  const queryClient = useQueryClient();
  return useMutation(createPackageMutationOptions(queryClient));
}
