import type { PackageList } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';

export function getPublishedPackages(
  window: { skip: number; limit: number },
  signal?: AbortSignal,
): Promise<PackageList> {
  return apiRequest<PackageList>('/api/service-packages', { query: window, signal });
}
