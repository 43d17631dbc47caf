import { describe, expect, it } from 'vitest';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { geocode } from './geo.ts';

// "Near a place" forgives typos as the suggestions do (ADR 051): a misspelt place is read as the
// first place its suggestions offer, and the answer says which; only a place nothing is close to
// is refused, with a message that names it.
const { app, db } = await buildTestApp();
const host = (await registerUser(app)).user;
for (const [city, state, title] of [
  ['Seattle', 'WA', 'Pea patch in Seattle'],
  ['Tacoma', 'WA', 'Tacoma raised beds'],
  ['Portland', 'OR', 'Portland allotment'],
] as const)
  await insertListing(db, host.id, { city, state, title, ...geocode(city, state) });

type Found = { title: string; distanceKm: number };

describe('near a misspelt place', () => {
  it('suggests the place for "Seatle"', async () => {
    const res = await app.inject('/api/places?q=Seatle');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ city: 'Seattle', state: 'WA', listings: 1 });
  });

  it('reads "Seatle" as Seattle, WA: results nearest Seattle, and the place named in a header', async () => {
    for (const near of ['Seatle', 'seatle, wa', 'Seattel WA']) {
      const res = await app.inject(`/api/listings?near=${encodeURIComponent(near)}&radiusKm=100`);
      expect(res.statusCode, `${near}: ${res.body}`).toBe(200);
      const list = res.json() as Found[];
      expect(list.map((l) => l.title)).toEqual(['Pea patch in Seattle', 'Tacoma raised beds']);
      expect(list[0].distanceKm).toBeLessThan(10);
      expect(decodeURIComponent(String(res.headers['x-near-place']))).toBe('Seattle, WA');
      expect(res.headers['access-control-expose-headers']).toContain('X-Near-Place');
    }
  });

  it('says nothing about a place spelt right', async () => {
    const res = await app.inject('/api/listings?near=Seattle,%20WA&radiusKm=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-near-place']).toBeUndefined();
    expect((res.json() as Found[]).length).toBe(2);
  });

  it('sorts by distance from the misspelt place, and the map reads it too', async () => {
    const res = await app.inject('/api/listings?near=Portlnd&radiusKm=250&sort=distance');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Found[]).map((l) => l.title)[0]).toBe('Portland allotment');
    const map = await app.inject('/api/listings/map?near=Seatle&radiusKm=100');
    expect(map.statusCode, map.body).toBe(200);
    expect((map.json() as unknown[]).length).toBe(2);
  });

  it('refuses a place nothing is close to with a message that names it, in the visitor language', async () => {
    const res = await app.inject('/api/listings?near=Qwzxv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNKNOWN_PLACE',
      message: 'We could not find the place "Qwzxv". Try "City, State".',
    });
    const de = await app.inject({ url: '/api/listings?near=Qwzxv', headers: { 'accept-language': 'de' } });
    expect(de.json().message).toMatch(/Qwzxv/);
    expect(de.json().message).not.toMatch(/could not find/);
  });
});
