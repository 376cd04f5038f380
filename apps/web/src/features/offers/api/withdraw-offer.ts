import { offerSchema, type Offer } from '@teamhire/shared';
import { apiRequest } from '../../../lib/api-client';
import { useOfferMutation } from './offer-mutation';

/** The team takes the offer back while it is pending. */
export function withdrawOffer(offerId: number): Promise<Offer> {
  return apiRequest(`/api/offers/${offerId}/withdraw`, { method: 'POST', schema: offerSchema });
}

export function useWithdrawOffer(offerId: number) {
  return useOfferMutation(() => withdrawOffer(offerId));
}
