import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../db/schema.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const { app, db } = await buildTestApp();

const base = {
  title: 'Sunny plot',
  description: 'Loamy soil and a rain barrel.',
  location: '12 Elm St',
  city: 'Portland',
  state: 'OR',
};
const rental = { ...base, type: 'rental', price: 120 };

async function createOk(body: Record<string, unknown>, cookie: string) {
  const res = await app.inject({ method: 'POST', url: '/api/listings', headers: { cookie }, payload: body });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json();
}
const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/listings: filters, search, distance and pagination', async () => {
  const searcher = await registerUser(app);
  const mk = (over: Record<string, unknown>) => createOk({ ...rental, ...over }, searcher.cookie);
  await mk({
    title: 'Tomato terrace',
    description: 'Raised beds for tomatoes',
    city: 'Boulder',
    state: 'CO',
  });
  await mk({
    title: 'Orchard corner',
    description: 'Apple trees and bees',
    city: 'boulder ',
    state: 'co',
    type: 'exchange',
    workHours: 5,
  });
  await mk({
    title: 'Denver allotment',
    description: 'Community plot downtown',
    city: 'Denver',
    state: 'CO',
    type: 'community',
  });
  await mk({
    title: 'Austin backyard',
    description: 'Tomatoes love the heat here',
    city: 'Austin',
    state: 'Texas',
  });
  const hidden = await mk({ title: 'Hidden Boulder plot', city: 'Boulder', state: 'CO' });
  await db.db.update(listings).set({ active: false }).where(eq(listings.id, hidden.id));

  const titles = async (qs: string) => {
    const res = await get(`/api/listings?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { title: string }[]).map((l) => l.title);
  };

  it('matches city and state case-insensitively, ignoring spaces, and lists only active listings', async () => {
    expect(await titles('city=%20BOULDER%20&state=co')).toEqual(['Orchard corner', 'Tomato terrace']);
    expect(await titles('location=Boulder,%20CO')).toEqual(['Orchard corner', 'Tomato terrace']);
    expect(await titles('location=texas')).toEqual(['Austin backyard']);
  });

  it('filters by type and refuses an unknown type', async () => {
    expect(await titles('state=CO&type=community')).toEqual(['Denver allotment']);
    const bad = await get('/api/listings?type=castle');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/rental, exchange or community/);
  });

  it('searches full text over title, description and city', async () => {
    expect(await titles('q=tomato')).toEqual(['Austin backyard', 'Tomato terrace']);
    expect(await titles('q=bees')).toEqual(['Orchard corner']);
    expect(await titles('q=denver')).toEqual(['Denver allotment']);
    expect(await titles('q=%22raised%20beds%22%20-apple')).toEqual(['Tomato terrace']);
  });

  it('finds listings near a place, nearest first, within the radius', async () => {
    const res = await get('/api/listings?near=Boulder,%20CO&radiusKm=60');
    const list = res.json() as { title: string; distanceKm: number }[];
    expect(list.map((l) => l.title).slice(-1)).toEqual(['Denver allotment']);
    expect(list.every((l) => l.distanceKm <= 60)).toBe(true);
    expect(list.at(-1)!.distanceKm).toBeGreaterThan(30);
    expect(await titles('near=Boulder,%20CO&radiusKm=5&sort=newest')).toEqual([
      'Orchard corner',
      'Tomato terrace',
    ]);
    const unknown = await get('/api/listings?near=Qwertyvillez,%20CA');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/could not find the place/);
    expect((await get('/api/listings?sort=distance')).statusCode).toBe(400);
  });

  it('refuses bad limits and cursors with 400', async () => {
    for (const qs of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'cursor=garbage',
      'radiusKm=-3',
      `q=${'x'.repeat(300)}`,
    ]) {
      const res = await get(`/api/listings?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('pages with a cursor, without duplicates or gaps, even for rows created in the same instant', async () => {
    const pager = await registerUser(app);
    // 30 listings with one shared timestamp, in a city of their own.
    await db.db.insert(listings).values(
      Array.from({ length: 30 }, (_, i) => ({
        userId: pager.user.id,
        title: `Bulk ${i}`,
        description: 'd',
        type: 'community' as const,
        location: 'x',
        city: 'Pagetown',
        state: 'ZZ',
        createdAt: new Date('2026-01-01T00:00:00.123456Z'),
      })),
    );
    await db.db.execute(
      sql`update listings set created_at = '2026-01-01 00:00:00.123456+00' where city = 'Pagetown'`,
    );
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(`/api/listings?city=Pagetown&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...(res.json() as { id: number }[]).map((l) => l.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  it('pages by distance with a cursor', async () => {
    const all = (await get('/api/listings?near=Boulder,%20CO&radiusKm=60&limit=100')).json() as {
      id: number;
    }[];
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const res = await get(
        `/api/listings?near=Boulder,%20CO&radiusKm=60&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...(res.json() as { id: number }[]).map((l) => l.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
    } while (cursor && seen.length < 50);
    expect(seen).toEqual(all.map((l) => l.id));
  });

  it('answers exactly 24 by default when more exist, and exactly the limit asked for', async () => {
    const host = (await registerUser(app)).user;
    for (let i = 0; i < 30; i++) await insertListing(db, host.id, { title: `Filler plot ${i}` });
    const total = (await db.db.select({ id: listings.id }).from(listings).where(eq(listings.active, true)))
      .length;
    expect(total).toBeGreaterThan(24);
    const res = await get('/api/listings');
    expect(res.json()).toHaveLength(24);
    expect(res.headers['x-next-cursor']).toBeDefined();
    expect((await get('/api/listings?limit=7')).json()).toHaveLength(7);
  });

  it('refuses cursors the database could not read, with 400 and no 500', async () => {
    const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const bad of [
      cursor({ ts: '0000-01-01 00:00:00+00', id: 1 }),
      cursor({ ts: '+275760-09-13 00:00:00+00', id: 1 }),
      cursor({ ts: 'Sat, 01 Jan 2022 00:00:00 GMT+0500', id: 1 }),
      cursor({ ts: '2026-02-30 00:00:00+00', id: 1 }),
      cursor({ ts: '2026-01-01 00:00:00+00', id: 2147483648 }),
      cursor({ d: 1, id: 99999999999 }),
      'not base64 !',
    ]) {
      const res = await get(`/api/listings?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Invalid cursor');
    }
  });
});
