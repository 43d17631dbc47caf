import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AREA_RADIUS_M } from '#shared/listings.ts';
import { users } from '../../db/schema.ts';
import { bookingsKit } from '../../testing/bookings.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { distanceKm } from './geo.ts';

// A host's home stays private (ADR 038): the street address and the home's point reach only the
// host, operators and a grower whose booking was accepted or paid. Everyone else, and every
// search, map, profile and sitemap, gets the city, the state and an approximate area.
const { app, db } = await buildTestApp();
const kit = await bookingsKit(app, db);
const HOME = { lat: 30.267153, lng: -97.743061 };
const STREET = '4417 Quiet Hollow Lane';
const listing = await kit.listing({
  location: STREET,
  city: 'Austin',
  state: 'TX',
  bookingMode: 'request',
  ...HOME,
});
// Other homes on the same street corner: neighbours must not stack or give the house away.
for (let i = 0; i < 3; i++)
  await insertListing(db, kit.host.user.id, { location: STREET, city: 'Austin', state: 'TX', ...HOME });

type Listed = {
  id: number;
  location: string;
  lat: number | null;
  lng: number | null;
  exactLocation: boolean;
};
const get = async (url: string, who: { cookie: string } | null = null) => {
  const res = await app.inject({ url, headers: who ? { cookie: who.cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
// No trace of the home in an answer: not the street, not the point to four decimals.
const expectNoHome = (body: string) => {
  expect(body).not.toContain('Quiet Hollow');
  expect(body).not.toContain(String(HOME.lat).slice(0, 7));
  expect(body).not.toContain(String(HOME.lng).slice(0, 8));
};
const expectArea = (l: Listed) => {
  expect(l.location).toBe('');
  expect(l.exactLocation).toBe(false);
  const km = distanceKm(HOME, { lat: l.lat!, lng: l.lng! });
  expect(km).toBeGreaterThan(0.05);
  expect(km * 1000).toBeLessThan(AREA_RADIUS_M);
};
const expectHome = (l: Listed) => {
  expect(l.location).toBe(STREET);
  expect(l.exactLocation).toBe(true);
  expect([l.lat, l.lng]).toEqual([HOME.lat, HOME.lng]);
};

describe("a host's home", () => {
  it('is not in any answer a signed-out visitor can reach', async () => {
    const detail = await get(`/api/listings/${listing.id}`);
    expectNoHome(detail.body);
    expectArea(detail.json());
    // The same area every time: asking again does not narrow it down.
    expect((await get(`/api/listings/${listing.id}`)).json()).toMatchObject({
      lat: detail.json().lat,
      lng: detail.json().lng,
    });
    const list = await get('/api/listings?city=Austin&limit=100');
    expectNoHome(list.body);
    for (const l of list.json() as Listed[]) expectArea(l);
    const near = await get('/api/listings?near=Austin,%20TX&radiusKm=5');
    expectNoHome(near.body);
    const map = await get('/api/listings/map?city=Austin');
    expectNoHome(map.body);
    const points = map.json() as [number, number, number, string, number | null][];
    expect(points.map((p) => p[0]).sort()).toEqual((list.json() as Listed[]).map((l) => l.id).sort());
    // The map's answer for signed-out visitors is the public cache's (ADR 025), never stale.
    expect((await get('/api/listings/map?city=Austin')).headers.etag).toBe(map.headers.etag);
    // Neighbours on one corner are four points, not one.
    expect(new Set(points.map((p) => `${p[1]},${p[2]}`)).size).toBe(4);
    expectNoHome((await get(`/api/users/${kit.host.user.id}`)).body);
    const sitemap = await get('/sitemaps/listings-1.xml');
    expectNoHome(sitemap.body);
    expect(sitemap.body).toContain(`/listings/${listing.id}`);
  });

  it('is not shown to a signed-in stranger, nor to a grower whose booking is only requested', async () => {
    expectArea((await get(`/api/listings/${listing.id}`, kit.stranger)).json());
    const booked = await kit.book(kit.grower, listing.id);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().status).toBe('requested');
    expectArea((await get(`/api/listings/${listing.id}`, kit.grower)).json());
    expectNoHome((await get('/api/bookings', kit.grower)).body);

    // Accepted: the grower now sees the street address and the home's point.
    expect((await kit.act(kit.host, booked.json().id, 'accept')).statusCode).toBe(200);
    expectHome((await get(`/api/listings/${listing.id}`, kit.grower)).json());
    // Searches stay approximate for everyone, the grower included.
    expectNoHome((await get('/api/listings?city=Austin', kit.grower)).body);
    // A grower who booked another listing sees only that one's home.
    const other = await kit.listing({ location: STREET, city: 'Austin', state: 'TX', ...HOME });
    expectArea((await get(`/api/listings/${other.id}`, kit.grower)).json());
  });

  it('is always shown to the host and to operators', async () => {
    expectHome((await get(`/api/listings/${listing.id}`, kit.host)).json());
    const own = (await get('/api/users/me/listings', kit.host)).json() as Listed[];
    expectHome(own.find((l) => l.id === listing.id)!);
    const operator = await registerUser(app);
    await db.db.update(users).set({ role: 'admin' }).where(eq(users.id, operator.user.id));
    expectHome((await get(`/api/listings/${listing.id}`, operator)).json());
  });

  it('is kept when the host edits the listing, and a state is stored as its code', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/listings/${listing.id}`,
      headers: { cookie: kit.host.cookie },
      payload: { title: 'Raised beds, renamed', state: 'texas' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ location: STREET, state: 'TX', exactLocation: true });
  });
});
