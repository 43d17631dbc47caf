import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
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
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { ts } from './columns.ts';
import { listings } from './listings.ts';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    chargeId: text('charge_id').notNull().unique(),
    provider: text('provider').notNull(),
    // Payments are financial records: a listing with payments is hidden, never deleted.
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'restrict' }),
    renterId: integer('renter_id')
      .notNull()
      .references(() => users.id),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    platformFee: integer('platform_fee').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status', { enum: ['pending', 'completed', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    metadata: jsonb('metadata').notNull().default({}),
    hostedUrl: text('hosted_url'),
    rentalStart: ts('rental_start'),
    confirmedAt: ts('confirmed_at'),
    // When the next part of the rent goes to the host; releasedAt: when the last part went.
    releaseAt: ts('release_at'),
    releasedAt: ts('released_at'),
    // A stay paid up front is paid out month by month (ADR 045): the release time of each month's
    // rent, in order (null: one part, at releaseAt). Each part's payout is made once its time comes,
    // so the rent of months not yet begun stays held and refundable.
    releasePlan: jsonb('release_plan').$type<string[]>(),
    releasedParts: integer('released_parts').notNull().default(0),
    releasedCents: integer('released_cents').notNull().default(0),
    refundedAt: ts('refunded_at'),
    flaggedReason: text('flagged_reason'),
    // The booking this payment pays for; its refund may be partial (the cancellation policy).
    bookingId: integer('booking_id').references((): AnyPgColumn => bookings.id),
    refundedAmount: integer('refunded_amount'),
    // The month of a monthly-paid booking this payment pays (1-based, ADR 040); null for the whole stay.
    rentMonth: integer('rent_month'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_check', sql`${t.status} in ('pending', 'completed', 'failed', 'refunded')`),
    check('payments_amount_check', sql`${t.amount} > 0 and ${t.platformFee} >= 0`),
    index('payments_renter_idx').on(t.renterId, t.createdAt.desc()),
    index('payments_host_idx').on(t.hostId, t.createdAt.desc()),
    index('payments_listing_idx').on(t.listingId),
    index('payments_booking_idx').on(t.bookingId),
    // One live invoice per booking and month: a new charge for it supersedes the old one (failed).
    uniqueIndex('payments_one_per_month_key')
      .on(t.bookingId, t.rentMonth)
      .where(sql`${t.rentMonth} is not null and ${t.status} <> 'failed'`),
    uniqueIndex('payments_one_pending_key').on(t.renterId, t.listingId).where(sql`${t.status} = 'pending'`),
    index('payments_release_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.status} = 'completed' and ${t.releasedAt} is null`),
  ],
);

// A later month's invoice of a monthly-paid booking (ADR 040), written once by the rent.invoices job
// (unique per booking and month). It lives as long as the month: the checkout the grower opens for it
// is a payment row (rent_month), made when they press Pay, since a provider's invoice expires.
export const rentInvoices = pgTable(
  'rent_invoices',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    starts: date('starts', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    // due -> paid (its payment completed) | lapsed (unpaid after the grace) | void (the stay ended first)
    status: text('status', { enum: ['due', 'paid', 'lapsed', 'void'] })
      .notNull()
      .default('due'),
    paymentId: integer('payment_id').references(() => payments.id),
    // The smallest "days before" whose reminder was sent (3, then 1), each once.
    remindedDays: integer('reminded_days'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('rent_invoices_status_check', sql`${t.status} in ('due', 'paid', 'lapsed', 'void')`),
    check('rent_invoices_month_check', sql`${t.month} >= 2`),
    uniqueIndex('rent_invoices_booking_month_key').on(t.bookingId, t.month),
    index('rent_invoices_due_idx').on(t.status, t.starts),
  ],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    chargeId: text('charge_id'),
    type: text('type').notNull(),
    outcome: text('outcome'),
    payload: jsonb('payload').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId),
    index('payment_events_charge_idx').on(t.chargeId),
  ],
);

// The payment sandbox's own records (test invoices and pull payments), shared by every instance.
export const sandboxRecords = pgTable(
  'sandbox_records',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sandbox_records_created_idx').on(t.createdAt)],
);
