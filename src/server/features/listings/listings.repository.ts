import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, payments, reviews, uploads, users } from '../../db/schema.ts';
import { holdsPlot } from '../bookings/capacity.ts';

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
export type ListingRecord = Omit<ListingRow, 'search'>;

// The indexes are "created_at DESC NULLS LAST, id DESC NULLS LAST" (Drizzle's desc()); a plain
// ORDER BY ... DESC means NULLS FIRST and could not read them in order. The columns are NOT NULL,
// so the results are the same, and LIMIT stops after 25 index entries instead of sorting all matches.
const NEWEST_FIRST = [sql`${listings.createdAt} desc nulls last`, sql`${listings.id} desc nulls last`];
export type SearchRow = ListingRecord & { ts: string; distanceKm: number | null };

export type SearchFilter = {
  type?: ListingRow['type'];
  city?: string;
  state?: string;
  term?: string;
  q?: string;
  near?: { lat: number; lng: number; radiusKm: number };
  sort: 'newest' | 'distance';
  // Only listings with a free plot on that day.
  available?: { day: string; now: Date };
  after?: { ts: string; id: number } | { d: number; id: number };
  limit: number;
};

export class ListingsRepository {
  constructor(private db: Db) {}

  async search(f: SearchFilter): Promise<SearchRow[]> {
    const where: SQL[] = [eq(listings.active, true)];
    if (f.type) where.push(eq(listings.type, f.type));
    if (f.city) where.push(sql`lower(${listings.city}) = lower(${f.city})`);
    if (f.state) where.push(sql`lower(${listings.state}) = lower(${f.state})`);
    if (f.term)
      where.push(
        sql`(lower(${listings.city}) = lower(${f.term}) or lower(${listings.state}) = lower(${f.term}))`,
      );
    if (f.q) where.push(sql`${listings.search} @@ websearch_to_tsquery('english', ${f.q})`);
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
    const byDistance = f.sort === 'distance' && distance;
    if (f.after) {
      if ('d' in f.after && byDistance)
        where.push(sql`(${distance}, ${listings.id}) > (${f.after.d}, ${f.after.id})`);
      else if ('ts' in f.after)
        where.push(
          sql`(${listings.createdAt}, ${listings.id}) < (${f.after.ts}::timestamptz, ${f.after.id})`,
        );
    }
    const rows = await this.db
      .select({
        ...columns,
        ts: sql<string>`${listings.createdAt}::text`,
        distanceKm: distance ?? sql<null>`null`,
      })
      .from(listings)
      .where(and(...where))
      .orderBy(...(byDistance && distance ? [asc(distance), asc(listings.id)] : NEWEST_FIRST))
      .limit(f.limit);
    return rows.map((r) => ({ ...r, distanceKm: r.distanceKm === null ? null : Number(r.distanceKm) }));
  }

  async byId(id: number): Promise<ListingRecord | null> {
    const [row] = await this.db.select(columns).from(listings).where(eq(listings.id, id)).limit(1);
    return row ?? null;
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
