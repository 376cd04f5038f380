import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { requiredReference, timestamps } from './columns';

/** Saved method types are upper case, as the billing API spells them. */
export const savedPaymentMethodType = pgEnum('saved_payment_method_type', [
  'CREDIT_CARD',
  'PAYPAL',
  'BANK_TRANSFER',
]);

/** A saved card keeps its brand, last four digits and expiry, never the number or CVV. */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    type: savedPaymentMethodType('type').notNull(),
    name: text('name').notNull(),
    lastFour: text('last_four'),
    brand: text('brand'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    isDefault: boolean('is_default').notNull().default(false),
    /** The provider's own id of the saved card (a Stripe payment method of the buyer's customer). */
    providerMethodId: text('provider_method_id'),
    ...timestamps(),
  },
  (table) => [
    index('saved_payment_methods_user_idx').on(table.userId),
    // Exactly one default per user is kept by the service; this makes a second one impossible.
    uniqueIndex('saved_payment_methods_one_default_idx')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
    check(
      'saved_payment_methods_last_four',
      sql`${table.lastFour} is null or ${table.lastFour} ~ '^[0-9]{4}$'`,
    ),
    check(
      'saved_payment_methods_month',
      sql`${table.expiryMonth} is null or ${table.expiryMonth} between 1 and 12`,
    ),
  ],
);
