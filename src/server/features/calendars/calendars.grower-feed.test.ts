import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, calendarFeeds, users } from '../../db/schema.ts';
import { accountKit } from '../../testing/account.ts';
import { inDays } from '../../testing/bookings.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// The grower's feed is a secret like a session (ADR 048): the grower can reset its address, signing
// out everywhere gives it a new one, and every feed of a deleted account answers 404.
const { app, db } = await buildTestApp();
const { call, linkToken } = accountKit(app, db);

type Who = { cookie: string } | null;
const send = (who: Who, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });
const pathOf = (url: string) => new URL(url).pathname;
const feedStatus = async (url: string) => (await send(null, 'GET', pathOf(url))).statusCode;
const myFeed = async (who: Who) => (await send(who, 'GET', '/api/users/me/calendar')).json().url as string;

// A grower with a stay over (so the account can be deleted) on a host's listing.
async function pastStay() {
  const host = await registerUser(app);
  const grower = await registerUser(app);
  const listing = await insertListing(db, host.user.id, { images: [] });
  await db.db.insert(bookings).values({
    listingId: listing.id,
    growerId: grower.user.id,
    hostId: host.user.id,
    type: 'rental',
    status: 'completed',
    start: inDays(-90),
    end: inDays(-30),
    months: 2,
  });
  return { host, grower, listing };
}

describe("resetting the grower's feed", () => {
  it('answers a new address that works; the old one answers 404', async () => {
    const grower = await registerUser(app);
    const old = await myFeed(grower);
    expect(await feedStatus(old)).toBe(200);

    const reset = await send(grower, 'POST', '/api/users/me/calendar/reset');
    expect(reset.statusCode).toBe(200);
    const { url } = reset.json();
    expect(url).not.toBe(old);
    expect(pathOf(url)).toMatch(/^\/api\/calendars\/[A-Za-z0-9_-]{32}\.ics$/);
    expect(await feedStatus(url)).toBe(200);
    expect(await feedStatus(old)).toBe(404);
    expect(await myFeed(grower)).toBe(url);
  });

  it('makes the feed when there was none yet, and needs a session', async () => {
    const grower = await registerUser(app);
    const reset = await send(grower, 'POST', '/api/users/me/calendar/reset');
    expect(reset.statusCode).toBe(200);
    expect(await feedStatus(reset.json().url)).toBe(200);
    const anonymous = await send(null, 'POST', '/api/users/me/calendar/reset');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('signing out everywhere', () => {
  it('gives the feed a new address when the password is changed', async () => {
    const grower = await registerUser(app);
    const old = await myFeed(grower);
    const changed = await call(grower, 'POST', '/api/user/password', {
      currentPassword: grower.input.password,
      newPassword: 'another long passphrase 42',
    });
    expect(changed.statusCode).toBe(200);
    expect(await feedStatus(old)).toBe(404);
    const now = await myFeed(grower);
    expect(now).not.toBe(old);
    expect(await feedStatus(now)).toBe(200);
  });

  it('gives the feed a new address when the password is reset from a link', async () => {
    const grower = await registerUser(app);
    const old = await myFeed(grower);
    expect((await call(null, 'POST', '/api/password/forgot', { email: grower.input.email })).statusCode).toBe(
      200,
    );
    const token = await linkToken(grower.input.email, 'reset-password');
    const res = await call(null, 'POST', '/api/password/reset', {
      token,
      password: 'a brand new passphrase 7',
    });
    expect(res.statusCode).toBe(200);
    expect(await feedStatus(old)).toBe(404);
  });
});

describe('a deleted account', () => {
  it("answers 404 at every feed: the grower's and its listings'", async () => {
    const { host, grower, listing } = await pastStay();
    const growerFeed = await myFeed(grower);
    const listingFeed = (await send(host, 'GET', `/api/listings/${listing.id}/calendar`)).json()
      .exportUrl as string;
    expect(await feedStatus(growerFeed)).toBe(200);
    expect(await feedStatus(listingFeed)).toBe(200);

    for (const who of [grower, host]) {
      const gone = await call(who, 'DELETE', '/api/user', { password: who.input.password });
      expect(gone.statusCode).toBe(200);
    }
    // The listing stays, hidden, for its booking; its feed does not.
    expect(await feedStatus(growerFeed)).toBe(404);
    expect(await feedStatus(listingFeed)).toBe(404);
    const left = await db.db
      .select()
      .from(calendarFeeds)
      .where(or(eq(calendarFeeds.userId, grower.user.id), eq(calendarFeeds.listingId, listing.id)));
    expect(left).toEqual([]);
  });

  it('answers 404 when the account was deleted before its feeds were removed with it', async () => {
    const { host, grower, listing } = await pastStay();
    const growerFeed = await myFeed(grower);
    const listingFeed = (await send(host, 'GET', `/api/listings/${listing.id}/calendar`)).json()
      .exportUrl as string;
    // As an account deleted earlier left them: the rows anonymised, the feeds still there.
    for (const id of [grower.user.id, host.user.id])
      await db.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
    expect(await feedStatus(growerFeed)).toBe(404);
    expect(await feedStatus(listingFeed)).toBe(404);
  });
});
