import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, reviews } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();

async function makeListing(userId: number, extra: Partial<typeof listings.$inferInsert> = {}) {
  const [row] = await db.db
    .insert(listings)
    .values({
      userId,
      title: 'Sunny plot',
      description: 'Raised beds',
      type: 'rental',
      price: 100,
      location: '1 Main St',
      city: 'Austin',
      state: 'TX',
      ...extra,
    })
    .returning();
  return row;
}

const post = (cookie: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
const list = (id: number | string) => app.inject({ method: 'GET', url: `/api/listings/${id}/reviews` });

const host = await registerUser(app, { name: 'Hana Host' });
const guest = await registerUser(app, { name: 'Gus Grower' });
const other = await registerUser(app, { name: 'Olive Other' });

describe('POST /api/reviews', () => {
  it('needs a session', async () => {
    const listing = await makeListing(host.user.id);
    const res = await post(undefined, { rating: 5, listingId: listing.id });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('creates a review with a trimmed comment and the reviewer name', async () => {
    const listing = await makeListing(host.user.id);
    const res = await post(guest.cookie, { rating: 4, comment: '  Lovely soil  ', listingId: listing.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      listingId: listing.id,
      userId: guest.user.id,
      rating: 4,
      comment: 'Lovely soil',
      user: { name: 'Gus Grower' },
    });
    // No comment, or a blank one, is stored as null.
    const res2 = await post(other.cookie, { rating: 3, comment: '   ', listingId: listing.id });
    expect(res2.statusCode).toBe(201);
    expect(res2.json().comment).toBeNull();
  });

  it('validates rating, comment and listingId with 400 and a message', async () => {
    const listing = await makeListing(host.user.id);
    const cases: [unknown, RegExp][] = [
      [{ rating: 0, listingId: listing.id }, /between 1 and 5/],
      [{ rating: 6, listingId: listing.id }, /between 1 and 5/],
      [{ rating: 4.5, listingId: listing.id }, /whole number/],
      [{ rating: '5', listingId: listing.id }, /number/],
      [{ listingId: listing.id }, /Rating/],
      [{ rating: 5 }, /listingId/],
      [{ rating: 5, listingId: 'abc' }, /listingId/],
      [{ rating: 5, listingId: -1 }, /listingId/],
      [{ rating: 5, listingId: listing.id, comment: 'x'.repeat(2001) }, /at most 2000/],
      [{ rating: 5, listingId: listing.id, comment: 42 }, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await post(guest.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('refuses a missing or inactive listing with 404', async () => {
    expect((await post(guest.cookie, { rating: 5, listingId: 999_999 })).statusCode).toBe(404);
    const hidden = await makeListing(host.user.id, { active: false });
    const res = await post(guest.cookie, { rating: 5, listingId: hidden.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Listing not found');
  });

  it('refuses the owner with 403', async () => {
    const listing = await makeListing(host.user.id);
    const res = await post(host.cookie, { rating: 5, listingId: listing.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot review your own listing');
  });

  it('a second submission updates the first: one row per user and listing', async () => {
    const listing = await makeListing(host.user.id);
    const first = await post(guest.cookie, { rating: 2, comment: 'Meh', listingId: listing.id });
    expect(first.statusCode).toBe(201);
    const second = await post(guest.cookie, { rating: 5, comment: 'Better now', listingId: listing.id });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ id: first.json().id, rating: 5, comment: 'Better now' });
    const rows = await db.db.select().from(reviews).where(eq(reviews.listingId, listing.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].rating).toBe(5);
  });

  it('concurrent submissions by one user still leave one row', async () => {
    const listing = await makeListing(host.user.id);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => post(guest.cookie, { rating, listingId: listing.id })),
    );
    for (const r of results) expect([200, 201]).toContain(r.statusCode);
    const [{ n }] = await db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.listingId, listing.id));
    expect(n).toBe(1);
  });
});

describe('GET /api/listings/:id/reviews', () => {
  it('lists newest first with the reviewer display name, and no private fields', async () => {
    const listing = await makeListing(host.user.id);
    await post(guest.cookie, { rating: 4, comment: 'First', listingId: listing.id });
    await post(other.cookie, { rating: 5, comment: 'Second', listingId: listing.id });
    const res = await list(listing.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((r: { comment: string }) => r.comment)).toEqual(['Second', 'First']);
    expect(body[0]).toMatchObject({
      rating: 5,
      userId: other.user.id,
      user: { name: 'Olive Other', username: other.input.username },
    });
    expect(Object.keys(body[0]).sort()).toEqual([
      'comment',
      'createdAt',
      'fromStay',
      'id',
      'listingId',
      'rating',
      'updatedAt',
      'user',
      'userId',
    ]);
    expect(JSON.stringify(body)).not.toMatch(/email|password/i);
  });

  it('lists exactly the ratings given, and the listing shows their average (rounded) and count', async () => {
    const listing = await makeListing(host.user.id);
    await post(guest.cookie, { rating: 4, listingId: listing.id });
    await post(other.cookie, { rating: 5, listingId: listing.id });
    const third = await registerUser(app);
    await post(third.cookie, { rating: 2, listingId: listing.id });
    const body = (await list(listing.id)).json() as { rating: number }[];
    expect(body.map((r) => r.rating).sort()).toEqual([2, 4, 5]);
    const detail = await app.inject({ method: 'GET', url: `/api/listings/${listing.id}` });
    // (4 + 5 + 2) / 3 = 3.67
    expect(detail.json().rating).toMatchObject({ average: 3.7, count: 3 });
  });

  it('hides the reviews of an inactive listing from everyone but its owner', async () => {
    const listing = await makeListing(host.user.id);
    await post(guest.cookie, { rating: 5, comment: 'Before it closed', listingId: listing.id });
    await db.db.update(listings).set({ active: false }).where(eq(listings.id, listing.id));
    expect((await list(listing.id)).statusCode).toBe(404);
    const asGuest = await app.inject({
      method: 'GET',
      url: `/api/listings/${listing.id}/reviews`,
      headers: { cookie: guest.cookie },
    });
    expect(asGuest.statusCode).toBe(404);
    const asOwner = await app.inject({
      method: 'GET',
      url: `/api/listings/${listing.id}/reviews`,
      headers: { cookie: host.cookie },
    });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toHaveLength(1);
  });

  it('answers an empty list for a listing without reviews, 404 for a missing listing, 400 for a bad id', async () => {
    const listing = await makeListing(host.user.id);
    expect((await list(listing.id)).json()).toEqual([]);
    const missing = await list(987_654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Listing not found');
    for (const bad of ['abc', '1.5', '-3', '99999999999']) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});
