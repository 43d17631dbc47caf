import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookingEvents, bookings, hoursEntries, notificationPrefs, payments } from '../../db/schema.ts';
import { accountKit } from '../../testing/account.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();
const { call } = accountKit(app, db);

describe('GET /api/user/export', () => {
  it("downloads the user's data as JSON, without a password hash or anyone else's e-mail", async () => {
    const ann = await registerUser(app, { name: 'Ann Alder', password: 'anns-secret-pass' });
    const gus = await registerUser(app, { name: 'Gus Grower', email: `gus-${randomUUID()}@example.com` });
    const annsListing = await insertListing(db, ann.user.id, { title: 'Anns plot', images: [] });
    const gusListing = await insertListing(db, gus.user.id, {
      title: 'Gus plot',
      type: 'exchange',
      price: null,
      workHours: 4,
      images: [],
    });
    await call(ann, 'POST', '/api/messages', { toUserId: gus.user.id, content: 'Hello from Ann' });
    await call(gus, 'POST', '/api/messages', { toUserId: ann.user.id, content: 'Hello from Gus' });
    await call(ann, 'POST', '/api/reviews', {
      listingId: gusListing.id,
      rating: 5,
      comment: 'Ann wrote this',
    });
    await call(gus, 'POST', '/api/reviews', {
      listingId: annsListing.id,
      rating: 3,
      comment: 'Gus wrote this',
    });
    const [asHost] = await db.db
      .insert(bookings)
      .values({
        listingId: annsListing.id,
        growerId: gus.user.id,
        hostId: ann.user.id,
        type: 'rental',
        status: 'completed',
        start: '2025-03-01',
        end: '2025-04-01',
        months: 1,
        pricePerMonth: 4500,
        amount: 4500,
        fee: 270,
        total: 4770,
      })
      .returning();
    await db.db.insert(bookingEvents).values({
      bookingId: asHost.id,
      action: 'book',
      toStatus: 'accepted',
      actor: 'grower',
      note: 'See you',
    });
    const [asGrower] = await db.db
      .insert(bookings)
      .values({
        listingId: gusListing.id,
        growerId: ann.user.id,
        hostId: gus.user.id,
        type: 'exchange',
        status: 'active',
        start: '2025-03-01',
        end: '2025-06-01',
        months: 3,
        hoursPerWeek: 4,
      })
      .returning();
    await db.db
      .insert(hoursEntries)
      .values({ bookingId: asGrower.id, day: '2025-03-03', quarters: 10, note: 'Weeding' });
    await db.db.insert(payments).values({
      chargeId: randomUUID(),
      provider: 'sandbox',
      bookingId: asHost.id,
      listingId: annsListing.id,
      renterId: gus.user.id,
      hostId: ann.user.id,
      amount: 4500,
      platformFee: 270,
      status: 'completed',
      metadata: { reference: 'internal' },
    });
    await db.db.insert(notificationPrefs).values({ userId: ann.user.id, kind: 'booking_paid', email: false });
    await call(ann, 'POST', '/api/contact', {
      name: 'Ann Alder',
      email: ann.input.email,
      subject: 'A question',
      message: 'How do payouts work exactly?',
    });

    const res = await call(ann, 'GET', '/api/user/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="yardshare-export-${ann.input.username}.json"`,
    );
    const data = res.json();
    expect(Object.keys(data).sort()).toEqual(
      [
        'blocks',
        'bookings',
        'contactMessages',
        'exportedAt',
        'listings',
        'messages',
        'notificationPreferences',
        'notifications',
        'payments',
        'profile',
        'reports',
        'reviews',
      ].sort(),
    );
    expect(data.profile).toMatchObject({
      id: ann.user.id,
      username: ann.input.username,
      email: ann.input.email,
    });
    expect(data.listings.map((l: { title: string }) => l.title)).toEqual(['Anns plot']);
    expect(data.messages.sent.map((m: { content: string }) => m.content)).toEqual(['Hello from Ann']);
    expect(data.messages.received.map((m: { content: string }) => m.content)).toEqual(['Hello from Gus']);
    expect(data.reviews.written.map((r: { comment: string }) => r.comment)).toEqual(['Ann wrote this']);
    expect(data.reviews.received.map((r: { comment: string }) => r.comment)).toEqual(['Gus wrote this']);
    expect(data.bookings.asHost).toHaveLength(1);
    expect(data.bookings.asHost[0]).toMatchObject({ id: asHost.id, amount: 4500, status: 'completed' });
    expect(data.bookings.asHost[0].events).toEqual([
      expect.objectContaining({ note: 'See you', actor: 'grower' }),
    ]);
    expect(data.bookings.asGrower[0].hours).toEqual([
      expect.objectContaining({ day: '2025-03-03', hours: 2.5, note: 'Weeding' }),
    ]);
    expect(data.payments.asHost).toEqual([expect.objectContaining({ amount: 4500, status: 'completed' })]);
    expect(data.payments.asRenter).toEqual([]);
    expect(data.notifications.map((n: { kind: string }) => n.kind)).toContain('message');
    expect(data.notificationPreferences).toEqual([{ kind: 'booking_paid', email: false }]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ subject: 'A question' })]);

    // Nothing secret, nothing of other people but their ids.
    expect(res.body).not.toContain('scrypt$');
    expect(res.body).not.toMatch(/passwordHash|password_hash/);
    expect(res.body).not.toContain('anns-secret-pass');
    expect(res.body).not.toContain(gus.input.email);
    expect(res.body).not.toContain('internal');
    // Another user's export holds none of Ann's private data.
    const other = await call(gus, 'GET', '/api/user/export');
    expect(other.body).not.toContain(ann.input.email);
  });

  it('needs a session', async () => {
    expect((await call(null, 'GET', '/api/user/export')).statusCode).toBe(401);
  });
});
