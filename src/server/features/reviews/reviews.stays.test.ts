import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingStatus } from '#shared/booking-rules.ts';
import { bookingEvents, bookings } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// Reviews from stays (ADR 050): the open review form stays, but the server says which review comes
// from someone who stayed, and the listing's rating counts those apart.
const { app, db } = await buildTestApp();

const host = await registerUser(app, { name: 'Hana Host' });
type Who = Awaited<ReturnType<typeof registerUser>>;

const review = (who: Who, listingId: number, rating: number, extra: object = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: { cookie: who.cookie },
    payload: { listingId, rating, ...extra },
  });
const reviewsOf = async (listingId: number) =>
  (await app.inject({ method: 'GET', url: `/api/listings/${listingId}/reviews` })).json() as {
    userId: number;
    fromStay: boolean;
  }[];
const ratingOf = async (listingId: number) =>
  (await app.inject({ method: 'GET', url: `/api/listings/${listingId}` })).json().rating;

// A booking with the timeline the process gives it: each step an event, as the service and the
// jobs write them.
async function booking(listingId: number, grower: Who, steps: BookingStatus[]) {
  const [b] = await db.db
    .insert(bookings)
    .values({
      listingId,
      growerId: grower.user.id,
      hostId: host.user.id,
      type: 'rental',
      status: steps[steps.length - 1],
      start: '2026-01-01',
      end: '2026-03-01',
      months: 2,
    })
    .returning();
  await db.db.insert(bookingEvents).values(
    steps.map((to, i) => ({
      bookingId: b.id,
      action: i === 0 ? 'request' : to,
      fromStatus: i === 0 ? null : steps[i - 1],
      toStatus: to,
      actor: 'system' as const,
    })),
  );
}

describe('a review from a stay', () => {
  it('is a booking of that listing by the reviewer that began: running, completed, or cancelled after its start', async () => {
    const listing = await insertListing(db, host.user.id, { images: [] });
    const elsewhere = await insertListing(db, host.user.id, { images: [] });
    const cases: [string, BookingStatus[] | null, boolean][] = [
      ['running', ['requested', 'accepted', 'paid', 'active'], true],
      ['completed', ['requested', 'accepted', 'paid', 'active', 'completed'], true],
      ['cancelled after its start', ['requested', 'accepted', 'paid', 'active', 'cancelled'], true],
      ['cancelled before its start', ['requested', 'accepted', 'paid', 'cancelled'], false],
      ['a request', ['requested'], false],
      ['accepted, not paid', ['requested', 'accepted'], false],
      ['paid, not begun', ['requested', 'accepted', 'paid'], false],
      ['declined', ['requested', 'declined'], false],
      ['never booked', null, false],
    ];
    const expected: Record<number, boolean> = {};
    for (const [, steps, stay] of cases) {
      const grower = await registerUser(app);
      if (steps) await booking(listing.id, grower, steps);
      // A stay at another listing of the same host does not count here.
      await booking(elsewhere.id, grower, ['requested', 'accepted', 'paid', 'active', 'completed']);
      const res = await review(grower, listing.id, 4);
      expect(res.statusCode).toBe(201);
      expect(res.json().fromStay).toBe(stay);
      expected[grower.user.id] = stay;
    }
    const listed = await reviewsOf(listing.id);
    expect(Object.fromEntries(listed.map((r) => [r.userId, r.fromStay]))).toEqual(expected);
  });

  it('is decided by the server: a client saying fromStay is not believed', async () => {
    const listing = await insertListing(db, host.user.id, { images: [] });
    const stranger = await registerUser(app);
    const res = await review(stranger, listing.id, 5, { fromStay: true, verified: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().fromStay).toBe(false);
    expect((await reviewsOf(listing.id))[0].fromStay).toBe(false);
  });

  it("a stranger's review is public at once, counted in the spec's average, and not among stays", async () => {
    const listing = await insertListing(db, host.user.id, { images: [] });
    const stranger = await registerUser(app);
    await review(stranger, listing.id, 5);
    expect(await ratingOf(listing.id)).toEqual({
      average: 5,
      count: 1,
      fromStays: { average: null, count: 0 },
    });
    // The only booking was cancelled before it began: still no stay.
    const cancelled = await registerUser(app);
    await booking(listing.id, cancelled, ['requested', 'accepted', 'paid', 'cancelled']);
    await review(cancelled, listing.id, 5);
    expect((await ratingOf(listing.id)).fromStays).toEqual({ average: null, count: 0 });
    // Two who stayed: 4 and 3; the spec's average is of all four.
    for (const rating of [4, 3]) {
      const grower = await registerUser(app);
      await booking(listing.id, grower, ['requested', 'accepted', 'paid', 'active', 'completed']);
      await review(grower, listing.id, rating);
    }
    expect(await ratingOf(listing.id)).toEqual({
      average: 4.3,
      count: 4,
      fromStays: { average: 3.5, count: 2 },
    });
  });

  it('follows the booking: a review written before the stay counts once the stay begins', async () => {
    const listing = await insertListing(db, host.user.id, { images: [] });
    const grower = await registerUser(app);
    await booking(listing.id, grower, ['requested', 'accepted', 'paid']);
    await review(grower, listing.id, 5);
    expect((await reviewsOf(listing.id))[0].fromStay).toBe(false);
    const mine = and(eq(bookings.listingId, listing.id), eq(bookings.growerId, grower.user.id));
    expect((await db.db.select().from(bookings).where(mine))[0].status).toBe('paid');
    const ran = await app.jobs.tick(new Date('2026-01-02T12:00:00Z'));
    expect(ran).toContain('bookings.start');
    expect((await db.db.select().from(bookings).where(mine))[0].status).toBe('active');
    expect((await reviewsOf(listing.id))[0].fromStay).toBe(true);
    expect((await ratingOf(listing.id)).fromStays).toEqual({ average: 5, count: 1 });
  });
});
