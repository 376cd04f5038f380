import type { Review } from '@teamhire/shared';

/** A review's row as the tables hold it: the order answer carries its review, and the reviews module answers it. */
export interface ReviewFields {
  id: number;
  orderId: number;
  servicePackageId: number;
  teamId: number;
  buyerId: number;
  rating: number;
  comment: string | null;
  createdAt: Date;
}

export function toReviewResponse(
  review: ReviewFields,
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
