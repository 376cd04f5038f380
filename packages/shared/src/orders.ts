import { z } from 'zod';
import {
  BILLING_TEXTS,
  CARD_BRANDS,
  PAYMENT_STATUSES,
  cardNumberSchema,
  cvvSchema,
  expiryMonthSchema,
  isCardExpired,
  type PaymentStatus,
} from './billing';
import { EMAIL_PATTERN } from './contact';
import { MONEY_TEXTS } from './money';
import { OFFER_TEXTS } from './offers';
import { deliverySchema, disputeSchema, orderEventSchema } from './deliveries';
import { PACKAGE_STATUSES } from './packages';
import { paginationQuerySchema } from './pagination';

/**
 * Orders, payments and reviews. Money is decimal dollars with at most two decimals (the server stores
 * integer cents); statuses are lower case.
 */

export const ORDER_TEXTS = {
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  cardNumberInvalid: BILLING_TEXTS.cardNumberInvalid,
  cardExpired: BILLING_TEXTS.cardExpired,
  paymentFailed: 'Payment failed. Please try again.',
  paypalEmailInvalid: 'Please enter a valid PayPal email address',
  required: 'This field is required',
  paypalEmailRequired: 'A PayPal email is required for a PayPal payment',
  amountMismatch: 'The amount does not match the package price. Please reload the page and try again.',
  packageNotFound: 'Package Not Found',
  packageNotPurchasable: 'This package is not available for purchase',
  ownTeamPackage: "You can't buy a package from your own team",
  cannotPurchase: 'Your account cannot purchase services',
  orderNotFound: 'Order Not Found',
  paymentNotFound: 'Payment not found',
  paymentUnconfirmed:
    'The payment could not be confirmed yet. Try again in a moment: you will not be charged twice.',
  authenticationNotCompleted: "The card's authentication was not completed. Nothing was charged.",
  authenticationUnavailable:
    'This card asks for an authentication that this payment page cannot complete. Use another card.',
  authenticationPending: 'Waiting for your bank to confirm the authentication...',
  ordersLoadFailed: 'Error Loading Orders',
  orderConfirmed: 'Order Confirmed!',
  cancelConfirm: 'Are you sure you want to cancel this order?',
  transitionNotAllowed: (from: OrderStatus, to: OrderStatus) =>
    `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot be changed to ${ORDER_STATUS_LABELS[to].toLowerCase()}`,
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1-255 visible characters',
  reviewOnlyCompleted: 'Only a completed order can be reviewed',
  reviewOnlyBuyer: 'Only the buyer of this order can review it',
  reviewExists: 'This order has already been reviewed',
  ratingRange: 'Rating must be between 1 and 5',
  myOrdersTitle: 'My Orders',
  teamOrdersTitle: 'Team Orders',
  ordersTitle: 'Orders',
  processingFeeLabel: 'Processing fee',
} as const;

/** The order status enumeration, lower case like every status in the API. */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'in_progress',
  'delivered',
  'completed',
  'disputed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  delivered: 'Delivered',
  completed: 'Completed',
  disputed: 'In Dispute',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
/** The orders list tabs; `all` means no status filter. */
export const ORDER_FILTER_TABS = [
  'all',
  'confirmed',
  'in_progress',
  'delivered',
  'completed',
  'disputed',
] as const;
export const ORDER_TIMELINE_STEPS = [
  'Order Placed',
  'Payment Confirmed',
  'Work in Progress',
  'Project Completed',
] as const;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const PAYMENT_METHODS = ['credit_card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit_card: 'Credit Card',
  paypal: 'PayPal',
};
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'credit_card';

export const BILLING_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR'] as const;
export type BillingCountry = (typeof BILLING_COUNTRIES)[number];
export const BILLING_COUNTRY_LABELS: Record<BillingCountry, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
  DE: 'Germany',
  FR: 'France',
};
export const DEFAULT_BILLING_COUNTRY: BillingCountry = 'US';

/** The processing fee is fixed at $0.00; the summary still shows it. */
export const PROCESSING_FEE = 0;
export const ORDERS_PAGE_SIZE = 100;
export const REVIEWS_PAGE_SIZE = 20;
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 2000;
export const CARDHOLDER_NAME_MAX = 100;
export const ADDRESS_FIELD_MAX = 200;
export const POSTAL_CODE_MAX = 20;
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * The test provider's cards, as a real gateway's test mode has them: success, declined, insufficient
 * funds, and Stripe's card that asks for 3-D Secure authentication (the order stays pending until
 * the authentication's outcome is known).
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAuthentication: '4000002500003155',
} as const;

/**
 * Who acts on an order: `team` is the selling team's admin or a member, `buyer` the order's buyer,
 * `admin` a general admin (or superuser), `system` the timers.
 */
export const ORDER_ACTORS = ['buyer', 'team', 'admin'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];
export type OrderParty = OrderActor | 'system';

/** What can be done to an order; `allowed_actions` of an order lists those the caller may do now. */
export const ORDER_ACTIONS = [
  'start_work',
  'deliver',
  'accept',
  'request_revision',
  'cancel',
  'open_dispute',
  'resolve_dispute',
  'refund',
  'auto_complete',
  'expire',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** A condition beyond the status: `late` = past due_at; `revisions_left` = revisions_used < revisions_included. */
export type OrderTransitionCondition = 'late' | 'revisions_left';

export interface OrderTransition {
  action: OrderAction;
  from: OrderStatus;
  to: OrderStatus;
  by: OrderParty;
  when?: OrderTransitionCondition;
}

/**
 * The order lifecycle, the one table the server enforces. Paying (pending → confirmed) happens only
 * inside POST /api/orders. The team cannot complete an order by itself: completion is the buyer's
 * acceptance, the auto-complete timer or a general admin's decision on a dispute.
 */
export const ORDER_LIFECYCLE: readonly OrderTransition[] = [
  { action: 'start_work', from: 'confirmed', to: 'in_progress', by: 'team' },
  { action: 'deliver', from: 'in_progress', to: 'delivered', by: 'team' },
  { action: 'accept', from: 'delivered', to: 'completed', by: 'buyer' },
  { action: 'request_revision', from: 'delivered', to: 'in_progress', by: 'buyer', when: 'revisions_left' },
  { action: 'auto_complete', from: 'delivered', to: 'completed', by: 'system' },
  { action: 'cancel', from: 'confirmed', to: 'cancelled', by: 'buyer' },
  { action: 'cancel', from: 'in_progress', to: 'cancelled', by: 'buyer', when: 'late' },
  { action: 'open_dispute', from: 'in_progress', to: 'disputed', by: 'buyer' },
  { action: 'open_dispute', from: 'delivered', to: 'disputed', by: 'buyer' },
  { action: 'open_dispute', from: 'in_progress', to: 'disputed', by: 'team' },
  { action: 'open_dispute', from: 'delivered', to: 'disputed', by: 'team' },
  { action: 'resolve_dispute', from: 'disputed', to: 'completed', by: 'admin' },
  { action: 'resolve_dispute', from: 'disputed', to: 'refunded', by: 'admin' },
  { action: 'refund', from: 'confirmed', to: 'refunded', by: 'admin' },
  { action: 'refund', from: 'in_progress', to: 'refunded', by: 'admin' },
  { action: 'refund', from: 'delivered', to: 'refunded', by: 'admin' },
  { action: 'refund', from: 'completed', to: 'refunded', by: 'admin' },
  { action: 'expire', from: 'pending', to: 'cancelled', by: 'system' },
];

/** PUT /api/orders/{id}/status: the status a caller may ask for and the action it means. */
export const STATUS_UPDATE_ACTIONS = {
  in_progress: 'start_work',
  cancelled: 'cancel',
  refunded: 'refund',
} as const satisfies Partial<Record<OrderStatus, OrderAction>>;

const STATUS_UPDATE_ACTION_SET = new Set<OrderAction>(Object.values(STATUS_UPDATE_ACTIONS));
const holds = (
  row: OrderTransition,
  actors: readonly OrderParty[],
  conditions: readonly OrderTransitionCondition[],
) => actors.includes(row.by) && (row.when === undefined || conditions.includes(row.when));

/**
 * The statuses the given actors may ask PUT /api/orders/{id}/status for from `status`, in lifecycle
 * order; `conditions` are those that hold for the order now.
 */
export function allowedOrderTransitions(
  status: OrderStatus,
  actors: readonly OrderParty[],
  conditions: readonly OrderTransitionCondition[] = [],
): OrderStatus[] {
  const targets = new Set(
    ORDER_LIFECYCLE.filter(
      (row) =>
        row.from === status && STATUS_UPDATE_ACTION_SET.has(row.action) && holds(row, actors, conditions),
    ).map((row) => row.to),
  );
  return ORDER_STATUSES.filter((target) => targets.has(target));
}

/** The actions the given actors may take on an order in `status` now, in ORDER_ACTIONS order. */
export function allowedOrderActions(
  status: OrderStatus,
  actors: readonly OrderParty[],
  conditions: readonly OrderTransitionCondition[] = [],
): OrderAction[] {
  const actions = new Set(
    ORDER_LIFECYCLE.filter((row) => row.from === status && holds(row, actors, conditions)).map(
      (row) => row.action,
    ),
  );
  return ORDER_ACTIONS.filter((action) => actions.has(action));
}

/** Dollars with at most two decimals (the server stores cents). */
const dollars = z
  .number({ error: 'Amount must be a number' })
  .positive('Amount must be greater than 0')
  .max(1_000_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals');

const requiredText = (max: number) =>
  z
    .string({ error: ORDER_TEXTS.required })
    .trim()
    .min(1, ORDER_TEXTS.required)
    .max(max, `At most ${max} characters`);

/** The payment form's expiry year: a four-digit year, not yet passed (checked with the month). */
const paymentExpiryYear = z
  .number({ error: ORDER_TEXTS.required })
  .int()
  .min(2000, ORDER_TEXTS.cardExpired)
  .max(2100, 'Enter a valid expiry year');

export const cardDetailsSchema = z
  .strictObject({
    card_number: cardNumberSchema,
    expiry_month: expiryMonthSchema,
    expiry_year: paymentExpiryYear,
    cvv: cvvSchema,
    cardholder_name: requiredText(CARDHOLDER_NAME_MAX),
  })
  .superRefine((card, context) => {
    if (isCardExpired(card.expiry_month, card.expiry_year)) {
      context.addIssue({ code: 'custom', path: ['expiry_year'], message: ORDER_TEXTS.cardExpired });
    }
  });

export const billingAddressSchema = z.strictObject({
  street: requiredText(ADDRESS_FIELD_MAX),
  city: requiredText(ADDRESS_FIELD_MAX),
  state: requiredText(ADDRESS_FIELD_MAX),
  postal_code: requiredText(POSTAL_CODE_MAX),
  country: z.enum(BILLING_COUNTRIES, { error: 'Choose a country' }),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

/**
 * POST /api/orders, for a package (`service_package_id`) or a custom offer (`offer_id`), exactly one.
 * The server takes the price from the package or the offer; a `total_amount` that disagrees is refused
 * with 409 and ORDER_TEXTS.amountMismatch (OFFER_TEXTS.amountMismatch for an offer). An offer that is
 * not pending is refused with 409 and its OFFER_NOT_PENDING_TEXTS text. Send an `Idempotency-Key` header (a fresh
 * UUID per purchase attempt): a repeat with the same key returns the first answer unchanged.
 */
/** A card token from the provider's own card element (a Stripe payment method id): our server never sees the number. */
const CARD_TOKEN_PATTERN = /^[A-Za-z0-9_]{3,255}$/;

export const orderCreateSchema = z
  .strictObject({
    service_package_id: z.number({ error: ORDER_TEXTS.packageNotFound }).int().positive().optional(),
    /** A custom offer of the buyer's conversation with a team, instead of `service_package_id`. */
    offer_id: z.number({ error: OFFER_TEXTS.notFound }).int().positive().optional(),
    total_amount: dollars,
    payment_method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }),
    card: cardDetailsSchema.optional(),
    /** The card as the provider's card element tokenised it, instead of `card` (Stripe). */
    card_token: z.string().regex(CARD_TOKEN_PATTERN, 'Card token is not valid').optional(),
    /** One of the buyer's saved cards, instead of `card`. */
    saved_payment_method_id: z.number({ error: MONEY_TEXTS.savedMethodNotFound }).int().positive().optional(),
    paypal_email: z
      .string({ error: ORDER_TEXTS.paypalEmailInvalid })
      .trim()
      .max(254, ORDER_TEXTS.paypalEmailInvalid)
      .regex(EMAIL_PATTERN, ORDER_TEXTS.paypalEmailInvalid)
      .optional(),
    billing_address: billingAddressSchema,
  })
  .superRefine((value, context) => {
    if ((value.service_package_id === undefined) === (value.offer_id === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['service_package_id'],
        message: 'Choose a package or an offer (one of service_package_id and offer_id)',
      });
    }
    const sources = [value.card, value.card_token, value.saved_payment_method_id].filter(
      (source) => source !== undefined,
    ).length;
    if (value.payment_method === 'credit_card') {
      if (sources !== 1) {
        context.addIssue({
          code: 'custom',
          path: sources === 0 || value.card === undefined ? ['card'] : ['saved_payment_method_id'],
          message: MONEY_TEXTS.cardOrSavedMethod,
        });
      }
      if (value.paypal_email !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['paypal_email'],
          message: 'Only a PayPal payment has this field',
        });
      }
    } else {
      if (value.paypal_email === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['paypal_email'],
          message: ORDER_TEXTS.paypalEmailRequired,
        });
      }
      if (sources > 0) {
        context.addIssue({ code: 'custom', path: ['card'], message: 'Only a card payment has this field' });
      }
    }
  });
export type OrderCreate = z.input<typeof orderCreateSchema>;

export const idempotencyKeySchema = z
  .string()
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`), ORDER_TEXTS.idempotencyKeyInvalid);

/**
 * `delivered` and `completed` are accepted here only to be refused with 409 and the reason: a
 * delivery and the buyer's acceptance have their own calls.
 */
export const orderStatusUpdateSchema = z.strictObject({
  status: z.enum(['in_progress', 'delivered', 'completed', 'cancelled', 'refunded'], {
    error: 'Status must be in_progress, cancelled or refunded',
  }),
});
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdateSchema>;

/** PUT /api/payments/{id}/status: general admins only; refunding a payment refunds its order. */
export const paymentStatusUpdateSchema = z.strictObject({
  status: z.enum(['refunded'], { error: 'Status must be refunded' }),
});

export const paymentSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  currency: z.string(),
  transaction_id: z.string().nullable(),
  card_brand: z.enum(CARD_BRANDS).nullable(),
  card_last_four: z.string().nullable(),
  /** The provider's message when the payment failed. */
  failure_message: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const reviewCreateSchema = z.strictObject({
  rating: z
    .number({ error: ORDER_TEXTS.ratingRange })
    .int(ORDER_TEXTS.ratingRange)
    .min(REVIEW_RATING_MIN, ORDER_TEXTS.ratingRange)
    .max(REVIEW_RATING_MAX, ORDER_TEXTS.ratingRange),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`)
    .nullish(),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  service_package_id: z.number().int(),
  team_id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
  buyer: z.object({ id: z.number().int(), username: z.string() }),
  /** The package title, for lists of a team's reviews. */
  service_package_title: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(REVIEWS_PAGE_SIZE),
});
export const reviewListResponseSchema = z.object({
  items: z.array(reviewSchema),
  total: z.number().int(),
  /** Mean rating over every review (not only this page), one decimal; null without reviews. */
  average_rating: z.number().nullable(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListResponseSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  total_amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  team_id: z.number().int(),
  service_package_id: z.number().int(),
  buyer_id: z.number().int(),
  buyer: z.object({ id: z.number().int(), username: z.string() }),
  /**
   * The custom offer the order was made from; null for a package's order. An offer's order shows
   * OFFER_TEXTS.customOffer where a package name would be; its `service_package` holds the offer's
   * terms (title, description, price, duration) and is never a catalogue package (do not link it).
   * Always sent by the server; optional only so answers built before offers still parse.
   */
  offer_id: z.number().int().nullish(),
  /** The buyer's conversation with the team the order came from (an offer's order); else null. */
  chat_room_id: z.number().int().nullish(),
  service_package: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    price: z.number(),
    duration_days: z.number().int(),
    tags: z.string(),
    status: z.enum(PACKAGE_STATUSES),
  }),
  team: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    member_count: z.number().int(),
    max_members: z.number().int(),
    is_active: z.boolean(),
    created_at: z.string(),
    admin: z.object({ id: z.number().int(), username: z.string() }),
  }),
  /** The latest payment of the order; null only for an order that never reached the provider. */
  payment: paymentSchema.nullable(),
  /**
   * Only for the buyer, while the card asks its holder to authenticate (3-D Secure): the order and
   * its payment stay `pending`, and the payment page completes the authentication with the
   * provider's `client_secret`, then reads the order again until the payment is settled.
   */
  payment_action: z.object({ status: z.literal('requires_action'), client_secret: z.string() }).optional(),
  review: reviewSchema.nullable(),
  /** How the caller relates to the order: package, team and payment cards are shown to buyers only. */
  viewer: z.object({ is_buyer: z.boolean(), is_team: z.boolean(), is_admin: z.boolean() }),
  /** The statuses the caller may ask PUT /api/orders/{id}/status for now; empty when none. */
  allowed_transitions: z.array(z.enum(ORDER_STATUSES)),
  /** Every action of ORDER_LIFECYCLE the caller may take now (its conditions included). */
  allowed_actions: z.array(z.enum(ORDER_ACTIONS)),
  /** When the payment succeeded. */
  confirmed_at: z.string().nullable(),
  /** confirmed_at + the package's duration_days; null until paid. */
  due_at: z.string().nullable(),
  /** The latest delivery. */
  delivered_at: z.string().nullable(),
  /** When the system accepts the latest delivery for the buyer; null when no timer runs. */
  auto_complete_at: z.string().nullable(),
  revisions_included: z.number().int(),
  revisions_used: z.number().int(),
  /** Every delivery, oldest first. */
  deliveries: z.array(deliverySchema),
  /** The open dispute, or else the latest one; null when none was ever opened. */
  dispute: disputeSchema.nullable(),
  /** The timeline, oldest first. */
  events: z.array(orderEventSchema),
  /** True when the caller is the buyer, the order is completed and has no review yet. */
  can_review: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * `scope`: `buyer` = orders I bought, `team` = orders of teams I admin or belong to; omitted = both;
 * `all` = every order (general admins only, 403 otherwise).
 */
export const orderListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  scope: z.enum(['buyer', 'team', 'all']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ORDERS_PAGE_SIZE),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderListResponseSchema = z.object({
  items: z.array(orderSchema),
  /** Orders matching the query (status filter included). */
  total: z.number().int(),
  /** Per-status counts within the scope, ignoring the status filter, for the filter tabs. */
  counts: z.object({
    all: z.number().int(),
    pending: z.number().int(),
    confirmed: z.number().int(),
    in_progress: z.number().int(),
    delivered: z.number().int(),
    completed: z.number().int(),
    disputed: z.number().int(),
    cancelled: z.number().int(),
    refunded: z.number().int(),
  }),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type OrderList = z.infer<typeof orderListResponseSchema>;

/**
 * The 402 answer of POST /api/orders when the provider refuses the payment: the order stays
 * `pending` with a `failed` payment; `detail` is the provider's message (e.g. 'Your card was declined.').
 */
export const paymentDeclinedResponseSchema = z.object({
  // The error code every error answer has; the route adds it (a service's answer, also the one stored
  // for an Idempotency-Key, is PaymentDeclinedResponse without it).
  code: z.literal('payment_declined').default('payment_declined'),
  detail: z.string(),
  order_id: z.number().int(),
  payment_status: z.literal('failed'),
});
export type PaymentDeclinedResponse = z.input<typeof paymentDeclinedResponseSchema>;
