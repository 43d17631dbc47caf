import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LISTING_TYPES } from '../../../shared/constants.ts';
import { users } from './accounts.ts';
import { ts } from './columns.ts';
import { listings } from './listings.ts';

// A listing a user keeps for later (the heart): once per user and listing.
export const savedListings = pgTable(
  'saved_listings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listingId] }),
    index('saved_listings_user_idx').on(t.userId, t.createdAt),
  ],
);

// A /listings search a user is told about when a new listing matches it. `query` is the
// normalized query string; `type` repeats its type filter so matching skips searches that cannot match.
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    type: text('type', { enum: LISTING_TYPES }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastNotifiedAt: ts('last_notified_at'),
  },
  (t) => [
    uniqueIndex('saved_searches_user_query_idx').on(t.userId, t.query),
    index('saved_searches_type_idx').on(t.type),
  ],
);
