import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ts } from './columns.ts';
import { listings } from './listings.ts';

// Calendars that sync (ADR 048).

// The secret of a private iCalendar feed: a listing's (its booked and blocked days, for the host)
// or a grower's (their stays). Resetting replaces the token, so the old address answers 404.
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull().unique(),
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('calendar_feeds_owner_check', sql`(${t.listingId} is null) <> (${t.userId} is null)`),
    uniqueIndex('calendar_feeds_listing_idx').on(t.listingId),
    uniqueIndex('calendar_feeds_user_idx').on(t.userId),
  ],
);

// An external feed (an Airbnb or Hipcamp export) a host added to a listing: read on a schedule,
// its events become the listing's blocked days.
export const calendarImports = pgTable(
  'calendar_imports',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    // The last answer's validators, sent back as If-None-Match / If-Modified-Since.
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastReadAt: ts('last_read_at'),
    // The last read's failure (a code of CALENDAR_IMPORT_ERRORS), null after a good read.
    error: text('error'),
    failures: integer('failures').notNull().default(0),
    nextReadAt: ts('next_read_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_imports_listing_url_idx').on(t.listingId, t.url),
    index('calendar_imports_next_idx').on(t.nextReadAt),
  ],
);

// Days a listing cannot be booked: [start, end) calendar days, every plot. importId: the feed
// they came from (deleting the feed deletes them); null would be the host's own block. An event's
// title is not kept: a feed may name its guests (ADR 048).
export const listingBlocks = pgTable(
  'listing_blocks',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    importId: integer('import_id').references(() => calendarImports.id, { onDelete: 'cascade' }),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('listing_blocks_range_check', sql`${t.end} > ${t.start}`),
    // A feed's range is stored once, however many reads run at the same time.
    uniqueIndex('listing_blocks_import_range_idx').on(t.importId, t.start, t.end),
    index('listing_blocks_listing_idx').on(t.listingId, t.start),
  ],
);
