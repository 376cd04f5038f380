import { savedPaymentMethodListSchema, type SavedPaymentMethod } from '@teamhire/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Saved methods change on the billing page, which refreshes this key ('billing' first) after a change. */
const SAVED_METHODS_KEY = ['billing', 'payment-methods'] as const;
const SAVED_METHODS_STALE_TIME_MS = 5 * 60_000;

/** The buyer's saved cards, the default first, for the payment page to offer (a saved PayPal cannot pay there). */
export function useSavedCards() {
  return useQuery(
    queryOptions({
      queryKey: SAVED_METHODS_KEY,
      queryFn: ({ signal }) =>
        apiRequest('/api/user/payment-methods', { signal, schema: savedPaymentMethodListSchema }),
      staleTime: SAVED_METHODS_STALE_TIME_MS,
      select: (list): SavedPaymentMethod[] => list.items.filter((method) => method.type === 'CREDIT_CARD'),
    }),
  );
}
