import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingEvents, bookingReviews, bookings } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();

const DAY = 86_400_000;
type Who = { cookie: string } | null;
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

const host = await registerUser(app, { name: 'Hana Host' });
const stranger = await registerUser(app);

// A booking as the job runner leaves it: status 'completed' and its 'complete' event.
async function booking(status: 'completed' | 'active' = 'completed', completedAt = new Date()) {
  const grower = await registerUser(app, { name: 'Gus Grower' });
  const listing = await insertListing(db, host.user.id, { images: [] });
  const [b] = await db.db
    .insert(bookings)
    .values({
      listingId: listing.id,
      growerId: grower.user.id,
      hostId: host.user.id,
      type: 'rental',
      status,
      start: '2026-01-01',
      end: '2026-02-01',
      months: 1,
    })
    .returning();
  if (status === 'completed')
    await db.db.insert(bookingEvents).values({
      bookingId: b.id,
      action: 'complete',
      fromStatus: 'active',
      toStatus: 'completed',
      actor: 'system',
      createdAt: completedAt,
    });
  return { id: b.id, listingId: listing.id, grower };
}

const hostReview = (who: Who, id: number, payload: unknown = { rating: 5, comment: 'Tidy and kind' }) =>
  call(who, 'POST', `/api/bookings/${id}/review`, payload);
const listingReview = (who: Who, id: number, payload: unknown = { rating: 4, comment: 'Good soil' }) =>
  call(who, 'POST', `/api/bookings/${id}/listing-review`, payload);
const ofGrower = async (id: number) => (await call(null, 'GET', `/api/users/${id}/reviews`)).json();
const listingView = async (id: number) => {
  const reviews = (await call(null, 'GET', `/api/listings/${id}/reviews`)).json();
  const detail = (await call(null, 'GET', `/api/listings/${id}`)).json();
  return { reviews, rating: detail.rating };
};

describe('POST /api/bookings/:id/review (the host reviews the grower)', () => {
  it('is for the host of a completed booking only', async () => {
    const b = await booking();
    expect((await hostReview(null, b.id)).statusCode).toBe(401);
    const asStranger = await hostReview(stranger, b.id);
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json().message).toBe('Booking not found');
    const asGrower = await hostReview(b.grower, b.id);
    expect(asGrower.statusCode).toBe(403);
    expect(asGrower.json().message).toBe('Only the host can review the grower');
    expect((await hostReview(host, 999_999)).statusCode).toBe(404);
    const running = await booking('active');
    const early = await hostReview(host, running.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/active: it can be reviewed once completed/);
    // And the host cannot write the grower's review of the listing.
    expect((await listingReview(host, b.id)).statusCode).toBe(403);
    expect(await db.db.select().from(bookingReviews).where(eq(bookingReviews.bookingId, b.id))).toEqual([]);
  });

  it('validates the rating and comment', async () => {
    const b = await booking();
    for (const payload of [{ rating: 0 }, { rating: 6 }, { rating: 2.5 }, {}, { rating: 5, comment: 7 }]) {
      const res = await hostReview(host, b.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await hostReview(host, b.id, { rating: 5, comment: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await call(host, 'POST', '/api/bookings/abc/review', { rating: 5 })).statusCode).toBe(400);
  });

  it('keeps one review per booking, updated in place until the reveal', async () => {
    const b = await booking();
    const first = await hostReview(host, b.id, { rating: 3, comment: '  Late once  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ bookingId: b.id, by: 'host', rating: 3, comment: 'Late once' });
    expect(first.json().revealedAt).toBeNull();
    const second = await hostReview(host, b.id, { rating: 5, comment: null });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, rating: 5, comment: null });
    const rows = await db.db.select().from(bookingReviews).where(eq(bookingReviews.bookingId, b.id));
    expect(rows).toHaveLength(1);
    // Once both are in, neither can change.
    expect((await listingReview(b.grower, b.id)).json().revealedAt).toBeTruthy();
    const late = await hostReview(host, b.id, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Both reviews are shown now: yours can no longer be changed');
  });

  it('closes 14 days after completion', async () => {
    const b = await booking('completed', new Date(Date.now() - 15 * DAY));
    const res = await hostReview(host, b.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The time to review this booking has passed');
  });
});

describe('blind reveal', () => {
  it('hides both reviews from everyone but their author until both are in', async () => {
    const b = await booking();
    const g = b.grower;
    expect((await hostReview(host, b.id)).statusCode).toBe(201);
    expect(await ofGrower(g.user.id)).toEqual([]);
    const asHost = (await call(host, 'GET', `/api/bookings/${b.id}/reviews`)).json();
    expect(asHost).toMatchObject({ canWrite: true, theirs: null, theirsIn: false, mine: { rating: 5 } });
    const asGrower = (await call(g, 'GET', `/api/bookings/${b.id}/reviews`)).json();
    // The grower knows a review waits, not what it says.
    expect(asGrower).toMatchObject({ canWrite: true, mine: null, theirs: null, theirsIn: true });
    expect(JSON.stringify(asGrower)).not.toMatch(/Tidy/);
    expect((await call(stranger, 'GET', `/api/bookings/${b.id}/reviews`)).statusCode).toBe(404);

    const second = await listingReview(g, b.id, { rating: 4, comment: 'Good soil' });
    expect(second.statusCode).toBe(201);
    expect(second.json().revealedAt).toBeTruthy();
    const shown = await ofGrower(g.user.id);
    expect(shown).toEqual([
      {
        id: expect.any(Number),
        userId: host.user.id,
        rating: 5,
        comment: 'Tidy and kind',
        createdAt: expect.any(String),
        user: { name: 'Hana Host', username: host.input.username, avatar: null },
      },
    ]);
    const view = await listingView(b.listingId);
    expect(view.reviews).toMatchObject([
      { userId: g.user.id, rating: 4, comment: 'Good soil', fromStay: true },
    ]);
    expect(view.rating).toEqual({ average: 4, count: 1, fromStays: { average: 4, count: 1 } });
    const after = (await call(g, 'GET', `/api/bookings/${b.id}/reviews`)).json();
    expect(after).toMatchObject({ canWrite: false, mine: { rating: 4 }, theirs: { by: 'host', rating: 5 } });
  });

  it('reveals a lone review 14 days after completion (the job, with an explicit now)', async () => {
    const completedAt = new Date(Date.now() - DAY);
    const onlyHost = await booking('completed', completedAt);
    const onlyGrower = await booking('completed', completedAt);
    await hostReview(host, onlyHost.id, { rating: 2, comment: 'Left the gate open' });
    await listingReview(onlyGrower.grower, onlyGrower.id, { rating: 3, comment: 'Shady' });

    await app.jobs.tick(new Date(completedAt.getTime() + 13 * DAY));
    expect(await ofGrower(onlyHost.grower.user.id)).toEqual([]);
    expect(await listingView(onlyGrower.listingId)).toEqual({
      reviews: [],
      rating: { average: null, count: 0, fromStays: { average: null, count: 0 } },
    });

    const ran = await app.jobs.tick(new Date(completedAt.getTime() + 14 * DAY + 60_000));
    expect(ran).toContain('reviews.reveal');
    expect(await ofGrower(onlyHost.grower.user.id)).toMatchObject([
      { rating: 2, comment: 'Left the gate open' },
    ]);
    const view = await listingView(onlyGrower.listingId);
    expect(view.reviews).toMatchObject([{ rating: 3, comment: 'Shady', fromStay: true }]);
    expect(view.rating).toEqual({ average: 3, count: 1, fromStays: { average: 3, count: 1 } });
  });

  it('the rating counts only visible reviews; a later review through the listing form wins', async () => {
    const b = await booking();
    const other = await registerUser(app);
    await call(other, 'POST', '/api/reviews', { listingId: b.listingId, rating: 5 });
    await listingReview(b.grower, b.id, { rating: 1, comment: 'Blind' });
    // The other reviewer never stayed: counted in the spec's average, not among stays.
    expect((await listingView(b.listingId)).rating).toEqual({
      average: 5,
      count: 1,
      fromStays: { average: null, count: 0 },
    });
    // The listing's form is visible at once; the blind review, older, does not replace it on reveal.
    const open = await call(b.grower, 'POST', '/api/reviews', { listingId: b.listingId, rating: 3 });
    expect(open.statusCode).toBe(201);
    expect((await listingView(b.listingId)).rating).toEqual({
      average: 4,
      count: 2,
      fromStays: { average: 3, count: 1 },
    });
    await hostReview(host, b.id);
    const view = await listingView(b.listingId);
    expect(view.rating).toEqual({ average: 4, count: 2, fromStays: { average: 3, count: 1 } });
    expect(view.reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([3, 5]);
  });
});

describe('GET /api/users/:id/reviews', () => {
  it('answers 404 for a missing user and 400 for a bad id', async () => {
    const missing = await call(null, 'GET', '/api/users/999999/reviews');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    expect((await call(null, 'GET', '/api/users/abc/reviews')).statusCode).toBe(400);
    expect(await ofGrower(stranger.user.id)).toEqual([]);
  });
});
