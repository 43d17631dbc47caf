import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import { blockedEitherWay } from '../blocks/queries.ts';
import { stayersOf } from '../bookings/index.ts';
import { addressShownBy } from '../bookings/queries.ts';
import { listingHasPayments } from '../payments/queries.ts';
import { listingRatingJson } from '../reviews/queries.ts';
import { userCreatedAt } from '../users/queries.ts';
import { columns, type ListingRecord, NEWEST_FIRST, type NewListingRow } from './listing-columns.ts';
import { P, type Prepared } from './search-filters.ts';

export type { ListingRecord, ListingRow, NewListingRow } from './listing-columns.ts';

type RatingJson = {
  average: number | string | null;
  count: number | string;
  stayAverage: number | string | null;
  stayCount: number | string;
};
export type ListingRating = {
  average: number | null;
  count: number;
  fromStays: { average: number | null; count: number };
};
const num = (v: number | string | null) => (v === null ? null : Number(v));
const toRating = (r: RatingJson): ListingRating => ({
  average: num(r.average),
  count: Number(r.count),
  fromStays: { average: num(r.stayAverage), count: Number(r.stayCount) },
});

// One listing at a time: read, write, remove; the searches are in search.repository.ts.
export class ListingsRepository {
  private db: Db;
  private detailStatement?: Prepared;

  constructor(db: Db) {
    this.db = db;
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
  // viewer: whether that user has a booking that shows the address (ADR 038) and a block either way
  // with the host (ADR 029) come in the same round trip (ADR 041).
  async detailById(
    id: number,
    viewer: number | null = null,
  ): Promise<
    | (ListingRecord & {
        rating: ListingRating;
        memberSince: Date | null;
        booked: boolean;
        blocked: boolean;
      })
    | null
  > {
    // Spelled out with table names: in a select list Drizzle writes bare column names, which
    // inside a subquery would mean the subquery's own table.
    const listingId = sql.raw('"listings"."id"');
    const hostId = sql.raw('"listings"."user_id"');
    this.detailStatement ??= this.db
      .select({
        ...columns,
        // The spec's average of all reviews, and the average and count of those from stays (ADR
        // 050), in one pass over the listing's reviews.
        rating: sql<RatingJson>`${listingRatingJson(listingId, stayersOf(sql`${P('id')}::int`))}`,
        memberSince: userCreatedAt(hostId),
        booked: addressShownBy(listingId, sql`${P('viewer')}::int`),
        blocked: blockedEitherWay(sql`${P('viewer')}::int`, hostId),
      })
      .from(listings)
      .where(eq(listings.id, P('id')))
      .prepare('ys_listing_detail_viewer');
    const [row] = (await this.detailStatement.execute({ id, viewer })) as (ListingRecord & {
      rating: RatingJson | string;
      memberSince: Date | null;
      booked: boolean;
      blocked: boolean;
    })[];
    if (!row) return null;
    const { rating, memberSince, booked, blocked, ...listing } = row;
    return {
      ...listing,
      rating: toRating(typeof rating === 'string' ? JSON.parse(rating) : rating),
      memberSince,
      booked: Boolean(booked),
      blocked: Boolean(blocked),
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
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.id, id), listingHasPayments(listings.id)));
      if (paid) {
        await tx.update(listings).set({ active: false, updatedAt: new Date() }).where(eq(listings.id, id));
        return 'hidden' as const;
      }
      await tx.delete(listings).where(eq(listings.id, id));
      return 'deleted' as const;
    });
  }
}
