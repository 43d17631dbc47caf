import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { postgresHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { bookingsKit } from '../testing/bookings.ts';
import { insertListing, registerUser } from '../testing/factories.ts';
import { moderationKit } from '../testing/moderation.ts';
import { createTestDb, testConfig } from '../testing/test-app.ts';

// The session cache (ADR 041): a signed-in request does not read its session from the database,
// and whatever ends or changes a session takes effect on the very next request, on this instance
// and on another one sharing the database (PostgreSQL: each instance with its own connections).
const { handle, url, drop } = await createTestDb();
const second = url ? postgresHandle(url, 5) : handle;
const configs = [testConfig({ PUBLIC_CACHE: 'on' }), testConfig({ PUBLIC_CACHE: 'on' })];
const a = await buildApp({ config: configs[0], db: handle, logger: false, serveClient: false });
const b = await buildApp({ config: configs[1], db: second, logger: false, serveClient: false });
await a.ready();
await b.ready();
afterAll(async () => {
  await a.close();
  await b.close();
  if (second !== handle) await second.close();
  await drop();
  for (const c of configs) fs.rmSync(c.dataDir, { recursive: true, force: true });
});

type App = typeof a;
const me = (app: App, cookie: string) => app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
// Signed in on both instances, each session now in each instance's cache.
async function cachedOnBoth(cookie: string) {
  for (const app of [a, b]) {
    expect((await me(app, cookie)).statusCode).toBe(200);
    const hits = app.sessions.cache?.stats.hits ?? 0;
    expect((await me(app, cookie)).statusCode).toBe(200);
    expect(app.sessions.cache?.stats.hits).toBe(hits + 1);
  }
}

describe('the session cache', () => {
  it('answers a signed-in request without reading the session again', async () => {
    const { cookie } = await registerUser(a);
    await cachedOnBoth(cookie);
  });

  it('a sign-out ends the session at once on both instances', async () => {
    const { cookie } = await registerUser(a);
    await cachedOnBoth(cookie);
    expect((await a.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await me(b, cookie)).statusCode).toBe(401);
    expect((await me(a, cookie)).statusCode).toBe(401);
  });

  it('a password change signs out the other sessions at once on both instances', async () => {
    const first = await registerUser(a);
    const other = await a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: first.input.username, password: first.input.password },
      remoteAddress: '10.9.0.2',
    });
    const otherCookie = String(other.headers['set-cookie']).split(';')[0];
    await cachedOnBoth(otherCookie);
    const changed = await b.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie: first.cookie },
      payload: { currentPassword: first.input.password, newPassword: 'another-secret-pass' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(a, otherCookie)).statusCode).toBe(401);
    expect((await me(b, otherCookie)).statusCode).toBe(401);
    expect((await me(a, first.cookie)).statusCode).toBe(200);
  });

  it('a suspension by an operator ends the member sessions at once on both instances', async () => {
    const kit = await moderationKit(a, handle);
    const member = await registerUser(a);
    await cachedOnBoth(member.cookie);
    expect((await kit.act(kit.admin, `users/${member.user.id}/suspend`)).statusCode).toBe(200);
    expect((await me(b, member.cookie)).statusCode).toBe(401);
    expect((await me(a, member.cookie)).statusCode).toBe(401);
  });

  it('a change written straight to the database is seen at once (the database tells)', async () => {
    const member = await registerUser(a);
    await cachedOnBoth(member.cookie);
    await handle.db
      .update(users)
      .set({ name: 'Renamed Behind The Back' })
      .where(eq(users.id, member.user.id));
    for (const app of [a, b])
      expect((await me(app, member.cookie)).json().name).toBe('Renamed Behind The Back');
  });
});

describe('a signed-in search', () => {
  it('shares the visitors cached answer when the member has no blocks, never when they have', async () => {
    const host = await registerUser(a);
    const blocker = await registerUser(a);
    const member = await registerUser(a);
    const title = `Shared result plot ${Date.now()}`;
    await insertListing(handle, blocker.user.id, { title, city: 'Boise', state: 'ID' });
    await insertListing(handle, host.user.id, { title, city: 'Boise', state: 'ID' });
    // Fixtures bypass the app: tell every instance's public cache, as a writer behind its back must.
    await handle.notify('ys_public_cache', 'manual');
    for (const app of [a, b]) await app.publicCache.barrier();
    const search = '/api/listings?city=Boise&state=ID';
    for (const app of [a, b]) {
      const anon = await app.inject({ method: 'GET', url: search });
      expect(anon.json()).toHaveLength(2);
      await me(app, member.cookie);
      const hits = app.publicCache.stats.hits;
      const signedIn = await app.inject({ method: 'GET', url: search, headers: { cookie: member.cookie } });
      expect(signedIn.body).toBe(anon.body);
      expect(app.publicCache.stats.hits).toBe(hits + 1);
    }
    // The blocker blocks the member through A: on both instances the member's very next search
    // leaves the blocker's listing out, though the visitors' entry still holds it.
    const blocked = await a.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: { cookie: blocker.cookie },
      payload: { userId: member.user.id },
    });
    expect(blocked.statusCode).toBe(201);
    for (const app of [b, a]) {
      const res = await app.inject({ method: 'GET', url: search, headers: { cookie: member.cookie } });
      expect(res.json().map((l: { userId: number }) => l.userId)).toEqual([host.user.id]);
      expect((await app.inject({ method: 'GET', url: search })).json()).toHaveLength(2);
    }
  });
});

// A listing's detail is the same for every member but its host, an operator and a grower whose
// booking shows the address (ADR 038): those get their own answer, the rest the visitors' entry.
// What makes a listing personal is told by the database (a listing or a booking of theirs made
// or moved on), so the very next read on either instance gets the right answer.
describe('a signed-in detail', () => {
  const STREET = '12 Orchard Row';
  const detail = (app: App, id: number, cookie?: string) =>
    app.inject({ method: 'GET', url: `/api/listings/${id}`, headers: cookie ? { cookie } : {} });
  // Each instance holds the visitors' entry; returns its body.
  async function primed(id: number) {
    await handle.notify('ys_public_cache', 'manual');
    let body = '';
    for (const app of [a, b]) {
      await app.publicCache.barrier();
      const anon = await detail(app, id);
      expect(anon.statusCode).toBe(200);
      expect(anon.json().location).toBe('');
      body = anon.body;
    }
    return body;
  }
  // Whether each instance answered the member from the visitors' entry, and with the street or not.
  async function seen(id: number, cookie: string) {
    const out: { shared: boolean; street: boolean }[] = [];
    for (const app of [a, b]) {
      await me(app, cookie);
      const hits = app.publicCache.stats.hits;
      const res = await detail(app, id, cookie);
      expect(res.statusCode).toBe(200);
      out.push({ shared: app.publicCache.stats.hits === hits + 1, street: res.json().location === STREET });
    }
    return out;
  }
  const shared = [
    { shared: true, street: false },
    { shared: true, street: false },
  ];
  const own = [
    { shared: false, street: true },
    { shared: false, street: true },
  ];

  it('shares the visitors answer with strangers, never with the host, a booked grower or an operator', async () => {
    const kit = await bookingsKit(a, handle);
    const listing = await kit.listing({
      location: STREET,
      city: 'Boise',
      state: 'ID',
      bookingMode: 'request',
    });
    const visitors = await primed(listing.id);
    expect(await seen(listing.id, kit.stranger.cookie)).toEqual(shared);
    const again = await b.inject({
      method: 'GET',
      url: `/api/listings/${listing.id}`,
      headers: { cookie: kit.stranger.cookie },
    });
    expect(again.body).toBe(visitors);
    expect(await seen(listing.id, kit.host.cookie)).toEqual(own);
    // A requested booking shows no address; accepted (through A), it does on both instances at once.
    const booked = await kit.book(kit.grower, listing.id);
    expect(booked.statusCode, booked.body).toBe(201);
    await primed(listing.id);
    expect(await seen(listing.id, kit.grower.cookie)).toEqual(shared);
    expect((await kit.act(kit.host, booked.json().id, 'accept')).statusCode).toBe(200);
    await primed(listing.id);
    expect(await seen(listing.id, kit.grower.cookie)).toEqual(own);
    // Made an operator straight in the database: the next read is their own.
    await handle.db.update(users).set({ role: 'admin' }).where(eq(users.id, kit.stranger.user.id));
    expect(await seen(listing.id, kit.stranger.cookie)).toEqual(own);
  });

  it("a listing made behind the app is its host's own at once on both instances", async () => {
    const host = await registerUser(a);
    for (const app of [a, b]) await me(app, host.cookie);
    const listing = await insertListing(handle, host.user.id, {
      location: STREET,
      city: 'Boise',
      state: 'ID',
    });
    await primed(listing.id);
    expect(await seen(listing.id, host.cookie)).toEqual(own);
  });
});
