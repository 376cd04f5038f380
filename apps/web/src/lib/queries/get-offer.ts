import { offerSchema, type Offer } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { guestHeaders } from '../guest-session';

/** Every offer query starts with 'offers', so a reconnect can refresh them all at once. */
export const offerQueryKeys = {
  all: ['offers'] as const,
  detail: (offerId: number) => ['offers', 'detail', offerId] as const,
};

/** A guest of the room reads it with their session header, a signed-in party with their token. */
export function getOffer(offerId: number, signal?: AbortSignal): Promise<Offer> {
  return apiRequest(`/api/offers/${offerId}`, { signal, headers: guestHeaders(), schema: offerSchema });
}

/**
 * The socket keeps an offer current in a conversation (its state events), so it is not asked for
 * again while shown; the payment page asks once more on arriving, in case it changed meanwhile.
 */
export function offerQueryOptions(offerId: number) {
  return queryOptions({
    queryKey: offerQueryKeys.detail(offerId),
    queryFn: ({ signal }) => getOffer(offerId, signal),
    staleTime: Infinity,
    // A refusal (not found, not a party) is an answer, not a hiccup.
    retry: false,
  });
}

export function useOffer(offerId: number) {
  return useQuery({ ...offerQueryOptions(offerId), enabled: Number.isInteger(offerId) && offerId > 0 });
}
