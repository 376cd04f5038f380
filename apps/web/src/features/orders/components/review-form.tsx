import { zodResolver } from '@hookform/resolvers/zod';
import {
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MAX,
  reviewCreateSchema,
  type ReviewCreate,
} from '@teamhire/shared';
import { Star } from 'lucide-react';
import { useController } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { SubmitButton } from '../../../components/ui/form-actions';
import { TextAreaField } from '../../../components/ui/form-field';
import { useToast } from '../../../components/ui/toast-context';
import { failureDetail, useServerForm } from '../../../lib/use-server-form';
import { useCreateReview } from '../api/create-review';

export const REVIEW_SAVED_MESSAGE = 'Thank you for your review!';
const REVIEW_FAILED_MESSAGE = 'Failed to submit review. Please try again.';

const RATINGS = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => index + 1);

/** The buyer rates a completed order once, 1-5 stars and an optional text. */
export function ReviewForm({ orderId }: { orderId: number }) {
  const createReview = useCreateReview(orderId);
  const { showToast } = useToast();
  const { register, control, errors, isSubmitting, failure, setFailure, submit } =
    useServerForm<ReviewCreate>({
      resolver: zodResolver(reviewCreateSchema),
      defaultValues: { comment: '' },
    });
  // Radio inputs ignore setValueAs, so the rating is held as the number the contract wants.
  const { field: ratingField } = useController({ control, name: 'rating' });
  const rating = ratingField.value;

  const onSubmit = submit(
    async (review) => {
      await createReview.mutateAsync({ ...review, comment: review.comment || null });
      showToast({ title: REVIEW_SAVED_MESSAGE, variant: 'success' });
    },
    (error) => setFailure(failureDetail(error, REVIEW_FAILED_MESSAGE)),
  );

  return (
    <form
      noValidate
      aria-label="Leave a review"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <fieldset aria-describedby={errors.rating ? 'review-rating-error' : undefined}>
        <legend id="review-rating-label" className="text-sm font-medium text-slate-800">
          Rating
        </legend>
        <div role="radiogroup" aria-labelledby="review-rating-label" className="mt-2 flex gap-1">
          {RATINGS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600"
            >
              <input
                type="radio"
                name={ratingField.name}
                value={value}
                checked={rating === value}
                onChange={() => ratingField.onChange(value)}
                onBlur={ratingField.onBlur}
                ref={value === 1 ? ratingField.ref : undefined}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={`size-7 ${rating !== undefined && value <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
              />
              <span className="sr-only">{`${value} ${value === 1 ? 'star' : 'stars'}`}</span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="review-rating-error" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.rating.message}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label="Comment"
        optional
        maxLength={REVIEW_COMMENT_MAX}
        className="min-h-24"
        error={errors.comment?.message}
        {...register('comment')}
      />
      <div className="flex justify-end">
        <SubmitButton pending={isSubmitting}>Submit Review</SubmitButton>
      </div>
    </form>
  );
}
