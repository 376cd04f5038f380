import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '../../db/database';
import { preparedQuery, qualified } from '../../db/sql';
import {
  projectSubTypes,
  projectSubTypeTechnologies,
  projectTypes,
  projectTypeTechnologies,
  serviceCategories,
  technologies,
} from '../../db/schema/index';

export interface ListWindow {
  skip: number;
  limit: number;
  includeInactive: boolean;
}

/**
 * `"table"."column"`, always. In a single-table select Drizzle writes the columns inside a sql``
 * selection without their table, and inside the subquery below a bare "id" would mean technologies.id.
 */
const activeTechnologiesOf = (
  link: typeof projectTypeTechnologies | typeof projectSubTypeTechnologies,
  ownerColumn:
    typeof projectTypeTechnologies.projectTypeId | typeof projectSubTypeTechnologies.projectSubTypeId,
  ownerId: typeof projectTypes.id | typeof projectSubTypes.id,
) =>
  sql<{ id: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', ${qualified(technologies.id)}, 'name', ${qualified(technologies.name)}) order by ${qualified(technologies.name)})
    from ${link} join ${technologies} on ${qualified(technologies.id)} = ${qualified(link.technologyId)}
    where ${qualified(ownerColumn)} = ${qualified(ownerId)} and ${qualified(technologies.isActive)}
  ), '[]'::json)`;

const categoryColumns = {
  id: serviceCategories.id,
  name: serviceCategories.name,
  description: serviceCategories.description,
  is_active: serviceCategories.isActive,
};

const categoriesQuery = (onlyActive: boolean) =>
  preparedQuery(`catalogue_categories_${onlyActive ? 'active' : 'all'}`, (db) =>
    db
      .select(categoryColumns)
      .from(serviceCategories)
      .where(onlyActive ? eq(serviceCategories.isActive, true) : undefined)
      .orderBy(asc(serviceCategories.id))
      .offset(sql.placeholder('skip'))
      .limit(sql.placeholder('limit')),
  );
const activeCategories = categoriesQuery(true);
const allCategories = categoriesQuery(false);
const categoryById = preparedQuery('catalogue_category', (db) =>
  db
    .select(categoryColumns)
    .from(serviceCategories)
    .where(eq(serviceCategories.id, sql.placeholder('id'))),
);

export function listCategories(db: DatabaseOrTransaction, window: ListWindow) {
  return (window.includeInactive ? allCategories : activeCategories)(db).execute({
    skip: window.skip,
    limit: window.limit,
  });
}

export async function findCategory(db: DatabaseOrTransaction, id: number) {
  const [row] = await categoryById(db).execute({ id });
  return row;
}

const projectTypeColumns = {
  id: projectTypes.id,
  service_category_id: projectTypes.serviceCategoryId,
  name: projectTypes.name,
  description: projectTypes.description,
  is_active: projectTypes.isActive,
  technologies: activeTechnologiesOf(
    projectTypeTechnologies,
    projectTypeTechnologies.projectTypeId,
    projectTypes.id,
  ),
};

export function listProjectTypes(
  db: DatabaseOrTransaction,
  window: ListWindow & { serviceCategoryId?: number },
) {
  return db
    .select(projectTypeColumns)
    .from(projectTypes)
    .where(
      and(
        window.includeInactive ? undefined : eq(projectTypes.isActive, true),
        window.serviceCategoryId === undefined
          ? undefined
          : eq(projectTypes.serviceCategoryId, window.serviceCategoryId),
      ),
    )
    .orderBy(asc(projectTypes.id))
    .offset(window.skip)
    .limit(window.limit);
}

export async function findProjectType(db: DatabaseOrTransaction, id: number) {
  const [row] = await db.select(projectTypeColumns).from(projectTypes).where(eq(projectTypes.id, id));
  return row;
}

const projectSubTypeColumns = {
  id: projectSubTypes.id,
  project_type_id: projectSubTypes.projectTypeId,
  name: projectSubTypes.name,
  description: projectSubTypes.description,
  is_active: projectSubTypes.isActive,
  technologies: activeTechnologiesOf(
    projectSubTypeTechnologies,
    projectSubTypeTechnologies.projectSubTypeId,
    projectSubTypes.id,
  ),
};

export function listProjectSubTypes(
  db: DatabaseOrTransaction,
  window: ListWindow & { projectTypeId?: number },
) {
  return db
    .select(projectSubTypeColumns)
    .from(projectSubTypes)
    .where(
      and(
        window.includeInactive ? undefined : eq(projectSubTypes.isActive, true),
        window.projectTypeId === undefined
          ? undefined
          : eq(projectSubTypes.projectTypeId, window.projectTypeId),
      ),
    )
    .orderBy(asc(projectSubTypes.id))
    .offset(window.skip)
    .limit(window.limit);
}

export async function findProjectSubType(db: DatabaseOrTransaction, id: number) {
  const [row] = await db
    .select(projectSubTypeColumns)
    .from(projectSubTypes)
    .where(eq(projectSubTypes.id, id));
  return row;
}

export interface TechnologyFilters {
  projectSubTypeId?: number;
  projectTypeId?: number;
  serviceCategoryId?: number;
}

/** A technology belongs to a type when linked to it or to one of its sub-types. */
function linkedToTypes(typeIds: SQL) {
  return or(
    sql`exists (select 1 from ${projectTypeTechnologies} where ${projectTypeTechnologies.technologyId} = ${technologies.id} and ${projectTypeTechnologies.projectTypeId} in (${typeIds}))`,
    sql`exists (select 1 from ${projectSubTypeTechnologies} join ${projectSubTypes} on ${projectSubTypes.id} = ${projectSubTypeTechnologies.projectSubTypeId} where ${projectSubTypeTechnologies.technologyId} = ${technologies.id} and ${projectSubTypes.projectTypeId} in (${typeIds}))`,
  );
}

export function listTechnologies(db: DatabaseOrTransaction, window: ListWindow & TechnologyFilters) {
  const filters: (SQL | undefined)[] = [window.includeInactive ? undefined : eq(technologies.isActive, true)];
  if (window.projectSubTypeId !== undefined) {
    filters.push(
      inArray(
        technologies.id,
        db
          .select({ id: projectSubTypeTechnologies.technologyId })
          .from(projectSubTypeTechnologies)
          .where(eq(projectSubTypeTechnologies.projectSubTypeId, window.projectSubTypeId)),
      ),
    );
  }
  if (window.projectTypeId !== undefined) filters.push(linkedToTypes(sql`${window.projectTypeId}`));
  if (window.serviceCategoryId !== undefined) {
    filters.push(
      linkedToTypes(
        sql`select ${projectTypes.id} from ${projectTypes} where ${projectTypes.serviceCategoryId} = ${window.serviceCategoryId}`,
      ),
    );
  }
  return db
    .select({ id: technologies.id, name: technologies.name, is_active: technologies.isActive })
    .from(technologies)
    .where(and(...filters))
    .orderBy(asc(technologies.name), asc(technologies.id))
    .offset(window.skip)
    .limit(window.limit);
}

export async function findTechnology(db: DatabaseOrTransaction, id: number) {
  const [row] = await db
    .select({ id: technologies.id, name: technologies.name, is_active: technologies.isActive })
    .from(technologies)
    .where(eq(technologies.id, id));
  return row;
}
