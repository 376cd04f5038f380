/** One member's whole-percent share of an order, as copied onto it at purchase. */
export interface SplitShare {
  userId: number;
  percent: number;
  /** The team admin, who receives what rounding leaves over. */
  isAdmin: boolean;
}

export interface SplitResult {
  feeCents: number;
  /** Every member of the split with their cents (0 for a 0 % share), the admin included. */
  members: { userId: number; cents: number }[];
}

/**
 * The rounding rule: the fee is `feePercent` of the captured amount rounded down to a cent; each
 * member gets their percent of the rest rounded down; the cents left over go to the team admin.
 * So the fee and the shares always add up to exactly the captured amount.
 */
export function splitAmount(capturedCents: number, feePercent: number, shares: SplitShare[]): SplitResult {
  const feeCents = Math.floor((capturedCents * feePercent) / 100);
  const rest = capturedCents - feeCents;
  const members = shares.map((share) => ({
    userId: share.userId,
    cents: Math.floor((rest * share.percent) / 100),
  }));
  const leftOver = rest - members.reduce((sum, member) => sum + member.cents, 0);
  const adminIndex = Math.max(
    0,
    shares.findIndex((share) => share.isAdmin),
  );
  if (members[adminIndex]) members[adminIndex].cents += leftOver;
  return { feeCents, members };
}

/**
 * `amountCents` shared out in proportion to `weights` (integer cents), each part rounded down and
 * the cents left over added to the part at `remainderIndex`; the parts add up to `amountCents`.
 */
export function allocate(amountCents: number, weights: number[], remainderIndex: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const parts = weights.map((weight) => Math.floor((amountCents * weight) / total));
  parts[remainderIndex]! += amountCents - parts.reduce((sum, part) => sum + part, 0);
  return parts;
}
