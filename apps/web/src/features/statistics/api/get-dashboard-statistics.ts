import { STALE_TIME, type DashboardStatistics } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { NetworkError } from '../../../lib/api-client';

export const STATISTICS_ERROR_FALLBACK = 'An error occurred';

/**
 * Part 1 §7-8 describe this call precisely: the body is read as text and parsed as JSON, and a
 * non-success status becomes 'Failed to fetch statistics: {status}', so it does not go through apiRequest.
 */
export async function getDashboardStatistics(signal?: AbortSignal): Promise<DashboardStatistics> {
  let response: Response;
  try {
    response = await fetch('/api/statistics/dashboard', { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (!response.ok) throw new Error(`Failed to fetch statistics: ${response.status}`);

  const data = JSON.parse(await response.text()) as unknown;
  if (!isDashboardStatistics(data)) throw new Error('Invalid statistics response');
  return data;
}

const COUNT_FIELDS = [
  'total_services',
  'total_project_types',
  'total_technologies',
  'total_running_projects',
  'completed_projects',
] as const;

/** A hand-written guard rather than the zod schema: the landing page must not pay for zod up front. */
function isDashboardStatistics(value: unknown): value is DashboardStatistics {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const timeline = record.completed_projects_timeline;
  return (
    COUNT_FIELDS.every((field) => typeof record[field] === 'number') &&
    Array.isArray(timeline) &&
    timeline.every(
      (point: unknown) =>
        typeof point === 'object' &&
        point !== null &&
        typeof (point as Record<string, unknown>).label === 'string' &&
        typeof (point as Record<string, unknown>).count === 'number',
    )
  );
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
