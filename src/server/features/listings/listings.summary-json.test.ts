import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingSummarySchema } from '#shared/listings.ts';
import { addBulkListings } from '../../demo/bulk.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

// A search page is JSON that PostgreSQL writes (ADR 041): each result must read exactly as the
// listing's own page does for a visitor, less what a result leaves out (the agreement, the rating
// and the host), on every kind of row: empty fields, odd characters, generated texts, a rewritten
// title, times with microseconds.
const { app, db } = await buildTestApp();
const host = await registerUser(app);
const grower = await registerUser(app);
await addBulkListings(db.db, [host.user.id], ['/uploads/bulk.webp'], 12);
const odd = await insertListing(db, host.user.id, {
  title: 'Quotes " and \\ backslash, tab\there, ünïcödé 🌱 and </script>',
  description: 'Line one\nline two\r\n\u0001 a control character, and 日本語',
  type: 'exchange',
  price: null,
  workHours: 6,
  size: null,
  amenities: ['Water "hose"', 'Shed\\tools'],
  images: [],
  seasonStart: 11,
  seasonEnd: 2,
  bookingMode: 'request',
  cancellationPolicy: 'strict',
  lat: -33.8688,
  lng: 151.2093,
});
const bare = await insertListing(db, host.user.id, { type: 'community', price: null, lat: null, lng: null });
// A generated listing whose host rewrote the title: the description keeps its translations.
const picked = await db.db.execute(
  sql`select id from listings where generated_parts is not null order by id limit 1`,
);
const [rewritten] = (picked as unknown as { rows: { id: number }[] }).rows;
await db.db.execute(sql`update listings set title = title || ' (ours)' where id = ${rewritten.id}`);
// Times with microseconds, and one that rounds up in the microseconds' last digits.
await db.db.execute(
  sql`update listings set created_at = '2026-03-04 05:06:07.999999+00', updated_at = '2026-03-04 05:06:08.000500+00' where id = ${odd.id}`,
);

type Item = Record<string, unknown> & { id: number };
const page = async (url: string, cookie?: string): Promise<Item[]> => {
  const res = await app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
};
// The listing as its page answers a visitor, less what a result does not carry.
const asResult = async (id: number) => {
  const {
    agreement: _a,
    rating: _r,
    host: _h,
    ...rest
  } = (await app.inject({ url: `/api/listings/${id}` })).json();
  return rest;
};

describe('search results written by the database', () => {
  it('each reads as the listing does for a visitor, and as the schema says', async () => {
    const items = await page('/api/listings?limit=50');
    expect(items.length).toBe(14);
    for (const item of items) {
      expect(listingSummarySchema.strict().parse(item)).toEqual(item);
      expect(item).toEqual(await asResult(item.id));
    }
    const o = items.find((i) => i.id === odd.id);
    expect(o?.title).toBe(odd.title);
    expect(o?.createdAt).toBe('2026-03-04T05:06:07.999Z');
    expect(o?.updatedAt).toBe('2026-03-04T05:06:08.000Z');
    expect(o?.location).toBe('');
    expect(items.find((i) => i.id === bare.id)).toMatchObject({ lat: null, lng: null, size: null });
    const r = items.find((i) => i.id === rewritten.id);
    expect(r).not.toHaveProperty('titles');
    expect(r?.descriptions).toBeDefined();
    const generated = items.filter((i) => i.id !== rewritten.id && i.titles);
    expect(generated).toHaveLength(11);
    for (const g of generated) expect((g.titles as { de: string }).de).toContain(String(g.city));
  });

  it('the same for a signed-in member, on every sort, by distance, and with keywords', async () => {
    for (const url of [
      '/api/listings?limit=50&sort=price_asc',
      '/api/listings?limit=50&sort=price_desc',
      '/api/listings?limit=50&near=Austin, TX&radiusKm=500',
      '/api/listings?limit=50&near=Austin, TX&radiusKm=500&sort=newest',
      '/api/listings?limit=50&q=backslash',
      // A close spelling: the second phase's statement.
      '/api/listings?limit=50&q=backslesh',
    ]) {
      const items = await page(url, grower.cookie);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const { distanceKm, ...rest } = item;
        expect(rest).toEqual(await asResult(item.id));
        if (url.includes('near')) expect(typeof distanceKm).toBe('number');
        else expect(distanceKm).toBeUndefined();
      }
    }
  });

  it('distances in kilometres to one decimal, nearest first', async () => {
    const items = await page('/api/listings?limit=50&near=Austin, TX&radiusKm=5000');
    const km = items.map((i) => i.distanceKm as number);
    expect(km.length).toBeGreaterThan(0);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    for (const d of km) expect(Math.round(d * 10) / 10).toBe(d);
  });

  it('the map of the same search is JSON too', async () => {
    const points = await page('/api/listings/map?near=Austin, TX&radiusKm=5000');
    expect(points.length).toBeGreaterThan(0);
  });
});
