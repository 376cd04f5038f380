import { offerSchema, type Offer } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';
import { useOfferMutation } from './offer-mutation';

/** The buyer of the conversation turns the offer down. */
export function declineOffer(offerId: number): Promise<Offer> {
  return apiRequest(`/api/offers/${offerId}/decline`, { method: 'POST', schema: offerSchema });
}

export function useDeclineOffer(offerId: number) {
  return useOfferMutation(() => declineOffer(offerId));
}
