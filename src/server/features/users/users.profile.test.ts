import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingEvents, bookings, messages, reviews, users } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// The public profile page: its fields, what it never shows, and the response rate math.
const { app, db } = await buildTestApp();
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const profile = (id: number | string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/api/users/${id}/profile`, headers: cookie ? { cookie } : {} });

describe('GET /api/users/:id/profile', () => {
  it('shows the first name, bio, avatar, member since, active listings and reviews of them', async () => {
    const host = await registerUser(app, { name: 'Hazel  Hawthorn' });
    const guest = await registerUser(app, { name: 'Gus Greene' });
    await db.db
      .update(users)
      .set({ bio: 'Tomatoes since 1998.', avatar: '/uploads/hazel.webp' })
      .where(eq(users.id, host.user.id));
    const beds = await insertListing(db, host.user.id, { title: 'Raised beds' });
    await insertListing(db, host.user.id, { title: 'Hidden plot', active: false });
    await insertListing(db, guest.user.id, { title: 'Not hers' });
    await db.db
      .insert(reviews)
      .values([{ listingId: beds.id, userId: guest.user.id, rating: 4, comment: 'Lovely soil' }]);

    for (const cookie of [undefined, guest.cookie, host.cookie]) {
      const res = await profile(host.user.id, cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: host.user.id,
        deleted: false,
        displayName: 'Hazel',
        avatar: '/uploads/hazel.webp',
        bio: 'Tomatoes since 1998.',
        memberSince: expect.any(String),
        reviews: { average: 4, count: 1, fromStays: 0 },
      });
      expect(body.listings.map((l: { title: string }) => l.title)).toEqual(['Raised beds']);
      expect(body.reviews.items).toEqual([
        expect.objectContaining({
          listingId: beds.id,
          listingTitle: 'Raised beds',
          rating: 4,
          comment: 'Lovely soil',
          user: { name: 'Gus', avatar: null },
          // Gus never booked the beds: a review without a stay (ADR 050).
          fromStay: false,
        }),
      ]);
      // Never the username, the e-mail or the full name, of the host or of the reviewer.
      for (const secret of [
        host.input.username,
        host.input.email,
        'Hawthorn',
        guest.input.username,
        'Greene',
      ])
        expect(res.body).not.toContain(secret);
      expect(res.body).not.toMatch(/"(username|email|name)":"[^"]*Hazel/);
    }
  });

  it('marks each review of their spaces by whether its writer stayed, and counts those (ADR 050)', async () => {
    const host = await registerUser(app, { name: 'Stella Host' });
    const stayed = await registerUser(app, { name: 'Sam Stayed' });
    const passing = await registerUser(app, { name: 'Pat Passing' });
    const beds = await insertListing(db, host.user.id, { title: 'Stay beds' });
    // Sam's stay began, then was cancelled: still a stay.
    const [b] = await db.db
      .insert(bookings)
      .values({
        listingId: beds.id,
        growerId: stayed.user.id,
        hostId: host.user.id,
        type: 'rental',
        status: 'cancelled',
        start: '2026-01-01',
        end: '2026-02-01',
        months: 1,
      })
      .returning();
    await db.db.insert(bookingEvents).values([
      { bookingId: b.id, action: 'start', fromStatus: 'paid', toStatus: 'active', actor: 'system' },
      { bookingId: b.id, action: 'cancel', fromStatus: 'active', toStatus: 'cancelled', actor: 'grower' },
    ]);
    await db.db.insert(reviews).values([
      { listingId: beds.id, userId: stayed.user.id, rating: 5, comment: 'Stayed' },
      { listingId: beds.id, userId: passing.user.id, rating: 3, comment: 'Passing by' },
    ]);
    const body = (await profile(host.user.id)).json();
    expect(body.reviews).toMatchObject({ average: 4, count: 2, fromStays: 1 });
    const marks = Object.fromEntries(
      body.reviews.items.map((r: { comment: string; fromStay: boolean }) => [r.comment, r.fromStay]),
    );
    expect(marks).toEqual({ Stayed: true, 'Passing by': false });
  });

  it('computes the response rate and typical reply time from a constructed message history', async () => {
    const host = await registerUser(app);
    const [a, b, c, d, e, old] = await Promise.all(
      Array.from({ length: 6 }, (_, i) => registerUser(app, {}, `10.9.1.${i + 1}`)),
    );
    const m = (from: number, to: number, hoursAgo: number) => ({
      fromUserId: from,
      toUserId: to,
      content: 'hi',
      createdAt: ago(hoursAgo),
    });
    const h = host.user.id;
    // Inserted one by one: the id is the thread order.
    for (const row of [
      // a asks, the host answers after 30 minutes: answered.
      m(a.user.id, h, 100),
      m(h, a.user.id, 99.5),
      // b asks, the host answers after 2 hours: answered.
      m(b.user.id, h, 80),
      m(h, b.user.id, 78),
      // c asks, the host answers after 30 hours: replied, but not within 24 hours.
      m(c.user.id, h, 70),
      m(h, c.user.id, 40),
      // d asks and never hears back.
      m(d.user.id, h, 10),
      // The host opened the conversation with e: it does not count.
      m(h, e.user.id, 20),
      m(e.user.id, h, 19),
      // Older than 90 days: outside the window.
      m(old.user.id, h, 24 * 91),
    ]) {
      await db.db.insert(messages).values(row);
    }
    const res = await profile(h);
    expect(res.statusCode).toBe(200);
    // 4 conversations (a, b, c, d), 2 answered within 24 h; replies 0.5 h, 2 h, 30 h: median 2 h.
    expect(res.json().responsiveness).toEqual({
      conversations: 4,
      answered: 2,
      rate: 0.5,
      medianMinutes: 120,
      typical: 'within a few hours',
    });
    // The askers opened their conversations themselves; e's was opened by the host, and e
    // answered it after an hour.
    expect((await profile(a.user.id)).json().responsiveness).toMatchObject({
      conversations: 0,
      rate: null,
      typical: null,
    });
    expect((await profile(e.user.id)).json().responsiveness).toMatchObject({
      conversations: 1,
      answered: 1,
      rate: 1,
      medianMinutes: 60,
      typical: 'within an hour',
    });
    // d only asked: nothing for d to answer.
    expect((await profile(d.user.id)).json().responsiveness).toMatchObject({ conversations: 0 });
  });

  it('shows a deleted account as "Deleted user" and nothing else', async () => {
    const gone = await registerUser(app, { name: 'Vera Vanished' });
    const other = await registerUser(app);
    await insertListing(db, gone.user.id, { title: 'Her old plot' });
    await db.db.insert(messages).values({ fromUserId: other.user.id, toUserId: gone.user.id, content: 'hi' });
    await db.db
      .update(users)
      .set({ name: 'Deleted user', bio: null, avatar: null, deletedAt: new Date() })
      .where(eq(users.id, gone.user.id));
    const res = await profile(gone.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: gone.user.id,
      deleted: true,
      displayName: 'Deleted user',
      avatar: null,
      bio: null,
      memberSince: null,
      listings: [],
      reviews: { average: null, count: 0, fromStays: 0, items: [] },
      responsiveness: null,
    });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect((await profile(999_999)).statusCode).toBe(404);
    expect((await profile('abc')).statusCode).toBe(400);
    expect((await profile('99999999999')).statusCode).toBe(400);
  });
});
