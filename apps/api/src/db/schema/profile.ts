import { boolean, date, index, integer, numeric, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { requiredReference, timestamps } from './columns';

const owner = () => requiredReference('user_id', () => users.id, 'cascade');
const statistics = () => ({
  totalCompletedProjects: integer('total_completed_projects').notNull().default(0),
  /** 0 to 5 in steps of 0.1, as the person states it. */
  avgReviews: numeric('avg_reviews', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
  totalReviews: integer('total_reviews').notNull().default(0),
});

export const skillLevel = pgEnum('skill_level', ['Beginner', 'Intermediate', 'Advanced', 'Expert']);

export const profileExperiences = pgTable(
  'profile_experiences',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    title: text('title').notNull(),
    company: text('company').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    current: boolean('current').notNull().default(false),
    description: text('description'),
    ...statistics(),
    ...timestamps(),
  },
  (table) => [index('profile_experiences_user_idx').on(table.userId)],
);

export const profileSkills = pgTable(
  'profile_skills',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    level: skillLevel('level').notNull(),
    category: text('category'),
    ...statistics(),
    ...timestamps(),
  },
  (table) => [index('profile_skills_user_idx').on(table.userId)],
);

export const profileCertificates = pgTable(
  'profile_certificates',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    credentialId: text('credential_id'),
    credentialUrl: text('credential_url'),
    ...timestamps(),
  },
  (table) => [index('profile_certificates_user_idx').on(table.userId)],
);

export const profileEducation = pgTable(
  'profile_education',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    degree: text('degree').notNull(),
    institution: text('institution').notNull(),
    fieldOfStudy: text('field_of_study'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    current: boolean('current').notNull().default(false),
    gpa: numeric('gpa', { precision: 4, scale: 2, mode: 'number' }),
    description: text('description'),
    ...timestamps(),
  },
  (table) => [index('profile_education_user_idx').on(table.userId)],
);
