import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { servicePackages } from './packages';
import { createdAt, requiredReference } from './columns';

/**
 * A package's gallery, at most six images; the lowest position is the card image. The files are
 * `images/{id}/{width}.webp` in storage, one per width in `widths`; `width` and `height` are the
 * largest stored size, the others keep its proportions.
 */
export const packageImages = pgTable(
  'package_images',
  {
    id: uuid('id').primaryKey(),
    packageId: requiredReference('package_id', () => servicePackages.id, 'cascade'),
    position: smallint('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('package_images_package_idx').on(table.packageId, table.position),
    check('package_images_size_positive', sql`${table.width} > 0 and ${table.height} > 0`),
  ],
);
