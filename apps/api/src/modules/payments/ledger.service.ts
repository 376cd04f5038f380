import type { FinanceSummary } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { forbidden } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { isGeneralAdmin } from '../../platform/auth/actor';
import * as repository from './ledger.repository';
import { allocate, splitAmount } from './money-split';
import { copySplitToOrder, orderSplit } from './payout-split.service';

/**
 * The double-entry ledger. Every movement of money is one transaction whose entries sum to zero,
 * written in the transaction of the state change it records:
 *   charge      buyer_funds → escrow
 *   completion  escrow → platform_fee + each member's member_payable
 *   refund      escrow → refunded (before completion), or fee and payables → refunded (after)
 *   payout      member_payable → paid_out
 * Orders paid before the ledger existed have no charge in it; the ledger leaves them alone.
 */

const RECENT_TRANSACTIONS = 20;

/**
 * A charge succeeded: the money goes into escrow and the team's split in force is copied onto the
 * order, in the caller's transaction (on the order row locked). Recording it again (a replayed
 * webhook, a reconciliation after a crash) changes nothing: an order is charged into escrow once,
 * which a unique index also guarantees.
 */
export async function recordCharge(
  transaction: DatabaseOrTransaction,
  charge: { orderId: number; amountCents: number; at?: Date },
): Promise<void> {
  if (await repository.hasTransaction(transaction, charge.orderId, 'charge')) return;
  await repository.insertTransaction(transaction, {
    kind: 'charge',
    orderId: charge.orderId,
    description: `Payment for order ${charge.orderId} held in escrow`,
    ...(charge.at ? { createdAt: charge.at } : {}),
    entries: [
      { accountId: await repository.accountId(transaction, 'buyer_funds'), amountCents: -charge.amountCents },
      { accountId: await repository.accountId(transaction, 'escrow'), amountCents: charge.amountCents },
    ],
  });
  await copySplitToOrder(transaction, charge.orderId);
}

/**
 * The order completed (accepted, auto-completed or released by a dispute): what escrow holds for it
 * goes to the marketplace's fee and to each member's payable by the split copied at purchase. After
 * a partial refund that is what is left, so the fee is taken on what the marketplace keeps.
 * Call it on the order row locked, once; an order completed before is left as it is.
 */
export async function recordCompletion(
  transaction: DatabaseOrTransaction,
  completion: { orderId: number; platformFeePercent: number; at?: Date },
): Promise<void> {
  const { orderId } = completion;
  if (!(await repository.hasTransaction(transaction, orderId, 'charge'))) return;
  if (await repository.hasTransaction(transaction, orderId, 'completion')) return;
  const heldCents = await repository.orderEscrowCents(transaction, orderId);
  if (heldCents <= 0) return;
  const split = splitAmount(heldCents, completion.platformFeePercent, await orderSplit(transaction, orderId));
  const entries = [
    { accountId: await repository.accountId(transaction, 'escrow'), amountCents: -heldCents },
    { accountId: await repository.accountId(transaction, 'platform_fee'), amountCents: split.feeCents },
  ];
  for (const member of split.members) {
    entries.push({
      accountId: await repository.accountId(transaction, 'member_payable', member.userId),
      amountCents: member.cents,
    });
  }
  await repository.insertTransaction(transaction, {
    kind: 'completion',
    orderId,
    description: `Order ${orderId} completed: fee and team shares`,
    ...(completion.at ? { createdAt: completion.at } : {}),
    entries,
  });
}

/**
 * Money went back to the buyer. Before completion it leaves escrow. After completion it is taken
 * back from the fee and the members' payables in proportion to what completion gave each (rounded
 * down, the remainder from the fee); a member's part that a payout has already claimed (the transfer
 * is made or under way) is not taken from the member: the marketplace covers it from its fee.
 */
export async function recordRefund(
  transaction: DatabaseOrTransaction,
  refund: { orderId: number; amountCents: number; at?: Date },
): Promise<void> {
  const { orderId, amountCents } = refund;
  if (amountCents <= 0 || !(await repository.hasTransaction(transaction, orderId, 'charge'))) return;
  const refunded = { accountId: await repository.accountId(transaction, 'refunded'), amountCents };
  const base = {
    kind: 'refund' as const,
    orderId,
    description: `Refund of order ${orderId} to the buyer`,
    ...(refund.at ? { createdAt: refund.at } : {}),
  };
  if (!(await repository.hasTransaction(transaction, orderId, 'completion'))) {
    const escrow = await repository.accountId(transaction, 'escrow');
    await repository.insertTransaction(transaction, {
      ...base,
      entries: [{ accountId: escrow, amountCents: -amountCents }, refunded],
    });
    return;
  }
  const credits = await repository.completionCredits(transaction, orderId);
  const feeIndex = Math.max(
    0,
    credits.findIndex((credit) => credit.kind === 'platform_fee'),
  );
  const parts = allocate(
    amountCents,
    credits.map((credit) => credit.amountCents),
    feeIndex,
  );
  const platformFee = await repository.accountId(transaction, 'platform_fee');
  await repository.insertTransaction(transaction, {
    ...base,
    description: `Refund of completed order ${orderId} to the buyer`,
    entries: [
      ...credits.map((credit, index) => ({
        accountId:
          credit.kind === 'member_payable' && credit.payoutId !== null ? platformFee : credit.accountId,
        amountCents: -parts[index]!,
      })),
      refunded,
    ],
  });
}

/** A transfer to the member's payout account went through: their payable becomes paid out. */
export async function recordPayout(
  transaction: DatabaseOrTransaction,
  payout: { payoutId: number; userId: number; orderId: number; amountCents: number; at: Date },
): Promise<void> {
  await repository.insertTransaction(transaction, {
    kind: 'payout',
    orderId: payout.orderId,
    payoutId: payout.payoutId,
    description: `Payout of order ${payout.orderId} to a team member`,
    createdAt: payout.at,
    entries: [
      {
        accountId: await repository.accountId(transaction, 'member_payable', payout.userId),
        amountCents: -payout.amountCents,
      },
      {
        accountId: await repository.accountId(transaction, 'paid_out', payout.userId),
        amountCents: payout.amountCents,
      },
    ],
  });
}

export interface LedgerCheck {
  balanced: boolean;
  unbalancedTransactions: number;
  escrowCents: number;
  heldOrdersCents: number;
}

/**
 * Whether the ledger is right: every transaction sums to zero, and escrow equals what buyers paid
 * for the orders still held, counted from the orders and payments rather than from the ledger.
 */
export async function checkLedger(db: DatabaseOrTransaction): Promise<LedgerCheck> {
  const [unbalancedTransactions, balances, heldOrdersCents] = await Promise.all([
    repository.unbalancedTransactionCount(db),
    repository.balancesByKind(db),
    repository.heldOrdersCents(db),
  ]);
  const escrowCents = balances.get('escrow') ?? 0;
  return {
    balanced: unbalancedTransactions === 0 && escrowCents === heldOrdersCents,
    unbalancedTransactions,
    escrowCents,
    heldOrdersCents,
  };
}

/** GET /api/admin/finance: the balances of the ledger and whether it balances (general admins only). */
export async function financeSummary(db: DatabaseOrTransaction, actor: Actor): Promise<FinanceSummary> {
  if (!isGeneralAdmin(actor)) throw forbidden('Only a general admin can see the finance summary');
  const [check, balances, recent] = await Promise.all([
    checkLedger(db),
    repository.balancesByKind(db),
    repository.recentTransactions(db, RECENT_TRANSACTIONS),
  ]);
  const dollars = (kind: repository.LedgerAccountKind) => (balances.get(kind) ?? 0) / 100;
  return {
    currency: 'USD',
    escrow: dollars('escrow'),
    fees: dollars('platform_fee'),
    payable: dollars('member_payable'),
    paid_out: dollars('paid_out'),
    refunded: dollars('refunded'),
    balanced: check.balanced,
    recent: recent.map((row) => ({
      id: row.id,
      kind: row.kind,
      order_id: row.orderId,
      amount: Number(row.amountCents) / 100,
      description: row.description,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
