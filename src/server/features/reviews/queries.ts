// Reviews' data face: the queries of its tables other modules use (ADR 053).
import { type AnyColumn, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../core/qualified.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookingReviews, reviews } from '../../db/schema.ts';

// ---- A person's reviews (the account's export and deletion, ADR 022) ---------------------------
const listingReview = {
  id: reviews.id,
  listingId: reviews.listingId,
  userId: reviews.userId,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

// The listing reviews the user wrote, and those of their listings (`ownListingIds`: a SELECT of the
// ids of the user's listings).
export async function listingReviewsOfPerson(db: Pick<Db, 'select'>, userId: number, ownListingIds: SQL) {
  const written = await db.select(listingReview).from(reviews).where(eq(reviews.userId, userId));
  const received = await db
    .select(listingReview)
    .from(reviews)
    .where(sql`${reviews.listingId} in (${ownListingIds})`);
  return { written, received };
}

// The reviews of these bookings, by either party.
export async function bookingReviewsOf(db: Pick<Db, 'select'>, bookingIds: number[]) {
  return bookingIds.length
    ? await db.select().from(bookingReviews).where(inArray(bookingReviews.bookingId, bookingIds))
    : [];
}

// A deleted account's reviews keep their ratings (the listings' averages stay true); the words go.
// `wroteAs(bookingId, by)`: a condition true when the user is the booking's party `by` (grower or
// host).
export async function forgetPersonReviewWords(
  tx: Tx,
  userId: number,
  wroteAs: (bookingId: AnyColumn | SQL, by: AnyColumn | SQL) => SQL,
): Promise<void> {
  await tx.update(reviews).set({ comment: null }).where(eq(reviews.userId, userId));
  await tx.execute(
    sql`update ${bookingReviews} r set comment = null where ${wroteAs(sql.raw('r.booking_id'), sql.raw('r.by'))}`,
  );
}

// A review's listing and author ids, for the fragments the callers pass over them.
type ReviewRefs = { listingId: SQL; userId: SQL };

// Table-qualified: in a single-table select list Drizzle writes a column bare.
const refs: ReviewRefs = {
  listingId: sql.raw('"reviews"."listing_id"'),
  userId: sql.raw('"reviews"."user_id"'),
};

// A listing's rating as JSON: the spec's average of all its reviews, and the average and count of
// those from stays (ADR 050), in one pass over the listing's reviews. `stayers`: the bookings' SELECT
// of the people who stayed at the listing.
export const listingRatingJson = (listingId: AnyColumn | SQL, stayers: SQL) => sql`(select json_build_object(
            'average', round(avg(x.rating), 1),
            'count', count(*),
            'stayAverage', round(avg(x.rating) filter (where x.stay), 1),
            'stayCount', count(*) filter (where x.stay))
          from (select r.rating, r.user_id in (${stayers}) as stay
            from ${reviews} r where r.listing_id = ${qualified(listingId)}) x)`;

// The average (one decimal), the count and the number from stays of the reviews whose listing passes
// `ofListing`; `fromStay` tells a review from a stay.
export async function reviewStats(
  db: Pick<Db, 'select'>,
  ofListing: (listingId: SQL) => SQL,
  fromStay: (r: ReviewRefs) => SQL<boolean>,
) {
  const [row] = await db
    .select({
      average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
      count: sql<number>`count(*)::int`,
      fromStays: sql<number>`(count(*) filter (where ${fromStay(refs)}))::int`,
    })
    .from(reviews)
    .where(ofListing(refs.listingId));
  return row;
}

// The newest reviews whose listing passes `ofListing`, at most `limit`, with the caller's fragments
// over each review's listing and author (titles, names, whether from a stay).
export function reviewsWith<T extends Record<string, SQL>>(
  db: Pick<Db, 'select'>,
  ofListing: (listingId: SQL) => SQL,
  more: (r: ReviewRefs) => T,
  limit: number,
) {
  return db
    .select({
      id: reviews.id,
      listingId: reviews.listingId,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      ...more(refs),
    })
    .from(reviews)
    .where(ofListing(refs.listingId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
