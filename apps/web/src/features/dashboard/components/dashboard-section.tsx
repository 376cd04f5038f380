import { DASHBOARD_TEXTS, type DashboardList } from '@teamhire/shared';
import { ArrowRight, CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';

export interface NextStep {
  to: string;
  label: string;
}

/**
 * One list of the dashboard: its title and count, the first items (each leading to where it is
 * handled), and when it is empty a line and the next step to take.
 */
export function DashboardSection({
  title,
  list,
  empty,
  nextStep,
  viewAll,
}: {
  title: string;
  list: DashboardList;
  empty: string;
  nextStep?: NextStep;
  viewAll?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h2>
        <span
          className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700"
          aria-label={`${list.count} in all`}
        >
          {list.count}
        </span>
      </div>
      {list.items.length === 0 ? (
        <div className="mt-3 text-sm text-slate-600">
          <p>{empty}</p>
          {nextStep ? (
            <Link
              to={nextStep.to}
              className="mt-2 inline-flex items-center gap-1 font-semibold text-indigo-700 hover:text-indigo-900"
            >
              {nextStep.label}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-slate-100">
          {list.items.map((item) => (
            <li key={item.key}>
              <Link
                to={item.link}
                className="-mx-2 flex items-start justify-between gap-3 rounded-lg px-2 py-2.5 hover:bg-indigo-50"
              >
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium text-slate-900">{item.title}</span>
                  {item.detail ? (
                    <span className="truncate text-sm text-slate-600">{item.detail}</span>
                  ) : null}
                  {item.due_at ? (
                    <span className="mt-0.5 flex items-center gap-1 text-xs text-slate-600">
                      <CalendarClock aria-hidden="true" className="size-3.5" />
                      {`${DASHBOARD_TEXTS.due} `}
                      <time dateTime={item.due_at}>{formatDate(item.due_at)}</time>
                    </span>
                  ) : null}
                </span>
                {item.status ? (
                  <span className="shrink-0 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800">
                    {item.status}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {viewAll && list.count > list.items.length ? (
        <Link
          to={viewAll}
          className="mt-3 inline-flex items-center gap-1 self-start text-sm font-semibold text-indigo-700 hover:text-indigo-900"
        >
          {`${DASHBOARD_TEXTS.viewAll} (${list.count})`}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </section>
  );
}
