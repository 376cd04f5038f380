import { STATISTICS_CHART_HEIGHT_PX } from '@teamhire/shared';
import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../../components/ui/error-boundary';
import { useInViewOnce } from '../../../lib/use-in-view';
import type { CompletedProjectsChartProps } from './completed-projects-chart';

const CompletedProjectsChart = lazy(() =>
  import('./completed-projects-chart').then((module) => ({ default: module.CompletedProjectsChart })),
);

/** Starts fetching the chart code a little before the chart scrolls into view. */
const PRELOAD_MARGIN = '200px 0px';

function ChartPlaceholder({ text }: { text: string }) {
  return (
    <div
      style={{ height: STATISTICS_CHART_HEIGHT_PX }}
      className="flex w-full items-center justify-center rounded-xl bg-slate-50 text-sm text-slate-600"
    >
      {text}
    </div>
  );
}

export function LazyCompletedProjectsChart({ timeline }: CompletedProjectsChartProps) {
  const { ref, inView } = useInViewOnce<HTMLDivElement>({ rootMargin: PRELOAD_MARGIN });

  return (
    <div ref={ref}>
      {inView ? (
        <ErrorBoundary fallback={<ChartPlaceholder text="The chart could not be loaded." />}>
          <Suspense fallback={<ChartPlaceholder text="Loading chart..." />}>
            <CompletedProjectsChart timeline={timeline} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <ChartPlaceholder text="Loading chart..." />
      )}
    </div>
  );
}
