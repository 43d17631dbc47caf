import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { CANCELLATION_POLICIES } from '../../../shared/cancellation.ts';
import { US_STATES } from '../../../shared/us-states.ts';
import { users } from './accounts.ts';
import { cube, ts, tsvector } from './columns.ts';

// The state as searches compare it (stateKey in src/shared/us-states.ts): a US state's postal code
// whether it was typed as a name or a code, any other text upper-cased; periods dropped, spaces
// collapsed.
const STATE = `btrim(regexp_replace(replace(state, '.', ''), '\\s+', ' ', 'g'))`;
const stateCode = `case lower(${STATE}) ${US_STATES.map(([name, code]) => `when '${name.toLowerCase()}' then '${code}'`).join(' ')} else upper(${STATE}) end`;

// The plot size in square feet, read from the free text: "10x20 ft", "5 x 8 m", "200 sq ft",
// "20 m2", "1/4 acre", "2 acres", "1 ha", "half an acre", or a bare number (square feet).
const SIZE = `lower(replace(size, ',', ''))`;
const NUM = `(\\d+(?:\\.\\d+)?|\\.\\d+)`;
const METRES = `\\s*(?:m|meters?|metres?)\\y`;
const sizeRules: [pattern: string, sqft: (n: (group: number) => string) => string][] = [
  [`${NUM}\\s*(?:x|by|\\*)\\s*${NUM}${METRES}`, (n) => `${n(1)} * ${n(2)} * 10.7639`],
  [`${NUM}\\s*(?:x|by|\\*)\\s*${NUM}`, (n) => `${n(1)} * ${n(2)}`],
  [`${NUM}\\s*(?:m2|sq\\.?\\s*m\\y|sqm|square met)`, (n) => `${n(1)} * 10.7639`],
  [`(\\d+)\\s*/\\s*(\\d+)\\s*(?:of an? )?acres?`, (n) => `${n(1)} / nullif(${n(2)}, 0) * 43560`],
  [`${NUM}\\s*acres?`, (n) => `${n(1)} * 43560`],
  [`${NUM}\\s*(?:ha|hectares?)\\y`, (n) => `${n(1)} * 107639`],
  ['half (?:an )?acre', () => '21780'],
  ['quarter (?:of an )?acre', () => '10890'],
  [NUM, (n) => n(1)],
];
// Capped below the integer limit; no number in the text gives null (least() skips nulls, hence -1).
const sizeSqft = `nullif(least(coalesce(round(case ${sizeRules
  .map(
    ([re, v]) => `when ${SIZE} ~ '${re}' then ${v((g) => `(regexp_match(${SIZE}, '${re}'))[${g}]::numeric`)}`,
  )
  .join(' ')} end), -1), 2000000000), -1)::integer`;

// ADR 038: the grid point and the id's nudge (ids of any size; % keeps the sign of a positive id).
const AREA_LAT = `round(lat * 100) / 100 + ((id % 19) - 9) * 0.0001`;
const AREA_LNG = `round(lng * 100) / 100 + (((id / 19) % 19) - 9) * 0.0001`;

export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    // The words Yardshare generated the title and description from (the demo's bulk listings), so
    // they can be shown in every language; null for a host's own listing, and each text is
    // translated only while it still reads as its parts (ADR 038).
    generatedParts: jsonb('generated_parts'),
    description: text('description').notNull(),
    type: text('type', { enum: ['rental', 'exchange', 'community'] }).notNull(),
    price: integer('price'),
    workHours: integer('work_hours'),
    location: text('location').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    stateCode: text('state_code').notNull().generatedAlwaysAs(sql.raw(stateCode)),
    size: text('size'),
    sizeSqft: integer('size_sqft').generatedAlwaysAs(sql.raw(sizeSqft)),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    // Where the home is (the geocoded city, or a point a host or the demo gave): shown only to the
    // host, operators and a grower with a confirmed booking (ADR 038).
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    // The approximate area everyone else sees, and every search measures from: the point on a
    // 0.01-degree grid (about 1.1 km), so the house cannot be worked back from it, moved by up to
    // 0.0009 degrees by the id so that neighbours do not stack. Always within 1 km of the house.
    areaLat: doublePrecision('area_lat').generatedAlwaysAs(sql.raw(AREA_LAT)),
    areaLng: doublePrecision('area_lng').generatedAlwaysAs(sql.raw(AREA_LNG)),
    // The approximate area as earthdistance's 3-D point (ll_to_earth; cube and earthdistance are
    // created by migration 0008), stored: a radius search reads it from the index and the row
    // instead of computing it for every row it looks at (ADR 041).
    areaPoint: cube('area_point').generatedAlwaysAs(sql.raw(`(ll_to_earth(${AREA_LAT}, ${AREA_LNG}))::cube`)),
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
    // What a grower's cancellation refunds (ADR 034); copied onto each booking when it is made.
    cancellationPolicy: text('cancellation_policy', { enum: CANCELLATION_POLICIES })
      .notNull()
      .default('moderate'),
    // The host's part of the grow agreement (ADR 037): AgreementTemplate; '{}' means the defaults.
    agreement: jsonb('agreement').notNull().default({}),
    // Hidden by Yardshare (ADR 029), with active = false: 'admin' (an admin hid it) or 'suspension'
    // (its host is suspended; reinstating restores it). Null otherwise.
    hiddenReason: text('hidden_reason', { enum: ['admin', 'suspension'] }),
    hiddenAt: ts('hidden_at'),
  },
  (t) => [
    check('listings_plots_check', sql`${t.plots} between 1 and 500`),
    check(
      'listings_season_check',
      sql`(${t.seasonStart} is null and ${t.seasonEnd} is null) or (${t.seasonStart} between 1 and 12 and ${t.seasonEnd} between 1 and 12)`,
    ),
    check('listings_booking_mode_check', sql`${t.bookingMode} in ('instant', 'request')`),
    check(
      'listings_cancellation_policy_check',
      sql`${t.cancellationPolicy} in ('flexible', 'moderate', 'strict')`,
    ),
    check(
      'listings_hidden_reason_check',
      sql`${t.hiddenReason} is null or ${t.hiddenReason} in ('admin', 'suspension')`,
    ),
    check('listings_type_check', sql`${t.type} in ('rental', 'exchange', 'community')`),
    check('listings_price_check', sql`${t.price} is null or ${t.price} >= 0`),
    check('listings_work_hours_check', sql`${t.workHours} is null or ${t.workHours} between 1 and 40`),
    index('listings_active_created_idx').on(t.active, t.createdAt.desc(), t.id.desc()),
    // Pattern ops: the same index serves an exact city and a city prefix ("port" finds Portland).
    index('listings_city_state_idx').on(
      sql`lower(${t.city}) text_pattern_ops`,
      t.stateCode,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('listings_state_idx').on(t.stateCode, t.createdAt.desc(), t.id.desc()),
    index('listings_price_idx').on(sql`coalesce(${t.price}, 0)`, t.id),
    index('listings_type_idx').on(t.type, t.createdAt.desc(), t.id.desc()),
    index('listings_user_idx').on(t.userId),
    index('listings_search_idx').using('gin', t.search),
    // The amenities filter, in lower case (listing_amenity_keys is created by migration 0006).
    index('listings_amenities_idx').using('gin', sql`listing_amenity_keys(${t.amenities})`),
    index('listings_lat_lng_idx').on(t.lat, t.lng),
    // Nearest first (KNN): the GiST index of the area's 3-D point. "order by area_point <-> :centre"
    // walks it from the centre outwards, so a dense metro costs what a sparse one does. Searches
    // measure from the approximate area, never the house (ADR 038).
    index('listings_area_point_idx').using('gist', t.areaPoint),
  ],
);

// Every word (3 to 30 letters, lower case) of every listing's title and description, kept by a
// trigger on listings (migration 0006), never shrinking. Typo tolerance looks a misspelt search
// word up here by trigram similarity (pg_trgm) and searches for the close words it finds.
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
