import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ts } from './columns.ts';

// Trust and safety (ADR 029).

// A member's report of a listing, a user or a message. One OPEN report per reporter and subject
// (the partial unique index decides between parallel requests). A null reporter is Yardshare
// itself (ADR 037: a host's listings after three host cancellations in twelve months), one open
// such report per subject.
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type', { enum: ['listing', 'user', 'message'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    // The user the subject belongs to (the user, the listing's host, the message's sender).
    subjectUserId: integer('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['scam', 'unsafe', 'harassment', 'spam', 'other'] }).notNull(),
    text: text('text'),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
  },
  (t) => [
    check('reports_subject_type_check', sql`${t.subjectType} in ('listing', 'user', 'message')`),
    check('reports_reason_check', sql`${t.reason} in ('scam', 'unsafe', 'harassment', 'spam', 'other')`),
    check('reports_status_check', sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    uniqueIndex('reports_one_open_key')
      .on(t.reporterId, t.subjectType, t.subjectId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('reports_one_open_system_key')
      .on(t.subjectType, t.subjectId)
      .where(sql`${t.reporterId} is null and ${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    index('reports_subject_idx').on(t.subjectType, t.subjectId),
    index('reports_subject_user_idx').on(t.subjectUserId),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);

// blocker blocked blocked: symmetric in effect (neither reaches the other), one row per pair and
// direction.
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    check('blocks_not_self_check', sql`${t.blockerId} <> ${t.blockedId}`),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

// Every admin action, append-only: a trigger (migration 0009) refuses UPDATE, DELETE and TRUNCATE.
// No foreign keys, so that nothing (not even a cascade) ever has to change a row.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // null: the command line.
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('audit_log_reason_check', sql`length(btrim(${t.reason})) > 0`),
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
