import type { ServicePackage } from '@teamhire/shared';
import { Clock, ImageIcon, Users } from 'lucide-react';
import { Link } from 'react-router';
import { StarRating } from '../../../components/reviews/star-rating';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { formatMoney } from '../../../lib/format';
import { cardTags, deliveryText, descriptionExcerpt } from '../package-display';

/** A published package in a result grid; the whole title links to its detail page. */
export function PackageCard({ item }: { item: ServicePackage }) {
  const { visible, more } = cardTags(item.tags);
  const headingId = `package-${item.id}-title`;
  return (
    <li className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-indigo-600 hover:shadow-md motion-reduce:transition-none">
      <article aria-labelledby={headingId} className="flex h-full flex-col gap-3">
        {item.cover_image ? (
          <ResponsiveImage
            image={item.cover_image}
            alt={`Preview of ${item.title}`}
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 90vw"
            className="-mx-5 -mt-5 aspect-[2/1] sm:aspect-[3/2] w-[calc(100%+2.5rem)] max-w-none rounded-t-2xl bg-slate-100 object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="-mx-5 -mt-5 flex aspect-[2/1] sm:aspect-[3/2] items-center justify-center rounded-t-2xl bg-gradient-to-br from-indigo-100 to-slate-100 text-indigo-300"
          >
            <ImageIcon className="size-10" />
          </div>
        )}
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
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          {item.average_rating !== null && item.review_count > 0 ? (
            <>
              <StarRating rating={item.average_rating} />
              <span>
                {item.average_rating.toFixed(1)} ({item.review_count}{' '}
                {item.review_count === 1 ? 'review' : 'reviews'})
              </span>
            </>
          ) : (
            <span className="text-slate-600">No reviews yet</span>
          )}
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
