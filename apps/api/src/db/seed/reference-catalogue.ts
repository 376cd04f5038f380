import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../database';
import {
  projectSubTypes,
  projectSubTypeTechnologies,
  projectTypes,
  projectTypeTechnologies,
  serviceCategories,
  technologies,
} from '../schema/index';
import { REFERENCE_CATALOGUE } from './reference-catalogue-data';

const key = (...parts: (string | number)[]) => parts.join('\u0000');

/**
 * Brings the reference catalogue up to date on every start. Rows are matched by name within their
 * parent, so ids stay stable; descriptions follow the code; nothing is deleted or re-activated.
 * A handful of batched statements, not one per row.
 */
export async function seedReferenceCatalogue(db: DatabaseOrTransaction): Promise<void> {
  const technologyNames = [
    ...new Set(
      REFERENCE_CATALOGUE.flatMap((category) =>
        category.projectTypes.flatMap((type) => [
          ...type.technologies,
          ...type.subTypes.flatMap((subType) => subType.technologies),
        ]),
      ),
    ),
  ];
  await db
    .insert(technologies)
    .values(technologyNames.map((name) => ({ name })))
    .onConflictDoNothing({ target: technologies.name });
  const technologyIds = new Map(
    (await db.select({ id: technologies.id, name: technologies.name }).from(technologies)).map((row) => [
      row.name,
      row.id,
    ]),
  );

  const categoryRows = await db
    .insert(serviceCategories)
    .values(REFERENCE_CATALOGUE.map(({ name, description }) => ({ name, description })))
    .onConflictDoUpdate({ target: serviceCategories.name, set: { description: sql`excluded.description` } })
    .returning({ id: serviceCategories.id, name: serviceCategories.name });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));

  const typeSeeds = REFERENCE_CATALOGUE.flatMap((category) =>
    category.projectTypes.map((type) => ({ categoryId: categoryIds.get(category.name)!, type })),
  );
  const typeRows = await db
    .insert(projectTypes)
    .values(
      typeSeeds.map(({ categoryId, type }) => ({
        serviceCategoryId: categoryId,
        name: type.name,
        description: type.description,
      })),
    )
    .onConflictDoUpdate({
      target: [projectTypes.serviceCategoryId, projectTypes.name],
      set: { description: sql`excluded.description` },
    })
    .returning({ id: projectTypes.id, categoryId: projectTypes.serviceCategoryId, name: projectTypes.name });
  const typeIds = new Map(typeRows.map((row) => [key(row.categoryId, row.name), row.id]));

  const subTypeSeeds = typeSeeds.flatMap(({ categoryId, type }) =>
    type.subTypes.map((subType) => ({ typeId: typeIds.get(key(categoryId, type.name))!, subType })),
  );
  const subTypeRows = await db
    .insert(projectSubTypes)
    .values(
      subTypeSeeds.map(({ typeId, subType }) => ({
        projectTypeId: typeId,
        name: subType.name,
        description: subType.description,
      })),
    )
    .onConflictDoUpdate({
      target: [projectSubTypes.projectTypeId, projectSubTypes.name],
      set: { description: sql`excluded.description` },
    })
    .returning({ id: projectSubTypes.id, typeId: projectSubTypes.projectTypeId, name: projectSubTypes.name });
  const subTypeIds = new Map(subTypeRows.map((row) => [key(row.typeId, row.name), row.id]));

  const typeLinks = typeSeeds.flatMap(({ categoryId, type }) =>
    type.technologies.map((name) => ({
      projectTypeId: typeIds.get(key(categoryId, type.name))!,
      technologyId: technologyIds.get(name)!,
    })),
  );
  await db.insert(projectTypeTechnologies).values(typeLinks).onConflictDoNothing();

  const subTypeLinks = subTypeSeeds.flatMap(({ typeId, subType }) =>
    subType.technologies.map((name) => ({
      projectSubTypeId: subTypeIds.get(key(typeId, subType.name))!,
      technologyId: technologyIds.get(name)!,
    })),
  );
  await db.insert(projectSubTypeTechnologies).values(subTypeLinks).onConflictDoNothing();
}
