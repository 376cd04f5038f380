import type { Review } from '@teamhire/shared';
import type { reviews } from '../../db/schema/index';

export function toReviewResponse(
  review: typeof reviews.$inferSelect,
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
