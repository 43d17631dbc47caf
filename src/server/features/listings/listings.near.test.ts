import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../db/schema.ts';
import { registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { geocode } from './geo.ts';
import { earthPoint } from './search-filters.ts';

// Near search reads the earthdistance GiST index nearest first (ADR 027); these pin down that the
// answers are what the great-circle rule says, in (distance, id) order, page after page. Distances
// are measured from each listing's approximate area, never the home (ADR 038).
const { app, db } = await buildTestApp();

type Found = { id: number; title: string; distanceKm: number };

// Great-circle kilometres on a sphere of radius 6371 km.
function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

// A repeatable spread of points.
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

async function allPages(qs: string, limit: number) {
  const seen: Found[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await app.inject(`/api/listings?${qs}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json() as Found[];
    expect(page.length).toBeLessThanOrEqual(limit);
    seen.push(...page);
    cursor = res.headers['x-next-cursor'] as string | undefined;
    pages++;
  } while (cursor && pages < 200);
  return seen;
}

describe('near search: nearest first from the index', async () => {
  const host = (await registerUser(app)).user;
  const denver = geocode('Denver', 'CO')!;
  const boulder = geocode('Boulder', 'CO')!;
  const rnd = random(27);
  const rows: { title: string; lat: number; lng: number }[] = [];
  // A dense metro: 60 listings on the very same point (a city geocoded to its centre), 120 spread
  // around it, and a sparse town 40 km away with a few.
  for (let i = 0; i < 60; i++) rows.push({ title: `Centre ${i}`, lat: denver.lat, lng: denver.lng });
  for (let i = 0; i < 120; i++)
    rows.push({
      title: `Around ${i}`,
      lat: denver.lat + (rnd() - 0.5) * 0.6,
      lng: denver.lng + (rnd() - 0.5) * 0.8,
    });
  for (let i = 0; i < 5; i++)
    rows.push({ title: `Boulder ${i}`, lat: boulder.lat + i * 0.001, lng: boulder.lng });
  // Interleaved ids: the ties at the centre are not one run of ids.
  rows.sort(() => rnd() - 0.5);
  const inserted = await db.db
    .insert(listings)
    .values(
      rows.map((r) => ({
        ...r,
        userId: host.id,
        description: 'A plot for the near search test.',
        type: 'community' as const,
        location: '1 Main St',
        city: 'Denver',
        state: 'CO',
      })),
    )
    .returning({ id: listings.id, title: listings.title, lat: listings.areaLat, lng: listings.areaLng });

  const expected = (center: { lat: number; lng: number }, radiusKm: number) =>
    inserted
      .map((r) => ({ id: r.id, title: r.title, d: km(center, { lat: r.lat!, lng: r.lng! }) }))
      .filter((r) => r.d <= radiusKm)
      .sort((a, b) => a.d - b.d || a.id - b.id);

  it('answers a dense metro nearest first, ties by id, with the great-circle distance', async () => {
    const want = expected(denver, 30);
    expect(want.length).toBeGreaterThan(100);
    const first = (
      await app.inject('/api/listings?near=Denver,%20CO&radiusKm=30&limit=25')
    ).json() as Found[];
    expect(first.map((l) => l.id)).toEqual(want.slice(0, 25).map((w) => w.id));
    // The first 25 are homes on the centre: their approximate areas are within a kilometre of it.
    expect(first.every((l) => l.distanceKm <= 1)).toBe(true);
    for (const [i, l] of (await allPages('near=Denver,%20CO&radiusKm=30', 100)).entries())
      expect(Math.abs(l.distanceKm - want[i].d)).toBeLessThanOrEqual(0.05 + 1e-9);
  });

  it('pages by distance with the cursor, without gaps or repeats, across the ties and past them', async () => {
    const want = expected(denver, 30).map((w) => w.id);
    for (const limit of [7, 25, 60]) {
      const seen = (await allPages('near=Denver,%20CO&radiusKm=30', limit)).map((l) => l.id);
      expect(seen).toEqual(want);
    }
  });

  it('keeps the radius: great-circle kilometres, nothing beyond', async () => {
    for (const radiusKm of [1, 12.5, 37, 45, 400]) {
      const want = expected(denver, radiusKm).map((w) => w.id);
      const got = (await allPages(`near=Denver,%20CO&radiusKm=${radiusKm}`, 50)).map((l) => l.id);
      expect(got).toEqual(want);
    }
  });

  it('answers a sparse town as the rule says, and other sorts over the same circle', async () => {
    const want = expected(boulder, 5).map((w) => w.id);
    expect(want.length).toBeGreaterThanOrEqual(5);
    expect((await allPages('near=Boulder,%20CO&radiusKm=5', 2)).map((l) => l.id)).toEqual(want);
    const newest = (await allPages('near=Denver,%20CO&radiusKm=30&sort=newest', 40)).map((l) => l.id);
    expect(newest).toEqual(
      expected(denver, 30)
        .map((w) => w.id)
        .sort((a, b) => b - a),
    );
  });
});

describe('the centre of a near search', () => {
  it("is the point PostgreSQL's ll_to_earth gives, to a micrometre, anywhere on earth", async () => {
    const points = [
      [39.7392, -104.9903],
      [0, 0],
      [-33.8688, 151.2093],
      [89.9999, 179.9999],
      [-89.5, -179.5],
      [64.1466, -21.9426],
    ];
    for (const [lat, lng] of points) {
      const { rows } = (await db.db.execute(
        sql`select cube_ll_coord(e, 1) as x, cube_ll_coord(e, 2) as y, cube_ll_coord(e, 3) as z
          from (select ll_to_earth(${lat}::float8, ${lng}::float8) as e) p`,
      )) as unknown as { rows: { x: number; y: number; z: number }[] };
      const [x, y, z] = earthPoint(lat, lng);
      const row = rows[0]!;
      for (const [ours, theirs] of [
        [x, row.x],
        [y, row.y],
        [z, row.z],
      ])
        expect(Math.abs(ours - Number(theirs))).toBeLessThan(1e-6);
    }
  });
});
