import type { Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { newUser, verifyEmail } from './helpers.ts';

// The home page's "Find spaces near you" map (ADR 038): nothing of it loads until the block
// scrolls into view; then GET /api/listings/map's points draw over the state outlines even with
// the tiles refused (offline), and a place picked in its box narrows the map to that place.

const shots = (name: string) => `test-results/screens/${name}.png`;
const CITY = 'Walla Walla';
const COUNT = 6;

test.beforeAll(async ({ browser }) => {
  const context = await newContext(browser);
  const u = newUser();
  expect((await context.request.post('/api/register', { data: u })).status()).toBe(201);
  await verifyEmail(context.request, u.email);
  for (let i = 0; i < COUNT; i++) {
    const res = await context.request.post('/api/listings', {
      data: {
        type: i % 2 ? 'exchange' : 'rental',
        title: `Home map plot ${i + 1}`,
        description: 'A sunny plot by the creek with water on site and room for a few raised beds.',
        location: `${200 + i} Creek Road`,
        city: CITY,
        state: 'WA',
        price: i % 2 ? null : 50 + i,
        workHours: i % 2 ? 4 : null,
        amenities: ['Water access'],
        images: [],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await context.close();
});

async function offline(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/listings/map')) asked.push(r.url());
  });
  return asked;
}

for (const [lang, path, near, onMap] of [
  ['en', '/', 'Location', 'spaces on the map'],
  ['de', '/de', 'Ort', 'Flächen auf der Karte'],
] as const) {
  for (const width of [375, 1280]) {
    test(`${lang}: the near-you map loads on scroll and draws its points offline at ${width} px`, async ({
      browser,
    }) => {
      const context = await newContext(browser, { viewport: { width, height: width < 500 ? 812 : 900 } });
      const page = await context.newPage();
      const asked = await offline(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const block = page.getByTestId('near-map');
      // Not before it is seen: no map, no points asked for.
      await expect(block.getByTestId('listings-map')).toHaveCount(0);
      expect(asked).toHaveLength(0);

      await block.scrollIntoViewIfNeeded();
      const map = block.getByTestId('listings-map');
      await expect(map).toBeVisible();
      await expect
        .poll(() => map.locator('.leaflet-stateOutlines-pane svg path').count())
        .toBeGreaterThan(40);
      await expect(map.locator('.marker-cluster, .leaflet-marker-icon').first()).toBeVisible();
      const all = Number(await block.getByTestId('map-count').getAttribute('data-count'));
      expect(all).toBeGreaterThanOrEqual(COUNT);
      expect(asked.length).toBeGreaterThan(0);
      await page.screenshot({ path: shots(`home-map-all-${lang}-${width}`) });
      // The map's answer carries areas, never the street.
      const points = await (await page.request.get('/api/listings/map')).text();
      expect(points).not.toContain('Creek Road');

      // The box suggests places as the hero's does; the picked place narrows the map.
      const box = page.getByLabel(near, { exact: true });
      await box.fill('Walla W');
      const option = page.getByRole('listbox').getByRole('option').first();
      await expect(option).toHaveText(/Walla Walla, WA/);
      await option.click();
      await expect(box).toHaveValue('Walla Walla, WA');
      await expect(block.getByTestId('map-count')).toHaveAttribute('data-count', String(COUNT));
      // The map's words load with it, in the page's language.
      await expect(block.getByTestId('map-count')).toHaveText(`${COUNT} ${onMap}`);
      await expect(map.locator('.marker-cluster, .leaflet-marker-icon').first()).toBeVisible();
      await block.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shots(`home-map-${lang}-${width}`) });
      await context.close();
    });
  }
}
