import type { DashboardStatistics } from '@teamhire/shared';
import { CircleCheck, FolderKanban, Layers, Rocket, Wrench, type LucideIcon } from 'lucide-react';
import { formatMonthLabel, formatNumber } from '../../../lib/format';
import { statisticsErrorMessage, useDashboardStatistics } from '../api/get-dashboard-statistics';
import { LazyCompletedProjectsChart } from './lazy-completed-projects-chart';
import { StatisticTile } from './statistic-tile';

export const STATISTICS_TEXTS = {
  loading: 'Loading statistics...',
  chartTitle: 'Completed Projects Over Time',
} as const;

const TILES: ReadonlyArray<{
  key: Exclude<keyof DashboardStatistics, 'completed_projects_timeline'>;
  label: string;
  icon: LucideIcon;
}> = [
  { key: 'total_services', label: 'Total Services', icon: Layers },
  { key: 'total_project_types', label: 'Project Types', icon: FolderKanban },
  { key: 'total_technologies', label: 'Technologies', icon: Wrench },
  { key: 'total_running_projects', label: 'Total Running Projects', icon: Rocket },
  { key: 'completed_projects', label: 'Completed Projects', icon: CircleCheck },
];

function CompletedProjectsFigure({
  timeline,
}: {
  timeline: DashboardStatistics['completed_projects_timeline'];
}) {
  return (
    <figure
      aria-labelledby="completed-projects-title"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id="completed-projects-title" className="text-lg font-semibold text-slate-900">
        {STATISTICS_TEXTS.chartTitle}
      </h3>
      {timeline.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No completed projects yet.</p>
      ) : (
        <>
          <div className="mt-6">
            <LazyCompletedProjectsChart timeline={timeline} />
          </div>
          <table className="sr-only">
            <caption>{STATISTICS_TEXTS.chartTitle}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Completed projects</th>
              </tr>
            </thead>
            <tbody>
              {timeline.map((point) => (
                <tr key={point.label}>
                  <th scope="row">{formatMonthLabel(point.label)}</th>
                  <td>{formatNumber(point.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}

export function PlatformStatisticsSection() {
  const statistics = useDashboardStatistics();

  return (
    <section id="team" aria-labelledby="statistics-heading" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Platform</p>
          <h2
            id="statistics-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
          >
            Platform Statistics
          </h2>
          <p className="mt-4 text-lg text-slate-600">Live numbers from the teams and projects on TeamHire.</p>
        </div>

        <div className="mt-12">
          {statistics.isPending ? (
            <p role="status" className="text-center text-slate-600">
              {STATISTICS_TEXTS.loading}
            </p>
          ) : statistics.isError ? (
            <p role="alert" className="text-center font-medium text-red-700">
              {`Error loading statistics: ${statisticsErrorMessage(statistics.error)}`}
            </p>
          ) : (
            <>
              <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
                {TILES.map((tile) => (
                  <StatisticTile
                    key={tile.key}
                    label={tile.label}
                    value={statistics.data[tile.key]}
                    icon={tile.icon}
                  />
                ))}
              </div>
              <CompletedProjectsFigure timeline={statistics.data.completed_projects_timeline} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
