import { formatMonthLabel } from '../../lib/format';

/** An ISO date ('2021-05-14') as its month: 'May 2021'. */
export function formatItemMonth(date: string): string {
  return formatMonthLabel(date.slice(0, 7));
}

/** 'May 2021 – Present', 'May 2021 – Jun 2023', or the start alone when the end is not known. */
export function formatPeriod({
  start_date,
  end_date,
  current,
}: {
  start_date: string;
  end_date: string | null;
  current: boolean;
}): string {
  const start = formatItemMonth(start_date);
  if (current) return `${start} – Present`;
  return end_date ? `${start} – ${formatItemMonth(end_date)}` : start;
}
