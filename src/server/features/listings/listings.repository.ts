import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, payments, reviews, searchWords, uploads, users } from '../../db/schema.ts';
import { holdsPlot } from '../bookings/capacity.ts';
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
};
export type ListingRecord = Omit<ListingRow, 'search' | 'stateCode' | 'sizeSqft'>;

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
export type SearchCursor =
  | { ts: string; id: number; f?: 1 }
  | { d: number; id: number; f?: 1 }
  | { p: number; id: number; f?: 1 };
export type SearchRow = ListingRecord & { ts: string; distanceKm: number | null; fuzzy: boolean };

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
};

export class ListingsRepository {
  constructor(private db: Db) {}

  // With keywords: the listings that contain every word (stemmed) first, then, once those run
  // out, the listings where each word is there or spelled close to it ("tomatose" finds
  // "tomatoes"). The close words come from the vocabulary table, so that second step is an index
  // search too, and a search whose first page fills with exact matches costs what it did before.
  async search(f: SearchFilter): Promise<SearchRow[]> {
    const { where, distance } = this.filters(f);
    if (!f.q) return this.page(f, where, distance, f.after, f.limit, false);
    const exact = sql`${listings.search} @@ websearch_to_tsquery('english', ${f.q})`;
    const afterExact = f.after?.f === 1;
    const rows = afterExact ? [] : await this.page(f, [...where, exact], distance, f.after, f.limit, false);
    if (rows.length >= f.limit || !f.fuzzyWords?.length) return rows;
    const close = await this.closeWords(f.fuzzyWords);
    if (!close.size) return rows;
    // Each word: a stop word, or there stemmed, or one of its close words there.
    const eachWord = f.fuzzyWords.map((w) => {
      const alternatives = [w, ...(close.get(w) ?? [])].map((a) => sql`plainto_tsquery('english', ${a})`);
      return sql`(numnode(plainto_tsquery('english', ${w})) = 0
        or ${listings.search} @@ (${sql.join(alternatives, sql` || `)}))`;
    });
    const more = await this.page(
      f,
      [...where, ...eachWord, sql`not (${exact})`],
      distance,
      afterExact ? f.after : undefined,
      f.limit - rows.length,
      true,
    );
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

  private filters(f: SearchFilter): { where: SQL[]; distance: SQL<number> | null } {
    const where: SQL[] = [eq(listings.active, true)];
    if (f.onlyId !== undefined) where.push(eq(listings.id, f.onlyId));
    const cityPrefix = (c: string) => sql`lower(${listings.city}) like lower(${escapeLike(c)}) || '%'`;
    const state = (k: string) => sql`${listings.stateCode} = upper(${k})`;
    if (f.type) where.push(eq(listings.type, f.type));
    if (f.city) where.push(sql`lower(${listings.city}) = lower(${f.city})`);
    if (f.state) where.push(state(f.state));
    if (f.either) where.push(sql`(${cityPrefix(f.either)} or ${state(f.either)})`);
    if (f.minPrice !== undefined) where.push(sql`${PRICE} >= ${f.minPrice}`);
    if (f.maxPrice !== undefined) where.push(sql`${PRICE} <= ${f.maxPrice}`);
    if (f.minSize !== undefined) where.push(sql`${listings.sizeSqft} >= ${f.minSize}`);
    if (f.amenities?.length)
      where.push(
        sql`listing_amenity_keys(${listings.amenities}) @> array[${sql.join(
          f.amenities.map((a) => sql`lower(${a})`),
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
    let distance: SQL<number> | null = null;
    if (f.near) {
      const { lat, lng, radiusKm } = f.near;
      const dLat = radiusKm / 111.2;
      const dLng = radiusKm / (111.2 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
      // A bounding box the lat/lng index can use, then the exact great-circle distance.
      where.push(sql`${listings.lat} between ${lat - dLat} and ${lat + dLat}`);
      where.push(sql`${listings.lng} between ${lng - dLng} and ${lng + dLng}`);
      distance = sql<number>`(12742 * asin(least(1, sqrt(power(sin(radians(${listings.lat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${listings.lat})) * power(sin(radians(${listings.lng} - ${lng}) / 2), 2)))))`;
      where.push(sql`${distance} <= ${radiusKm}`);
    }
    return { where, distance };
  }

  // One page in the asked order, after the cursor; `fuzzy` marks the rows of close spellings.
  private async page(
    f: SearchFilter,
    conditions: SQL[],
    distance: SQL<number> | null,
    after: SearchCursor | undefined,
    limit: number,
    fuzzy: boolean,
  ): Promise<SearchRow[]> {
    const where = [...conditions];
    let order: SQL[];
    if (f.sort === 'distance' && distance) {
      order = [asc(distance), asc(listings.id)];
      if (after && 'd' in after) where.push(sql`(${distance}, ${listings.id}) > (${after.d}, ${after.id})`);
    } else if (f.sort === 'price_asc' || f.sort === 'price_desc') {
      const up = f.sort === 'price_asc';
      order = up ? [sql`${PRICE} asc`, asc(listings.id)] : [sql`${PRICE} desc`, sql`${listings.id} desc`];
      if (after && 'p' in after)
        where.push(
          up
            ? sql`(${PRICE}, ${listings.id}) > (${after.p}, ${after.id})`
            : sql`(${PRICE}, ${listings.id}) < (${after.p}, ${after.id})`,
        );
    } else {
      order = NEWEST_FIRST;
      if (after && 'ts' in after)
        where.push(sql`(${listings.createdAt}, ${listings.id}) < (${after.ts}::timestamptz, ${after.id})`);
    }
    const rows = await this.db
      .select({
        ...columns,
        ts: sql<string>`${listings.createdAt}::text`,
        distanceKm: distance ?? sql<null>`null`,
      })
      .from(listings)
      .where(and(...where))
      .orderBy(...order)
      .limit(limit);
    return rows.map((r) => ({
      ...r,
      distanceKm: r.distanceKm === null ? null : Number(r.distanceKm),
      fuzzy,
    }));
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

  async ratingOf(listingId: number): Promise<{ average: number | null; count: number }> {
    const [row] = await this.db
      .select({
        average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(eq(reviews.listingId, listingId));
    return {
      average: row?.average === null || row?.average === undefined ? null : Number(row.average),
      count: Number(row?.count ?? 0),
    };
  }

  async memberSince(userId: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
    return row?.createdAt ?? null;
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
