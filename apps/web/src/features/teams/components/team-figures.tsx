import type { TeamFigures as Figures } from '@teamhire/shared';
import { BadgeCheck, CalendarDays, Clock, MessageCircle, Star } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { formatMonthLabel, formatNumber } from '../../../lib/format';
import { percentText, responseTimeText } from '../team-page-display';

interface Figure {
  label: string;
  value: string;
  note: string;
  icon: LucideIcon;
}

function figuresOf(figures: Figures): Figure[] {
  const onTime = percentText(figures.on_time_delivery_rate);
  const response = responseTimeText(figures.median_response_seconds);
  return [
    {
      label: 'Completed projects',
      value: formatNumber(figures.completed_projects),
      note: 'Orders completed',
      icon: BadgeCheck,
    },
    {
      label: 'Average rating',
      value: figures.average_rating === null ? '–' : figures.average_rating.toFixed(1),
      note:
        figures.review_count === 0
          ? 'No reviews yet'
          : `${formatNumber(figures.review_count)} ${figures.review_count === 1 ? 'review' : 'reviews'}`,
      icon: Star,
    },
    {
      label: 'On-time delivery',
      value: onTime ?? '–',
      note:
        onTime === null
          ? 'No deliveries yet'
          : `Of ${formatNumber(figures.delivered_orders)} delivered ${figures.delivered_orders === 1 ? 'order' : 'orders'}`,
      icon: Clock,
    },
    {
      label: 'Response time',
      value: response ?? '–',
      note: response === null ? 'No conversations yet' : 'Median first answer in chat',
      icon: MessageCircle,
    },
    {
      label: 'Member since',
      value: formatMonthLabel(figures.member_since.slice(0, 7)),
      note: 'On TeamHire',
      icon: CalendarDays,
    },
  ];
}

/** What the team's record says, each figure computed by the server from what happened. */
export function TeamFigures({ figures }: { figures: Figures }) {
  return (
    <section aria-label="Team figures">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figuresOf(figures).map(({ label, value, note, icon: Icon }) => (
          <div
            key={label}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm last:col-span-2 sm:last:col-span-1"
          >
            <dt className="flex items-center gap-1.5 text-sm font-medium text-slate-600">
              <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
            <dd className="text-xs text-slate-600">{note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
