import { describe, expect, it } from 'vitest';
import {
  englishTitle,
  generatedTitles,
  TITLE_ADJECTIVES,
  TITLE_PLACES,
  type TitleParts,
  titlesOf,
} from '#shared/generated-titles.ts';
import { localTitle } from '#shared/listing-title.ts';
import { addBulkListings } from '../../demo/bulk.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// Titles Yardshare generated (the demo's bulk listings) read in the reader's language; a title a
// host wrote stays as written (ADR 038).
const { indexHtml } = indexHtmlFixture();
const { app, db } = await buildTestApp({}, { indexHtml });
const host = await registerUser(app);
const PARTS: TitleParts = { adj: 'Sunny', place: 'backyard plot', city: 'Portland' };
const generated = await insertListing(db, host.user.id, {
  title: englishTitle(PARTS),
  titleParts: PARTS,
  city: 'Portland',
  state: 'OR',
});
const written = await insertListing(db, host.user.id, { title: 'Sunny backyard plot in Portland, by Ana' });

describe('generated titles', () => {
  it('every adjective and place reads in every language, agreeing with the place', () => {
    const places = Object.values(TITLE_PLACES).flat();
    for (const adj of TITLE_ADJECTIVES)
      for (const place of places) {
        const t = generatedTitles({ adj, place, city: 'Austin' });
        for (const text of Object.values(t)) {
          expect(text).toContain('Austin');
          expect(text).not.toMatch(/undefined|\s{2}/);
        }
        expect(new Set(Object.values(t)).size).toBe(4);
      }
    // German endings and Spanish and French agreement follow the place's gender.
    expect(generatedTitles(PARTS)).toEqual({
      de: 'Sonnige Gartenparzelle in Portland',
      es: 'Parcela de patio trasero soleada en Portland',
      fr: 'Parcelle de jardin ensoleillée à Portland',
      ja: 'Portlandの日当たりの良い裏庭の区画',
    });
    expect(generatedTitles({ adj: 'Sunny', place: 'rooftop garden', city: 'Miami' }).de).toBe(
      'Sonniger Dachgarten in Miami',
    );
    expect(generatedTitles({ adj: 'Raised-bed', place: 'berry patch', city: 'Miami' }).de).toBe(
      'Beerenbeet mit Hochbeeten in Miami',
    );
  });

  it('only while the title still reads as its parts; unknown parts give none', () => {
    expect(titlesOf(englishTitle(PARTS), PARTS)?.fr).toBe('Parcelle de jardin ensoleillée à Portland');
    expect(titlesOf('My own words', PARTS)).toBeUndefined();
    expect(titlesOf(englishTitle(PARTS), null)).toBeUndefined();
    expect(
      titlesOf('Bright shed in Portland', { adj: 'Bright', place: 'shed', city: 'Portland' }),
    ).toBeUndefined();
    expect(localTitle({ title: 'x', titles: generatedTitles(PARTS) }, 'en')).toBe('x');
    expect(localTitle({ title: 'x' }, 'de')).toBe('x');
  });

  it('the API answers them beside the English title, in a listing and in a search', async () => {
    const one = (await app.inject({ url: `/api/listings/${generated.id}` })).json();
    expect(one.title).toBe('Sunny backyard plot in Portland');
    expect(one.titles).toEqual(generatedTitles(PARTS));
    const mine = (await app.inject({ url: `/api/listings/${written.id}` })).json();
    expect(mine.title).toBe('Sunny backyard plot in Portland, by Ana');
    expect(mine).not.toHaveProperty('titles');
    const page = (await app.inject({ url: '/api/listings?limit=50' })).json();
    const found = (page.listings ?? page).find((l: { id: number }) => l.id === generated.id);
    expect(found.titles.ja).toBe('Portlandの日当たりの良い裏庭の区画');
  });

  it('a host who rewrites the title has their own words in every language', async () => {
    const l = await insertListing(db, host.user.id, { title: englishTitle(PARTS), titleParts: PARTS });
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/listings/${l.id}`,
      headers: { cookie: host.cookie },
      payload: { title: 'Our sunny yard, tomatoes welcome' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).not.toHaveProperty('titles');
    const again = (await app.inject({ url: `/api/listings/${l.id}` })).json();
    expect(again).not.toHaveProperty('titles');
  });

  it("the demo's bulk listings are stored with their parts", async () => {
    const before = (
      await app.inject({ url: '/api/users/me/listings', headers: { cookie: host.cookie } })
    ).json();
    await addBulkListings(db.db, [host.user.id], [], 3);
    const after = (
      await app.inject({ url: '/api/users/me/listings', headers: { cookie: host.cookie } })
    ).json();
    const added = after.filter((l: { id: number }) => !before.some((b: { id: number }) => b.id === l.id));
    expect(added).toHaveLength(3);
    for (const l of added) {
      expect(l.titles.de).toContain(l.city);
      expect(l.titles.de).not.toBe(l.title);
    }
  });

  it("the pre-rendered page's head has the title in the page's language", async () => {
    const title = async (url: string) =>
      /<title data-head>([^<]*)<\/title>/.exec(
        (await app.inject({ url, headers: { accept: 'text/html' } })).body,
      )?.[1];
    expect(await title(`/de/listings/${generated.id}`)).toMatch(/^Sonnige Gartenparzelle in Portland/);
    expect(await title(`/listings/${generated.id}`)).toMatch(/^Sunny backyard plot in Portland/);
    expect(await title(`/de/listings/${written.id}`)).toMatch(/^Sunny backyard plot in Portland, by Ana/);
  });
});
