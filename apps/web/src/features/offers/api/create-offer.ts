import { offerSchema, type Offer, type OfferCreate } from '@teamhire/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { offerQueryKeys } from '../../../lib/queries/get-offer';

/** The team sends an offer in the conversation; its card reaches both sides over the socket. */
export function createOffer(roomId: number, offer: OfferCreate): Promise<Offer> {
  return apiRequest(`/api/chat-rooms/${roomId}/offers`, { method: 'POST', body: offer, schema: offerSchema });
}

export function useCreateOffer(roomId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: OfferCreate) => createOffer(roomId, offer),
    onSuccess: (offer) => queryClient.setQueryData(offerQueryKeys.detail(offer.id), offer),
  });
}
