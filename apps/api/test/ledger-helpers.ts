import { expect } from 'vitest';
import { checkLedger } from '../src/modules/payments/ledger.service';
import type { TestContext } from './test-app';

/**
 * The ledger check every money scenario ends with, in plain SQL beside the service's own check:
 * every transaction sums to zero, so do all entries together, no order's escrow is negative, and
 * escrow equals what buyers paid (less refunds) for orders paid and not yet completed, refunded or
 * cancelled, counted from the orders and payments.
 */
export async function expectLedgerBalanced(context: TestContext): Promise<void> {
  const query = <Row extends object>(text: string) =>
    context.database.pool.query<Row>(text).then((result) => result.rows);
  const unbalanced = await query<{ id: number; total: string }>(
    `select t.id, coalesce(sum(e.amount_cents), 0) as total
     from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
     group by t.id having coalesce(sum(e.amount_cents), 0) <> 0`,
  );
  expect(unbalanced, 'ledger transactions that do not sum to zero').toEqual([]);
  const [all] = await query<{ total: string }>(
    'select coalesce(sum(amount_cents), 0) as total from ledger_entries',
  );
  expect(Number(all!.total)).toBe(0);
  const negativeEscrow = await query<{ order_id: number; held: string }>(
    `select e.order_id, sum(e.amount_cents) as held
     from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow'
     group by e.order_id having sum(e.amount_cents) < 0`,
  );
  expect(negativeEscrow, 'orders whose escrow went below zero').toEqual([]);
  const [escrow] = await query<{ total: string }>(
    `select coalesce(sum(e.amount_cents), 0) as total
     from ledger_entries e join ledger_accounts a on a.id = e.account_id and a.kind = 'escrow'`,
  );
  const [held] = await query<{ total: string }>(
    `select coalesce(sum(p.amount_cents - p.refunded_cents), 0) as total
     from payments p join orders o on o.id = p.order_id
     where p.status = 'completed' and o.status in ('confirmed', 'in_progress', 'delivered', 'disputed')`,
  );
  expect(Number(escrow!.total), 'escrow against the orders held').toBe(Number(held!.total));
  const check = await checkLedger(context.database.db);
  expect(check).toMatchObject({ balanced: true });
}

/** The balance of one account kind (summed over users), or of one user's account of that kind. */
export async function ledgerBalance(
  context: TestContext,
  kind: 'buyer_funds' | 'escrow' | 'platform_fee' | 'member_payable' | 'paid_out' | 'refunded',
  userId?: number,
): Promise<number> {
  const { rows } = await context.database.pool.query<{ total: string }>(
    `select coalesce(sum(e.amount_cents), 0) as total
     from ledger_entries e join ledger_accounts a on a.id = e.account_id
     where a.kind = $1 and ($2::int is null or a.user_id = $2::int)`,
    [kind, userId ?? null],
  );
  return Number(rows[0]!.total);
}

/** What one order moved into each account, as `kind` or `kind:userId` → cents. */
export async function orderMovements(context: TestContext, orderId: number): Promise<Record<string, number>> {
  const { rows } = await context.database.pool.query<{ kind: string; user_id: number | null; total: string }>(
    `select a.kind, a.user_id, sum(e.amount_cents) as total
     from ledger_entries e join ledger_accounts a on a.id = e.account_id
     where e.order_id = $1 group by a.kind, a.user_id`,
    [orderId],
  );
  return Object.fromEntries(
    rows.map((row) => [row.user_id === null ? row.kind : `${row.kind}:${row.user_id}`, Number(row.total)]),
  );
}
