import { boolean, integer, timestamp, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/** Every point in time is stored with its time zone, so that no reader has to guess the server's. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was made, stamped by the database. */
export const createdAt = () => instant('created_at').notNull().defaultNow();

/** When the row last changed; starts as created, the services move it on. */
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Rows are switched off rather than deleted, so that what points at them keeps working. */
export const isActive = () => boolean('is_active').notNull().default(true);

/** An integer column that must point at a row of another table. */
export const requiredReference = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  integer(name).notNull().references(target, { onDelete });
