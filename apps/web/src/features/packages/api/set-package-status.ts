import { type ServicePackage, servicePackageSchema } from '@teamhire/shared';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { packageQueryKeys } from '../../../lib/queries/package-query-keys';

export type PackageStatusAction = 'publish' | 'unpublish';

export function setPackageStatus({
  id,
  action,
}: {
  id: number;
  action: PackageStatusAction;
}): Promise<ServicePackage> {
  return apiRequest(`/api/service-packages/${id}/${action}`, {
    method: 'POST',
    schema: servicePackageSchema,
  });
}

export function setPackageStatusMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['packages', 'status'],
    mutationFn: setPackageStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: packageQueryKeys.all }),
  });
}

export function useSetPackageStatus() {
  const queryClient = useQueryClient();
  return useMutation(setPackageStatusMutationOptions(queryClient));
}
