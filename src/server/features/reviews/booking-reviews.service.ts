import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type BookingReview,
  type BookingReviews,
  type HostReview,
  REVIEW_WINDOW_DAYS,
} from '#shared/reviews.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookingReviews, reviews } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { assertNotBlocked } from '../blocks/queries.ts';
import { bookingById, bookingCompletedBy, bookingCompletion, bookingParties } from '../bookings/queries.ts';
import { people, userExists } from '../users/queries.ts';

type Side = 'grower' | 'host';
type Row = typeof bookingReviews.$inferSelect;

const WINDOW_MS = REVIEW_WINDOW_DAYS * 86_400_000;

const toView = (r: Row): BookingReview => ({
  id: r.id,
  bookingId: r.bookingId,
  by: r.by,
  rating: r.rating,
  comment: r.comment,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  revealedAt: r.revealedAt ? r.revealedAt.toISOString() : null,
});

// Blind reviews of a completed booking (ADR 018): the host reviews the grower, the grower the
// listing, each once (editable until the reveal). Only its author sees a review until both are in
// or REVIEW_WINDOW_DAYS have passed since completion; then both are revealed, and the grower's
// joins the listing's visible reviews.
export class BookingReviewsService {
  private db: Db;
  private notifier: Notifier;
  constructor(db: Db, notifier: Notifier) {
    this.db = db;
    this.notifier = notifier;
  }

  async write(
    userId: number,
    bookingId: number,
    side: Side,
    input: { rating: number; comment: string | null },
    now = new Date(),
  ): Promise<{ review: BookingReview; created: boolean }> {
    return this.db.transaction(async (tx) => {
      // The booking's lock makes the two parties' writes take turns, so the second one sees the first.
      const b = await this.booking(tx, bookingId, userId, true);
      if (b.role !== side)
        throw forbidden(
          side === 'host' ? 'Only the host can review the grower' : 'Only the grower can review the listing',
          'NOT_YOURS',
        );
      if (b.status !== 'completed')
        throw conflict(`This booking is ${b.status}: it can be reviewed once completed`, 'NOT_COMPLETED');
      await assertNotBlocked(tx, b.growerId, b.hostId);
      if (now.getTime() >= b.completedAt.getTime() + WINDOW_MS)
        throw conflict('The time to review this booking has passed', 'REVIEW_CLOSED');
      const [mine] = await tx
        .select()
        .from(bookingReviews)
        .where(and(eq(bookingReviews.bookingId, bookingId), eq(bookingReviews.by, side)));
      if (mine?.revealedAt)
        throw conflict('Both reviews are shown now: yours can no longer be changed', 'REVIEW_REVEALED');
      const values = { rating: input.rating, comment: input.comment, updatedAt: now };
      let [row] = mine
        ? await tx.update(bookingReviews).set(values).where(eq(bookingReviews.id, mine.id)).returning()
        : await tx
            .insert(bookingReviews)
            .values({ ...values, bookingId, by: side, createdAt: now })
            .returning();
      const [other] = await tx
        .select({ id: bookingReviews.id })
        .from(bookingReviews)
        .where(and(eq(bookingReviews.bookingId, bookingId), eq(bookingReviews.by, otherSide(side))));
      if (other) row = (await this.reveal(tx, [bookingId], now)).find((r) => r.id === row.id) ?? row;
      return { review: toView(row), created: !mine };
    });
  }

  // The viewer's review of the booking, and the other party's once revealed.
  async forBooking(userId: number, bookingId: number, now = new Date()): Promise<BookingReviews> {
    const b = await this.booking(this.db, bookingId, userId, false);
    const rows = await this.db.select().from(bookingReviews).where(eq(bookingReviews.bookingId, bookingId));
    const mine = rows.find((r) => r.by === b.role);
    const theirs = rows.find((r) => r.by !== b.role);
    const revealBy = b.status === 'completed' ? new Date(b.completedAt.getTime() + WINDOW_MS) : null;
    return {
      canWrite: revealBy !== null && now < revealBy && !mine?.revealedAt,
      revealBy: revealBy?.toISOString() ?? null,
      mine: mine ? toView(mine) : null,
      theirs: theirs?.revealedAt ? toView(theirs) : null,
      theirsIn: Boolean(theirs),
    };
  }

  // The revealed reviews hosts wrote of a grower, newest first.
  async ofGrower(growerId: number): Promise<HostReview[]> {
    if (!(await userExists(this.db, growerId))) throw notFound('User not found', 'USER_NOT_FOUND');
    const booking = bookingParties('booking');
    const host = people('host');
    const rows = await this.db
      .select({
        review: bookingReviews,
        hostId: booking.hostId,
        name: host.name,
        username: host.username,
        avatar: host.avatar,
      })
      .from(bookingReviews)
      .innerJoin(booking, eq(booking.id, bookingReviews.bookingId))
      .innerJoin(host, eq(host.id, booking.hostId))
      .where(
        and(
          eq(booking.growerId, growerId),
          eq(bookingReviews.by, 'host'),
          isNotNull(bookingReviews.revealedAt),
        ),
      )
      .orderBy(desc(bookingReviews.createdAt), desc(bookingReviews.id))
      .limit(100);
    return rows.map((r) => ({
      id: r.review.id,
      userId: r.hostId,
      rating: r.review.rating,
      comment: r.review.comment,
      createdAt: r.review.createdAt.toISOString(),
      user: { name: r.name, username: r.username, avatar: r.avatar },
    }));
  }

  // The job: reveals the reviews of bookings completed REVIEW_WINDOW_DAYS or more before `now`.
  async revealDue(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - WINDOW_MS).toISOString();
    return this.db.transaction(async (tx) => {
      const due = await tx
        .selectDistinct({ id: bookingReviews.bookingId })
        .from(bookingReviews)
        .where(and(isNull(bookingReviews.revealedAt), bookingCompletedBy(bookingReviews.bookingId, cutoff)));
      if (!due.length) return 0;
      const revealed = await this.reveal(
        tx,
        due.map((d) => d.id),
        now,
      );
      return revealed.length;
    });
  }

  // Reveals the hidden reviews of these bookings (a guarded UPDATE: each once), and publishes the
  // grower's as their review of the listing. The user's later review of the listing, if any, wins.
  // The reviewed party hears of a review when it is revealed (before, they could not read it).
  private async reveal(tx: Tx, ids: number[], now: Date): Promise<Row[]> {
    const rows = await tx
      .update(bookingReviews)
      .set({ revealedAt: now })
      .where(and(inArray(bookingReviews.bookingId, ids), isNull(bookingReviews.revealedAt)))
      .returning();
    for (const r of rows.filter((x) => x.by === 'host')) await this.notifier.growerReviewed(tx, r);
    for (const r of rows.filter((x) => x.by === 'grower')) {
      const b = (await bookingById(tx, r.bookingId))!;
      const { rating, comment, createdAt, updatedAt } = r;
      await tx
        .insert(reviews)
        .values({ listingId: b.listingId, userId: b.growerId, rating, comment, createdAt, updatedAt })
        .onConflictDoUpdate({
          target: [reviews.listingId, reviews.userId],
          set: { rating, comment, updatedAt },
          setWhere: sql`${reviews.updatedAt} < ${updatedAt.toISOString()}::timestamptz`,
        });
      await this.notifier.listingReviewed(tx, {
        listingId: b.listingId,
        reviewerId: b.growerId,
        rating,
        comment,
      });
    }
    return rows;
  }

  // The booking as one of its parties sees it; to anyone else it does not exist (ADR 016).
  private async booking(db: Pick<Db, 'select'>, id: number, userId: number, lock: boolean) {
    const b = await bookingCompletion(db, id, lock);
    if (!b || (b.growerId !== userId && b.hostId !== userId))
      throw notFound('Booking not found', 'BOOKING_NOT_FOUND');
    return { ...b, role: (b.growerId === userId ? 'grower' : 'host') as Side };
  }
}

const otherSide = (s: Side): Side => (s === 'host' ? 'grower' : 'host');
