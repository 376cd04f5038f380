import { z } from 'zod';

export const statisticsTimelinePointSchema = z.object({ label: z.string(), count: z.number().int() });

/**
 * Landing-page figures, all counted from the database (active catalogue rows, real orders), never typed in.
 */
export const dashboardStatisticsSchema = z.object({
  total_services: z.number().int(),
  total_project_types: z.number().int(),
  total_technologies: z.number().int(),
  total_running_projects: z.number().int(),
  completed_projects: z.number().int(),
  completed_projects_timeline: z.array(statisticsTimelinePointSchema),
});
export type DashboardStatistics = z.infer<typeof dashboardStatisticsSchema>;
