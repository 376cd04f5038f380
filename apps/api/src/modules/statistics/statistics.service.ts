import { STATISTICS_TIMELINE_MONTHS, type DashboardStatistics } from '@teamhire/shared';
import type { Database } from '../../db/database';
import { readDashboardStatistics } from './statistics.repository';

export async function dashboardStatistics(db: Database): Promise<DashboardStatistics> {
  return readDashboardStatistics(db, STATISTICS_TIMELINE_MONTHS);
}
