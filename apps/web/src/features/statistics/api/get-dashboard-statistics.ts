import { STALE_TIME, type DashboardStatistics } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NetworkError } from '../../../lib/api-client';

export const STATISTICS_ERROR_FALLBACK = 'An error occurred';

/**
 * The specification describes this call precisely: the body is read as text and parsed as JSON, and a
 * non-success status becomes 'Failed to fetch statistics: {status}', so it does not go through
 * apiRequest. The landing page shows it, so the schema (and zod) load beside the request.
 */
export async function getDashboardStatistics(signal?: AbortSignal): Promise<DashboardStatistics> {
  const schema = import('@teamhire/shared/statistics').then((contract) => contract.dashboardStatisticsSchema);
  // A failed request ends before the schema is awaited: its failure must not go unhandled then.
  schema.catch(() => undefined);
  let response: Response;
  try {
    response = await fetch('/api/statistics/dashboard', { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (!response.ok) throw new Error(`Failed to fetch statistics: ${response.status}`);

  const data = JSON.parse(await response.text()) as unknown;
  let loaded: Awaited<typeof schema>;
  try {
    loaded = await schema;
  } catch {
    throw new NetworkError();
  }
  if (!loaded.safeParse(data).success) throw new Error('Invalid statistics response');
  return loaded.parse(data);
}

export function dashboardStatisticsQueryOptions() {
  return queryOptions({
    queryKey: ['statistics', 'dashboard'],
    queryFn: ({ signal }) => getDashboardStatistics(signal),
    staleTime: STALE_TIME.statistics,
    retry: false,
  });
}

export function useDashboardStatistics() {
  return useQuery(dashboardStatisticsQueryOptions());
}

export function statisticsErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : STATISTICS_ERROR_FALLBACK;
}
