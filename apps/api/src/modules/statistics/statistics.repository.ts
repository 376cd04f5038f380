import { sql } from 'drizzle-orm';
import type { DashboardStatistics } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';

/** The landing page's figures in one round trip; months are calendar months in UTC, the current one included. */
export async function readDashboardStatistics(
  db: DatabaseOrTransaction,
  months: number,
): Promise<DashboardStatistics> {
  const result = await db.execute<DashboardStatistics>(sql`
    with bounds as (
      select date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${months - 1}) as first_month,
             date_trunc('month', now() at time zone 'UTC') as last_month
    ),
    completed_per_month as (
      select date_trunc('month', completed_at at time zone 'UTC') as month, count(*)::int as completed
      from orders, bounds
      where status = 'completed' and completed_at >= bounds.first_month at time zone 'UTC'
      group by 1
    )
    select
      (select count(*)::int from service_categories where is_active) as total_services,
      (select count(*)::int from project_types where is_active) as total_project_types,
      (select count(*)::int from technologies where is_active) as total_technologies,
      (select count(*)::int from orders where status in ('confirmed', 'in_progress')) as total_running_projects,
      (select count(*)::int from orders where status = 'completed') as completed_projects,
      (
        select json_agg(json_build_object('label', to_char(series.month, 'YYYY-MM'), 'count', coalesce(completed_per_month.completed, 0)) order by series.month)
        from bounds,
             generate_series(bounds.first_month, bounds.last_month, interval '1 month') as series(month)
             left join completed_per_month on completed_per_month.month = series.month
      ) as completed_projects_timeline
  `);
  const row = result.rows[0];
  if (!row) throw new Error('statistics query returned no row');
  return row;
}
