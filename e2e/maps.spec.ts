import type { Browser, BrowserContext } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { animationsDone, newUser, verifyEmail } from './helpers.ts';

// The map without its tiles (offline, blocked): US state outlines from the bundled atlas still
// give the markers context, and many listings in one city cluster under a count. The map shows
// every result (GET /api/listings/map), not the page of cards, with a legend of the three types.

const shots = (name: string) => `test-results/screens/${name}.png`;
const CITY = 'Spokane';
const COUNT = 30;

async function host(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser);
  const u = newUser();
  const res = await context.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(context.request, u.email);
  return context;
}

test.beforeAll(async ({ browser }) => {
  const context = await host(browser);
  for (let i = 0; i < COUNT; i++) {
    const res = await context.request.post('/api/listings', {
      data: {
        type: 'rental',
        title: `Map plot ${i + 1}`,
        description: 'A sunny plot near the river with water on site and room for a few raised beds.',
        location: `${100 + i} River Road`,
        city: CITY,
        state: 'WA',
        price: 40 + i,
        workHours: null,
        amenities: ['Water access'],
        images: [],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await context.close();
});

for (const width of [375, 1280]) {
  test(`with tiles blocked the map shows state outlines and clustered markers at ${width} px`, async ({
    browser,
  }) => {
    const context = await newContext(browser, { viewport: { width, height: width < 500 ? 812 : 900 } });
    const page = await context.newPage();
    let blocked = 0;
    await page.route(/tile\.openstreetmap\.org/, (route) => {
      blocked += 1;
      return route.abort('internetdisconnected');
    });
    await page.goto(`/listings?location=${CITY}%2C+WA&view=map`);
    const map = page.getByTestId('listings-map');
    await expect(map).toBeVisible();

    // Outlines: one SVG path per state or territory, in the pane under the tiles.
    await expect.poll(() => map.locator('.leaflet-stateOutlines-pane svg path').count()).toBeGreaterThan(40);
    // The listings in one place gather under one marker with their count.
    const clusterMarker = map.locator('.marker-cluster');
    await expect(clusterMarker).toHaveCount(1);
    await expect(clusterMarker).toHaveText(/^\d+$/);
    expect(Number(await clusterMarker.textContent())).toBeGreaterThan(1);
    // The tiles were asked for, and refused.
    await expect.poll(() => blocked).toBeGreaterThan(0);
    // Attribution comes from the server's settings.
    await expect(map.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    );

    // Zoomed out to the region, the state lines are what the eye sees.
    for (let i = 0; i < 6; i++) {
      await map.locator('.leaflet-control-zoom-out').click();
      await animationsDone(page); // the zoom animation (a click during it is ignored)
    }
    await map.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots(`map-offline-${width}`) });

    // A click on a cluster opens it up (zooming in, maybe in steps): the listings themselves,
    // each a link to its page. Clicked again while clusters remain, since an animation under load
    // can swallow a click.
    const plots = map.locator('.leaflet-marker-icon[aria-label^="Rental"]');
    await expect
      .poll(
        async () => {
          const n = await plots.count();
          if (n < 2 && (await clusterMarker.count())) await clusterMarker.first().click({ force: true });
          return n;
        },
        { timeout: 20_000, intervals: [500, 1000, 1500] },
      )
      .toBeGreaterThan(1);
    await context.close();
  });
}

for (const [lang, prefix, legend, count] of [
  ['en', '', ['Rental', 'Exchange', 'Community'], `${COUNT} spaces on the map`],
  ['de', '/de', ['Miete', 'Arbeitstausch', 'Gemeinschaftsgarten'], `${COUNT} Flächen auf der Karte`],
] as const) {
  test(`${lang}: the map counts every result, as many as the cards, with a legend`, async ({ page }) => {
    await page.goto(`${prefix}/listings?location=${CITY}%2C+WA`);
    // The cards come a page at a time: all of them.
    const cards = page.locator('main ul.grid > li');
    await expect(cards.first()).toBeVisible();
    const more = page.getByRole('button', {
      name: lang === 'en' ? 'Load more spaces' : 'Weitere Flächen laden',
    });
    while (await more.isVisible()) {
      const before = await cards.count();
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(before);
    }
    const shown = await cards.count();
    expect(shown).toBe(COUNT);
    await page.goto(`${prefix}/listings?location=${CITY}%2C+WA&view=map`);
    const mapCount = page.getByTestId('map-count');
    await expect(mapCount).toHaveAttribute('data-count', String(shown));
    await expect(mapCount).toHaveText(count);
    const items = page
      .getByRole('list', { name: lang === 'en' ? 'Map legend' : 'Kartenlegende' })
      .getByRole('listitem');
    await expect(items).toHaveText([...legend]);
  });
}

test('on a phone the map opens on the lower 48 when results are there, not stretched to Alaska', async ({
  browser,
}) => {
  const context = await host(browser);
  for (const [city, state] of [
    ['Anchorage', 'AK'],
    ['Boise', 'ID'],
  ])
    expect(
      (
        await context.request.post('/api/listings', {
          data: {
            type: 'community',
            title: `Tundra and sage plot in ${city}`,
            description: 'Shared beds for anyone who wants to grow, with water and tools on site.',
            location: '1 Garden Way',
            city,
            state,
            amenities: [],
            images: [],
          },
        })
      ).status(),
    ).toBe(201);
  await context.close();
  for (const [width, markers] of [
    [375, 1],
    [1280, 2],
  ]) {
    const phone = await newContext(browser, { viewport: { width, height: 812 } });
    const page = await phone.newPage();
    await page.goto('/listings?q=tundra&view=map');
    await expect(page.getByTestId('map-count')).toHaveAttribute('data-count', '2');
    // Leaflet draws only the markers in view.
    await expect(page.locator('.leaflet-marker-icon[aria-label^="Community"]')).toHaveCount(markers);
    await page.getByTestId('listings-map').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots(`map-lower48-${width}`) });
    await phone.close();
  }
});

test('on a phone coast-to-coast results fill the map; a New York listing is on it too', async ({
  browser,
}) => {
  const context = await host(browser);
  for (const [city, state] of [
    ['Seattle', 'WA'],
    ['Boston', 'MA'],
    ['New York', 'NY'],
  ])
    expect(
      (
        await context.request.post('/api/listings', {
          data: {
            type: 'community',
            title: `Coastal rhubarb bed in ${city}`,
            description: 'Shared beds for anyone who wants to grow, with water and tools on site.',
            location: '1 Garden Way',
            city,
            state,
            amenities: [],
            images: [],
          },
        })
      ).status(),
    ).toBe(201);
  await context.close();
  const phone = await newContext(browser, { viewport: { width: 375, height: 812 } });
  const page = await phone.newPage();
  await page.goto('/listings?q=rhubarb&view=map');
  // "New York", NY has a point (it is New York City), so the map counts all three results.
  await expect(page.getByTestId('results-summary')).toHaveText(/^3 spaces found/);
  await expect(page.getByTestId('map-count')).toHaveAttribute('data-count', '3');
  // Seattle's marker, and Boston's and New York's (or their cluster) in the east.
  const icons = page.locator('.leaflet-marker-icon');
  await expect(icons.nth(1)).toBeVisible();
  // Seattle to Boston is about 290 px wide at zoom 3; at zoom 2, with wide margins, half that.
  // The markers are drawn before the map has fitted the results: wait for the fitted map.
  const spread = async () => {
    const xs = await icons.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
    return Math.max(...xs) - Math.min(...xs);
  };
  await expect
    .poll(spread, { message: 'Seattle and the east coast far apart on the map' })
    .toBeGreaterThan(220);
  await page.getByTestId('listings-map').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots('map-coast-to-coast-375') });
  await phone.close();
});
