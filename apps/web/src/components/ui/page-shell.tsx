import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A signed-in page: back link, title, intro and the content in a readable column. */
export function PageShell({
  title,
  description,
  backTo = { to: '/dashboard', label: 'Back to Dashboard' },
  wide = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  backTo?: { to: string; label: string };
  /** A wider column, for a table of several columns that should not need to scroll on a laptop. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="bg-slate-50">
      <title>{`${title} · TeamHire`}</title>
      <div className={`mx-auto px-4 py-10 sm:px-6 lg:px-8 ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}>
        <Link
          to={backTo.to}
          className="-ml-1 inline-flex items-center gap-1 rounded px-1 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {backTo.label}
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-2 text-slate-600">{description}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}
