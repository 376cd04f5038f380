import { reviewSchema, type Review, type ReviewCreate } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderQueryKeys } from '../../../lib/queries/order-query-keys';

export function createReview(orderId: number, review: ReviewCreate): Promise<Review> {
  return apiRequest(`/api/orders/${orderId}/review`, { method: 'POST', body: review, schema: reviewSchema });
}

export function useCreateReview(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewCreate) => createReview(orderId, review),
    // The order now carries its review, and the package's and team's review lists grew.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
  });
}
