import { z } from 'zod';
import { paginationQuerySchema } from './pagination';

/**
 * Cards, saved payment methods and payment history.
 *
 * A full card number and a CVV may travel in a request, but they are never stored, logged or
 * echoed: the server keeps only the brand and the last four digits.
 */

export const BILLING_TEXTS = {
  loadFailed: 'Failed to load payment data. Please try again.',
  deleteFailed: 'Failed to delete payment method. Please try again.',
  setDefaultFailed: 'Failed to set default payment method. Please try again.',
  saveFailed: 'Failed to save payment method. Please try again.',
  nameRequired: 'Name is required',
  monthRange: 'Month must be between 1 and 12',
  yearMin: 'Year must be 2024 or later',
  cvvInvalid: 'CVV must be 3 or 4 digits',
  lastFourInvalid: 'Last four must be exactly 4 digits',
  cardDetailsRequired: 'Enter the card number or its last four digits',
  cardDetailsBoth: 'Send either the card number or its last four digits, not both',
  providerMethodAlone: 'A card from the card form carries its own details; send only its name',
  providerMethodNotAvailable: 'Saving a card from the card form needs the Stripe payment provider',
  expiryRequired: 'Expiry month and year are required for a card',
  cardNumberInvalid: 'Your card number is invalid.',
  cardExpired: 'Your card has expired.',
  methodNotFound: 'Payment method not found',
  tooManyMethods: 'You can save at most 20 payment methods',
  noPaymentMethods: 'No saved payment methods yet',
  noPaymentHistory: 'No payments yet',
} as const;

export const SAVED_PAYMENT_METHOD_TYPES = ['CREDIT_CARD', 'PAYPAL', 'BANK_TRANSFER'] as const;
export type SavedPaymentMethodType = (typeof SAVED_PAYMENT_METHOD_TYPES)[number];
export const SAVED_PAYMENT_METHOD_TYPE_LABELS: Record<SavedPaymentMethodType, string> = {
  CREDIT_CARD: 'Credit Card',
  PAYPAL: 'PayPal',
  BANK_TRANSFER: 'Bank Transfer',
};

/** The stored payment status, lower case in the API like every status. */
export const PAYMENT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment history keeps the upper-case spelling its screen has always shown. */
export const PAYMENT_HISTORY_STATUSES = ['PENDING', 'COMPLETED', 'FAILED', 'CANCELLED'] as const;
export type PaymentHistoryStatus = (typeof PAYMENT_HISTORY_STATUSES)[number];
export const PAYMENT_HISTORY_METHODS = ['CREDIT_CARD', 'PAYPAL'] as const;

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
};

export const EXPIRY_MONTH_MIN = 1;
export const EXPIRY_MONTH_MAX = 12;
/** The saved-method form accepts years from 2024. */
export const SAVED_METHOD_EXPIRY_YEAR_MIN = 2024;
export const EXPIRY_YEAR_MAX = 2100;
/** The payment form offers ten expiry years starting with the current one. */
export const PAYMENT_EXPIRY_YEAR_CHOICES = 10;
export const CVV_MAX_LENGTH = 4;
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;
export const SAVED_METHOD_NAME_MAX = 100;
export const SAVED_PAYMENT_METHODS_MAX = 20;
export const PAYMENT_HISTORY_PAGE_SIZE = 20;

/** Spaces and dashes are how people type card numbers; only the digits count. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(month: number, year: number, now: Date = new Date()): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

/** The expiry years the payment form offers: the current year and the nine after it. */
export function expiryYearChoices(now: Date = new Date()): number[] {
  const first = now.getUTCFullYear();
  return Array.from({ length: PAYMENT_EXPIRY_YEAR_CHOICES }, (_, index) => first + index);
}

/** Digits only after normalising, 12-19 long, passing the Luhn check. */
export const cardNumberSchema = z
  .string({ error: BILLING_TEXTS.cardNumberInvalid })
  .max(40, BILLING_TEXTS.cardNumberInvalid)
  .transform(normalizeCardNumber)
  .refine(
    (digits) =>
      /^\d+$/.test(digits) &&
      digits.length >= CARD_NUMBER_MIN_DIGITS &&
      digits.length <= CARD_NUMBER_MAX_DIGITS &&
      passesLuhn(digits),
    BILLING_TEXTS.cardNumberInvalid,
  );

export const cvvSchema = z
  .string({ error: BILLING_TEXTS.cvvInvalid })
  .regex(new RegExp(`^\\d{3,${CVV_MAX_LENGTH}}$`), BILLING_TEXTS.cvvInvalid);

export const expiryMonthSchema = z
  .number({ error: BILLING_TEXTS.monthRange })
  .int(BILLING_TEXTS.monthRange)
  .min(EXPIRY_MONTH_MIN, BILLING_TEXTS.monthRange)
  .max(EXPIRY_MONTH_MAX, BILLING_TEXTS.monthRange);

export const savedMethodExpiryYearSchema = z
  .number({ error: BILLING_TEXTS.yearMin })
  .int(BILLING_TEXTS.yearMin)
  .min(SAVED_METHOD_EXPIRY_YEAR_MIN, BILLING_TEXTS.yearMin)
  .max(EXPIRY_YEAR_MAX, `Year must be ${EXPIRY_YEAR_MAX} or earlier`);

const savedMethodName = z
  .string({ error: BILLING_TEXTS.nameRequired })
  .trim()
  .min(1, BILLING_TEXTS.nameRequired)
  .max(SAVED_METHOD_NAME_MAX, `Name must be at most ${SAVED_METHOD_NAME_MAX} characters`);

const lastFourSchema = z.string().regex(/^\d{4}$/, BILLING_TEXTS.lastFourInvalid);

/** A payment method the provider's card element made in the browser (a Stripe `pm_...` id). */
const providerMethodIdSchema = z
  .string()
  .regex(/^pm_[A-Za-z0-9_]{1,250}$/, 'Not a payment method of the card form');

/**
 * Adding a saved method. With the Stripe provider a card comes as `provider_method_id` alone (the
 * card element's `pm_...`; brand, last four and expiry come from Stripe). For CREDIT_CARD the client sends EITHER `card_number` (+ optional `cvv`,
 * format-checked then discarded; the server keeps brand and last four only) OR `last_four` (+
 * optional `brand`), never both; expiry month and year are required. PAYPAL and BANK_TRANSFER
 * need only a name (`last_four` optional, e.g. of an account number); expiry is refused for them.
 */
export const savedPaymentMethodCreateSchema = z
  .strictObject({
    type: z.enum(SAVED_PAYMENT_METHOD_TYPES, { error: 'Choose a payment method type' }),
    name: savedMethodName,
    card_number: cardNumberSchema.optional(),
    cvv: cvvSchema.optional(),
    last_four: lastFourSchema.nullish(),
    brand: z.enum(CARD_BRANDS).nullish(),
    expiry_month: expiryMonthSchema.nullish(),
    expiry_year: savedMethodExpiryYearSchema.nullish(),
    provider_method_id: providerMethodIdSchema.optional(),
    is_default: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.type === 'CREDIT_CARD' && value.provider_method_id !== undefined) {
      for (const field of [
        'card_number',
        'cvv',
        'last_four',
        'brand',
        'expiry_month',
        'expiry_year',
      ] as const) {
        if (value[field] != null) {
          context.addIssue({ code: 'custom', path: [field], message: BILLING_TEXTS.providerMethodAlone });
        }
      }
      return;
    }
    if (value.type === 'CREDIT_CARD') {
      if (value.card_number === undefined && value.last_four == null) {
        context.addIssue({ code: 'custom', path: ['last_four'], message: BILLING_TEXTS.cardDetailsRequired });
      }
      if (value.card_number !== undefined && value.last_four != null) {
        context.addIssue({ code: 'custom', path: ['last_four'], message: BILLING_TEXTS.cardDetailsBoth });
      }
      if (value.expiry_month == null) {
        context.addIssue({ code: 'custom', path: ['expiry_month'], message: BILLING_TEXTS.expiryRequired });
      }
      if (value.expiry_year == null) {
        context.addIssue({ code: 'custom', path: ['expiry_year'], message: BILLING_TEXTS.expiryRequired });
      }
      return;
    }
    for (const field of [
      'card_number',
      'cvv',
      'brand',
      'expiry_month',
      'expiry_year',
      'provider_method_id',
    ] as const) {
      if (value[field] != null) {
        context.addIssue({ code: 'custom', path: [field], message: 'Only a card has this field' });
      }
    }
  });
export type SavedPaymentMethodCreate = z.input<typeof savedPaymentMethodCreateSchema>;

/** Editing keeps the type and the digits; only the label, expiry and default flag change. */
export const savedPaymentMethodUpdateSchema = z.strictObject({
  name: savedMethodName,
  expiry_month: expiryMonthSchema.nullish(),
  expiry_year: savedMethodExpiryYearSchema.nullish(),
  is_default: z.boolean().optional(),
});

export const savedPaymentMethodSchema = z.object({
  id: z.number().int(),
  type: z.enum(SAVED_PAYMENT_METHOD_TYPES),
  name: z.string(),
  last_four: z.string().nullable(),
  brand: z.enum(CARD_BRANDS).nullable(),
  expiry_month: z.number().int().nullable(),
  expiry_year: z.number().int().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

export const savedPaymentMethodListSchema = z.object({ items: z.array(savedPaymentMethodSchema) });
export type SavedPaymentMethodList = z.infer<typeof savedPaymentMethodListSchema>;

export const paymentHistoryQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(PAYMENT_HISTORY_PAGE_SIZE),
});

/**
 * One payment of the caller, newest first. `status` maps the stored payment status: pending and
 * processing → PENDING, completed → COMPLETED, failed → FAILED, refunded → CANCELLED;
 * `payment_status` carries the stored (lower-case) status so a screen can say "Refunded".
 */
export const paymentHistoryItemSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  method: z.enum(PAYMENT_HISTORY_METHODS),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(PAYMENT_HISTORY_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  transaction_id: z.string().nullable(),
  description: z.string(),
  card_brand: z.enum(CARD_BRANDS).nullable(),
  card_last_four: z.string().nullable(),
});
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;

export const paymentHistoryResponseSchema = z.object({
  items: z.array(paymentHistoryItemSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type PaymentHistory = z.infer<typeof paymentHistoryResponseSchema>;
