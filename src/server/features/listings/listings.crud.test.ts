import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings, payments, reviews } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { multipart, png } from '../../testing/images.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();
const host = await registerUser(app);
const other = await registerUser(app);

const base = {
  title: 'Sunny plot',
  description: 'Loamy soil and a rain barrel.',
  location: '12 Elm St',
  city: 'Portland',
  state: 'OR',
};
const rental = { ...base, type: 'rental', price: 120 };

async function create(body: Record<string, unknown>, cookie = host.cookie) {
  return app.inject({ method: 'POST', url: '/api/listings', headers: { cookie }, payload: body });
}
async function createOk(body: Record<string, unknown>, cookie = host.cookie) {
  const res = await create(body, cookie);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}
const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('POST /api/listings', () => {
  it('creates a listing owned by the session user, trimmed, geocoded, with clean amenities', async () => {
    const res = await create({
      ...rental,
      title: '  Sunny plot  ',
      userId: other.user.id,
      amenities: [' Water ', '', 'water', 'Tool shed', '  '],
      active: false,
    });
    expect(res.statusCode).toBe(201);
    const l = res.json();
    expect(l).toMatchObject({
      userId: host.user.id,
      title: 'Sunny plot',
      type: 'rental',
      price: 120,
      workHours: null,
      amenities: ['Water', 'Tool shed'],
      active: true,
    });
    expect(l.lat).toBeCloseTo(45.52, 1);
    expect(l.lng).toBeCloseTo(-122.68, 1);
  });

  it('needs a price for rentals, work hours 1..40 for exchanges, and keeps only the number of the type', async () => {
    expect((await create({ ...base, type: 'rental' })).json().message).toBe('Price is required for rentals');
    expect((await create({ ...base, type: 'rental', price: -1 })).json().message).toMatch(/negative/);
    expect((await create({ ...base, type: 'rental', price: 9.5 })).json().message).toMatch(/whole number/);
    expect((await create({ ...base, type: 'exchange' })).json().message).toBe(
      'Work hours are required for work exchanges',
    );
    expect((await create({ ...base, type: 'exchange', workHours: 0 })).statusCode).toBe(400);
    expect((await create({ ...base, type: 'exchange', workHours: 41 })).statusCode).toBe(400);
    const ex = await createOk({ ...base, type: 'exchange', workHours: 8, price: 500 });
    expect([ex.workHours, ex.price]).toEqual([8, null]);
    const com = await createOk({ ...base, type: 'community', price: 50, workHours: 3 });
    expect([com.workHours, com.price]).toEqual([null, null]);
    const free = await createOk({ ...base, type: 'rental', price: 0 });
    expect(free.price).toBe(0);
  });

  it('refuses missing, blank, oversized and unknown-typed fields with 400 and a message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...rental, title: '   ' }, /Title is required/],
      [{ ...rental, description: undefined }, /Description is required/],
      [{ ...rental, city: '' }, /City is required/],
      [{ ...rental, state: undefined }, /State is required/],
      [{ ...rental, location: '' }, /Location is required/],
      [{ ...rental, title: 'x'.repeat(121) }, /at most 120/],
      [{ ...rental, type: 'castle' }, /rental, exchange or community/],
      [{ ...rental, amenities: 'water' }, /list/],
      [{ ...rental, images: Array(11).fill('/uploads/x.webp') }, /At most 10/],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('accepts only images uploaded by this user', async () => {
    // A listing's photo is at least 640 px on its shorter side (ADR 038).
    const { payload, headers } = multipart([{ name: 'a.png', type: 'image/png', data: await png(640, 640) }]);
    const up = await app.inject({
      method: 'POST',
      url: '/api/upload',
      payload,
      headers: { ...headers, cookie: host.cookie },
    });
    const [mine] = up.json();
    expect((await createOk({ ...rental, images: [mine] })).images).toEqual([mine]);
    const stolen = await create({ ...rental, images: [mine] }, other.cookie);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toMatch(/photos you uploaded/);
    expect((await create({ ...rental, images: ['https://evil.example/x.png'] })).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/listings', payload: rental });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/listings/:id', () => {
  it('answers the listing with its rating summary and host', async () => {
    const l = await createOk(rental);
    await db.db.insert(reviews).values([
      { listingId: l.id, userId: other.user.id, rating: 5 },
      { listingId: l.id, userId: host.user.id, rating: 4 },
    ]);
    const res = await get(`/api/listings/${l.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: l.id,
      rating: { average: 4.5, count: 2 },
      host: { id: host.user.id, memberSince: host.user.createdAt },
    });
  });

  it('answers 404 for a missing listing and 400 for a non-numeric id', async () => {
    expect((await get('/api/listings/999999')).statusCode).toBe(404);
    const bad = await get('/api/listings/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/must be a number/);
    expect((await get('/api/listings/1e5')).statusCode).toBe(400);
  });
});

describe('PATCH /api/listings/:id', () => {
  it('lets the owner edit, re-checks the type rules, and re-geocodes', async () => {
    const l = await createOk(rental);
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/listings/${l.id}`,
      headers: { cookie: host.cookie },
      payload: { title: 'Shady plot', city: 'Austin', state: 'TX', userId: other.user.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Shady plot',
      city: 'Austin',
      userId: host.user.id,
      price: 120,
    });
    expect(res.json().lat).toBeCloseTo(30.27, 1);
    const toExchange = await app.inject({
      method: 'PATCH',
      url: `/api/listings/${l.id}`,
      headers: { cookie: host.cookie },
      payload: { type: 'exchange' },
    });
    expect(toExchange.statusCode).toBe(400);
    expect(toExchange.json().message).toBe('Work hours are required for work exchanges');
    const ok = await app.inject({
      method: 'PATCH',
      url: `/api/listings/${l.id}`,
      headers: { cookie: host.cookie },
      payload: { type: 'exchange', workHours: 6 },
    });
    expect(ok.json()).toMatchObject({ type: 'exchange', workHours: 6, price: null });
  });

  it('refuses others (403), anonymous (401) and missing listings (404)', async () => {
    const l = await createOk(rental);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/listings/${l.id}`,
          headers: { cookie: other.cookie },
          payload: { title: 'Mine now' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/listings/${l.id}`, payload: { title: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/listings/999999',
          headers: { cookie: host.cookie },
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(`/api/listings/${l.id}`)).json().title).toBe('Sunny plot');
  });
});

describe('DELETE /api/listings/:id', () => {
  it('is for the owner only, and removes the listing with its reviews', async () => {
    const l = await createOk(rental);
    await db.db.insert(reviews).values({ listingId: l.id, userId: other.user.id, rating: 3 });
    expect((await app.inject({ method: 'DELETE', url: `/api/listings/${l.id}` })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/listings/${l.id}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(403);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/listings/${l.id}`,
      headers: { cookie: host.cookie },
    });
    expect(res.json()).toMatchObject({ outcome: 'deleted' });
    expect((await get(`/api/listings/${l.id}`)).statusCode).toBe(404);
    const left = await db.db.select().from(reviews).where(eq(reviews.listingId, l.id));
    expect(left).toHaveLength(0);
  });

  it('hides a listing that has payments, keeping the payments', async () => {
    const l = await createOk(rental);
    await db.db.insert(payments).values({
      chargeId: `ch_${l.id}`,
      provider: 'sandbox',
      listingId: l.id,
      renterId: other.user.id,
      hostId: host.user.id,
      amount: 12000,
      platformFee: 720,
      status: 'completed',
    });
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/listings/${l.id}`,
      headers: { cookie: host.cookie },
    });
    expect(res.json()).toMatchObject({ outcome: 'hidden' });
    const [row] = await db.db.select().from(listings).where(eq(listings.id, l.id));
    expect(row.active).toBe(false);
    expect(await db.db.select().from(payments).where(eq(payments.listingId, l.id))).toHaveLength(1);
    expect((await get(`/api/listings/${l.id}`, other.cookie)).statusCode).toBe(404);
    const mine = (await get('/api/users/me/listings', host.cookie)).json() as { id: number }[];
    expect(mine.some((m) => m.id === l.id)).toBe(false);
  });
});

describe('GET /api/users/me/listings', () => {
  it('lists only the signed-in user’s active listings', async () => {
    const fresh = await registerUser(app);
    await createOk({ ...rental, title: 'One' }, fresh.cookie);
    await createOk({ ...rental, title: 'Two' }, fresh.cookie);
    await createOk({ ...rental, title: 'Not mine' }, other.cookie);
    const res = await get('/api/users/me/listings', fresh.cookie);
    expect(res.json().map((l: { title: string }) => l.title)).toEqual(['Two', 'One']);
    expect((await get('/api/users/me/listings')).statusCode).toBe(401);
  });
});
