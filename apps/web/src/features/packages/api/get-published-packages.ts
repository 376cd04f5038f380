import type { PackageList } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';

export function getPublishedPackages(
  window: { skip: number; limit: number },
  signal?: AbortSignal,
): Promise<PackageList> {
  return apiRequest('/api/service-packages', {
    query: window,
    signal,
    // A loader, not the schema: the browse page renders before zod has arrived.
    schema: () => import('@teamhire/shared/packages').then((contract) => contract.packageListResponseSchema),
  });
}
