import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`. Inside a raw `sql` fragment used as a selected field, Drizzle writes a column
 * without its table, so in a correlated subquery `"id"` silently binds to the inner table. Every
 * column inside such a subquery goes through this.
 */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
