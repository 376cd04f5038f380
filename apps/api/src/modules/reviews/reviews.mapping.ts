import type { Review } from '@teamhire/shared';
import type { ReviewRow } from './reviews.repository';

export function toReviewResponse(
  review: ReviewRow,
  names: { buyerUsername: string; packageTitle: string },
): Review {
  return {
    id: review.id,
    order_id: review.orderId,
    service_package_id: review.servicePackageId,
    team_id: review.teamId,
    rating: review.rating,
    comment: review.comment,
    created_at: review.createdAt.toISOString(),
    buyer: { id: review.buyerId, username: names.buyerUsername },
    service_package_title: names.packageTitle,
  };
}
