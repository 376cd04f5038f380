import { type PackageList, packageListResponseSchema } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';

export function getPublishedPackages(
  window: { skip: number; limit: number },
  signal?: AbortSignal,
): Promise<PackageList> {
  return apiRequest('/api/service-packages', { query: window, signal, schema: packageListResponseSchema });
}
