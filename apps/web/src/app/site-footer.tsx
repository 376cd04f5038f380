import { SERVICE_PAGES } from '@teamhire/shared';
import { Link } from 'react-router';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="text-lg font-bold text-white">TeamHire</p>
          <p className="mt-2 text-sm">Delivering Vision. Instantly.</p>
        </div>
        <nav aria-label="Services" className="md:col-span-2">
          <h2 className="text-sm font-semibold text-white">Find a team for</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
            {SERVICE_PAGES.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className="rounded hover:text-white hover:underline">
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        {/* The year of a page pre-rendered at build time may be last year's until the app takes over. */}
        <p suppressHydrationWarning className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6 lg:px-8">
          © {new Date().getFullYear()} TeamHire. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
