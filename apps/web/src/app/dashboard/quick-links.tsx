import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { WorkspaceLink } from '../navigation/navigation-links';

/** The header's permission-driven links, here because the dashboard has no navigation bar. */
export function QuickLinks({ links }: { links: readonly WorkspaceLink[] }) {
  if (links.length === 0) return null;
  return (
    <nav
      aria-labelledby="quick-links-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="quick-links-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        Go to
      </h2>
      <ul className="mt-4 flex flex-col gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex items-center justify-between rounded-lg px-3 py-2 font-medium text-slate-800 hover:bg-indigo-50 hover:text-indigo-900"
            >
              {link.label}
              <ArrowRight
                aria-hidden="true"
                className="size-4 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-indigo-700 motion-reduce:transition-none"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
