import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { newUser, verifyEmail } from './helpers.ts';

// Signed-out visitors get public pages pre-rendered by the server (docs/decisions/011). The page
// reads before any script runs, and React then hydrates the same markup: nothing is re-created,
// nothing is fetched again, nothing is logged as an error.

type Watch = { removed: number; hydrated: boolean };
declare global {
  interface Window {
    __watch: Watch;
  }
}

// Counts elements removed from #root from the first byte until the app marks itself hydrated (a
// failed hydration re-creates the tree). Records arrive in order, so the hydration's own removals
// come before the mark; what a widget does later (a map loading into its box) is not hydration.
function watchRoot() {
  window.__watch = { removed: 0, hydrated: false };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') {
        if (r.target === document.documentElement) window.__watch.hydrated = true;
        continue;
      }
      if (window.__watch.hydrated) continue;
      if (!(r.target instanceof Element) || !r.target.closest('#root')) continue;
      for (const n of r.removedNodes) if (n.nodeType === Node.ELEMENT_NODE) window.__watch.removed++;
    }
  }).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-hydrated'],
  });
}

test('public pages arrive rendered, hydrate in place without refetching, and work', async ({
  browser,
  page,
  request,
}) => {
  // A host with a listing, made through the API.
  const host = newUser();
  expect((await request.post('/api/register', { data: host })).status()).toBe(201);
  await verifyEmail(request, host.email);
  const created = await request.post('/api/listings', {
    data: {
      type: 'rental',
      title: 'Pre-rendered plot by the orchard',
      description: 'Two raised beds beside an apple orchard, with a rain barrel and morning sun.',
      price: 30,
      location: '4 Orchard Lane',
      city: 'Eugene',
      state: 'OR',
      amenities: ['Water'],
      images: [],
    },
  });
  expect(created.status()).toBe(201);
  const listing = (await created.json()) as { id: number };

  // With scripts off, the pages still read: the content is in the HTML.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const still = await noJs.newPage();
  await still.goto(`/listings/${listing.id}`);
  await expect(
    still.getByRole('heading', { level: 1, name: 'Pre-rendered plot by the orchard' }),
  ).toBeVisible();
  await expect(still.getByText('$30', { exact: true }).first()).toBeVisible();
  await still.goto('/how-it-works');
  await expect(still.getByRole('heading', { level: 1 })).toBeVisible();
  await noJs.close();

  // With scripts on: hydration keeps every element and asks the API for nothing the page already has.
  await page.addInitScript(watchRoot);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // The API requests of the page under test for its data. The listing's map is never pre-rendered:
  // it asks for its tiles' settings once the page has hydrated, which now comes after the load event
  // (ADR 042), so that request may come before or after the check, even while the next page loads.
  const apiCalls: string[] = [];
  let current = '';
  page.on('request', (r) => {
    const fromPage = new URL(r.frame().url()).pathname === current;
    const api = new URL(r.url()).pathname;
    if (fromPage && api.startsWith('/api/') && api !== '/api/map-config') apiCalls.push(r.url());
  });
  for (const path of [
    '/',
    '/listings',
    `/listings/${listing.id}`,
    '/blog/rise-of-yardsharing',
    '/resources',
  ]) {
    apiCalls.length = 0;
    current = path;
    await page.goto(path);
    expect(await page.evaluate(() => window.__watch.removed), path).toBe(0);
    expect(apiCalls, path).toEqual([]);
  }
  expect(errors).toEqual([]);

  // And it is the live app: filters respond, links navigate without a reload.
  await page.goto('/');
  await page.evaluate(() => {
    document.body.dataset.sameDocument = 'yes';
  });
  const rentals = page.getByRole('button', { name: 'Rentals' });
  await rentals.click();
  await expect(rentals).toHaveAttribute('aria-pressed', 'true');
  await page
    .getByRole('link', { name: /Pre-rendered plot by the orchard/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/listings/${listing.id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pre-rendered plot by the orchard' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.body.dataset.sameDocument)).toBe('yes');
});

// The build compresses each script and stylesheet once (scripts/compress-client.mjs): the server
// sends that brotli copy, or the gzip one, byte for byte, and the plain file to a client that
// takes neither.
test('scripts and styles go out as the build compressed them: brotli, else gzip, else plain', async ({
  page,
}) => {
  const client = path.resolve(process.env.YS_DIST ?? 'dist', 'client');
  await page.goto('/');
  const entry = await page.evaluate(() => JSON.parse(document.getElementById('ys-late')!.textContent!)[0]);
  const css = await page.evaluate(
    () => document.querySelector<HTMLLinkElement>('link[rel=stylesheet]')!.href,
  );
  for (const url of [entry, new URL(css).pathname]) {
    const file = path.join(client, url);
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
      ['identity', undefined, ''],
    ] as const) {
      const res = await page.request.get(url, { headers: { 'accept-encoding': accept } });
      expect(res.status()).toBe(200);
      expect(res.headers()['content-encoding']).toBe(encoding);
      expect(Number(res.headers()['content-length'])).toBe(fs.statSync(file + suffix).size);
      expect((await res.body()).equals(fs.readFileSync(file))).toBe(true);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  }
});
