import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { ts } from './columns.ts';
import { listings } from './listings.ts';

export const messages = pgTable(
  'messages',
  {
    // The serial id is the server-assigned order of a thread.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    read: boolean('read').notNull().default(false),
    // The booking the message is about (sent from its page); null when none, or once it is gone.
    bookingId: integer('booking_id').references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    // The listing the message is about (sent from its "Contact Host"); null when none, or once it is gone.
    listingId: integer('listing_id').references((): AnyPgColumn => listings.id, { onDelete: 'set null' }),
    // When the recipient was e-mailed about it (still unread 10 minutes after it was sent); null if not.
    emailedAt: ts('emailed_at'),
    // Trust and safety (ADR 029): the off-platform payment signal matched when it was sent (the
    // recipient sees a warning); and an admin's removal, which moves the text to removed_content
    // and leaves REMOVED_MESSAGE_TEXT in content, so every reader of content sees the placeholder.
    paymentFlag: boolean('payment_flag').notNull().default(false),
    removedAt: ts('removed_at'),
    removedContent: text('removed_content'),
  },
  (t) => [
    check('messages_not_self_check', sql`${t.fromUserId} <> ${t.toUserId}`),
    index('messages_pair_idx').on(t.fromUserId, t.toUserId, t.id),
    index('messages_to_unread_idx').on(t.toUserId, t.read),
    index('messages_payment_flag_idx').on(t.createdAt).where(sql`${t.paymentFlag}`),
    index('messages_unmailed_idx').on(t.createdAt).where(sql`${t.read} = false and ${t.emailedAt} is null`),
  ],
);
