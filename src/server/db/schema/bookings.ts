import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '../../../shared/booking-rules.ts';
import { CANCELLATION_POLICIES } from '../../../shared/cancellation.ts';
import { PAYMENT_PLANS } from '../../../shared/rent.ts';
import { users } from './accounts.ts';
import { ts } from './columns.ts';
import { listings } from './listings.ts';

// The states of the shared transition table, also as a CHECK constraint.
const BOOKING_STATUS_SQL = sql.raw(BOOKING_STATUSES.map((s) => `'${s}'`).join(', '));

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    growerId: integer('grower_id')
      .notNull()
      .references(() => users.id),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['rental', 'exchange', 'community'] }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull(),
    // Calendar days; `end` is exclusive, null for an open-ended community membership.
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }),
    months: integer('months'),
    // The terms when booked, in integer cents (rentals) or hours per week (exchanges).
    pricePerMonth: integer('price_per_month'),
    amount: integer('amount'),
    fee: integer('fee'),
    total: integer('total'),
    hoursPerWeek: integer('hours_per_week'),
    instant: boolean('instant').notNull().default(false),
    // The listing's policy when booked (ADR 034): its refunds follow it whatever the listing says later.
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES })
      .notNull()
      .default('moderate'),
    // Paid up front ('whole') or one month at a time ('monthly', ADR 040).
    paymentPlan: text('payment_plan', { enum: PAYMENT_PLANS }).notNull().default('whole'),
    note: text('note'),
    // Ending early (ADR 037): when and by whom the end moved, why, and the end agreed before.
    endedEarlyAt: ts('ended_early_at'),
    endedEarlyBy: text('ended_early_by', { enum: ['grower', 'host', 'operator'] }),
    endReason: text('end_reason'),
    originalEnd: date('original_end', { mode: 'string' }),
    // A request expires then; an accepted rental not paid by then expires and frees its plot.
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('bookings_status_check', sql`${t.status} in (${BOOKING_STATUS_SQL})`),
    check(
      'bookings_cancellation_policy_check',
      sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`,
    ),
    check('bookings_payment_plan_check', sql`${t.paymentPlan} in ('whole', 'monthly')`),
    check(
      'bookings_ended_early_by_check',
      sql`${t.endedEarlyBy} is null or ${t.endedEarlyBy} in ('grower', 'host', 'operator')`,
    ),
    check('bookings_dates_check', sql`${t.end} is null or ${t.end} > ${t.start}`),
    index('bookings_listing_idx').on(t.listingId, t.start),
    index('bookings_grower_idx').on(t.growerId, t.createdAt.desc()),
    index('bookings_host_idx').on(t.hostId, t.createdAt.desc()),
    index('bookings_due_idx').on(t.status, t.expiresAt),
    // One open booking per grower and listing: a second request waits for the first to end.
    uniqueIndex('bookings_one_open_key')
      .on(t.growerId, t.listingId)
      .where(sql`${t.status} in ('requested', 'accepted', 'paid', 'active')`),
  ],
);

// The timeline of a booking: who did what, when.
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor', { enum: ['grower', 'host', 'system'] }).notNull(),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.id)],
);

// The hours ledger of a work exchange: the grower logs, the host confirms or disputes.
export const hoursEntries = pgTable(
  'hours_entries',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    // Quarter hours, so sums stay exact.
    quarters: integer('quarters').notNull(),
    note: text('note').notNull(),
    status: text('status', { enum: ['logged', 'confirmed', 'disputed'] })
      .notNull()
      .default('logged'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    // The host's reason for disputing, if given (ADR 059): shown to the grower.
    disputeReason: text('dispute_reason'),
  },
  (t) => [
    check('hours_entries_quarters_check', sql`${t.quarters} between 1 and 96`),
    check('hours_entries_status_check', sql`${t.status} in ('logged', 'confirmed', 'disputed')`),
    index('hours_entries_booking_idx').on(t.bookingId, t.day),
  ],
);

// The grow agreement of a booking (ADR 037): version 1 is written when the booking is made; a
// change is a new version, in force once both parties accepted it. Rows are never changed except to
// stamp an acceptance.
export const bookingAgreements = pgTable(
  'booking_agreements',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    parts: jsonb('parts').notNull(),
    // The wording the parts are rendered in (ADR 045): fixed per version, so an accepted text
    // never changes when Yardshare writes a new template.
    template: integer('template').notNull().default(1),
    proposedBy: text('proposed_by', { enum: ['grower', 'host', 'system'] }).notNull(),
    growerAcceptedAt: ts('grower_accepted_at'),
    hostAcceptedAt: ts('host_accepted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('booking_agreements_version_check', sql`${t.version} >= 1`),
    check('booking_agreements_proposed_by_check', sql`${t.proposedBy} in ('grower', 'host', 'system')`),
    uniqueIndex('booking_agreements_version_key').on(t.bookingId, t.version),
  ],
);
