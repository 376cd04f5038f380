import type { ReviewList } from '@teamhire/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoaderCircle, MessageSquareQuote } from 'lucide-react';
import { useId } from 'react';
import { ErrorWithRetry } from '../ui/error-with-retry';
import { ReviewCard } from './review-card';
import { StarRating } from './star-rating';

const LOAD_FAILED = 'Failed to load reviews. Please try again.';

/** The reviews of a package or a team: the average over all of them and the newest first. */
export function ReviewsSection({
  reviews,
  showPackage,
}: {
  reviews: UseQueryResult<ReviewList>;
  showPackage: boolean;
}) {
  const titleId = useId();
  const data = reviews.data;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Reviews
        </h2>
        {data && data.average_rating !== null ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <StarRating rating={data.average_rating} />
            <span>{`${data.average_rating.toFixed(1)} (${data.total} ${data.total === 1 ? 'review' : 'reviews'})`}</span>
          </p>
        ) : null}
      </div>
      {reviews.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          Loading reviews...
        </p>
      ) : reviews.isError ? (
        <ErrorWithRetry message={LOAD_FAILED} onRetry={() => void reviews.refetch()} />
      ) : data && data.items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {data.items.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} showPackage={showPackage} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <MessageSquareQuote aria-hidden="true" className="size-4" />
          No reviews yet
        </p>
      )}
    </section>
  );
}
