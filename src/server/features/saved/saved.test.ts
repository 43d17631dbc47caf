import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAVED_SEARCHES_MAX } from '#shared/saved.ts';
import { notifications } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();
const alice = await registerUser(app);
const bob = await registerUser(app);

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  cookie?: string,
  payload?: Record<string, unknown>,
) => app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

const listingBody = {
  type: 'rental',
  title: 'Raised beds near the river',
  description: 'Four beds with drip irrigation.',
  location: '3 River Rd',
  city: 'Bend',
  state: 'OR',
  price: 40,
};

describe('saved listings', () => {
  it('saves and unsaves idempotently, lists newest saved first, and answers ids', async () => {
    const one = await insertListing(db, bob.user.id, { title: 'One' });
    const two = await insertListing(db, bob.user.id, { title: 'Two' });
    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', `/api/saved/${one.id}`, alice.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ listingId: one.id, saved: true });
    }
    expect((await call('PUT', `/api/saved/${two.id}`, alice.cookie)).statusCode).toBe(200);
    const list = await call('GET', '/api/saved', alice.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((l: { id: number }) => l.id)).toEqual([two.id, one.id]);
    expect(list.json()[0]).toMatchObject({ title: 'Two', userId: bob.user.id, active: true });
    expect((await call('GET', '/api/saved/ids', alice.cookie)).json()).toEqual([two.id, one.id]);
    expect((await call('GET', '/api/saved/ids', bob.cookie)).json()).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const res = await call('DELETE', `/api/saved/${one.id}`, alice.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ listingId: one.id, saved: false });
    }
    expect((await call('GET', '/api/saved/ids', alice.cookie)).json()).toEqual([two.id]);
  });

  it('answers 404 for a missing or hidden listing, 400 for a bad id, 401 signed out', async () => {
    const hidden = await insertListing(db, bob.user.id, { active: false });
    expect((await call('PUT', `/api/saved/${hidden.id}`, alice.cookie)).statusCode).toBe(404);
    expect((await call('PUT', '/api/saved/99999999', alice.cookie)).json().code).toBe('LISTING_NOT_FOUND');
    expect((await call('PUT', '/api/saved/abc', alice.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/saved')).statusCode).toBe(401);
    expect((await call('GET', '/api/saved/ids')).statusCode).toBe(401);
    expect((await call('POST', '/api/saved-searches', undefined, { query: 'type=rental' })).statusCode).toBe(
      401,
    );
  });

  it('drops a listing from the list once it is hidden', async () => {
    const carol = await registerUser(app);
    const l = await insertListing(db, bob.user.id);
    await call('PUT', `/api/saved/${l.id}`, carol.cookie);
    expect((await call('GET', '/api/saved', carol.cookie)).json()).toHaveLength(1);
    await call('DELETE', `/api/listings/${l.id}`, bob.cookie);
    expect((await call('GET', '/api/saved', carol.cookie)).json()).toHaveLength(0);
  });
});

describe('saved searches', () => {
  it('saves a normalized search with a default name, once, and lists it', async () => {
    const dave = await registerUser(app);
    const res = await call('POST', '/api/saved-searches', dave.cookie, {
      query: '?location=%20Bend%20&type=rental&cursor=abc&limit=5',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Rental · Bend', query: 'type=rental&location=Bend' });
    const again = await call('POST', '/api/saved-searches', dave.cookie, {
      query: 'type=rental&location=Bend',
      name: 'Other',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);
    const named = await call('POST', '/api/saved-searches', dave.cookie, {
      query: 'q=tomatoes',
      name: ' Tomatoes ',
    });
    expect(named.json().name).toBe('Tomatoes');
    const list = (await call('GET', '/api/saved-searches', dave.cookie)).json();
    expect(list.map((s: { id: number }) => s.id)).toEqual([named.json().id, res.json().id]);
  });

  it('refuses a search /listings would refuse', async () => {
    const res = await call('POST', '/api/saved-searches', alice.cookie, { query: 'type=castle' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Type must be/);
    expect(
      (await call('POST', '/api/saved-searches', alice.cookie, { query: 'minPrice=9&maxPrice=1' }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/saved-searches', alice.cookie, {})).statusCode).toBe(400);
  });

  it("keeps another user's searches invisible and undeletable", async () => {
    const erin = await registerUser(app);
    const frank = await registerUser(app);
    const s = (await call('POST', '/api/saved-searches', erin.cookie, { query: 'location=Austin' })).json();
    expect((await call('GET', '/api/saved-searches', frank.cookie)).json()).toEqual([]);
    const res = await call('DELETE', `/api/saved-searches/${s.id}`, frank.cookie);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/api/saved-searches', erin.cookie)).json()).toHaveLength(1);
    expect((await call('DELETE', `/api/saved-searches/${s.id}`, erin.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/saved-searches/${s.id}`, erin.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/saved-searches', erin.cookie)).json()).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per user under 25 parallel saves`, async () => {
    const gina = await registerUser(app);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call('POST', '/api/saved-searches', gina.cookie, { query: `q=word${i}` }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(SAVED_SEARCHES_MAX);
    expect(codes.filter((c) => c === 409)).toHaveLength(25 - SAVED_SEARCHES_MAX);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe('SAVED_SEARCH_LIMIT');
    expect((await call('GET', '/api/saved-searches', gina.cookie)).json()).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it('notifies the owner when another user publishes a matching listing, and not otherwise', async () => {
    const hana = await registerUser(app);
    const host = await registerUser(app);
    await call('POST', '/api/saved-searches', hana.cookie, { query: 'location=Bend&type=rental' });
    await call('POST', '/api/saved-searches', hana.cookie, { query: 'location=bend, or&minPrice=30' });
    const matches = () =>
      db.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, hana.user.id), eq(notifications.kind, 'saved_search_match')));

    const other = await call('POST', '/api/listings', host.cookie, {
      ...listingBody,
      city: 'Austin',
      state: 'TX',
    });
    expect(other.statusCode).toBe(201);
    const exchange = await call('POST', '/api/listings', host.cookie, {
      ...listingBody,
      type: 'exchange',
      price: undefined,
      workHours: 4,
    });
    expect(exchange.statusCode).toBe(201);
    expect(await matches()).toHaveLength(0);

    const res = await call('POST', '/api/listings', host.cookie, listingBody);
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    const rows = await matches();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ link: `/listings/${id}`, listingId: id });
    expect(rows[0].title).toMatch(/New listing for your search/);

    // Their own listing does not notify them.
    await call('POST', '/api/listings', hana.cookie, listingBody);
    expect(await matches()).toHaveLength(1);
  });
});
