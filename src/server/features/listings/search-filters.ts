import { eq, type SQL, sql } from 'drizzle-orm';
import { listings } from '../../db/schema.ts';
import { notBlockedWith } from '../blocks/queries.ts';
import { plotsHeldOn } from '../bookings/queries.ts';
import { blockedDuring } from '../calendars/queries.ts';
import { offersHoldingOn } from '../waitlists/queries.ts';
import { type ListingRow, PRICE } from './listing-columns.ts';
import { escapeLike } from './search-terms.ts';

// The conditions of a listings search, shared by the pages of results and the map's points.

export type SearchSort = 'newest' | 'price_asc' | 'price_desc' | 'distance';
// Where a page ended: the sort key of its last row (creation time, distance or price) and its id;
// `f` when that row was a close spelling (those come after every exact match).
// `e` is the distance key the nearest-first index orders by (the straight-line distance in metres
// through the earth between the two points, earthdistance's `<->`; ADR 027).
export type SearchCursor =
  | { ts: string; id: number; f?: 1 }
  | { e: number; id: number; f?: 1 }
  | { p: number; id: number; f?: 1 };
// A search result: its JSON (summary-json.ts) and the keys of its cursor.
export type SearchRow = {
  id: number;
  ts: string;
  price: number | null;
  // The `e` cursor key of the row (null without "near").
  earthKey: number | null;
  fuzzy: boolean;
  json: string;
};

export type Phase = 'all' | 'exact' | 'close';

// A placeholder of a pre-built statement; every request value reaches the database as one (ADR 027).
export const P = (name: string) => sql.placeholder(name);
// Shapes of search statements kept pre-built, and of those, how many are prepared on the server
// under a name (one plan cache entry per pooled connection each).
export const SHAPES_MAX = 256;
export const NAMED_MAX = 64;
// Only these values make a statement that is prepared under a name: PostgreSQL may then plan it
// once for any values (a generic plan), which EXPLAIN shows is as good as a fresh plan for them.
// A keyword search is not: its best plan depends on how common the word is.
export const GENERIC_PLAN_SAFE = new Set([
  'limit',
  'type',
  'city',
  'state',
  'ex',
  'ey',
  'ez',
  'radiusKm',
  'afterTs',
  'afterE',
  'afterP',
  'afterId',
  'viewer',
]);

export type Near = { earth: SQL; center: SQL; knn: SQL<number>; km: SQL<number> };
export type Values = Record<string, unknown>;
export type Prepared = { execute(values: Values): Promise<unknown[]> };

export type SearchFilter = {
  type?: ListingRow['type'];
  // Exact city (any case); a state key (stateKey()); a city prefix or a state key.
  city?: string;
  state?: string;
  either?: string;
  // Full text (websearch syntax, stemmed), and the plain words typo tolerance looks at.
  q?: string;
  fuzzyWords?: string[];
  near?: { lat: number; lng: number; radiusKm: number };
  minPrice?: number;
  maxPrice?: number;
  minSize?: number;
  // Every one present on the listing, any case.
  amenities?: string[];
  sort: SearchSort;
  // Only listings with a free plot on that day.
  available?: { day: string; now: Date };
  after?: SearchCursor;
  limit: number;
  // Only this listing (does a new listing match a saved search?).
  onlyId?: number;
  // A signed-in viewer with blocks: no listing of a user blocked either way (ADR 029).
  viewer?: number;
};

// The request's values, named as the statement's placeholders: which names are present decides the
// statement's shape (with the sort, the cursor's kind and the phase).
export function searchValues(f: SearchFilter, after: SearchCursor | undefined, limit: number): Values {
  const v: Values = { limit };
  if (f.onlyId !== undefined) v.onlyId = f.onlyId;
  if (f.viewer !== undefined) v.viewer = f.viewer;
  if (f.type) v.type = f.type;
  if (f.city) v.city = f.city;
  if (f.state) v.state = f.state;
  if (f.either) {
    v.either = f.either;
    v.eitherPrefix = escapeLike(f.either);
  }
  if (f.minPrice !== undefined) v.minPrice = f.minPrice;
  if (f.maxPrice !== undefined) v.maxPrice = f.maxPrice;
  if (f.minSize !== undefined) v.minSize = f.minSize;
  f.amenities?.forEach((a, i) => {
    v[`amenity${i}`] = a;
  });
  if (f.q) v.q = f.q;
  if (f.near) {
    [v.ex, v.ey, v.ez] = earthPoint(f.near.lat, f.near.lng);
    v.radiusKm = f.near.radiusKm;
  }
  const byDistance = f.sort === 'distance' && f.near;
  if (after && byDistance && 'e' in after) Object.assign(v, { afterE: after.e, afterId: after.id });
  else if (after && (f.sort === 'price_asc' || f.sort === 'price_desc') && 'p' in after)
    Object.assign(v, { afterP: after.p, afterId: after.id });
  else if (after && !byDistance && f.sort !== 'price_asc' && f.sort !== 'price_desc' && 'ts' in after)
    Object.assign(v, { afterTs: after.ts, afterId: after.id });
  return v;
}

// earthdistance's ll_to_earth: the point on a sphere of radius earth() (6,378,168 m) for a
// latitude and longitude, as PostgreSQL computes it.
const EARTH_M = 6378168;
const RADIANS = Math.PI / 180;
export function earthPoint(lat: number, lng: number): [number, number, number] {
  const la = lat * RADIANS;
  const lo = lng * RADIANS;
  return [
    EARTH_M * Math.cos(la) * Math.cos(lo),
    EARTH_M * Math.cos(la) * Math.sin(lo),
    EARTH_M * Math.sin(la),
  ];
}

export function searchFilters(f: SearchFilter, v: Values): { where: SQL[]; near: Near | null } {
  const where: SQL[] = [eq(listings.active, true)];
  if ('onlyId' in v) where.push(sql`${listings.id} = ${P('onlyId')}`);
  if ('viewer' in v) where.push(notBlockedWith(P('viewer'), listings.userId));
  if ('type' in v) where.push(sql`${listings.type} = ${P('type')}`);
  if ('city' in v) where.push(sql`lower(${listings.city}) = lower(${P('city')})`);
  if ('state' in v) where.push(sql`${listings.stateCode} = upper(${P('state')})`);
  if ('either' in v)
    where.push(sql`(lower(${listings.city}) like lower(${P('eitherPrefix')}) || '%'
      or ${listings.stateCode} = upper(${P('either')}))`);
  if ('minPrice' in v) where.push(sql`${PRICE} >= ${P('minPrice')}`);
  if ('maxPrice' in v) where.push(sql`${PRICE} <= ${P('maxPrice')}`);
  if ('minSize' in v) where.push(sql`${listings.sizeSqft} >= ${P('minSize')}`);
  if (f.amenities?.length)
    where.push(
      sql`listing_amenity_keys(${listings.amenities}) @> array[${sql.join(
        f.amenities.map((_, i) => sql`lower(${P(`amenity${i}`)})`),
        sql`, `,
      )}]::text[]`,
    );
  if (f.available) {
    // In season that month, and a plot not held that day by a booking (capacity.ts's rule) or by an
    // open waiting-list offer (ADR 049).
    const { day, now } = f.available;
    const month = Number(day.slice(5, 7));
    where.push(sql`(${listings.seasonStart} is null or (case when ${listings.seasonStart} <= ${listings.seasonEnd}
      then ${month} between ${listings.seasonStart} and ${listings.seasonEnd}
      else ${month} >= ${listings.seasonStart} or ${month} <= ${listings.seasonEnd} end))`);
    where.push(sql`${listings.plots} > ${plotsHeldOn(listings.id, day, now)}
      + ${offersHoldingOn(listings.id, day, now)}`);
    // Nor a blocked day (an imported calendar's, ADR 048), which holds every plot.
    where.push(sql`not ${blockedDuring(sql`${listings.id}`, day, sql`(${day}::date + 1)`)}`);
  }
  let near: Near | null = null;
  if ('ex' in v) {
    // Great-circle kilometres (a sphere of radius 6371 km) from the straight-line distance
    // through the earth (`<->` on earthdistance's sphere of radius earth() metres): the same
    // angle, so the same order. The box is a superset the GiST index reads; then the exact test.
    // The centre comes as its point (earthPoint): with ll_to_earth($lat, $lng) PostgreSQL planned
    // the statement afresh on every run (1 ms, more than running it); as a point its one generic
    // plan is as good (ADR 041).
    // The area's point is stored (area_point): read, not computed, for each row looked at.
    const earth = sql`${listings.areaPoint}`;
    const center = sql`cube(array[${P('ex')}::float8, ${P('ey')}::float8, ${P('ez')}::float8])::earth`;
    const knn = sql<number>`(${earth} <-> ${center})`;
    const km = sql<number>`(12742 * asin(least(1, ${knn} / (2 * earth()))))`;
    where.push(sql`earth_box(${center}, ${P('radiusKm')}::float8 / 6371 * earth() * 1.000001) @> ${earth}`);
    where.push(sql`${km} <= ${P('radiusKm')}::float8`);
    near = { earth, center, knn, km };
  }
  return { where, near };
}

// The statements of the close-spelling phase carry the close words; they are built each time.
export function textConditions(f: SearchFilter, phase: Phase, close?: Map<string, string[]>): SQL[] {
  if (phase === 'all' || !f.q) return [];
  const exact = sql`${listings.search} @@ websearch_to_tsquery('english', ${P('q')})`;
  if (phase === 'exact') return [exact];
  // Each word: a stop word, or there stemmed, or one of its close words there.
  const eachWord = (f.fuzzyWords ?? []).map((w) => {
    const alternatives = [w, ...(close?.get(w) ?? [])].map((a) => sql`plainto_tsquery('english', ${a})`);
    return sql`(numnode(plainto_tsquery('english', ${w})) = 0
      or ${listings.search} @@ (${sql.join(alternatives, sql` || `)}))`;
  });
  return [...eachWord, sql`not (${exact})`];
}
