import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { OfferState } from '@teamhire/shared';
import type { DatabaseOrTransaction } from '../../db/database';
import { offers, orders, payments, servicePackages, teams } from '../../db/schema/index';
import { qualified } from '../../db/sql';

export type OfferRow = typeof offers.$inferSelect;

/** The offer and its team's name, for its answer. */
export async function findOffer(db: DatabaseOrTransaction, id: number) {
  const [row] = await db
    .select({ offer: offers, teamName: teams.name })
    .from(offers)
    .innerJoin(teams, eq(teams.id, offers.teamId))
    .where(eq(offers.id, id));
  return row;
}

/** The offer row locked `for update`, so its state changes (and purchases of it) run one after the other. */
export async function lockOffer(db: DatabaseOrTransaction, id: number) {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

/** The offer whose own package an order buys, locked; undefined for a catalogue package. */
export async function lockOfferOfPackage(db: DatabaseOrTransaction, packageId: number) {
  const [row] = await db.select().from(offers).where(eq(offers.packageId, packageId)).for('update');
  return row;
}

/**
 * The offer's terms as a package row of its own, never in the catalogue (`custom_offer`,
 * `unpublished`): an order of the offer buys it, so everything that reads orders reads it as for a package.
 */
export async function insertOfferPackage(
  db: DatabaseOrTransaction,
  values: {
    teamId: number;
    title: string;
    description: string;
    priceCents: number;
    durationDays: number;
    revisions: number;
    at: Date;
  },
) {
  const [row] = await db
    .insert(servicePackages)
    .values({
      teamId: values.teamId,
      title: values.title,
      description: values.description,
      priceCents: values.priceCents,
      durationDays: values.durationDays,
      revisions: values.revisions,
      status: 'unpublished',
      customOffer: true,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: servicePackages.id });
  return row!.id;
}

export async function insertOffer(db: DatabaseOrTransaction, values: typeof offers.$inferInsert) {
  const [row] = await db.insert(offers).values(values).returning();
  return row!;
}

export async function setOfferState(
  db: DatabaseOrTransaction,
  offerId: number,
  state: Exclude<OfferState, 'pending'>,
  at: Date,
  orderId: number | null = null,
) {
  const [row] = await db
    .update(offers)
    .set({ state, stateChangedAt: at, ...(orderId === null ? {} : { orderId }) })
    .where(eq(offers.id, offerId))
    .returning();
  return row!;
}

/**
 * Whether an order of the offer's package has a charge under way (its payment still pending): the
 * buyer is paying, so the offer is neither declined, withdrawn nor expired meanwhile.
 */
export async function hasOpenCharge(db: DatabaseOrTransaction, packageId: number) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.servicePackageId, packageId),
        eq(orders.status, 'pending'),
        inArray(payments.status, ['pending', 'processing']),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The next pending offer past its expiry without a charge under way, locked `for update skip
 * locked`, so sweeps on several instances (and a buyer paying at that moment) never take one twice.
 */
export async function lockNextExpired(db: DatabaseOrTransaction, now: Date) {
  const [row] = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.state, 'pending'),
        lte(offers.expiresAt, now),
        sql`not exists (select 1 from ${orders} o join ${payments} p on p.order_id = o.id
                        where o.service_package_id = ${qualified(offers.packageId)} and o.status = 'pending'
                          and p.status in ('pending', 'processing'))`,
      ),
    )
    .orderBy(asc(offers.expiresAt), asc(offers.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}
