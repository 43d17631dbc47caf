import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '../../shared/booking-rules.ts';

// One schema for PGlite and PostgreSQL. The marketplace's entities, plus sessions, rate events,
// uploads and payment events. Migrations in drizzle/ are generated from this file.

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
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

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: ['rental', 'exchange', 'community'] }).notNull(),
    price: integer('price'),
    workHours: integer('work_hours'),
    location: text('location').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    size: text('size'),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english', title || ' ' || description || ' ' || city)`,
    ),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    active: boolean('active').notNull().default(true),
    // Bookings (ADR 016): plots that can be booked at once, an optional season (months 1-12, may
    // wrap past December), and whether a booking needs the host's acceptance.
    plots: integer('plots').notNull().default(1),
    seasonStart: integer('season_start'),
    seasonEnd: integer('season_end'),
    bookingMode: text('booking_mode', { enum: ['instant', 'request'] })
      .notNull()
      .default('instant'),
  },
  (t) => [
    check('listings_plots_check', sql`${t.plots} between 1 and 500`),
    check(
      'listings_season_check',
      sql`(${t.seasonStart} is null and ${t.seasonEnd} is null) or (${t.seasonStart} between 1 and 12 and ${t.seasonEnd} between 1 and 12)`,
    ),
    check('listings_booking_mode_check', sql`${t.bookingMode} in ('instant', 'request')`),
    check('listings_type_check', sql`${t.type} in ('rental', 'exchange', 'community')`),
    check('listings_price_check', sql`${t.price} is null or ${t.price} >= 0`),
    check('listings_work_hours_check', sql`${t.workHours} is null or ${t.workHours} between 1 and 40`),
    index('listings_active_created_idx').on(t.active, t.createdAt.desc(), t.id.desc()),
    index('listings_city_state_idx').on(
      sql`lower(${t.city})`,
      sql`lower(${t.state})`,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('listings_state_idx').on(sql`lower(${t.state})`, t.createdAt.desc(), t.id.desc()),
    index('listings_type_idx').on(t.type, t.createdAt.desc(), t.id.desc()),
    index('listings_user_idx').on(t.userId),
    index('listings_search_idx').using('gin', t.search),
    index('listings_lat_lng_idx').on(t.lat, t.lng),
  ],
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
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_user_created_idx').on(t.userId, t.createdAt)],
);

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
  },
  (t) => [
    check('messages_not_self_check', sql`${t.fromUserId} <> ${t.toUserId}`),
    index('messages_pair_idx').on(t.fromUserId, t.toUserId, t.id),
    index('messages_to_unread_idx').on(t.toUserId, t.read),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_listing_user_key').on(t.listingId, t.userId),
    index('reviews_listing_created_idx').on(t.listingId, t.createdAt.desc()),
  ],
);

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
    releaseAt: ts('release_at'),
    releasedAt: ts('released_at'),
    refundedAt: ts('refunded_at'),
    flaggedReason: text('flagged_reason'),
    // The booking this payment pays for; its refund may be partial (the cancellation policy).
    bookingId: integer('booking_id').references((): AnyPgColumn => bookings.id),
    refundedAmount: integer('refunded_amount'),
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
    uniqueIndex('payments_one_pending_key').on(t.renterId, t.listingId).where(sql`${t.status} = 'pending'`),
    index('payments_release_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.status} = 'completed' and ${t.releasedAt} is null`),
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
    note: text('note'),
    // A request expires then; an accepted rental not paid by then expires and frees its plot.
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('bookings_status_check', sql`${t.status} in (${BOOKING_STATUS_SQL})`),
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
  },
  (t) => [
    check('hours_entries_quarters_check', sql`${t.quarters} between 1 and 96`),
    check('hours_entries_status_check', sql`${t.status} in ('logged', 'confirmed', 'disputed')`),
    index('hours_entries_booking_idx').on(t.bookingId, t.day),
  ],
);

// Scheduled work that runs on one instance at a time (ADR 016): a row per job, leased while it runs.
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: ts('next_run_at').notNull(),
  lockedUntil: ts('locked_until'),
  lastRunAt: ts('last_run_at'),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});

// Reviews tied to a completed booking (ADR 018): the grower's of the listing and the host's of the
// grower, one each. Blind: only the author sees one until both are in or the window has passed.
export const bookingReviews = pgTable(
  'booking_reviews',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    by: text('by', { enum: ['grower', 'host'] }).notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    revealedAt: ts('revealed_at'),
  },
  (t) => [
    check('booking_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('booking_reviews_by_check', sql`${t.by} in ('grower', 'host')`),
    uniqueIndex('booking_reviews_booking_by_key').on(t.bookingId, t.by),
    index('booking_reviews_hidden_idx').on(t.bookingId).where(sql`${t.revealedAt} is null`),
  ],
);
