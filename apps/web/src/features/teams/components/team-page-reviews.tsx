import { TEAM_PROFILE_TEXTS as T } from '@teamhire/shared/teams-texts';
import type { Review, TeamProfile } from '@teamhire/shared';
import { LoaderCircle, MessageSquareQuote } from 'lucide-react';
import { useId, useState } from 'react';
import { ReviewCard } from '../../../components/reviews/review-card';
import { StarRating } from '../../../components/reviews/star-rating';
import { Button } from '../../../components/ui/button';
import { ErrorWithRetry } from '../../../components/ui/error-with-retry';
import { useTeamReviews } from '../../../lib/queries/get-reviews';
import { RatingDistribution } from './rating-distribution';

function ReviewList({ reviews }: { reviews: Review[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} showPackage />
        </li>
      ))}
    </ul>
  );
}

/** The reviews after the newest few, asked for only when the visitor wants them. */
function MoreReviews({ teamId }: { teamId: number }) {
  const reviews = useTeamReviews(teamId);
  if (reviews.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        Loading reviews...
      </p>
    );
  }
  if (reviews.isError) {
    return (
      <ErrorWithRetry
        message="Failed to load reviews. Please try again."
        onRetry={() => void reviews.refetch()}
      />
    );
  }
  return <ReviewList reviews={reviews.data.items} />;
}

/** The average, how the stars fall, and what buyers wrote, newest first. */
export function TeamPageReviews({ team }: { team: TeamProfile }) {
  const titleId = useId();
  const [showAll, setShowAll] = useState(false);
  const { average_rating: average, review_count: total } = team.figures;
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Reviews
      </h2>
      {total === 0 || average === null ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <MessageSquareQuote aria-hidden="true" className="size-4" />
          {T.noReviews}
        </p>
      ) : (
        <>
          <div className="mt-4 grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
            <div className="flex flex-col items-start gap-1">
              <p className="text-4xl font-bold text-slate-900">{average.toFixed(1)}</p>
              <StarRating rating={average} size="size-5" />
              <p className="text-sm text-slate-600">{`${total} ${total === 1 ? 'review' : 'reviews'}`}</p>
            </div>
            <RatingDistribution distribution={team.rating_distribution} total={total} />
          </div>
          <div className="mt-6">
            {showAll ? <MoreReviews teamId={team.id} /> : <ReviewList reviews={team.reviews} />}
          </div>
          {!showAll && total > team.reviews.length ? (
            <Button variant="secondary" className="mt-4" onClick={() => setShowAll(true)}>
              Show more reviews
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
