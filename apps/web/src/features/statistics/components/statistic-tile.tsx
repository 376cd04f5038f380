import { FADE_IN_VISIBLE_RATIO } from '@teamhire/shared';
import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { formatNumber } from '../../../lib/format';
import { useInViewOnce } from '../../../lib/use-in-view';

export interface StatisticTileProps {
  label: string;
  value: number;
  icon: LucideIcon;
}

export function StatisticTile({ label, value, icon: Icon }: StatisticTileProps) {
  const { ref, inView } = useInViewOnce<HTMLDivElement>({ threshold: FADE_IN_VISIBLE_RATIO });
  const labelId = useId();

  return (
    <div
      ref={ref}
      role="group"
      aria-labelledby={labelId}
      data-visible={inView}
      className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition duration-700 ease-out motion-reduce:transition-none ${
        inView ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0'
      }`}
    >
      <p id={labelId} className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon aria-hidden="true" className="size-4 text-indigo-600" />
        {label}
      </p>
      <p className="mt-3 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
        {formatNumber(value)}
      </p>
    </div>
  );
}
