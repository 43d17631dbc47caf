import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ts, tsvector } from './columns.ts';

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
