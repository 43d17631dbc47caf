import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '../../../shared/notification-kinds.ts';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { ts } from './columns.ts';
import { listings } from './listings.ts';

const KINDS_SQL = sql.raw(NOTIFICATION_KINDS.map((k) => `'${k}'`).join(', '));

// In-app notifications (ADR 021): one row per thing a user should hear about. New messages from one
// sender collapse into one unread row whose count grows.
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    // Who caused it (the other party), if a person did.
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    // Where it leads in the app (a path such as /bookings/12).
    link: text('link').notNull(),
    count: integer('count').notNull().default(1),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('notifications_kind_check', sql`${t.kind} in (${KINDS_SQL})`),
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // The row new messages from one sender are added to while it is unread.
    uniqueIndex('notifications_message_unread_key')
      .on(t.userId, t.actorId)
      .where(sql`${t.kind} = 'message' and ${t.readAt} is null`),
  ],
);

// Per user and kind: also by e-mail or in the app only. No row: the kind's default.
export const notificationPrefs = pgTable(
  'notification_prefs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// The e-mail outbox (ADR 021): written in the transaction of the event that causes the mail, sent by
// the job runner, retried with backoff on temporary failures, failed after a day.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The notification kind, or the account mail ('verify_email', 'reset_password', 'contact', ...).
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    // Leased by one sender at a time.
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
