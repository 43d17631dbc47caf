import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { geocode } from './geo.ts';

const { app, db } = await buildTestApp();

type Found = { id: number; title: string; price: number | null; distanceKm?: number };
const get = (url: string) => app.inject({ method: 'GET', url });
async function find(qs: string): Promise<Found[]> {
  const res = await get(`/api/listings?${qs}`);
  expect(res.statusCode, `${qs}: ${res.body}`).toBe(200);
  return res.json();
}
const titles = async (qs: string) => (await find(qs)).map((l) => l.title);
const sorted = async (qs: string) => (await titles(qs)).sort();
// Every page of a search, following X-Next-Cursor.
async function allPages(qs: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 30; i++) {
    const res = await get(`/api/listings?${qs}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...(res.json() as Found[]).map((l) => l.title));
    cursor = res.headers['x-next-cursor'] as string | undefined;
    if (!cursor) return seen;
  }
  throw new Error('too many pages');
}

describe('GET /api/listings: search that understands people', async () => {
  const host = (await registerUser(app)).user;
  // Oldest first: "newest" lists them from the bottom of this list up.
  const mk = async (
    title: string,
    city: string,
    state: string,
    over: Parameters<typeof insertListing>[2],
  ) => {
    const point = geocode(city, state);
    return insertListing(db, host.id, {
      title,
      city,
      state,
      lat: point?.lat ?? null,
      lng: point?.lng ?? null,
      amenities: [],
      size: null,
      ...over,
    });
  };
  await mk('Sunny backyard plot', 'Portland', 'OR', {
    description: 'Raised beds for tomatoes and peppers.',
    price: 100,
    size: '200 sq ft',
    amenities: ['Water access', 'Fenced'],
  });
  await mk('Greenhouse bench share', 'portland', 'Oregon', {
    description: 'A heated greenhouse with benches for seedlings.',
    type: 'exchange',
    price: null,
    workHours: 4,
    size: '1/4 acre',
    amenities: ['Greenhouse', 'water ACCESS'],
  });
  await mk('Eugene community garden', 'Eugene', 'or', {
    description: 'Shared beds, bring your own seeds.',
    type: 'community',
    price: null,
    size: '10x20 ft',
    amenities: ['Tool shed'],
  });
  await mk('Maine allotment', 'Portland', 'ME', {
    description: 'Potatoes and garlic grow well here.',
    price: 40,
  });
  await mk('Austin backyard', 'Austin', 'TX', { description: 'Heat-loving peppers and okra.', price: 60 });
  await mk('Texas market farm', 'Austin', 'Texas', {
    description: 'Rows of tomatoes under shade cloth.',
    price: 250,
    size: '2 acres',
  });
  await mk('Rooftop beds in Manhattan', 'New York', 'NY', {
    description: 'Herbs and salad greens on a roof.',
    price: 300,
    size: '5 x 8 m',
  });
  await mk('Brooklyn shared plot', 'Brooklyn', 'New York', {
    description: 'Flowers for pollinators.',
    type: 'community',
    price: null,
  });
  await mk('Hillside terrace', 'Charleston', 'West Virginia', {
    description: 'Terraced beds with berries.',
    price: 80,
  });
  await mk('Richmond garden bed', 'Richmond', 'VA', {
    description: 'Squash, beans and corn.',
    price: 90,
    seasonStart: 5,
    seasonEnd: 9,
  });
  await mk('Orlando patio', 'Orlando', 'FL', { description: 'Container garden by the pool.', price: 70 });
  await mk('Cherry corner', 'Salem', 'OR', { description: 'Cherry tomattoes every summer.', price: 20 });

  const OREGON = [
    'Cherry corner',
    'Eugene community garden',
    'Greenhouse bench share',
    'Sunny backyard plot',
  ];

  it('finds a state by name or code, in any case ("Oregon", "or", "OR"), and not Orlando', async () => {
    for (const loc of ['Oregon', 'oregon', 'OR', 'or', '%20Or%20', 'OREGON'])
      expect(await sorted(`location=${loc}`), loc).toEqual(OREGON);
    expect(await sorted('location=Texas')).toEqual(['Austin backyard', 'Texas market farm']);
  });

  it('finds "city, state" and "city state" with the state as a name or code', async () => {
    const portland = ['Greenhouse bench share', 'Sunny backyard plot'];
    for (const loc of [
      'Portland,%20OR',
      'Portland%20OR',
      'portland%20or',
      'Portland%20Oregon',
      'PORTLAND,oregon',
    ])
      expect(await sorted(`location=${loc}`), loc).toEqual(portland);
    for (const loc of ['Austin%20TX', 'austin,%20tx', 'Austin,%20Texas', 'AUSTIN%20texas'])
      expect(await sorted(`location=${loc}`), loc).toEqual(['Austin backyard', 'Texas market farm']);
    expect(await titles('location=New%20York%20NY')).toEqual(['Rooftop beds in Manhattan']);
    expect(await titles('location=new%20york,%20ny')).toEqual(['Rooftop beds in Manhattan']);
  });

  it('tells "West Virginia" from "Virginia", and reads state names with a space', async () => {
    expect(await titles('location=West%20Virginia')).toEqual(['Hillside terrace']);
    expect(await titles('location=west%20virginia')).toEqual(['Hillside terrace']);
    expect(await titles('location=Charleston%20West%20Virginia')).toEqual(['Hillside terrace']);
    expect(await titles('location=Virginia')).toEqual(['Richmond garden bed']);
    expect(await titles('location=Richmond,%20Virginia')).toEqual(['Richmond garden bed']);
    expect(await sorted('location=New%20York')).toEqual([
      'Brooklyn shared plot',
      'Rooftop beds in Manhattan',
    ]);
  });

  it('matches a lone city by its beginning, and wildcards only as themselves', async () => {
    expect(await sorted('location=Portland')).toEqual([
      'Greenhouse bench share',
      'Maine allotment',
      'Sunny backyard plot',
    ]);
    expect(await sorted('location=port')).toEqual([
      'Greenhouse bench share',
      'Maine allotment',
      'Sunny backyard plot',
    ]);
    expect(await titles('location=Brook')).toEqual(['Brooklyn shared plot']);
    expect(await titles('location=%25')).toEqual([]);
    expect(await titles('location=Port_and')).toEqual([]);
    expect(await titles('location=Portland,%20NV')).toEqual([]);
  });

  it('keeps the city and state parameters, the state now by name or code', async () => {
    expect(await sorted('city=Portland&state=OR')).toEqual(['Greenhouse bench share', 'Sunny backyard plot']);
    expect(await sorted('state=oregon')).toEqual(OREGON);
    expect(await titles('city=Port')).toEqual([]);
    expect(await sorted('state=OR&type=community')).toEqual(['Eugene community garden']);
  });

  it('finds keywords stemmed ("tomato" finds "tomatoes") and misspelled ("tomatos", "greenhous")', async () => {
    const tomatoes = ['Sunny backyard plot', 'Texas market farm'];
    expect((await titles('q=tomato')).slice(0, 2).sort()).toEqual(tomatoes);
    // Stemmed to "tomato": exact matches, first.
    for (const q of ['tomatoes', 'tomatos', 'Tomatoes', 'tomatoe'])
      expect((await titles(`q=${q}`)).slice(0, 2).sort(), q).toEqual(tomatoes);
    // Misspelt: close spellings.
    for (const q of ['tomatose', 'tomtoes', 'tomatoess'])
      expect(await titles(`q=${q}`), q).toEqual(expect.arrayContaining(tomatoes));
    for (const q of ['greenhous', 'grenhouse', 'greenhouse'])
      expect(await titles(`q=${q}`), q).toEqual(['Greenhouse bench share']);
    expect(await sorted('q=pepers')).toEqual(['Austin backyard', 'Sunny backyard plot']);
    expect(await titles('q=zucchini')).toEqual([]);
    expect(await titles('q=tomatoes%20okra')).toEqual([]);
    expect(await titles('q=pepers%20okra')).toEqual(['Austin backyard']);
  });

  it('lists exact words first, then close spellings, in the asked order, and pages across both', async () => {
    // "tomattoes" is a close spelling of "tomatoes"; the exact matches come first, newest first.
    expect(await titles('q=tomatoes')).toEqual(['Texas market farm', 'Sunny backyard plot', 'Cherry corner']);
    expect(await allPages('q=tomatoes&limit=1')).toEqual([
      'Texas market farm',
      'Sunny backyard plot',
      'Cherry corner',
    ]);
    expect(await allPages('q=tomatoes&limit=2&sort=price_asc')).toEqual([
      'Sunny backyard plot',
      'Texas market farm',
      'Cherry corner',
    ]);
    // A word a host adds later is in the vocabulary at once.
    await db.db.execute(
      sql`update listings set description = description || ' Zucchini too.' where title = 'Orlando patio'`,
    );
    expect(await titles('q=zuchini')).toEqual(['Orlando patio']);
    // A search with operators is taken literally: no close spellings.
    expect(await titles('q=tomatoes%20-shade')).toEqual(['Sunny backyard plot']);
    expect(await titles('q=%22raised%20beds%22')).toEqual(['Sunny backyard plot']);
  });

  it('filters by price in dollars a month (no price counts as $0), size, amenities, date and type', async () => {
    expect(await sorted('minPrice=100')).toEqual([
      'Rooftop beds in Manhattan',
      'Sunny backyard plot',
      'Texas market farm',
    ]);
    expect(await sorted('maxPrice=40')).toEqual([
      'Brooklyn shared plot',
      'Cherry corner',
      'Eugene community garden',
      'Greenhouse bench share',
      'Maine allotment',
    ]);
    expect(await sorted('minPrice=60&maxPrice=90')).toEqual([
      'Austin backyard',
      'Hillside terrace',
      'Orlando patio',
      'Richmond garden bed',
    ]);
    // "200 sq ft", "1/4 acre", "10x20 ft", "2 acres", "5 x 8 m" (431 sq ft).
    expect(await sorted('minSize=200')).toEqual([
      'Eugene community garden',
      'Greenhouse bench share',
      'Rooftop beds in Manhattan',
      'Sunny backyard plot',
      'Texas market farm',
    ]);
    expect(await sorted('minSize=1000')).toEqual(['Greenhouse bench share', 'Texas market farm']);
    expect(await sorted('amenities=water%20access')).toEqual([
      'Greenhouse bench share',
      'Sunny backyard plot',
    ]);
    expect(await titles('amenities=Water%20access,%20FENCED')).toEqual(['Sunny backyard plot']);
    expect(await titles('amenities=fenced,greenhouse')).toEqual([]);
    expect(await titles('location=Virginia&available=2030-01-15')).toEqual([]);
    expect(await titles('location=Virginia&available=2030-06-15')).toEqual(['Richmond garden bed']);
    expect(await titles('location=Oregon&type=exchange&maxPrice=0')).toEqual(['Greenhouse bench share']);
  });

  it('sorts by newest, price both ways and distance, and pages each order with its cursor', async () => {
    expect(await titles('location=OR')).toEqual([
      'Cherry corner',
      'Eugene community garden',
      'Greenhouse bench share',
      'Sunny backyard plot',
    ]);
    expect((await find('location=OR&sort=price_asc')).map((l) => l.price ?? 0)).toEqual([0, 0, 20, 100]);
    expect((await find('location=OR&sort=price_desc')).map((l) => l.price ?? 0)).toEqual([100, 20, 0, 0]);
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      const whole = await titles(`sort=${sort}&limit=100`);
      expect(whole).toHaveLength(12);
      expect(await allPages(`sort=${sort}&limit=5`), sort).toEqual(whole);
    }
    const near = await find('near=Eugene,%20OR&radiusKm=200&sort=distance');
    expect(near[0].title).toBe('Eugene community garden');
    expect(near.map((l) => l.distanceKm)).toEqual([...near.map((l) => l.distanceKm)].sort((a, b) => a! - b!));
    const byPrice = await find('near=Eugene,%20OR&radiusKm=200&sort=price_desc');
    expect(byPrice.map((l) => l.title)).toEqual([
      'Sunny backyard plot',
      'Cherry corner',
      'Eugene community garden',
      'Greenhouse bench share',
    ]);
    expect(await allPages('near=Eugene,%20OR&radiusKm=200&limit=1')).toEqual(near.map((l) => l.title));
  });

  it('refuses junk with 400 and a readable message', async () => {
    const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cases: [string, RegExp][] = [
      ['minPrice=abc', /minPrice must be a whole number of dollars/],
      ['minPrice=-5', /minPrice must be a whole number of dollars/],
      ['maxPrice=1.5', /maxPrice must be a whole number of dollars/],
      ['maxPrice=', /maxPrice must be a whole number of dollars/],
      ['minPrice=1&minPrice=2', /minPrice must be a whole number of dollars/],
      ['maxPrice=99999999', /maxPrice must be at most 1000000/],
      ['minPrice=50&maxPrice=10', /maxPrice must not be less than minPrice/],
      ['minSize=big', /minSize must be a whole number of square feet/],
      [`amenities=${Array.from({ length: 31 }, (_, i) => `a${i}`).join(',')}`, /At most 30 amenities/],
      [`amenities=${'x'.repeat(61)}`, /at most 60 characters/],
      ['sort=cheapest', /Sort must be newest, price_asc, price_desc or distance/],
      ['sort=distance', /needs a place in "near"/],
      ['available=2030-02-30', /available must be a real date/],
      ['type=castle', /rental, exchange or community/],
      [`sort=newest&cursor=${cursor({ p: 10, id: 1 })}`, /Invalid cursor/],
      [`sort=price_asc&cursor=${cursor({ ts: '2026-01-01 00:00:00+00', id: 1 })}`, /Invalid cursor/],
      [`cursor=${cursor({ ts: '2026-01-01 00:00:00+00', id: 1, f: 1 })}`, /Invalid cursor/],
      [`q=tomatoes&sort=newest&cursor=${cursor({ s: 0.5, id: 1 })}`, /Invalid cursor/],
      [`sort=price_asc&cursor=${cursor({ p: -1, id: 1 })}`, /Invalid cursor/],
    ];
    for (const [qs, message] of cases) {
      const res = await get(`/api/listings?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(message);
    }
  });
});
