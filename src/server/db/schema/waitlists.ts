import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { WAITLIST_ENTRY_STATUSES, WAITLIST_OFFER_STATUSES } from '../../../shared/waitlists.ts';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { ts } from './columns.ts';
import { listings } from './listings.ts';

// A listing's waiting list (ADR 049): a row once the host closed it (or opened it again).
export const waitlists = pgTable('waitlists', {
  listingId: integer('listing_id')
    .primaryKey()
    .references(() => listings.id, { onDelete: 'cascade' }),
  closedAt: ts('closed_at'),
});

// One grower's place in line. `position` orders the open entries (waiting or offered); the place
// shown is counted from it.
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    growerId: integer('grower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    start: date('start', { mode: 'string' }).notNull(),
    // null: open-ended (a community membership).
    months: integer('months'),
    note: text('note'),
    position: integer('position').notNull(),
    status: text('status', { enum: WAITLIST_ENTRY_STATUSES }).notNull().default('waiting'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'waitlist_entries_status_check',
      sql`${t.status} in ('waiting', 'offered', 'booked', 'left', 'declined', 'lapsed', 'closed')`,
    ),
    check('waitlist_entries_months_check', sql`${t.months} is null or ${t.months} between 1 and 12`),
    // One open place per grower and list.
    uniqueIndex('waitlist_entries_one_open_key')
      .on(t.growerId, t.listingId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_line_idx')
      .on(t.listingId, t.position)
      .where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);

// An offer of a freed plot to one entry, held until expires_at. An open offer holds a plot for its
// dates as a booking does (bookings' capacity counts it), so no one else takes it meanwhile.
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    growerId: integer('grower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }),
    months: integer('months'),
    status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('open'),
    expiresAt: ts('expires_at').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    // The grower's reason for declining, if given (ADR 059): told to the host.
    declineReason: text('decline_reason'),
  },
  (t) => [
    check('waitlist_offers_status_check', sql`${t.status} in ('open', 'accepted', 'declined', 'expired')`),
    // An entry has one open offer at most.
    uniqueIndex('waitlist_offers_one_open_key').on(t.entryId).where(sql`${t.status} = 'open'`),
    index('waitlist_offers_open_idx').on(t.listingId, t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);
