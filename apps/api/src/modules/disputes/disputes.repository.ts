import { and, eq } from 'drizzle-orm';
import type { DisputeOutcome, DisputeReason } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { disputes } from '../../db/schema/index';

/** The unique partial index refuses a second open dispute on one order (SQLSTATE 23505). */
export async function insertDispute(
  db: DatabaseOrTransaction,
  values: {
    orderId: number;
    openedById: number;
    previousStatus: string;
    reason: DisputeReason;
    details: string;
    createdAt: Date;
  },
) {
  const [row] = await db.insert(disputes).values(values).returning({ id: disputes.id });
  return row!.id;
}

/** Resolves the dispute if it is still open; false when another resolution came first. */
export async function resolveDispute(
  db: DatabaseOrTransaction,
  id: number,
  values: {
    outcome: DisputeOutcome;
    refundCents: number;
    resolutionMessage: string;
    resolvedById: number;
    resolvedAt: Date;
  },
) {
  const rows = await db
    .update(disputes)
    .set({ status: 'resolved', ...values })
    .where(and(eq(disputes.id, id), eq(disputes.status, 'open')))
    .returning({ id: disputes.id });
  return rows.length > 0;
}
