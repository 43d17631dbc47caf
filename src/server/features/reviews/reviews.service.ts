import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Review } from '#shared/reviews.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import { assertNotBlocked } from '../blocks/queries.ts';
import { stayersOf, stayOf } from '../bookings/index.ts';
import { listingOwnership } from '../listings/queries.ts';
import { people } from '../users/queries.ts';

type ReviewRow = typeof reviews.$inferSelect;
type Reviewer = { name: string; username: string; avatar: string | null };

// The reviewer stayed at the listing (ADR 050): decided here, from the bookings, never by the client.
// (Table-qualified by hand: Drizzle leaves columns bare in a single-table select.)
const fromStaySql = stayOf(sql.raw('reviews.listing_id'), sql.raw('reviews.user_id'));

const toReview = (r: ReviewRow, user: Reviewer, fromStay: boolean): Review => ({
  id: r.id,
  listingId: r.listingId,
  userId: r.userId,
  rating: r.rating,
  comment: r.comment,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  user,
  fromStay: Boolean(fromStay),
});

// One review per user per listing (ADR 006): a second submission updates the first. The rows of
// `reviews` are the visible ones; a blind review tied to a booking joins them when revealed (ADR 018).
export class ReviewsService {
  private db: Db;
  private notifier: Notifier;
  constructor(db: Db, notifier: Notifier) {
    this.db = db;
    this.notifier = notifier;
  }

  async upsert(
    user: { id: number; name: string; username: string; avatar: string | null },
    input: { listingId: number; rating: number; comment: string | null },
  ): Promise<{ review: Review; created: boolean }> {
    const listing = await listingOwnership(this.db, input.listingId);
    if (!listing?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    if (listing.userId === user.id) throw forbidden('You cannot review your own listing', 'OWN_LISTING');
    await assertNotBlocked(this.db, user.id, listing.userId);
    const now = new Date();
    // A first review notifies the host, in the same transaction; an edit does not.
    const row = await this.db.transaction(async (tx) => {
      const [upserted] = await tx
        .insert(reviews)
        .values({ listingId: input.listingId, userId: user.id, rating: input.rating, comment: input.comment })
        .onConflictDoUpdate({
          target: [reviews.listingId, reviews.userId],
          set: { rating: input.rating, comment: input.comment, updatedAt: now },
        })
        .returning({ ...getTableColumns(reviews), created: sql<boolean>`(xmax = 0)` });
      if (upserted.created)
        await this.notifier.listingReviewed(tx, {
          listingId: input.listingId,
          reviewerId: user.id,
          rating: input.rating,
          comment: input.comment,
        });
      return upserted;
    });
    const { created, ...review } = row;
    const [{ fromStay }] = await this.db
      .select({ fromStay: fromStaySql })
      .from(reviews)
      .where(eq(reviews.id, review.id));
    return {
      review: toReview(review, { name: user.name, username: user.username, avatar: user.avatar }, fromStay),
      created: Boolean(created),
    };
  }

  // Newest first, with the reviewer's display name. 404 when the listing does not exist.
  // A hidden (inactive) listing's reviews are for its owner only, as the listing itself.
  async forListing(listingId: number, viewerId: number | null): Promise<Review[]> {
    const listing = await listingOwnership(this.db, listingId);
    if (!listing || (!listing.active && listing.userId !== viewerId))
      throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    const reviewer = people('reviewer');
    const rows = await this.db
      .select({
        review: reviews,
        name: reviewer.name,
        username: reviewer.username,
        avatar: reviewer.avatar,
        // The listing's stayers read once and hashed, however long the list (ADR 050).
        fromStay: sql<boolean>`reviews.user_id in (${stayersOf(sql`${listingId}::int`)})`,
      })
      .from(reviews)
      .innerJoin(reviewer, eq(reviewer.id, reviews.userId))
      .where(eq(reviews.listingId, listingId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map((r) =>
      toReview(r.review, { name: r.name, username: r.username, avatar: r.avatar }, r.fromStay),
    );
  }
}
