import type { Offer } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offerQueryKeys } from '../../../lib/queries/get-offer';

/** A change of an offer's state whose answer is the offer: its card shows the answer at once. */
export function useOfferMutation(mutationFn: () => Promise<Offer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (offer) => queryClient.setQueryData(offerQueryKeys.detail(offer.id), offer),
  });
}
