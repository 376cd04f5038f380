import { sql } from 'drizzle-orm';
import { boolean, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { isActive, timestamps } from './columns';

export const userRole = pgEnum('user_role', ['USER', 'BUYER', 'SELLER', 'TEAM_ADMIN', 'GENERAL_ADMIN']);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** scrypt hash with its parameters and salt, see accounts/password.ts. */
    passwordHash: text('password_hash').notNull(),
    role: userRole('role').notNull().default('USER'),
    fullName: text('full_name'),
    profilePictureUrl: text('profile_picture_url'),
    isActive: isActive(),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    /** Role verification, set when a role-upgrade request is approved. */
    isVerified: boolean('is_verified').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    // Usernames and emails are unique regardless of case, so 'Alice' cannot shadow 'alice'.
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
  ],
);
