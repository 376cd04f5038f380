import { STATISTICS_CHART_HEIGHT_PX, type DashboardStatistics } from '@teamhire/shared';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMonthLabel, formatNumber } from '../../../lib/format';

const LINE_COLOR = '#059669';

export interface CompletedProjectsChartProps {
  timeline: DashboardStatistics['completed_projects_timeline'];
}

/** Loaded on demand (see lazy-completed-projects-chart.tsx) so recharts stays out of the landing bundle. */
export function CompletedProjectsChart({ timeline }: CompletedProjectsChartProps) {
  const data = timeline.map((point) => ({ month: formatMonthLabel(point.label), count: point.count }));

  return (
    <div style={{ height: STATISTICS_CHART_HEIGHT_PX }} className="w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height={STATISTICS_CHART_HEIGHT_PX}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="month" tick={{ fill: '#475569', fontSize: 12 }} tickLine={false} />
          <YAxis
            allowDecimals={false}
            tick={{ fill: '#475569', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            tickFormatter={(value: number) => formatNumber(value)}
            width={40}
          />
          <Tooltip formatter={(value) => [formatNumber(Number(value)), 'Completed projects']} />
          <Line
            type="monotone"
            dataKey="count"
            name="Completed projects"
            stroke={LINE_COLOR}
            strokeWidth={2.5}
            dot={{ r: 4, fill: LINE_COLOR, strokeWidth: 0 }}
            activeDot={{ r: 6 }}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
