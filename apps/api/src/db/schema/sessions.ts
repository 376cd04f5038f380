import { index, pgEnum, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, instant, requiredReference } from './columns';

/**
 * One row per refresh token ever issued. A login starts a family; each refresh marks the used token
 * and issues its successor in the same family. The raw token is never stored, only its SHA-256.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Absolute end of the session: the family's login time plus 30 days, never extended. */
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const oneTimeTokenPurpose = pgEnum('one_time_token_purpose', ['password_reset', 'email_verification']);

/** Password-reset and email-verification links: random, stored hashed, single use, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial('id').primaryKey(),
    userId: requiredReference('user_id', () => users.id, 'cascade'),
    purpose: oneTimeTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);

/** Every email the product sends; without SMTP_URL this table is the outbox a developer reads. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    error: text('error'),
  },
  (table) => [index('email_outbox_to_idx').on(table.toAddress, table.createdAt)],
);

/** Counters for rate limits that must hold across instances (login failures, email requests). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('rate_limit_hits_lookup_idx').on(table.bucket, table.key, table.createdAt)],
);

/** Secrets generated once and shared by every instance (the JWT signing key when JWT_SECRET is unset). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
