import { describe, expect, it } from 'vitest';
import { generatedDescriptions, translationsOf } from '#shared/generated-descriptions.ts';
import {
  englishDescription,
  englishTitle,
  GENERATED_CROPS,
  GENERATED_SOILS,
  type GeneratedParts,
  generatedTitles,
  TITLE_ADJECTIVES,
  TITLE_PLACES,
} from '#shared/generated-texts.ts';
import { localTitle } from '#shared/listing-title.ts';
import { addBulkListings } from '../../demo/bulk.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';

// Titles and descriptions Yardshare generated (the demo's bulk listings) read in the reader's
// language; what a host wrote stays as written (ADR 038).
const { indexHtml } = indexHtmlFixture();
const { app, db } = await buildTestApp({}, { indexHtml });
const host = await registerUser(app);
const PARTS: Required<GeneratedParts> = {
  adj: 'Sunny',
  place: 'backyard plot',
  city: 'Portland',
  soil: 'heavy clay broken up with leaf mould',
  crops: 'tomatoes and peppers',
};
const generated = await insertListing(db, host.user.id, {
  type: 'rental',
  title: englishTitle(PARTS),
  description: englishDescription(PARTS, 'rental'),
  generatedParts: PARTS,
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

  it('descriptions too, each sentence in the language, the article agreeing with the place', () => {
    for (const soil of GENERATED_SOILS)
      for (const crops of GENERATED_CROPS)
        for (const type of ['rental', 'exchange', 'community'] as const)
          for (const text of Object.values(generatedDescriptions({ ...PARTS, soil, crops }, type)))
            expect(text).not.toMatch(/undefined|\s{2}/);
    expect(generatedDescriptions(PARTS, 'rental')).toEqual({
      de: 'Eine Gartenparzelle mit schwerem Lehm, mit Laubkompost aufgelockert. Ideal für Tomaten und Paprika. Monatsweise zu mieten; Wasser ist inklusive. Der Gastgeber wohnt in der Nähe und hilft Neulingen gern beim Einstieg.',
      es: 'Una parcela de patio trasero con arcilla pesada aligerada con mantillo de hojas. Ideal para tomates y pimientos. Se alquila por meses; el agua está incluida. El anfitrión vive cerca y ayuda con gusto a quienes empiezan.',
      fr: "Une parcelle de jardin avec une argile lourde allégée au terreau de feuilles. Idéal pour les tomates et les poivrons. Location au mois ; l'eau est comprise. L'hôte habite à côté et aide volontiers les débutants.",
      ja: '腐葉土でほぐした重い粘土質の土の裏庭の区画です。トマトやピーマンの栽培に最適です。月単位で借りられます。水道代込みです。ホストは近くに住んでいて、初心者の手助けを喜んでします。',
    });
  });

  it('each text only while it still reads as its parts; unknown parts give none', () => {
    const texts = (over: object) =>
      translationsOf({
        title: englishTitle(PARTS),
        description: englishDescription(PARTS, 'rental'),
        type: 'rental',
        generatedParts: PARTS,
        ...over,
      });
    expect(texts({}).titles?.fr).toBe('Parcelle de jardin ensoleillée à Portland');
    expect(texts({}).descriptions?.de).toMatch(/^Eine Gartenparzelle mit schwerem Lehm/);
    expect(texts({ title: 'My own words' })).toEqual({
      descriptions: generatedDescriptions(PARTS, 'rental'),
    });
    expect(texts({ description: 'My own words' })).toEqual({ titles: generatedTitles(PARTS) });
    expect(texts({ type: 'exchange' }).descriptions).toBeUndefined();
    expect(texts({ generatedParts: null })).toEqual({});
    expect(texts({ generatedParts: { ...PARTS, adj: 'Bright' } })).toEqual({});
    expect(localTitle({ title: 'x', titles: generatedTitles(PARTS) }, 'en')).toBe('x');
    expect(localTitle({ title: 'x' }, 'de')).toBe('x');
  });

  it('the API answers them beside the English title, in a listing and in a search', async () => {
    const one = (await app.inject({ url: `/api/listings/${generated.id}` })).json();
    expect(one.title).toBe('Sunny backyard plot in Portland');
    expect(one.titles).toEqual(generatedTitles(PARTS));
    expect(one.descriptions).toEqual(generatedDescriptions(PARTS, 'rental'));
    const mine = (await app.inject({ url: `/api/listings/${written.id}` })).json();
    expect(mine.title).toBe('Sunny backyard plot in Portland, by Ana');
    expect(mine).not.toHaveProperty('titles');
    expect(mine).not.toHaveProperty('descriptions');
    const page = (await app.inject({ url: '/api/listings?limit=50' })).json();
    const found = (page.listings ?? page).find((l: { id: number }) => l.id === generated.id);
    expect(found.titles.ja).toBe('Portlandの日当たりの良い裏庭の区画');
  });

  it('a host who rewrites the title has their own words in every language', async () => {
    const l = await insertListing(db, host.user.id, {
      type: 'rental',
      title: englishTitle(PARTS),
      description: englishDescription(PARTS, 'rental'),
      generatedParts: PARTS,
    });
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
    // The description they left as it was still reads in every language.
    expect(again.descriptions.es).toMatch(/^Una parcela de patio trasero/);
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
      expect(l.descriptions.fr).toMatch(/^Une? /);
    }
  });

  it("the pre-rendered page's head has the title and description in the page's language", async () => {
    const html = async (url: string) => (await app.inject({ url, headers: { accept: 'text/html' } })).body;
    const title = async (url: string) => /<title data-head>([^<]*)<\/title>/.exec(await html(url))?.[1];
    expect(await html(`/fr/listings/${generated.id}`)).toMatch(
      /<meta data-head name="description" content="[^"]*Une parcelle de jardin avec une argile lourde/,
    );
    expect(await title(`/de/listings/${generated.id}`)).toMatch(/^Sonnige Gartenparzelle in Portland/);
    expect(await title(`/listings/${generated.id}`)).toMatch(/^Sunny backyard plot in Portland/);
    expect(await title(`/de/listings/${written.id}`)).toMatch(/^Sunny backyard plot in Portland, by Ana/);
  });
});
