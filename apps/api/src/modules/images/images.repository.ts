import { and, asc, eq, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { qualified } from '../../db/sql';
import { packageImages } from '../../db/schema/index';
import type { StoredImage } from '../../platform/images/image-sets';

const imageColumns = {
  id: packageImages.id,
  widths: packageImages.widths,
  width: packageImages.width,
  height: packageImages.height,
};

/** A package's gallery in its order. */
export function listPackageImages(db: DatabaseOrTransaction, packageId: number): Promise<StoredImage[]> {
  return db
    .select(imageColumns)
    .from(packageImages)
    .where(eq(packageImages.packageId, packageId))
    .orderBy(asc(packageImages.position), asc(packageImages.createdAt));
}

/** Adds the image after the package's last one. */
export async function insertPackageImage(db: DatabaseOrTransaction, packageId: number, image: StoredImage) {
  await db.insert(packageImages).values({
    id: image.id,
    packageId,
    position: sql`(select coalesce(max(${packageImages.position}), -1) + 1 from ${packageImages} where ${packageImages.packageId} = ${packageId})`,
    width: image.width,
    height: image.height,
    widths: image.widths,
  });
}

export async function deletePackageImage(db: DatabaseOrTransaction, packageId: number, imageId: string) {
  const rows = await db
    .delete(packageImages)
    .where(and(eq(packageImages.packageId, packageId), eq(packageImages.id, imageId)))
    .returning({ id: packageImages.id });
  return rows.length > 0;
}

/**
 * Numbers the package's images 0, 1, 2, … in the order of `imageIds`, in one statement (the list goes
 * as one JSON parameter: Drizzle would spread an array into several).
 */
export async function setImageOrder(db: DatabaseOrTransaction, packageId: number, imageIds: string[]) {
  await db.execute(sql`update ${packageImages} set position = ordered.position - 1
    from json_array_elements_text(${JSON.stringify(imageIds)}::json) with ordinality as ordered(id, position)
    where ${qualified(packageImages.packageId)} = ${packageId} and ${qualified(packageImages.id)} = ordered.id::uuid`);
}
