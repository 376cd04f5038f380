import { index, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, isActive, requiredReference } from './columns';

export const serviceCategories = pgTable('service_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  isActive: isActive(),
  createdAt: createdAt(),
});

export const projectTypes = pgTable(
  'project_types',
  {
    id: serial('id').primaryKey(),
    serviceCategoryId: requiredReference('service_category_id', () => serviceCategories.id, 'cascade'),
    name: text('name').notNull(),
    description: text('description'),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('project_types_category_name_key').on(table.serviceCategoryId, table.name)],
);

export const projectSubTypes = pgTable(
  'project_sub_types',
  {
    id: serial('id').primaryKey(),
    projectTypeId: requiredReference('project_type_id', () => projectTypes.id, 'cascade'),
    name: text('name').notNull(),
    description: text('description'),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('project_sub_types_type_name_key').on(table.projectTypeId, table.name)],
);

export const technologies = pgTable('technologies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isActive: isActive(),
  createdAt: createdAt(),
});

export const projectTypeTechnologies = pgTable(
  'project_type_technologies',
  {
    projectTypeId: requiredReference('project_type_id', () => projectTypes.id, 'cascade'),
    technologyId: requiredReference('technology_id', () => technologies.id, 'cascade'),
  },
  (table) => [
    primaryKey({ columns: [table.projectTypeId, table.technologyId] }),
    index('project_type_technologies_technology_idx').on(table.technologyId),
  ],
);

export const projectSubTypeTechnologies = pgTable(
  'project_sub_type_technologies',
  {
    projectSubTypeId: requiredReference('project_sub_type_id', () => projectSubTypes.id, 'cascade'),
    technologyId: requiredReference('technology_id', () => technologies.id, 'cascade'),
  },
  (table) => [
    primaryKey({ columns: [table.projectSubTypeId, table.technologyId] }),
    index('project_sub_type_technologies_technology_idx').on(table.technologyId),
  ],
);
