import { describe, expect, it } from 'vitest';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { geocode } from './geo.ts';
import { editDistance } from './places.ts';

// Places that forgive typos (ADR 038): suggestions from the offline city table ranked by listings,
// a misspelt location read as the place it means, and nearby places when a search finds nothing.
const { app, db } = await buildTestApp();
const host = (await registerUser(app)).user;
for (const [city, state, n] of [
  ['Portland', 'OR', 3],
  ['Austin', 'TX', 2],
  ['San Francisco', 'CA', 1],
  ['New York', 'NY', 1],
  ['Beaverton', 'OR', 1],
] as const)
  for (let i = 0; i < n; i++)
    await insertListing(db, host.id, { city, state, title: `Beds in ${city} ${i}`, ...geocode(city, state) });

const json = async (url: string) => {
  const res = await app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('places that forgive typos', () => {
  it('counts edits, a swap of two neighbours as one', () => {
    expect(editDistance('portlnd', 'portland', 2)).toBe(1);
    expect(editDistance('austn', 'austin', 1)).toBe(1);
    expect(editDistance('autsin', 'austin', 1)).toBe(1);
    expect(editDistance('boston', 'austin', 1)).toBe(2);
  });

  it('suggests places as they are typed, misspelt or partial, those with listings first', async () => {
    for (const [typed, first] of [
      ['portlnd', 'Portland, OR'],
      ['austn', 'Austin, TX'],
      ['san fran', 'San Francisco, CA'],
      ['new yourk', 'New York, NY'],
      ['Portland', 'Portland, OR'],
      ['portland me', 'Portland, ME'],
    ]) {
      const places = (await json(`/api/places?q=${encodeURIComponent(typed)}`)).json();
      expect(`${places[0]?.city}, ${places[0]?.state}`, typed).toBe(first);
      expect(places.length).toBeLessThanOrEqual(6);
    }
    const [portland] = (await json('/api/places?q=portlnd')).json();
    expect(portland.listings).toBe(3);
    expect((await json('/api/places?q=x')).json()).toEqual([]);
    expect((await app.inject('/api/places')).statusCode).toBe(400);
  });

  it('reads a misspelt location as the place it means, and says so, with the number found', async () => {
    const res = await json('/api/listings?location=portlnd');
    expect(res.json()).toHaveLength(3);
    expect(decodeURIComponent(String(res.headers['x-place']))).toBe('Portland, OR');
    expect(res.headers['x-total-count']).toBe('3');
    expect((await json('/api/listings?location=new%20yourk')).json()).toHaveLength(1);
    expect((await json('/api/listings/map?location=austn')).json()).toHaveLength(2);
    // A known place, a state, or the start of a name is searched as typed.
    const prefix = await json('/api/listings?location=port');
    expect(prefix.headers['x-place']).toBeUndefined();
    expect(prefix.json()).toHaveLength(3);
    expect((await json('/api/listings?location=OR')).headers['x-total-count']).toBe('4');
    expect((await json('/api/listings?location=Munich%2C%20Bavaria')).json()).toEqual([]);
    // The count is the whole search's, not the page's.
    expect((await json('/api/listings?limit=2')).headers['x-total-count']).toBe('8');
  });

  it('offers the nearest places with listings when a search finds none', async () => {
    expect((await json('/api/listings?location=Salem%2C%20OR')).json()).toEqual([]);
    const nearby = (await json('/api/places/nearby?q=Salem%2C%20OR')).json();
    // Nearest first: Beaverton is a little closer to Salem than Portland is.
    expect(nearby.map((p: { city: string }) => p.city).slice(0, 2)).toEqual(['Beaverton', 'Portland']);
    expect(nearby[1]).toMatchObject({ state: 'OR', listings: 3 });
    expect(nearby[0].distanceKm).toBeGreaterThan(50);
    expect(nearby[0].distanceKm).toBeLessThanOrEqual(nearby[1].distanceKm);
    expect((await json('/api/places/nearby?q=zzqqxx')).json()).toEqual([]);
  });
});
