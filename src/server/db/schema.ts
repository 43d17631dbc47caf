import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
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

// One schema for PGlite and PostgreSQL. Entities of spec section 3, plus sessions, rate events,
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
  },
  (t) => [
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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_check', sql`${t.status} in ('pending', 'completed', 'failed', 'refunded')`),
    check('payments_amount_check', sql`${t.amount} > 0 and ${t.platformFee} >= 0`),
    index('payments_renter_idx').on(t.renterId, t.createdAt.desc()),
    index('payments_host_idx').on(t.hostId, t.createdAt.desc()),
    index('payments_listing_idx').on(t.listingId),
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
