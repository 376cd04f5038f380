import { z } from 'zod';
import { CHAT_UPLOAD_MAX_BYTES } from './chat';
import { paginationQuerySchema } from './pagination';
import { DELIVERY_TEXTS } from './delivery-texts';

export { DELIVERY_TEXTS } from './delivery-texts';

/**
 * What happens to an order after payment: files, deliveries, revision requests, acceptance,
 * disputes and the order's timeline of events.
 */

export const DELIVERY_MESSAGE_MIN = 1;
export const DELIVERY_MESSAGE_MAX = 5000;
export const DELIVERY_FILES_MAX = 20;
/** Each order file, like a chat file, is at most 1 GiB. */
export const ORDER_FILE_MAX_BYTES = CHAT_UPLOAD_MAX_BYTES;
export const REVISION_MESSAGE_MIN = 10;
export const REVISION_MESSAGE_MAX = 5000;
export const DISPUTE_DETAILS_MIN = 20;
export const DISPUTE_DETAILS_MAX = 5000;
export const DISPUTE_RESOLUTION_MESSAGE_MIN = 10;
export const DISPUTE_RESOLUTION_MESSAGE_MAX = 5000;
export const DISPUTES_PAGE_SIZE = 20;

export const DISPUTE_REASONS = [
  'not_delivered',
  'not_as_described',
  'poor_quality',
  'scope_disagreement',
  'other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_delivered: 'Not delivered',
  not_as_described: 'Not as described',
  poor_quality: 'Poor quality',
  scope_disagreement: 'Disagreement about scope',
  other: 'Other',
};
export const DISPUTE_STATUSES = ['open', 'resolved'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_OUTCOMES = ['release', 'refund', 'partial_refund'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DISPUTE_OUTCOME_LABELS: Record<DisputeOutcome, string> = {
  release: 'Release to the team',
  refund: 'Full refund',
  partial_refund: 'Partial refund',
};

/** The kinds of line on an order's timeline. */
export const ORDER_EVENT_TYPES = [
  'placed',
  'payment_failed',
  'confirmed',
  'work_started',
  'delivered',
  'revision_requested',
  'accepted',
  'auto_completed',
  'cancelled',
  'expired',
  'refunded',
  'dispute_opened',
  'dispute_resolved',
  'due_reminder',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

const text = (min: number, max: number, field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(min, min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

/** The answer of POST /api/orders/{id}/files, and each file of a delivery. */
export const orderFileSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  size: z.number().int(),
});
export type OrderFile = z.infer<typeof orderFileSchema>;
export const orderFileParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  fileId: z.uuid(),
});
/** Where a file of an order is downloaded (its buyer, its team and general admins only). */
export const orderFileUrl = (orderId: number, fileId: string) => `/api/orders/${orderId}/files/${fileId}`;

export const deliveryCreateSchema = z.strictObject({
  message: text(DELIVERY_MESSAGE_MIN, DELIVERY_MESSAGE_MAX, 'Message'),
  file_ids: z
    .array(z.uuid('Unknown file'))
    .max(DELIVERY_FILES_MAX, `At most ${DELIVERY_FILES_MAX} files`)
    .optional(),
});
export type DeliveryCreate = z.input<typeof deliveryCreateSchema>;

export const deliverySchema = z.object({
  id: z.number().int(),
  message: z.string(),
  files: z.array(orderFileSchema),
  created_at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryListSchema = z.object({ items: z.array(deliverySchema) });
export type DeliveryList = z.infer<typeof deliveryListSchema>;

export const revisionRequestSchema = z.strictObject({
  message: text(REVISION_MESSAGE_MIN, REVISION_MESSAGE_MAX, 'Message'),
});
export type RevisionRequest = z.input<typeof revisionRequestSchema>;

/** Who did something: a user, or null for the system (a timer). */
const eventActorSchema = z.object({ id: z.number().int(), username: z.string() }).nullable();

export const orderEventSchema = z.object({
  type: z.enum(ORDER_EVENT_TYPES),
  actor: eventActorSchema,
  message: z.string().nullable(),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const disputeCreateSchema = z.strictObject({
  reason: z.enum(DISPUTE_REASONS, { error: 'Choose a reason' }),
  details: text(DISPUTE_DETAILS_MIN, DISPUTE_DETAILS_MAX, 'Details'),
});
export type DisputeCreate = z.input<typeof disputeCreateSchema>;

/** Dollars with at most two decimals, as every amount of the API. */
const refundAmount = z
  .number({ error: DELIVERY_TEXTS.refundAmountRange })
  .positive(DELIVERY_TEXTS.refundAmountRange)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Use at most two decimals');

/** `refund_amount` only, and always, with `partial_refund`; its upper bound (the order total) is checked by the server. */
export const disputeResolveSchema = z
  .strictObject({
    outcome: z.enum(DISPUTE_OUTCOMES, { error: 'Choose an outcome' }),
    refund_amount: refundAmount.optional(),
    message: text(DISPUTE_RESOLUTION_MESSAGE_MIN, DISPUTE_RESOLUTION_MESSAGE_MAX, 'Message'),
  })
  .superRefine((value, context) => {
    if (value.outcome === 'partial_refund' && value.refund_amount === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['refund_amount'],
        message: DELIVERY_TEXTS.refundAmountRequired,
      });
    }
    if (value.outcome !== 'partial_refund' && value.refund_amount !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['refund_amount'],
        message: DELIVERY_TEXTS.refundAmountOnlyPartial,
      });
    }
  });
export type DisputeResolve = z.input<typeof disputeResolveSchema>;

export const disputeSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(DISPUTE_REASONS),
  details: z.string(),
  opened_by: eventActorSchema,
  created_at: z.string(),
  /** Null while open. */
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  /** Dollars returned to the buyer: the total for `refund`, the amount for `partial_refund`, 0 for `release`. */
  refund_amount: z.number().nullable(),
  /** The general admin's message, read by both sides. */
  resolution_message: z.string().nullable(),
  resolved_by: eventActorSchema,
  resolved_at: z.string().nullable(),
  /** What a list of disputes shows of the order. */
  order: z.object({
    status: z.string(),
    total_amount: z.number(),
    service_package_title: z.string(),
    buyer: z.object({ id: z.number().int(), username: z.string() }),
    team: z.object({ id: z.number().int(), name: z.string() }),
  }),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(DISPUTE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DISPUTES_PAGE_SIZE),
});
export const disputeListSchema = z.object({
  items: z.array(disputeSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type DisputeList = z.infer<typeof disputeListSchema>;
