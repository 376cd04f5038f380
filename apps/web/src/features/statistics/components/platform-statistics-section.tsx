import { lazy, Suspense, useDeferredValue } from 'react';
import { statisticsErrorMessage, useDashboardStatistics } from '../api/get-dashboard-statistics';
import { STATISTICS_TEXTS } from './statistics-texts';

/** The tiles, the chart and their formatting load with the data: the section sits below the fold. */
const StatisticsContent = lazy(() =>
  import('./statistics-content').then((module) => ({ default: module.StatisticsContent })),
);

function StatisticsLoading() {
  return (
    <p role="status" className="text-center text-slate-600">
      {STATISTICS_TEXTS.loading}
    </p>
  );
}

export function PlatformStatisticsSection() {
  // Drawn in a deferred render, cut into short tasks, rather than all at once when the data arrives.
  const statistics = useDeferredValue(useDashboardStatistics());

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
            <StatisticsLoading />
          ) : statistics.isError ? (
            <p role="alert" className="text-center font-medium text-red-700">
              {`Error loading statistics: ${statisticsErrorMessage(statistics.error)}`}
            </p>
          ) : (
            <Suspense fallback={<StatisticsLoading />}>
              <StatisticsContent statistics={statistics.data} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
