/**
 * The states of a custom offer and their words, kept apart from the zod schemas of offers.ts (which
 * re-exports them): the shared status badge reads them, and pages that show no offer must not download
 * the validation library with it.
 */
export const OFFER_STATES = ['pending', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type OfferState = (typeof OFFER_STATES)[number];
/** @public The web's state badge reads it (task F2). */
export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};
