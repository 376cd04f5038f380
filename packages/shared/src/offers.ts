import { z } from 'zod';
import { OFFER_STATES, type OfferState } from './offer-states';

export { OFFER_STATE_LABELS, OFFER_STATES, type OfferState } from './offer-states';

/**
 * Custom offers a team sends in a conversation with a buyer or a guest. The buyer accepts one by
 * paying for it (POST /api/orders with `offer_id`); the buyer may decline it, the team may withdraw
 * it, and it expires on its own at `expires_at`. Money is decimal dollars like a package's price.
 */

export const OFFER_TITLE_MIN = 5;
export const OFFER_TITLE_MAX = 100;
export const OFFER_DESCRIPTION_MIN = 20;
export const OFFER_DESCRIPTION_MAX = 5000;
export const OFFER_PRICE_MIN = 1;
export const OFFER_PRICE_MAX = 1_000_000;
export const OFFER_DURATION_MIN = 1;
export const OFFER_DURATION_MAX = 365;
export const OFFER_REVISIONS_MIN = 0;
export const OFFER_REVISIONS_MAX = 10;
export const OFFER_EXPIRES_IN_DAYS_MIN = 1;
export const OFFER_EXPIRES_IN_DAYS_MAX = 30;
export const OFFER_EXPIRES_IN_DAYS_DEFAULT = 7;
/** Offers one user may send per hour, across all rooms: far above a team at work, far below a flood. */
export const OFFERS_PER_HOUR = 30;

export const OFFER_TEXTS = {
  /** The 409 answers for an offer that is no longer pending (the spec's texts). */
  expired: 'This offer has expired',
  withdrawn: 'This offer was withdrawn',
  accepted: 'This offer was already accepted',
  declined: 'This offer was declined',
  /** A decline or withdrawal while the buyer's payment for the offer is under way. */
  paymentInProgress: 'The buyer is paying for this offer right now. Try again in a moment.',
  notFound: 'Offer not found',
  /** Where a package name would be, for an order made from an offer. */
  customOffer: 'Custom offer',
  onlyTeam: "Only the conversation's team can send or withdraw an offer",
  onlyBuyer: 'Only the buyer of this conversation can do this',
  guestMustSignUp: 'Sign up or sign in to accept or decline this offer',
  noCustomer: 'An offer can be sent only in a conversation with a buyer or a guest',
  amountMismatch: 'The amount does not match the offer price. Please reload the page and try again.',
  tooManyOffers: 'You are sending offers too quickly. Please wait a while and try again.',
  sendFailed: 'Failed to send the offer. Please try again.',
  sent: 'Offer sent',
  declineConfirm: 'Decline this offer? The team will be told.',
  withdrawConfirm: 'Withdraw this offer? The buyer will no longer be able to accept it.',
  declinedToast: 'Offer declined',
  withdrawnToast: 'Offer withdrawn',
} as const;

/** The 409 text for an offer in a state other than pending. */
export const OFFER_NOT_PENDING_TEXTS: Record<Exclude<OfferState, 'pending'>, string> = {
  accepted: OFFER_TEXTS.accepted,
  declined: OFFER_TEXTS.declined,
  withdrawn: OFFER_TEXTS.withdrawn,
  expired: OFFER_TEXTS.expired,
};

const rangeText = (field: string, min: number, max: number) => `${field} must be between ${min} and ${max}`;

const integerIn = (field: string, min: number, max: number) =>
  z
    .number({ error: rangeText(field, min, max) })
    .int(rangeText(field, min, max))
    .min(min, rangeText(field, min, max))
    .max(max, rangeText(field, min, max));

/** POST /api/chat-rooms/{id}/offers. */
export const offerCreateSchema = z.strictObject({
  title: z
    .string({ error: `Title must be at least ${OFFER_TITLE_MIN} characters` })
    .trim()
    .min(OFFER_TITLE_MIN, `Title must be at least ${OFFER_TITLE_MIN} characters`)
    .max(OFFER_TITLE_MAX, `Title must be at most ${OFFER_TITLE_MAX} characters`),
  description: z
    .string({ error: `Description must be at least ${OFFER_DESCRIPTION_MIN} characters` })
    .trim()
    .min(OFFER_DESCRIPTION_MIN, `Description must be at least ${OFFER_DESCRIPTION_MIN} characters`)
    .max(OFFER_DESCRIPTION_MAX, `Description must be at most ${OFFER_DESCRIPTION_MAX} characters`),
  /** Dollars with at most two decimals; stored as integer cents. */
  price: z
    .number({ error: 'Price must be at least $1.00' })
    .min(OFFER_PRICE_MIN, 'Price must be at least $1.00')
    .max(OFFER_PRICE_MAX, `Price must be at most $${OFFER_PRICE_MAX.toLocaleString('en-US')}`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals'),
  duration_days: integerIn('Delivery days', OFFER_DURATION_MIN, OFFER_DURATION_MAX),
  revisions: integerIn('Revisions', OFFER_REVISIONS_MIN, OFFER_REVISIONS_MAX),
  expires_in_days: integerIn('Expiry', OFFER_EXPIRES_IN_DAYS_MIN, OFFER_EXPIRES_IN_DAYS_MAX).default(
    OFFER_EXPIRES_IN_DAYS_DEFAULT,
  ),
});
export type OfferCreate = z.input<typeof offerCreateSchema>;

export const offerSchema = z.object({
  id: z.number().int(),
  chat_room_id: z.number().int(),
  team_id: z.number().int(),
  team_name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Dollars. */
  price: z.number(),
  duration_days: z.number().int(),
  revisions: z.number().int(),
  expires_at: z.string(),
  state: z.enum(OFFER_STATES),
  /** The order that paid for it; null until accepted. */
  order_id: z.number().int().nullable(),
  created_at: z.string(),
  /** When it left `pending` (accepted, declined, withdrawn or expired); null while pending. */
  state_changed_at: z.string().nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** A conversation's latest offer, as the team's chat dashboard lists it. */
export const offerSummarySchema = offerSchema.pick({ id: true, title: true, price: true, state: true });
/** @public */
export type OfferSummary = z.infer<typeof offerSummarySchema>;
