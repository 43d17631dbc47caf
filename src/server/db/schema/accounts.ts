import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '../../../shared/constants.ts';
import { bytea, ts } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    bio: text('bio'),
    avatar: text('avatar'),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Set when the address was confirmed from an e-mailed link; null until then (ADR 022).
    emailVerifiedAt: ts('email_verified_at'),
    // A deleted account keeps its row, anonymised, so payment records keep their parties (ADR 022).
    deletedAt: ts('deleted_at'),
    // Trust and safety (ADR 029): 'admin' opens the operator console; granted from the command line.
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    // Set while the account is suspended: no sessions, no sign-in, listings hidden.
    suspendedAt: ts('suspended_at'),
    // The user's language (ADR 031): their e-mails and notifications are written in it.
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('member', 'admin')`),
    check('users_language_check', sql`${t.language} in ('en', 'es', 'fr', 'de', 'ja')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie token: a database leak does not leak usable sessions.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

// Counted events for rate limits shared by every app instance (login failures, registrations).
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('rate_events_key_time_idx').on(t.key, t.createdAt)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text('path').notNull().unique(),
    // Size of the stored file; the daily quota sums it.
    bytes: integer('bytes').notNull().default(0),
    // The photo's shorter side in pixels as sent (null for uploads before ADR 038): a listing's
    // photos need PHOTO_MIN_SIDE.
    shortSide: integer('short_side'),
    createdAt: ts('created_at').notNull().defaultNow(),
    // When its narrower copies were made (ADR 039); null until the upload or the variants job does.
    variantsAt: ts('variants_at'),
  },
  (t) => [
    index('uploads_user_created_idx').on(t.userId, t.createdAt),
    index('uploads_variants_pending_idx').on(t.id).where(sql`${t.variantsAt} is null`),
  ],
);

// The bytes of an upload when uploads are stored in the database (every instance reads them).
export const uploadBlobs = pgTable('upload_blobs', {
  path: text('path')
    .primaryKey()
    .references(() => uploads.path, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  contentType: text('content_type').notNull().default('image/webp'),
});

// The narrower copies of an upload in the database store (ADR 039), deleted with their upload.
export const uploadVariants = pgTable(
  'upload_variants',
  {
    path: text('path').primaryKey(),
    uploadPath: text('upload_path')
      .notNull()
      .references(() => uploads.path, { onDelete: 'cascade' }),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [index('upload_variants_upload_idx').on(t.uploadPath)],
);

// Single-use links sent by e-mail (ADR 022): address verification and password reset. The id is the
// sha256 of the token, so a database leak does not leak usable links.
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    // The address a verification link confirms (a new address while an e-mail change is pending).
    email: text('email'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

// Messages sent through the contact form; each is also mailed to SUPPORT_EMAIL.
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// Server-side secrets shared by every instance (e.g. the key of unsubscribe links), made once.
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
