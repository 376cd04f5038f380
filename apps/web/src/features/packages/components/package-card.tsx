import type { ServicePackage } from '@teamhire/shared';
import { Clock, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { cardTags, deliveryText, descriptionExcerpt } from '../package-display';

/** A published package in a result grid; the whole title links to its detail page. */
export function PackageCard({ item }: { item: ServicePackage }) {
  const { visible, more } = cardTags(item.tags);
  const headingId = `package-${item.id}-title`;
  return (
    <li className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-indigo-600 hover:shadow-md motion-reduce:transition-none">
      <article aria-labelledby={headingId} className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {/* The link covers the card so the whole card opens the package. */}
            <Link
              to={`/service-package/${item.id}`}
              className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
            >
              {item.title}
            </Link>
          </h3>
          <p className="shrink-0 text-lg font-bold text-indigo-700">{formatMoney(item.price)}</p>
        </div>
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <Users aria-hidden="true" className="size-4" />
          {/* Above the title's card-wide link, so that the team's name opens the team's page. */}
          <Link
            to={`/teams/${item.team.id}`}
            className="relative z-10 font-medium text-slate-700 underline-offset-2 hover:text-indigo-700 hover:underline"
          >
            {item.team.name}
          </Link>
        </p>
        <p className="text-sm text-slate-700">{descriptionExcerpt(item.description)}</p>
        {visible.length > 0 ? (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {visible.map((tag) => (
              <li
                key={tag}
                className="rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-900"
              >
                {tag}
              </li>
            ))}
            {more ? (
              <li className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {more}
              </li>
            ) : null}
          </ul>
        ) : null}
        <p className="mt-auto flex items-center gap-1.5 text-sm text-slate-600">
          <Clock aria-hidden="true" className="size-4" />
          {deliveryText(item.duration_days)}
        </p>
      </article>
    </li>
  );
}
