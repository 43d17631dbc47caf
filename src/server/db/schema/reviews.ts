import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { ts } from './columns.ts';
import { listings } from './listings.ts';

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
