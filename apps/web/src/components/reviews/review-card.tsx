import type { Review } from '@teamhire/shared';
import { formatDate } from '../../lib/format';
import { StarRating } from './star-rating';

export function ReviewCard({ review, showPackage = false }: { review: Review; showPackage?: boolean }) {
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating rating={review.rating} />
        <time dateTime={review.created_at} className="text-xs text-slate-500">
          {formatDate(review.created_at)}
        </time>
      </div>
      {review.comment ? <p className="mt-2 whitespace-pre-line text-slate-800">{review.comment}</p> : null}
      <p className="mt-2 text-xs text-slate-600">
        {`by ${review.buyer.username}`}
        {showPackage ? ` · ${review.service_package_title}` : null}
      </p>
    </article>
  );
}
