import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { createRental, newUser, verifyEmail } from './helpers.ts';

// A host's home stays private (ADR 038): signed out, the page, its HTML, the API, the map's points
// and the sitemap carry the city and an approximate area, never the street or the home's point;
// a grower whose booking was accepted sees the address and the pin.

const shots = (name: string) => `test-results/screens/${name}.png`;
const STREET = '2231 Larkspur Hollow Road';
const WATER_DE = 'Wasserzugang';
let listingId = 0;
let hostId = 0;
let home = { lat: 0, lng: 0 };
let growerState: Awaited<ReturnType<BrowserContext['storageState']>>;

async function signUp(request: APIRequestContext) {
  const u = newUser();
  expect((await request.post('/api/register', { data: u })).status()).toBe(201);
  await verifyEmail(request, u.email);
  return u;
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const host = await newContext(browser);
  await signUp(host.request);
  const made = await createRental(host.request, 'Quiet beds behind the orchard', 55, {
    location: STREET,
    city: 'Eugene',
    state: 'Oregon',
    amenities: ['Water access', 'Hand-built potting bench'],
  });
  listingId = made.id;
  const own = await (await host.request.get(`/api/listings/${listingId}`)).json();
  expect(own).toMatchObject({ location: STREET, state: 'OR', exactLocation: true });
  home = { lat: own.lat, lng: own.lng };
  hostId = own.userId;
  await host.close();

  // A grower whose booking is accepted at once (the listing books instantly).
  const grower = await newContext(browser);
  await signUp(grower.request);
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const booked = await grower.request.post('/api/bookings', { data: { listingId, start, months: 1 } });
  expect(booked.status(), await booked.text()).toBe(201);
  expect((await booked.json()).status).toBe('accepted');
  growerState = await grower.storageState();
  await grower.close();
});

// Neither the street nor the home's point (to four decimals) in a text.
function expectNoHome(text: string) {
  expect(text).not.toContain('Larkspur');
  expect(text).not.toContain(home.lat.toFixed(4));
  expect(text).not.toContain(home.lng.toFixed(4));
}

test('signed out, nothing a visitor can reach carries the street or the home', async ({ request }) => {
  for (const path of [
    `/listings/${listingId}`,
    `/de/listings/${listingId}`,
    '/listings?location=Eugene%2C+OR',
    `/api/listings/${listingId}`,
    '/api/listings?location=Eugene',
    '/api/listings?near=Eugene%2C+OR&radiusKm=20',
    '/api/listings/map?location=Eugene',
    '/sitemap.xml',
    '/sitemaps/listings-1.xml',
    // The same in German, and the host's public profile where their listings show.
    '/de/listings?location=Eugene%2C+OR',
    `/users/${hostId}`,
    `/de/users/${hostId}`,
    `/api/users/${hostId}`,
    `/api/users/${hostId}/profile`,
  ]) {
    // The API in English and in German (the language a page asks in).
    for (const language of path.startsWith('/api/') ? ['en', 'de'] : ['en']) {
      const res = await request.get(path, { headers: { 'accept-language': language } });
      expect(res.status(), path).toBe(200);
      expectNoHome(await res.text());
    }
  }
  const points = (await (await request.get('/api/listings/map?location=Eugene')).json()) as number[][];
  expect(points.map((p) => p[0])).toContain(listingId);
});

for (const [lang, prefix, note] of [
  ['en', '', /approximate area/],
  ['de', '/de', /ungefähre Gegend/],
] as const) {
  for (const width of [375, 1280]) {
    test(`${lang}: signed out the listing shows the city and a circle, at ${width} px`, async ({
      browser,
    }) => {
      const context = await newContext(browser, { viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${prefix}/listings/${listingId}`);
      await expect(page.getByTestId('listing-address')).toHaveText('Eugene, OR');
      await expect(page.getByTestId('listing-area-note')).toHaveText(note);
      // Our amenity words in the page's language, the host's own as written.
      await expect(page.getByText(lang === 'de' ? WATER_DE : 'Water access', { exact: true })).toBeVisible();
      await expect(page.getByText('Hand-built potting bench', { exact: true })).toBeVisible();
      // The map loads when its box comes near the screen (ADR 042).
      await page.getByTestId('listing-area-note').scrollIntoViewIfNeeded();
      const map = page.getByTestId('listing-area-map');
      await expect(map).toHaveAttribute('data-exact', 'false');
      await expect(map.locator('path.listing-area')).toHaveCount(1);
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);
      expectNoHome(await page.content());
      await map.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shots(`listing-signed-out-${lang}-${width}`), fullPage: width > 500 });
      await context.close();
    });

    test(`${lang}: a grower with an accepted booking sees the street and the pin, at ${width} px`, async ({
      browser,
    }) => {
      const context = await newContext(browser, {
        viewport: { width, height: 900 },
        storageState: growerState,
      });
      const page = await context.newPage();
      await page.goto(`${prefix}/listings/${listingId}`);
      await expect(page.getByTestId('listing-address')).toHaveText(`${STREET}, Eugene, OR`);
      await page.getByTestId('listing-area-note').scrollIntoViewIfNeeded();
      const map = page.getByTestId('listing-area-map');
      await expect(map).toHaveAttribute('data-exact', 'true');
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
      await map.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shots(`listing-booked-${lang}-${width}`), fullPage: width > 500 });
      await context.close();
    });
  }
}

test('a booked grower who opened the listing signed out sees the address once signed in', async ({
  browser,
  page,
}) => {
  // A second grower, booked through their own context.
  const other = await newContext(browser);
  const u = await signUp(other.request);
  const start = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  const booked = await other.request.post('/api/bookings', { data: { listingId, start, months: 1 } });
  expect(booked.status(), await booked.text()).toBe(201);
  await other.close();

  await page.goto(`/listings/${listingId}`);
  await expect(page.getByTestId('listing-address')).toHaveText('Eugene, OR');
  await page.getByRole('link', { name: 'Sign in to book' }).click();
  await page.locator('#login-username').fill(u.username);
  await page.locator('#login-password').fill(u.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`/listings/${listingId}`);
  await expect(page.getByTestId('listing-address')).toHaveText(`${STREET}, Eugene, OR`);
});
