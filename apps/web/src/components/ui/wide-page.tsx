import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const DASHBOARD_BACK = { to: '/dashboard', label: 'Back to Dashboard' };

/** Like the page shell, but as wide as a grid of cards, or a list beside a detail panel, needs. */
export function WidePage({
  title,
  description,
  back = DASHBOARD_BACK,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-slate-50">
      <title>{`${title} · TeamHire`}</title>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <Link
          to={back.to}
          className="-ml-1 inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
            {description ? <p className="mt-2 max-w-3xl text-slate-600">{description}</p> : null}
          </div>
          {actions}
        </div>
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
