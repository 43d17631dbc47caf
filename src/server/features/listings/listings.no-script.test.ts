import { describe, expect, it } from 'vitest';
import { render } from '#client/entry-server.tsx';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { buildTestApp, indexHtmlFixture } from '../../testing/test-app.ts';
import { geocode } from './geo.ts';

// /listings as a browser without scripts gets it (ADR 051): rendered from its address, a misspelt
// "near" read as the place it means, and plain GET forms named as the address, the filters panel
// among them inside <noscript>.
const { indexHtml } = indexHtmlFixture();
const { app, db } = await buildTestApp(
  { PUBLIC_URL: 'https://yardshare.example' },
  { indexHtml, renderer: render },
);
const { user } = await registerUser(app);
await insertListing(db, user.id, {
  title: 'Pea patch by the sound',
  city: 'Seattle',
  state: 'WA',
  ...geocode('Seattle', 'WA'),
});
await insertListing(db, user.id, {
  title: 'Orchard rows',
  city: 'Boise',
  state: 'ID',
  ...geocode('Boise', 'ID'),
});

// The form whose opening tag matches, up to its end.
const form = (html: string, tag: RegExp) =>
  new RegExp(`${tag.source}[\\s\\S]*?</form>`).exec(html)?.[0] ?? '';

const page = async (url: string) => {
  const res = await app.inject({ url, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('/listings without the script', () => {
  it('renders the results of its address, a misspelt near read as the place it means', async () => {
    const html = await page('/listings?near=Seatle&radiusKm=100&location=&q=&minPrice=&amenities=');
    expect(html).toContain('Pea patch by the sound');
    expect(html).not.toContain('Orchard rows');
    expect(html).toContain('Showing spaces near Seattle, WA.');
  });

  it('sends plain GET forms named as the address, keeping its other parameters', async () => {
    const html = await page('/de/listings?type=rental&near=Seatle');
    const search = form(html, /<form role="search"[^>]* action="\/de\/listings" method="get">/);
    expect(search).toContain('name="location"');
    expect(search).toContain('name="q"');
    expect(search).toContain('<input type="hidden" name="type" value="rental"/>');
    expect(search).toContain('<input type="hidden" name="near" value="Seatle"/>');
    const plain = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
    for (const name of [
      'minPrice',
      'maxPrice',
      'minSize',
      'available',
      'sort',
      'near',
      'radiusKm',
      'amenities',
    ])
      expect(plain).toContain(`name="${name}"`);
    expect(plain).toContain('action="/de/listings" method="get"');
    expect(plain).toContain('<input type="hidden" name="type" value="rental"/>');
    // Its weight on every /listings page, before compression (8.3 kB when written; ADR 051).
    expect(Buffer.byteLength(plain)).toBeLessThan(16_000);
  });

  it('the hero search is a plain GET form to the listings, named location and available', async () => {
    const html = await page('/fr/');
    const hero = form(html, /<form role="search"[^>]* action="\/fr\/listings" method="get">/);
    expect(hero).toContain('name="location"');
    expect(hero).toContain('name="available"');
  });
});
