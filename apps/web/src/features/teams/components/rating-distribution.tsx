import type { TeamProfile } from '@teamhire/shared';
import { Star } from 'lucide-react';

/** How many reviews gave each number of stars, as bars; the numbers are written out for everyone. */
export function RatingDistribution({
  distribution,
  total,
}: {
  distribution: TeamProfile['rating_distribution'];
  total: number;
}) {
  return (
    <ul aria-label="Rating distribution" className="flex flex-col gap-1.5">
      {distribution.map(({ rating, count }) => {
        const share = total === 0 ? 0 : Math.round((count / total) * 100);
        return (
          <li key={rating} className="flex items-center gap-3 text-sm">
            <span className="flex w-14 shrink-0 items-center gap-1 text-slate-700">
              {rating}
              <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
              <span className="sr-only">{rating === 1 ? 'star' : 'stars'}:</span>
            </span>
            <span aria-hidden="true" className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-slate-200">
              <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
            </span>
            <span className="w-20 shrink-0 text-right text-slate-600">
              {count}
              <span className="sr-only">{count === 1 ? ' review' : ' reviews'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
