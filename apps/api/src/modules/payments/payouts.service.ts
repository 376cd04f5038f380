import type {
  EarningItem,
  EarningStatus,
  Earnings,
  PayoutAccount,
  PayoutAccountStatus,
  PayoutOnboarding,
} from '@teamhire/shared';
import type { Database, DatabaseOrTransaction } from '../../db/database';
import type { AppDeps, Clock } from '../../platform/deps';
import type { Actor } from '../../platform/auth/actor';
import { HELD_ORDER_STATUSES } from './ledger.repository';
import { recordPayout } from './ledger.service';
import { splitAmount } from './money-split';
import type { PaymentProvider } from '../../platform/payments/payment-provider';
import { orderSplits } from './payout-split.service';
import * as repository from './payouts.repository';

export interface PayoutsContext {
  db: Database;
  provider: PaymentProvider;
  clock: Clock;
  publicUrl: string;
  platformFeePercent: number;
}

export function payoutsContext({ db, paymentProvider, clock, config }: AppDeps): PayoutsContext {
  return {
    db,
    provider: paymentProvider,
    clock,
    publicUrl: config.publicUrl,
    platformFeePercent: config.platformFeePercent,
  };
}

/** Payable entries claimed per run; the next run takes the rest. */
const CLAIM_BATCH = 200;
/** Transfers attempted per run, so one run never holds a worker for long. */
const TRANSFER_BATCH = 100;
/** How long an attempt may take before another worker takes it up again with the same key. */
const ATTEMPT_LEASE_MS = 10 * 60 * 1000;
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;

/** After the n-th failed attempt: 1, 2, 4, … minutes, at most 6 hours. */
export const retryDelayMs = (attempts: number) =>
  Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const held = new Set<string>(HELD_ORDER_STATUSES);

/** GET /api/user/payout-account: where the member's account stands, asking the provider while onboarding. */
export async function getPayoutAccount(context: PayoutsContext, actor: Actor): Promise<PayoutAccount> {
  return { status: (await refreshedAccount(context, actor.id))?.status ?? 'none' };
}

async function refreshedAccount(context: PayoutsContext, userId: number) {
  const account = await repository.findPayoutAccount(context.db, userId);
  if (!account || account.status === 'active') return account;
  // Onboarding finishes on the provider's site; the provider is asked outside any transaction.
  const status = await context.provider.payoutAccountStatus(account.providerAccountId);
  if (status === 'active') {
    await repository.setPayoutAccountStatus(context.db, userId, 'active', context.clock());
    return { ...account, status: 'active' as const };
  }
  return account;
}

/**
 * A provider's event about a connected account (Stripe's `account.updated`), in the caller's
 * transaction: the account's status as of the event's creation, unless something newer is known.
 * An account that becomes active has its member's available money claimed by the next payout run.
 */
export function applyPayoutAccountEvent(
  transaction: DatabaseOrTransaction,
  event: { provider: string; providerAccountId: string; status: PayoutAccountStatus; createdAt: Date },
  now: Date,
): Promise<boolean> {
  return repository.applyPayoutAccountStatus(
    transaction,
    { provider: event.provider, providerAccountId: event.providerAccountId },
    event.status === 'active' ? 'active' : 'pending',
    event.createdAt,
    now,
  );
}

/**
 * POST /api/user/payout-account: opens the member's connected account at the provider (once; a
 * repeat returns the account there is) and answers where onboarding finishes.
 */
export async function startPayoutOnboarding(
  context: PayoutsContext,
  actor: Actor,
): Promise<PayoutOnboarding> {
  const returnUrl = `${context.publicUrl}/earnings`;
  const existing = await refreshedAccount(context, actor.id);
  if (existing) return { status: existing.status, onboarding_url: returnUrl };
  const created = await context.provider.createPayoutAccount({
    userId: actor.id,
    email: actor.email,
    returnUrl,
  });
  await repository.insertPayoutAccount(context.db, {
    userId: actor.id,
    provider: context.provider.name,
    providerAccountId: created.accountId,
    status: created.status === 'active' ? 'active' : 'pending',
    createdAt: context.clock(),
    updatedAt: context.clock(),
  });
  // Two requests at once: the first account stored is the member's.
  const account = (await repository.findPayoutAccount(context.db, actor.id))!;
  return {
    status: account.status,
    onboarding_url: account.providerAccountId === created.accountId ? created.onboardingUrl : returnUrl,
  };
}

/**
 * GET /api/user/earnings: the caller's share of every order of their teams since purchase. Available
 * and paid out are the balances of their ledger accounts; pending is their share (by the split
 * copied at purchase) of the orders still held.
 */
export async function getEarnings(context: PayoutsContext, actor: Actor): Promise<Earnings> {
  const [rows, availableCents, paidOutCents] = await Promise.all([
    repository.earningRows(context.db, actor.id),
    repository.memberBalance(context.db, actor.id, 'member_payable'),
    repository.memberBalance(context.db, actor.id, 'paid_out'),
  ]);
  const splits = await orderSplits(
    context.db,
    rows.map((row) => row.orderId),
  );
  const expectedShare = (orderId: number, totalCents: number) =>
    splitAmount(totalCents, context.platformFeePercent, splits.get(orderId) ?? []).members.find(
      (member) => member.userId === actor.id,
    )?.cents ?? 0;
  let pendingCents = 0;
  const items: EarningItem[] = rows.map((row) => {
    const credit = Number(row.creditCents);
    const reversed = Number(row.reversedCents);
    const paid = Number(row.paidCents);
    let status: EarningStatus;
    let cents: number;
    if (held.has(row.orderStatus)) {
      status = 'pending';
      cents = expectedShare(row.orderId, row.totalCents);
      pendingCents += cents;
    } else if (paid > 0) {
      status = 'paid_out';
      cents = paid;
    } else if (credit > 0 && reversed < credit) {
      status = 'available';
      cents = credit - reversed;
    } else {
      status = 'refunded';
      cents = credit > 0 ? credit : expectedShare(row.orderId, row.totalCents);
    }
    return {
      order_id: row.orderId,
      order_title: row.orderTitle,
      team_id: row.teamId,
      team_name: row.teamName,
      percent: row.percent,
      amount: cents / 100,
      status,
      created_at: row.createdAt.toISOString(),
      completed_at: iso(row.completedAt),
      paid_out_at: iso(row.paidAt),
    };
  });
  return {
    currency: 'USD',
    pending: pendingCents / 100,
    available: availableCents / 100,
    paid_out: paidOutCents / 100,
    items,
  };
}

export interface Payouts {
  /** Claims what is payable and attempts the transfers that are due; answers how many were paid. */
  run(): Promise<number>;
}

/**
 * The payout job. A member's share of a completed order becomes one payout once their account is
 * active; each payout is attempted with the ledger entry as the provider's idempotency key, outside
 * any database transaction, and its outcome recorded in a second one: paid (with the ledger's
 * payable → paid_out), or failed and retried later with a growing delay.
 */
export function createPayouts(context: PayoutsContext): Payouts {
  async function claim() {
    await context.db.transaction(async (transaction) => {
      const payable = await repository.unclaimedPayables(transaction, CLAIM_BATCH);
      const now = context.clock();
      await repository.insertPayouts(
        transaction,
        payable.map((entry) => ({
          userId: entry.userId,
          orderId: entry.orderId,
          payableEntryId: entry.entryId,
          amountCents: entry.amountCents,
          idempotencyKey: `payout-entry-${entry.entryId}`,
          nextAttemptAt: now,
          createdAt: now,
        })),
      );
    });
  }

  async function attemptNext(): Promise<'paid' | 'failed' | 'none'> {
    const taken = await context.db.transaction(async (transaction) => {
      const now = context.clock();
      const due = await repository.lockNextDuePayout(transaction, now);
      if (!due) return undefined;
      await repository.startAttempt(transaction, due.payout.id, new Date(now.getTime() + ATTEMPT_LEASE_MS));
      return { ...due, attempts: due.payout.attempts + 1 };
    });
    if (!taken) return 'none';
    const { payout } = taken;
    let transferId: string;
    try {
      ({ transferId } = await context.provider.transfer({
        accountId: taken.accountId,
        amountCents: payout.amountCents,
        currency: 'USD',
        transferGroup: `order_${payout.orderId}`,
        idempotencyKey: payout.idempotencyKey,
      }));
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : 'The transfer failed';
      const retryAt = new Date(context.clock().getTime() + retryDelayMs(taken.attempts));
      await repository.markFailed(context.db, payout.id, retryAt, message);
      return 'failed';
    }
    await context.db.transaction(async (transaction) => {
      const now = context.clock();
      if (!(await repository.markPaid(transaction, payout.id, transferId, now))) return;
      await recordPayout(transaction, {
        payoutId: payout.id,
        userId: payout.userId,
        orderId: payout.orderId,
        amountCents: payout.amountCents,
        at: now,
      });
    });
    return 'paid';
  }

  return {
    async run() {
      await claim();
      let paid = 0;
      for (let attempt = 0; attempt < TRANSFER_BATCH; attempt += 1) {
        const outcome = await attemptNext();
        if (outcome === 'none') break;
        if (outcome === 'paid') paid += 1;
      }
      return paid;
    },
  };
}
