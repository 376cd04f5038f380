import { z } from 'zod';

/**
 * Money to the team: the payout split, earnings, payout accounts, the finance summary and the
 * payment configuration the web needs. Amounts travel as decimal dollars like every amount in the
 * API; the server keeps integer cents.
 */

export const MONEY_TEXTS = {
  payoutSplitTab: 'Payout Split',
  splitMustTotal100: 'Shares must add up to 100',
  splitDuplicateMember: 'Each member may appear only once',
  splitNotMember: 'Only current members of the team can have a share',
  splitSaved: 'Payout split saved',
  splitSaveFailed: 'Failed to save the payout split. Please try again.',
  earningsTitle: 'Earnings',
  earningsEmpty: 'No earnings yet',
  earningsLoadFailed: 'Failed to load earnings. Please try again.',
  connectPayoutAccount: 'Connect Payout Account',
  payoutAccountActive: 'Payout account connected',
  payoutAccountPending: 'Payout account onboarding not finished',
  financeTitle: 'Finance',
  financeLoadFailed: 'Failed to load the finance summary. Please try again.',
  downloadReceipt: 'Download Receipt',
  receiptNotAvailable: 'No receipt for this payment',
  savedMethodNotFound: 'Payment method not found',
  savedMethodNotACard: 'Only a saved card can pay',
  cardOrSavedMethod: 'Send the card details or a saved payment method, not both',
} as const;

export const PLATFORM_FEE_PERCENT_DEFAULT = 10;
export const PAYOUT_SHARE_PERCENT_MIN = 0;
export const PAYOUT_SHARE_PERCENT_MAX = 100;
/** A team has at most this many members, so a split never lists more. */
export const PAYOUT_SPLIT_SHARES_MAX = 200;

export const payoutShareInputSchema = z.strictObject({
  user_id: z.number().int().positive(),
  percent: z
    .number({ error: 'Percent must be a whole number from 0 to 100' })
    .int('Percent must be a whole number from 0 to 100')
    .min(PAYOUT_SHARE_PERCENT_MIN, 'Percent must be a whole number from 0 to 100')
    .max(PAYOUT_SHARE_PERCENT_MAX, 'Percent must be a whole number from 0 to 100'),
});

/** PUT /api/teams/{id}/payout-split: whole percents per current member, summing to 100. */
export const payoutSplitUpdateSchema = z
  .strictObject({
    shares: z
      .array(payoutShareInputSchema)
      .min(1, MONEY_TEXTS.splitMustTotal100)
      .max(PAYOUT_SPLIT_SHARES_MAX),
  })
  .superRefine((value, context) => {
    const seen = new Set<number>();
    for (const [index, share] of value.shares.entries()) {
      if (seen.has(share.user_id)) {
        context.addIssue({
          code: 'custom',
          path: ['shares', index, 'user_id'],
          message: MONEY_TEXTS.splitDuplicateMember,
        });
      }
      seen.add(share.user_id);
    }
    const total = value.shares.reduce((sum, share) => sum + share.percent, 0);
    if (total !== 100)
      context.addIssue({ code: 'custom', path: ['shares'], message: MONEY_TEXTS.splitMustTotal100 });
  });
export type PayoutSplitUpdate = z.input<typeof payoutSplitUpdateSchema>;

/** One current member of the team with their share (0 when the admin gave them none). */
export const payoutShareSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  full_name: z.string().nullable(),
  is_admin: z.boolean(),
  percent: z.number().int(),
});
export type PayoutShare = z.infer<typeof payoutShareSchema>;

export const payoutSplitSchema = z.object({
  team_id: z.number().int(),
  shares: z.array(payoutShareSchema),
  updated_at: z.string().nullable(),
});
export type PayoutSplit = z.infer<typeof payoutSplitSchema>;

/**
 * A member's share of one order: `pending` while the order is paid and not completed, `available`
 * once completed and not yet transferred, `paid_out` once transferred, `refunded` when the order was
 * cancelled or refunded before completion (it never reached the team).
 */
export const EARNING_STATUSES = ['pending', 'available', 'paid_out', 'refunded'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];
export const EARNING_STATUS_LABELS: Record<EarningStatus, string> = {
  pending: 'Pending',
  available: 'Available',
  paid_out: 'Paid out',
  refunded: 'Refunded',
};

export const earningItemSchema = z.object({
  order_id: z.number().int(),
  order_title: z.string(),
  team_id: z.number().int(),
  team_name: z.string(),
  percent: z.number().int(),
  amount: z.number(),
  status: z.enum(EARNING_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  paid_out_at: z.string().nullable(),
});
export type EarningItem = z.infer<typeof earningItemSchema>;

/** GET /api/user/earnings */
export const earningsSchema = z.object({
  currency: z.string(),
  pending: z.number(),
  available: z.number(),
  paid_out: z.number(),
  items: z.array(earningItemSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const PAYOUT_ACCOUNT_STATUSES = ['none', 'pending', 'active'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

/** GET /api/user/payout-account */
export const payoutAccountSchema = z.object({ status: z.enum(PAYOUT_ACCOUNT_STATUSES) });
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** POST /api/user/payout-account: where the member finishes onboarding (the test provider completes at once). */
export const payoutOnboardingSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATUSES),
  onboarding_url: z.string(),
});
export type PayoutOnboarding = z.infer<typeof payoutOnboardingSchema>;

export const LEDGER_TRANSACTION_KINDS = ['charge', 'completion', 'refund', 'payout'] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];
export const LEDGER_TRANSACTION_KIND_LABELS: Record<LedgerTransactionKind, string> = {
  charge: 'Charge into escrow',
  completion: 'Completion',
  refund: 'Refund',
  payout: 'Payout',
};

export const financeTransactionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_TRANSACTION_KINDS),
  order_id: z.number().int().nullable(),
  amount: z.number(),
  description: z.string(),
  created_at: z.string(),
});
export type FinanceTransaction = z.infer<typeof financeTransactionSchema>;

/** GET /api/admin/finance: balances of the marketplace's ledger and whether it balances. */
export const financeSummarySchema = z.object({
  currency: z.string(),
  escrow: z.number(),
  fees: z.number(),
  payable: z.number(),
  paid_out: z.number(),
  refunded: z.number(),
  balanced: z.boolean(),
  recent: z.array(financeTransactionSchema),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** GET /api/payments/config: what the payment page needs to take a card (public values only). */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishable_key: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;
