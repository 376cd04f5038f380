import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const serviceCategories = pgTable('service_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const projectTypes = pgTable(
  'project_types',
  {
    id: serial('id').primaryKey(),
    serviceCategoryId: integer('service_category_id')
      .notNull()
      .references(() => serviceCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('project_types_category_name_key').on(table.serviceCategoryId, table.name)],
);

export const projectSubTypes = pgTable(
  'project_sub_types',
  {
    id: serial('id').primaryKey(),
    projectTypeId: integer('project_type_id')
      .notNull()
      .references(() => projectTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('project_sub_types_type_name_key').on(table.projectTypeId, table.name)],
);

export const technologies = pgTable('technologies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const projectTypeTechnologies = pgTable(
  'project_type_technologies',
  {
    projectTypeId: integer('project_type_id')
      .notNull()
      .references(() => projectTypes.id, { onDelete: 'cascade' }),
    technologyId: integer('technology_id')
      .notNull()
      .references(() => technologies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.projectTypeId, table.technologyId] }),
    index('project_type_technologies_technology_idx').on(table.technologyId),
  ],
);

export const projectSubTypeTechnologies = pgTable(
  'project_sub_type_technologies',
  {
    projectSubTypeId: integer('project_sub_type_id')
      .notNull()
      .references(() => projectSubTypes.id, { onDelete: 'cascade' }),
    technologyId: integer('technology_id')
      .notNull()
      .references(() => technologies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.projectSubTypeId, table.technologyId] }),
    index('project_sub_type_technologies_technology_idx').on(table.technologyId),
  ],
);
