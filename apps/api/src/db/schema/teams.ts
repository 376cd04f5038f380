import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { projectSubTypes, projectTypes, serviceCategories, technologies } from './catalogue';

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    maxMembers: integer('max_members').notNull().default(10),
    /** Kept in step with team_members inside the same transaction as every membership change. */
    memberCount: integer('member_count').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    serviceCategoryId: integer('service_category_id').references(() => serviceCategories.id, {
      onDelete: 'set null',
    }),
    projectTypeId: integer('project_type_id').references(() => projectTypes.id, { onDelete: 'set null' }),
    projectSubTypeId: integer('project_sub_type_id').references(() => projectSubTypes.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('teams_admin_idx').on(table.adminId),
    index('teams_category_idx').on(table.serviceCategoryId),
    check('teams_max_members_range', sql`${table.maxMembers} between 1 and 100`),
    check(
      'teams_member_count_range',
      sql`${table.memberCount} >= 0 and ${table.memberCount} <= ${table.maxMembers}`,
    ),
  ],
);

export const teamTechnologies = pgTable(
  'team_technologies',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    technologyId: integer('technology_id')
      .notNull()
      .references(() => technologies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.technologyId] }),
    index('team_technologies_technology_idx').on(table.technologyId),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'admin' for the team's administrator, 'member' for everyone else. */
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
  ],
);
