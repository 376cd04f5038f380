import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orders } from './orders';
import { servicePackages } from './packages';
import { teams } from './teams';
import { createdAt, requiredReference } from './columns';

/** One review per completed order; team metrics are computed from these rows. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerId: requiredReference('buyer_id', () => users.id, 'cascade'),
    teamId: requiredReference('team_id', () => teams.id, 'cascade'),
    servicePackageId: requiredReference('service_package_id', () => servicePackages.id, 'cascade'),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (table) => [
    index('reviews_team_idx').on(table.teamId),
    index('reviews_package_idx').on(table.servicePackageId),
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);
