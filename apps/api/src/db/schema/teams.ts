import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { projectSubTypes, projectTypes, serviceCategories, technologies } from './catalogue';
import { isActive, instant, requiredReference, timestamps } from './columns';

export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    adminId: requiredReference('admin_id', () => users.id, 'restrict'),
    maxMembers: integer('max_members').notNull().default(10),
    /** Kept in step with team_members inside the same transaction as every membership change. */
    memberCount: integer('member_count').notNull().default(1),
    isActive: isActive(),
    serviceCategoryId: integer('service_category_id').references(() => serviceCategories.id, {
      onDelete: 'set null',
    }),
    projectTypeId: integer('project_type_id').references(() => projectTypes.id, { onDelete: 'set null' }),
    projectSubTypeId: integer('project_sub_type_id').references(() => projectSubTypes.id, {
      onDelete: 'set null',
    }),
    /** The stored logo (`images/{id}/{side}.webp`, every side of LOGO_IMAGE_WIDTHS); null without one. */
    logoImageId: uuid('logo_image_id'),
    ...timestamps(),
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
    teamId: requiredReference('team_id', () => teams.id, 'cascade'),
    technologyId: requiredReference('technology_id', () => technologies.id, 'cascade'),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.technologyId] }),
    index('team_technologies_technology_idx').on(table.technologyId),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: requiredReference('team_id', () => teams.id, 'cascade'),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    /** 'admin' for the team's administrator, 'member' for everyone else. */
    role: text('role', { enum: ['admin', 'member'] })
      .notNull()
      .default('member'),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.userId] }),
    index('team_members_user_idx').on(table.userId),
  ],
);
