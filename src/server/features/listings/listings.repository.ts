import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, listings, payments, reviews, searchWords, uploads, users } from '../../db/schema.ts';
import { holdsPlot } from '../bookings/index.ts';
import { escapeLike } from './search-terms.ts';

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;

// Columns every listing answer carries, plus the exact creation time as text for cursors
// (a JS Date would drop the microseconds and break keyset pagination).
const columns = {
  id: listings.id,
  userId: listings.userId,
  title: listings.title,
  description: listings.description,
  type: listings.type,
  price: listings.price,
  workHours: listings.workHours,
  location: listings.location,
  city: listings.city,
  state: listings.state,
  size: listings.size,
  amenities: listings.amenities,
  images: listings.images,
  lat: listings.lat,
  lng: listings.lng,
  createdAt: listings.createdAt,
  updatedAt: listings.updatedAt,
  active: listings.active,
  plots: listings.plots,
  seasonStart: listings.seasonStart,
  seasonEnd: listings.seasonEnd,
  bookingMode: listings.bookingMode,
  cancellationPolicy: listings.cancellationPolicy,
  agreement: listings.agreement,
};
export type ListingRecord = Omit<
  ListingRow,
  'search' | 'stateCode' | 'sizeSqft' | 'hiddenReason' | 'hiddenAt'
>;

// The indexes are "created_at DESC NULLS LAST, id DESC NULLS LAST" (Drizzle's desc()); a plain
// ORDER BY ... DESC means NULLS FIRST and could not read them in order. The columns are NOT NULL,
// so the results are the same, and LIMIT stops after 25 index entries instead of sorting all matches.
const NEWEST_FIRST = [sql`${listings.createdAt} desc nulls last`, sql`${listings.id} desc nulls last`];
// A listing without a price (exchange, community) costs $0 a month.
const PRICE = sql<number>`coalesce(${listings.price}, 0)`;
// How alike a misspelt word and a word of the listings must be (pg_trgm similarity, 0..1), and
// how many close words each search word may stand for.
const CLOSE_WORD_SIMILARITY = 0.5;
const CLOSE_WORDS_MAX = 4;

export type SearchSort = 'newest' | 'price_asc' | 'price_desc' | 'distance';
// Where a page ended: the sort key of its last row (creation time, distance or price) and its id;
// `f` when that row was a close spelling (those come after every exact match).
// `e` is the distance key the nearest-first index orders by (the straight-line distance in metres
// through the earth between the two points, earthdistance's `<->`; ADR 027).
export type SearchCursor =
  | { ts: string; id: number; f?: 1 }
  | { e: number; id: number; f?: 1 }
  | { p: number; id: number; f?: 1 };
export type SearchRow = ListingRecord & {
  ts: string;
  distanceKm: number | null;
  // The `e` cursor key of the row (null without "near").
  earthKey: number | null;
  fuzzy: boolean;
};

// A placeholder of a pre-built statement; every request value reaches the database as one (ADR 027).
const P = (name: string) => sql.placeholder(name);
// Shapes of search statements kept pre-built, and of those, how many are prepared on the server
// under a name (one plan cache entry per pooled connection each).
const SHAPES_MAX = 256;
const NAMED_MAX = 64;
// Only these values make a statement that is prepared under a name: PostgreSQL may then plan it
// once for any values (a generic plan), which EXPLAIN shows is as good as a fresh plan for them.
// A keyword search is not: its best plan depends on how common the word is.
const GENERIC_PLAN_SAFE = new Set([
  'limit',
  'type',
  'city',
  'state',
  'lat',
  'lng',
  'radiusKm',
  'lastOffset',
  'afterTs',
  'afterE',
  'afterP',
  'afterId',
  'viewer',
]);

type Near = { earth: SQL; center: SQL; knn: SQL<number>; km: SQL<number> };
type Values = Record<string, unknown>;
type Prepared = { execute(values: Values): Promise<unknown[]> };

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

type Phase = 'all' | 'exact' | 'close';

// A server-side statement name from its text, so one name never stands for two texts.
const statementName = (text: string) => `ys_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

export class ListingsRepository {
  private db: Db;
  private shapes = new Map<string, Prepared>();
  private detailStatement?: Prepared;
  private named = 0;

  constructor(db: Db) {
    this.db = db;
  }

  // With keywords: the listings that contain every word (stemmed) first, then, once those run
  // out, the listings where each word is there or spelled close to it ("tomatose" finds
  // "tomatoes"). The close words come from the vocabulary table, so that second step is an index
  // search too, and a search whose first page fills with exact matches costs what it did before.
  async search(f: SearchFilter): Promise<SearchRow[]> {
    if (!f.q) return this.page(f, f.after, f.limit, 'all');
    const afterExact = f.after?.f === 1;
    const rows = afterExact ? [] : await this.page(f, f.after, f.limit, 'exact');
    if (rows.length >= f.limit || !f.fuzzyWords?.length) return rows;
    const close = await this.closeWords(f.fuzzyWords);
    if (!close.size) return rows;
    const more = await this.page(f, afterExact ? f.after : undefined, f.limit - rows.length, 'close', close);
    return [...rows, ...more];
  }

  // The words of the listings spelled most like each search word (not the word itself).
  async closeWords(words: string[]): Promise<Map<string, string[]>> {
    const result = await this.db.execute(sql`
      select q.w, c.word from unnest(array[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) as q(w)
      cross join lateral (
        select s.word from ${searchWords} s
        where s.word % q.w and s.word <> q.w and similarity(s.word, q.w) >= ${CLOSE_WORD_SIMILARITY}
        order by similarity(s.word, q.w) desc, s.word
        limit ${CLOSE_WORDS_MAX}
      ) c`);
    const rows = (result as unknown as { rows: { w: string; word: string }[] }).rows;
    const out = new Map<string, string[]>();
    for (const r of rows) out.set(r.w, [...(out.get(r.w) ?? []), r.word]);
    return out;
  }

  // The request's values, named as the statement's placeholders: which names are present decides the
  // statement's shape (with the sort, the cursor's kind and the phase).
  private values(f: SearchFilter, after: SearchCursor | undefined, limit: number): Values {
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
      v.lat = f.near.lat;
      v.lng = f.near.lng;
      v.radiusKm = f.near.radiusKm;
    }
    const byDistance = f.sort === 'distance' && f.near;
    if (byDistance) v.lastOffset = limit - 1;
    if (after && byDistance && 'e' in after) Object.assign(v, { afterE: after.e, afterId: after.id });
    else if (after && (f.sort === 'price_asc' || f.sort === 'price_desc') && 'p' in after)
      Object.assign(v, { afterP: after.p, afterId: after.id });
    else if (after && !byDistance && f.sort !== 'price_asc' && f.sort !== 'price_desc' && 'ts' in after)
      Object.assign(v, { afterTs: after.ts, afterId: after.id });
    return v;
  }

  private filters(f: SearchFilter, v: Values): { where: SQL[]; near: Near | null } {
    const where: SQL[] = [eq(listings.active, true)];
    if ('onlyId' in v) where.push(sql`${listings.id} = ${P('onlyId')}`);
    if ('viewer' in v)
      where.push(sql`not exists (select 1 from ${blocks} b
        where (b.blocker_id = ${P('viewer')} and b.blocked_id = ${listings.userId})
           or (b.blocked_id = ${P('viewer')} and b.blocker_id = ${listings.userId}))`);
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
      // In season that month, and a plot not held by a booking that day (capacity.ts's rule).
      const { day, now } = f.available;
      const month = Number(day.slice(5, 7));
      where.push(sql`(${listings.seasonStart} is null or (case when ${listings.seasonStart} <= ${listings.seasonEnd}
        then ${month} between ${listings.seasonStart} and ${listings.seasonEnd}
        else ${month} >= ${listings.seasonStart} or ${month} <= ${listings.seasonEnd} end))`);
      where.push(sql`${listings.plots} > (select count(*) from bookings b
        where b.listing_id = ${listings.id} and ${holdsPlot(now)}
          and b.start <= ${day}::date and (b."end" is null or b."end" > ${day}::date))`);
    }
    let near: Near | null = null;
    if ('lat' in v) {
      // Great-circle kilometres (a sphere of radius 6371 km) from the straight-line distance
      // through the earth (`<->` on earthdistance's sphere of radius earth() metres): the same
      // angle, so the same order. The box is a superset the GiST index reads; then the exact test.
      const earth = sql`ll_to_earth(${listings.lat}, ${listings.lng})`;
      const center = sql`ll_to_earth(${P('lat')}::float8, ${P('lng')}::float8)`;
      const knn = sql<number>`(${earth} <-> ${center})`;
      const km = sql<number>`(12742 * asin(least(1, ${knn} / (2 * earth()))))`;
      where.push(sql`earth_box(${center}, ${P('radiusKm')}::float8 / 6371 * earth() * 1.000001) @> ${earth}`);
      where.push(sql`${km} <= ${P('radiusKm')}::float8`);
      near = { earth, center, knn, km };
    }
    return { where, near };
  }

  // The statements of the close-spelling phase carry the close words; they are built each time.
  private textConditions(f: SearchFilter, phase: Phase, close?: Map<string, string[]>): SQL[] {
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

  // One page in the asked order, after the cursor; `close` marks the rows of close spellings.
  private async page(
    f: SearchFilter,
    after: SearchCursor | undefined,
    limit: number,
    phase: Phase,
    close?: Map<string, string[]>,
  ): Promise<SearchRow[]> {
    const v = this.values(f, after, limit);
    // Statements whose text depends only on the shape are kept; the others are built each time.
    const key = phase === 'close' || f.available ? null : `${f.sort}|${phase}|${Object.keys(v).join(',')}`;
    let statement = key ? this.shapes.get(key) : undefined;
    if (!statement) {
      // Near in another order than distance: the best plan depends on how many listings the circle holds.
      const named =
        key !== null &&
        this.named < NAMED_MAX &&
        Object.keys(v).every((k) => GENERIC_PLAN_SAFE.has(k)) &&
        (!('lat' in v) || f.sort === 'distance');
      statement = this.build(f, v, phase, close, named);
      if (key && this.shapes.size < SHAPES_MAX) this.shapes.set(key, statement);
    }
    const rows = (await statement.execute(v)) as (ListingRecord & {
      ts: string;
      distanceKm: number | string | null;
      earthKey: number | string | null;
    })[];
    return rows.map((r) => ({
      ...r,
      distanceKm: r.distanceKm === null ? null : Number(r.distanceKm),
      earthKey: r.earthKey === null ? null : Number(r.earthKey),
      fuzzy: phase === 'close',
    }));
  }

  private build(
    f: SearchFilter,
    v: Values,
    phase: Phase,
    close: Map<string, string[]> | undefined,
    named: boolean,
  ) {
    const { where: filters, near } = this.filters(f, v);
    const where = [...filters, ...this.textConditions(f, phase, close)];
    const fields = {
      ...columns,
      ts: sql<string>`${listings.createdAt}::text`,
      distanceKm: near ? near.km : sql<null>`null`,
      earthKey: near ? near.knn : sql<null>`null`,
    };
    const prepare = (query: { toSQL(): { sql: string }; prepare(name: string): Prepared }) => {
      if (named) this.named++;
      return query.prepare(named ? statementName(query.toSQL().sql) : (undefined as unknown as string));
    };
    if (f.sort === 'distance' && near) {
      // Nearest first (ADR 027): the GiST index walks outwards from the centre and stops at the
      // page's last row; that row's distance bounds a second index read that takes every row up to
      // it, ties included, to order by (distance, id) for the keyset cursor.
      if ('afterE' in v)
        where.push(sql`(${near.knn}, ${listings.id}) > (${P('afterE')}::float8, ${P('afterId')})`);
      const last = this.db.$with('page_last').as(
        this.db
          .select({ d: sql<number>`${near.knn}`.as('d') })
          .from(listings)
          .where(and(...where))
          .orderBy(near.knn)
          .limit(1)
          .offset(P('lastOffset')),
      );
      const upTo = sql`coalesce((select d from ${last}), 2 * earth())`;
      return prepare(
        this.db
          .with(last)
          .select(fields)
          .from(listings)
          .where(
            and(
              ...where,
              sql`${near.knn} <= ${upTo}`,
              sql`cube_enlarge(${near.center}, ${upTo} * 1.000001 + 0.001, 3) @> ${near.earth}`,
            ),
          )
          .orderBy(near.knn, asc(listings.id))
          .limit(P('limit')),
      );
    }
    let order: SQL[];
    if (f.sort === 'price_asc' || f.sort === 'price_desc') {
      const up = f.sort === 'price_asc';
      order = up ? [sql`${PRICE} asc`, asc(listings.id)] : [sql`${PRICE} desc`, sql`${listings.id} desc`];
      if ('afterP' in v)
        where.push(
          up
            ? sql`(${PRICE}, ${listings.id}) > (${P('afterP')}, ${P('afterId')})`
            : sql`(${PRICE}, ${listings.id}) < (${P('afterP')}, ${P('afterId')})`,
        );
    } else {
      order = NEWEST_FIRST;
      if ('afterTs' in v)
        where.push(
          sql`(${listings.createdAt}, ${listings.id}) < (${P('afterTs')}::timestamptz, ${P('afterId')})`,
        );
    }
    return prepare(
      this.db
        .select(fields)
        .from(listings)
        .where(and(...where))
        .orderBy(...order)
        .limit(P('limit')),
    );
  }

  async byId(id: number): Promise<ListingRecord | null> {
    const [row] = await this.db.select(columns).from(listings).where(eq(listings.id, id)).limit(1);
    return row ?? null;
  }

  // The active ones among these listings, in no particular order.
  async activeByIds(ids: number[]): Promise<ListingRecord[]> {
    if (!ids.length) return [];
    return this.db
      .select(columns)
      .from(listings)
      .where(and(inArray(listings.id, ids), eq(listings.active, true)));
  }

  // A listing with its rating and its host's first day, in one pre-built statement.
  async detailById(
    id: number,
  ): Promise<
    (ListingRecord & { rating: { average: number | null; count: number }; memberSince: Date | null }) | null
  > {
    // Spelled out with table names: in a select list Drizzle writes bare column names, which
    // inside a subquery would mean the subquery's own table.
    const listingId = sql.raw('"listings"."id"');
    const hostId = sql.raw('"listings"."user_id"');
    this.detailStatement ??= this.db
      .select({
        ...columns,
        ratingAverage: sql<
          string | null
        >`(select round(avg(r.rating), 1) from ${reviews} r where r.listing_id = ${listingId})`,
        ratingCount: sql<number>`(select count(*)::int from ${reviews} r where r.listing_id = ${listingId})`,
        memberSince: sql<Date | null>`(select u.created_at from ${users} u where u.id = ${hostId})`.mapWith(
          users.createdAt,
        ),
      })
      .from(listings)
      .where(eq(listings.id, P('id')))
      .prepare('ys_listing_detail');
    const [row] = (await this.detailStatement.execute({ id })) as (ListingRecord & {
      ratingAverage: string | number | null;
      ratingCount: number | string;
      memberSince: Date | null;
    })[];
    if (!row) return null;
    const { ratingAverage, ratingCount, memberSince, ...listing } = row;
    return {
      ...listing,
      rating: { average: ratingAverage === null ? null : Number(ratingAverage), count: Number(ratingCount) },
      memberSince,
    };
  }

  // The owner's dashboard: public listings and those Yardshare hid (not the ones the host removed).
  async ownedForDashboard(userId: number) {
    return this.db
      .select({ ...columns, hiddenReason: listings.hiddenReason })
      .from(listings)
      .where(
        and(eq(listings.userId, userId), or(eq(listings.active, true), isNotNull(listings.hiddenReason))),
      )
      .orderBy(...NEWEST_FIRST);
  }

  async byOwner(userId: number): Promise<ListingRecord[]> {
    return this.db
      .select(columns)
      .from(listings)
      .where(and(eq(listings.userId, userId), eq(listings.active, true)))
      .orderBy(...NEWEST_FIRST);
  }

  async insert(values: NewListingRow): Promise<ListingRecord> {
    const [row] = await this.db.insert(listings).values(values).returning(columns);
    return row;
  }

  async update(id: number, values: Partial<NewListingRow>): Promise<ListingRecord> {
    const [row] = await this.db
      .update(listings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(listings.id, id))
      .returning(columns);
    return row;
  }

  // Payments are financial records: a listing that has any is hidden, never deleted.
  async remove(id: number): Promise<'deleted' | 'hidden'> {
    return this.db.transaction(async (tx) => {
      const [paid] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.listingId, id))
        .limit(1);
      if (paid) {
        await tx.update(listings).set({ active: false, updatedAt: new Date() }).where(eq(listings.id, id));
        return 'hidden' as const;
      }
      await tx.delete(listings).where(eq(listings.id, id));
      return 'deleted' as const;
    });
  }

  async ownedUploads(userId: number, paths: string[]): Promise<Set<string>> {
    if (!paths.length) return new Set();
    const rows = await this.db
      .select({ path: uploads.path })
      .from(uploads)
      .where(and(eq(uploads.userId, userId), inArray(uploads.path, paths)));
    return new Set(rows.map((r) => r.path));
  }
}
