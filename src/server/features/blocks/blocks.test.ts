import { describe, expect, it } from 'vitest';
import { BLOCKED_CODE, BLOCKED_MESSAGE } from '#shared/moderation.ts';
import { bookingEvents, bookings } from '../../db/schema.ts';
import { inDays } from '../../testing/bookings.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { moderationKit } from '../../testing/moderation.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// Blocks (ADR 029) are symmetric: whoever blocked whom, neither can message, book or review the
// other, and neither sees the other's listings. Each path is tried in both directions.
const { app, db } = await buildTestApp();
const { call, block, unblock } = await moderationKit(app, db);

type Who = Awaited<ReturnType<typeof registerUser>>;

// A host with a listing, a grower, and a completed booking between them (as the job leaves it).
async function pair() {
  const host = await registerUser(app, { name: 'Hana Host' });
  const grower = await registerUser(app, { name: 'Gus Grower' });
  const listing = await insertListing(db, host.user.id, {
    images: [],
    title: `Plot of ${host.user.username}`,
    lat: 30.2672,
    lng: -97.7431,
  });
  const [b] = await db.db
    .insert(bookings)
    .values({
      listingId: listing.id,
      growerId: grower.user.id,
      hostId: host.user.id,
      type: 'rental',
      status: 'completed',
      start: '2026-01-01',
      end: '2026-02-01',
      months: 1,
    })
    .returning();
  await db.db.insert(bookingEvents).values({
    bookingId: b.id,
    action: 'complete',
    fromStatus: 'active',
    toStatus: 'completed',
    actor: 'system',
  });
  return { host, grower, listing, bookingId: b.id };
}

const refused = (res: { statusCode: number; json: () => { message: string; code?: string } }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ message: BLOCKED_MESSAGE, code: BLOCKED_CODE });
};

const searchIds = async (who: Who | null, query = '') =>
  ((await call(who, 'GET', `/api/listings?limit=100${query}`)).json() as { id: number }[]).map((l) => l.id);

describe('POST/GET/DELETE /api/blocks', () => {
  it('blocks, lists and unblocks', async () => {
    const a = await registerUser(app, { name: 'Anna A' });
    const b = await registerUser(app, { name: 'Ben B' });
    expect((await block(null, b.user.id)).statusCode).toBe(401);
    const res = await block(a, b.user.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      userId: b.user.id,
      username: b.user.username,
      name: 'Ben B',
      avatar: null,
    });
    expect((await block(a, b.user.id)).statusCode).toBe(200);
    const list = await call(a, 'GET', '/api/blocks');
    expect(list.json()).toEqual([expect.objectContaining({ userId: b.user.id })]);
    // Only the blocker lists it.
    expect((await call(b, 'GET', '/api/blocks')).json()).toEqual([]);
    expect((await unblock(a, b.user.id)).json()).toEqual({ message: 'User unblocked' });
    expect((await unblock(a, b.user.id)).statusCode).toBe(200);
    expect((await call(a, 'GET', '/api/blocks')).json()).toEqual([]);
  });

  it('refuses yourself, an unknown user and bad input', async () => {
    const a = await registerUser(app);
    expect((await block(a, a.user.id)).statusCode).toBe(400);
    expect((await block(a, 999_999)).statusCode).toBe(404);
    for (const payload of [{}, { userId: 'x' }, { userId: -3 }, { userId: 2 ** 40 }]) {
      const res = await call(a, 'POST', '/api/blocks', payload);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await call(a, 'DELETE', '/api/blocks/abc')).statusCode).toBe(400);
  });
});

for (const direction of ['host blocks grower', 'grower blocks host'] as const) {
  describe(`when the ${direction}`, async () => {
    const { host, grower, listing, bookingId } = await pair();
    const hostPrivate = await insertListing(db, host.user.id, { images: [], title: 'Second plot' });
    const [blocker, blocked] = direction === 'host blocks grower' ? [host, grower] : [grower, host];
    // Before: everything works.
    const before = await call(grower, 'POST', '/api/messages', { toUserId: host.user.id, content: 'Hi!' });
    expect(before.statusCode).toBe(201);
    expect((await block(blocker, blocked.user.id)).statusCode).toBe(201);

    it('neither can message the other, with or without a booking', async () => {
      refused(await call(grower, 'POST', '/api/messages', { toUserId: host.user.id, content: 'Hello?' }));
      refused(await call(host, 'POST', '/api/messages', { toUserId: grower.user.id, content: 'Hello?' }));
      refused(
        await call(host, 'POST', '/api/messages', {
          toUserId: grower.user.id,
          content: 'About it',
          bookingId,
        }),
      );
      refused(
        await call(grower, 'POST', '/api/messages', {
          toUserId: host.user.id,
          content: 'About it',
          bookingId,
        }),
      );
      // What was said before stays readable.
      const thread = await call(grower, 'GET', `/api/messages/${host.user.id}`);
      expect(thread.json()).toHaveLength(1);
    });

    it('the grower cannot book or pay for the host’s listing', async () => {
      refused(
        await call(grower, 'POST', '/api/bookings', {
          listingId: hostPrivate.id,
          start: inDays(10),
          months: 1,
        }),
      );
      refused(
        await call(grower, 'POST', '/api/payments/create', { listingId: hostPrivate.id, amount: 4500 }),
      );
    });

    it('neither can review the other: listing reviews and booking reviews', async () => {
      refused(
        await call(grower, 'POST', '/api/reviews', { listingId: listing.id, rating: 1, comment: 'Bad' }),
      );
      refused(
        await call(grower, 'POST', `/api/bookings/${bookingId}/listing-review`, {
          rating: 1,
          comment: 'Bad',
        }),
      );
      refused(await call(host, 'POST', `/api/bookings/${bookingId}/review`, { rating: 1, comment: 'Bad' }));
    });

    it('neither sees the other’s listings: search, map search, detail, profile, saved', async () => {
      // The grower does not see the host's listings; anyone else still does.
      const all = await searchIds(grower);
      expect(all).not.toContain(listing.id);
      expect(all).not.toContain(hostPrivate.id);
      expect(await searchIds(null)).toContain(listing.id);
      const stranger = await registerUser(app);
      expect(await searchIds(stranger)).toContain(listing.id);
      // The map's search (near a place) and a keyword search.
      expect(await searchIds(grower, '&near=Austin,%20TX&radiusKm=50')).not.toContain(listing.id);
      expect(await searchIds(null, '&near=Austin,%20TX&radiusKm=50')).toContain(listing.id);
      expect(await searchIds(grower, '&q=plot')).not.toContain(listing.id);
      expect((await call(grower, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(404);
      expect((await call(null, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(200);
      const profile = await call(grower, 'GET', `/api/users/${host.user.id}/profile`);
      expect(profile.statusCode).toBe(200);
      expect(profile.json().listings).toEqual([]);
      expect((await call(null, 'GET', `/api/users/${host.user.id}/profile`)).json().listings.length).toBe(2);
      expect((await call(grower, 'PUT', `/api/saved/${listing.id}`)).statusCode).toBe(404);
    });

    it('is undone by the blocker unblocking', async () => {
      expect((await unblock(blocked, blocker.user.id)).json().message).toBe('This user was not blocked');
      refused(await call(grower, 'POST', '/api/messages', { toUserId: host.user.id, content: 'Still?' }));
      expect((await unblock(blocker, blocked.user.id)).statusCode).toBe(200);
      expect(
        (await call(grower, 'POST', '/api/messages', { toUserId: host.user.id, content: 'Back' })).statusCode,
      ).toBe(201);
      expect(await searchIds(grower)).toContain(listing.id);
      expect((await call(grower, 'GET', `/api/listings/${listing.id}`)).statusCode).toBe(200);
      const saved = await call(grower, 'PUT', `/api/saved/${listing.id}`);
      expect(saved.statusCode).toBe(200);
      // Saved before a block, hidden while it stands.
      await block(blocker, blocked.user.id);
      expect(
        ((await call(grower, 'GET', '/api/saved')).json() as { id: number }[]).map((l) => l.id),
      ).not.toContain(listing.id);
    });
  });
}
