import type { DashboardStatistics } from '@teamhire/shared';
import { CircleCheck, FolderKanban, Layers, Rocket, Wrench, type LucideIcon } from 'lucide-react';
import { formatMonthLabel, formatNumber } from '../../../lib/format';
import { LazyCompletedProjectsChart } from './lazy-completed-projects-chart';
import { StatisticTile } from './statistic-tile';
import { STATISTICS_TEXTS } from './statistics-texts';

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

/** The five tiles and the completed projects figure, once the statistics are here. */
export function StatisticsContent({ statistics }: { statistics: DashboardStatistics }) {
  return (
    <>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {TILES.map((tile) => (
          <StatisticTile key={tile.key} label={tile.label} value={statistics[tile.key]} icon={tile.icon} />
        ))}
      </div>
      <CompletedProjectsFigure timeline={statistics.completed_projects_timeline} />
    </>
  );
}
