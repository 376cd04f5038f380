import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';
import { servicePackages } from './packages';
import { teams } from './teams';

/** One review per completed order; team metrics are computed from these rows. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    servicePackageId: integer('service_package_id')
      .notNull()
      .references(() => servicePackages.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reviews_team_idx').on(table.teamId),
    index('reviews_package_idx').on(table.servicePackageId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);
