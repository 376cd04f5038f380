import { formatNumber } from '../../../lib/format';

export interface ItemStatisticsValues {
  total_completed_projects: number;
  avg_reviews: number;
  total_reviews: number;
}

/** The three figures experience and skills carry, as the person states them. */
export function ItemStatistics({ item }: { item: ItemStatisticsValues }) {
  const figures = [
    { label: 'Completed projects', value: formatNumber(item.total_completed_projects) },
    { label: 'Average rating', value: `${item.avg_reviews.toFixed(1)} / 5` },
    { label: 'Reviews', value: formatNumber(item.total_reviews) },
  ];
  return (
    <dl className="mt-4 grid grid-cols-3 gap-3 rounded-xl bg-slate-50 px-4 py-3">
      {figures.map((figure) => (
        <div key={figure.label}>
          <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
          <dd className="mt-0.5 text-sm font-semibold text-slate-900">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
