/** Both under 'earnings', so connecting a payout account can refresh the totals it pays out. */
export const earningsQueryKeys = {
  all: ['earnings'] as const,
  summary: ['earnings', 'summary'] as const,
  payoutAccount: ['earnings', 'payout-account'] as const,
};

/** Orders complete and payouts run elsewhere: a visit asks again once a minute has passed. */
export const EARNINGS_STALE_TIME_MS = 60_000;
