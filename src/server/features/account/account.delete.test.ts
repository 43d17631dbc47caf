import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { silentNotifier } from '../../core/notifier.ts';
import {
  accountTokens,
  bookingEvents,
  bookingReviews,
  bookings,
  listings,
  mailOutbox,
  messages,
  notificationPrefs,
  notifications,
  payments,
  reviews,
  sessions,
  uploads,
  users,
} from '../../db/schema.ts';
import { accountKit } from '../../testing/account.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { multipart, png } from '../../testing/images.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { ACCOUNT_BUSY } from './account.repository.ts';

const { app, db, config } = await buildTestApp();
const { call, login, signIn, me, mailsTo } = accountKit(app, db);

const remove = (who: { cookie: string } | null, password: unknown) =>
  call(who, 'DELETE', '/api/user', { password });

async function upload(cookie: string): Promise<string> {
  const body = multipart([{ name: 'a.png', type: 'image/png', data: await png(640, 640) }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  return res.json()[0];
}

type Status = (typeof bookings.$inferInsert)['status'];
async function booking(listingId: number, growerId: number, hostId: number, status: Status, note?: string) {
  const [b] = await db.db
    .insert(bookings)
    .values({
      listingId,
      growerId,
      hostId,
      type: 'rental',
      status,
      start: '2025-03-01',
      end: '2025-04-01',
      months: 1,
      pricePerMonth: 4000,
      amount: 4000,
      fee: 240,
      total: 4240,
      note: note ?? null,
    })
    .returning();
  return b;
}
async function payment(
  b: { id: number; listingId: number; growerId: number; hostId: number },
  over: Partial<typeof payments.$inferInsert> = {},
) {
  const [p] = await db.db
    .insert(payments)
    .values({
      chargeId: randomUUID(),
      provider: 'sandbox',
      bookingId: b.id,
      listingId: b.listingId,
      renterId: b.growerId,
      hostId: b.hostId,
      amount: 4000,
      platformFee: 240,
      status: 'completed',
      confirmedAt: new Date(),
      releasedAt: new Date(),
      ...over,
    })
    .returning();
  return p;
}

describe('DELETE /api/user: refusals', () => {
  it('needs the password (400 when wrong) and a session', async () => {
    const ann = await registerUser(app);
    const res = await remove(ann, 'not-my-password');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password is incorrect', code: 'WRONG_PASSWORD' });
    expect((await remove(ann, '')).statusCode).toBe(400);
    expect((await remove(null, 'whatever')).statusCode).toBe(401);
    expect((await me(ann)).statusCode).toBe(200);
  });

  it('answers 409 while a booking is open (as grower or host) or money is held', async () => {
    const host = await registerUser(app);
    const grower = await registerUser(app);
    const listing = await insertListing(db, host.user.id, { images: [] });
    for (const status of ['requested', 'accepted', 'paid', 'active'] as const) {
      const b = await booking(listing.id, grower.user.id, host.user.id, status);
      for (const who of [host, grower]) {
        const res = await remove(who, who.input.password);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({ message: ACCOUNT_BUSY, code: 'ACCOUNT_BUSY' });
      }
      await db.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, b.id));
      // Completed, but the payout is still held.
      const p = await payment(b, { releasedAt: null });
      for (const who of [host, grower]) expect((await remove(who, who.input.password)).statusCode).toBe(409);
      await db.db.update(payments).set({ releasedAt: new Date() }).where(eq(payments.id, p.id));
    }
    expect(ACCOUNT_BUSY).toBe(
      'You have bookings or payments in progress. Finish or cancel them before deleting your account.',
    );
    // All finished: the grower may go.
    expect((await remove(grower, grower.input.password)).statusCode).toBe(200);
  });
});

describe('DELETE /api/user: what goes and what stays', async () => {
  const ann = await registerUser(app, { name: 'Ann Alder', password: 'anns-secret-pass' });
  const other = await registerUser(app, { name: 'Gus Grower' });
  const annPhone = await signIn(ann.input.username, 'anns-secret-pass');

  // Ann's data: an avatar, a listing nobody booked (with a photo), a listing with a paid booking.
  const photo = await upload(ann.cookie);
  const avatarSource = await upload(ann.cookie);
  const avatar = (await call(ann, 'PUT', '/api/user/avatar', { path: avatarSource })).json().avatar as string;
  const created = await call(ann, 'POST', '/api/listings', {
    type: 'rental',
    title: 'Unbooked plot',
    description: 'Nobody booked it yet.',
    price: 40,
    location: '1 Quiet Lane',
    city: 'Portland',
    state: 'OR',
    images: [photo],
  });
  const unbooked = created.json().id as number;
  const booked = await insertListing(db, ann.user.id, {
    title: 'Booked plot',
    location: '2 Busy Road',
    images: [photo],
  });
  const asHost = await booking(booked.id, other.user.id, ann.user.id, 'completed', 'Gus wants tomatoes');
  const hostPayment = await payment(asHost);
  await db.db.insert(bookingEvents).values({
    bookingId: asHost.id,
    action: 'cancel',
    toStatus: 'completed',
    actor: 'host',
    note: 'Ann says hi',
  });
  // Ann as a grower on Gus's listing, with a review of it and a booking review of Gus.
  const gusListing = await insertListing(db, other.user.id, { images: [] });
  const asGrower = await booking(gusListing.id, ann.user.id, other.user.id, 'completed', 'Ann grows beans');
  const growerPayment = await payment(asGrower);
  await call(ann, 'POST', '/api/reviews', {
    listingId: gusListing.id,
    rating: 4,
    comment: 'Lovely soil, Ann',
  });
  await db.db.insert(bookingReviews).values([
    { bookingId: asGrower.id, by: 'grower', rating: 5, comment: 'Written by Ann' },
    { bookingId: asGrower.id, by: 'host', rating: 3, comment: 'Written by Gus' },
  ]);
  await call(other, 'POST', '/api/reviews', {
    listingId: unbooked,
    rating: 2,
    comment: 'On the unbooked one',
  });
  // Messages both ways, notifications and preferences.
  await call(ann, 'POST', '/api/messages', { toUserId: other.user.id, content: 'Hello from Ann' });
  await call(other, 'POST', '/api/messages', { toUserId: ann.user.id, content: 'Hello from Gus' });
  // (Gus's notification of Ann's message is made by the messages feature.)
  await db.db.insert(notifications).values({
    userId: ann.user.id,
    kind: 'booking_paid',
    title: 'Paid',
    body: 'Gus paid',
    link: `/bookings/${asHost.id}`,
  });
  await db.db.insert(notificationPrefs).values({ userId: ann.user.id, kind: 'message', email: false });
  await call(null, 'POST', '/api/password/forgot', { email: ann.input.email });

  it('deletes the account: anonymised row, personal data gone, payments and bookings kept', async () => {
    const res = await remove(ann, 'anns-secret-pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });
    expect(String(res.headers['set-cookie'])).toMatch(/ys_session=;/);

    const [row] = await db.db.select().from(users).where(eq(users.id, ann.user.id));
    expect(row).toMatchObject({
      username: `deleted-${ann.user.id}`,
      email: `deleted-${ann.user.id}@deleted.invalid`,
      name: 'Deleted user',
      bio: null,
      avatar: null,
      emailVerifiedAt: null,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.passwordHash).not.toMatch(/^scrypt\$/);

    // Sessions (both), links, notifications, preferences, messages both ways, mail to Ann.
    for (const who of [ann, annPhone]) expect((await me(who)).statusCode).toBe(401);
    expect(await db.db.select().from(sessions).where(eq(sessions.userId, ann.user.id))).toEqual([]);
    expect(await db.db.select().from(accountTokens).where(eq(accountTokens.userId, ann.user.id))).toEqual([]);
    expect(
      await db.db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, ann.user.id)),
    ).toEqual([]);
    expect(
      await db.db
        .select()
        .from(notifications)
        .where(or(eq(notifications.userId, ann.user.id), eq(notifications.actorId, ann.user.id))),
    ).toEqual([]);
    expect(
      await db.db
        .select()
        .from(messages)
        .where(or(eq(messages.fromUserId, ann.user.id), eq(messages.toUserId, ann.user.id))),
    ).toEqual([]);
    expect(await mailsTo(ann.input.email)).toEqual([]);
    expect(await db.db.select().from(mailOutbox).where(eq(mailOutbox.userId, ann.user.id))).toEqual([]);

    // Uploads: rows and files.
    expect(await db.db.select().from(uploads).where(eq(uploads.userId, ann.user.id))).toEqual([]);
    for (const p of [photo, avatar, avatarSource])
      expect(fs.existsSync(path.join(config.uploadsDir, path.basename(p)))).toBe(false);

    // Listings: the unbooked one (and its reviews) gone; the booked one hidden and emptied.
    expect(await db.db.select().from(listings).where(eq(listings.id, unbooked))).toEqual([]);
    expect(await db.db.select().from(reviews).where(eq(reviews.listingId, unbooked))).toEqual([]);
    const [kept] = await db.db.select().from(listings).where(eq(listings.id, booked.id));
    expect(kept).toMatchObject({
      active: false,
      title: 'Booked plot',
      description: 'This listing was removed.',
      location: '',
      images: [],
      amenities: [],
      lat: null,
      lng: null,
    });
    expect((await call(other, 'GET', `/api/listings/${booked.id}`)).statusCode).toBe(404);

    // Reviews keep their ratings, without Ann's words; Gus's words stay.
    const [review] = await db.db.select().from(reviews).where(eq(reviews.userId, ann.user.id));
    expect(review).toMatchObject({ rating: 4, comment: null });
    const br = await db.db.select().from(bookingReviews).where(eq(bookingReviews.bookingId, asGrower.id));
    expect(br.find((r) => r.by === 'grower')).toMatchObject({ rating: 5, comment: null });
    expect(br.find((r) => r.by === 'host')).toMatchObject({ rating: 3, comment: 'Written by Gus' });

    // Bookings and payments stay, with ids only: Ann's notes are gone, Gus's stays.
    const kb = await db.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [asHost.id, asGrower.id]));
    expect(kb.find((b) => b.id === asGrower.id)!.note).toBeNull();
    expect(kb.find((b) => b.id === asHost.id)!.note).toBe('Gus wants tomatoes');
    const [ev] = await db.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, asHost.id));
    expect(ev.note).toBeNull();
    const kp = await db.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [hostPayment.id, growerPayment.id]));
    expect(kp).toHaveLength(2);
    expect(kp.map((p) => p.amount)).toEqual([4000, 4000]);
    // Gus still sees his bookings, with Ann as 'Deleted user'.
    const gusBookings = (await call(other, 'GET', '/api/bookings')).json();
    expect(gusBookings.asGrower.find((b: { id: number }) => b.id === asHost.id).host.name).toBe(
      'Deleted user',
    );
  });

  it('leaves no way back in, shows a deleted user, and frees the address', async () => {
    expect((await login(ann.input.username, 'anns-secret-pass')).statusCode).toBe(401);
    expect((await login(`deleted-${ann.user.id}`, 'anns-secret-pass')).statusCode).toBe(401);
    expect((await login(`deleted-${ann.user.id}`, '!deleted')).statusCode).toBe(401);
    const profile = await call(other, 'GET', `/api/users/${ann.user.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      id: ann.user.id,
      displayName: 'Deleted user',
      avatar: null,
      createdAt: expect.any(String),
    });
    // A reset request for the old address sends nothing.
    await call(null, 'POST', '/api/password/forgot', { email: ann.input.email }, '10.60.0.1');
    expect(await mailsTo(ann.input.email)).toEqual([]);
    // Nobody can register the anonymised names; the real ones are free again.
    const taken = await call(null, 'POST', '/api/register', {
      username: `deleted-${ann.user.id}`,
      email: 'someone-new@example.com',
      name: 'X',
      password: 'long-enough-pass',
    });
    expect(taken.statusCode).toBe(409);
    const again = await call(null, 'POST', '/api/register', {
      username: ann.input.username,
      email: ann.input.email,
      name: 'Ann Again',
      password: 'long-enough-pass',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).not.toBe(ann.user.id);
  });
});

describe('after deletion', () => {
  it('nobody can message the deleted account, and its id cannot book', async () => {
    const gone = await registerUser(app);
    const other = await registerUser(app);
    const host = await registerUser(app);
    const listing = await insertListing(db, host.user.id);
    expect((await remove(gone, gone.input.password)).statusCode).toBe(200);
    const sent = await call(other, 'POST', '/api/messages', {
      toUserId: gone.user.id,
      content: 'Are you there?',
    });
    expect(sent.statusCode).toBe(404);
    // A booking made for the account after it was deleted (as a request already in flight would).
    const { BookingsService, noPayments } = await import('../bookings/index.ts');
    const service = new BookingsService(db.db, silentNotifier, noPayments);
    await expect(
      service.create(gone.user.id, { listingId: listing.id, start: '2099-05-01', months: 1 }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});
