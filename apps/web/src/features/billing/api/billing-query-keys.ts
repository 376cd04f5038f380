/** Every billing query starts with 'billing', so a change to the methods can refresh both lists. */
export const billingQueryKeys = {
  all: ['billing'] as const,
  methods: ['billing', 'payment-methods'] as const,
  history: ['billing', 'payment-history'] as const,
};

/** Methods change only here; history grows with purchases elsewhere, so it is asked for on each visit. */
export const PAYMENT_METHODS_STALE_TIME_MS = 5 * 60_000;
