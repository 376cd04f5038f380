import { Star } from 'lucide-react';
import { REVIEW_RATING_MAX } from '../../lib/contract-values';

/** A read-only rating: the stars are decoration, the words are what a screen reader hears. */
export function StarRating({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  const rounded = Math.round(rating);
  return (
    <span
      className="inline-flex items-center gap-0.5"
      role="img"
      aria-label={`${rating} out of ${REVIEW_RATING_MAX} stars`}
    >
      {Array.from({ length: REVIEW_RATING_MAX }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={`${size} ${index < rounded ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}
