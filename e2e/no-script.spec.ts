import type { Browser, Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { createRental, newUser, verifyEmail } from './helpers.ts';

// Finding a space before, and without, the page's script (ADR 051): the hero search and the
// listings page's search, type buttons and filters are plain GET forms named as the address, and
// the server renders /listings from it. With the script: "near" forgives typos, and the place
// suggestions close on Enter and never cover the hero's button.

const shots = (name: string) => `test-results/screens/${name}.png`;
const tag = `NoScript${Date.now() % 100000}`;

test.beforeAll(async ({ browser }) => {
  const host = await newContext(browser);
  const u = newUser();
  expect((await host.request.post('/api/register', { data: u })).status()).toBe(201);
  await verifyEmail(host.request, u.email);
  for (const [city, state, title, price] of [
    ['Seattle', 'WA', `${tag} pea patch in Seattle`, 30],
    ['Tacoma', 'WA', `${tag} raised beds in Tacoma`, 80],
    ['Boise', 'ID', `${tag} orchard rows in Boise`, 55],
  ] as const)
    await createRental(host.request, title, price, { city, state });
  await host.close();
});

// A visitor whose browser runs no script at all: no page.goto() wrapper waiting for hydration.
async function withoutScript(browser: Browser, width: number) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}
const titles = (page: Page) => page.locator('main ul.grid > li h3');

const LANGS = [
  ['en', '', { button: 'Find Your Space Now!', search: 'Search Spaces', apply: 'Apply filters' }],
  ['de', '/de', { button: 'Finde jetzt deine Fläche!', search: 'Flächen suchen', apply: 'Filter anwenden' }],
] as const;
for (const [lang, prefix, words, width] of LANGS.flatMap((l) => [375, 1280].map((w) => [...l, w] as const))) {
  test(`${lang} ${width}px without JavaScript: the hero search opens the listings for the place`, async ({
    browser,
  }) => {
    const { context, page } = await withoutScript(browser, width);
    await page.goto(`${prefix}/`);
    await page.locator('#hero-where').fill('Boise, ID');
    await page.getByRole('button', { name: words.button }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/listings\\?location=Boise%2C\\+ID`));
    await expect(page.getByText(`${tag} orchard rows in Boise`)).toBeVisible();
    await expect(page.getByText(`${tag} pea patch in Seattle`)).toHaveCount(0);
    await page.screenshot({ path: shots(`no-script-hero-${lang}-${width}`) });
    await context.close();
  });

  test(`${lang} ${width}px without JavaScript: the listings search, type buttons and filters`, async ({
    browser,
  }) => {
    const { context, page } = await withoutScript(browser, width);
    await page.goto(`${prefix}/listings`);
    // The search: a place and keywords.
    await page.locator('#listings-search').fill('Boise');
    await page.locator('#listings-keywords').fill(tag);
    await page.getByRole('button', { name: words.search }).click();
    await expect(page).toHaveURL(/location=Boise&q=NoScript/);
    await expect(titles(page)).toHaveText([`${tag} orchard rows in Boise`]);
    // The filters, there without a toggle: a misspelt place near which to look, and a price.
    await page.locator('#listings-search').fill('');
    await page.getByRole('button', { name: words.search }).click();
    await expect(page).not.toHaveURL(/location=Boise/);
    const filters = page.locator('#listing-filters-plain');
    await filters.getByRole('combobox', { name: /Near a place|In der Nähe/ }).fill('Seatle');
    await filters.locator('select[name="radiusKm"]').selectOption('100');
    await filters.locator('input[name="maxPrice"]').fill('60');
    await filters.screenshot({ path: shots(`no-script-filters-${lang}-${width}`) });
    await filters.getByRole('button', { name: words.apply }).click();
    await expect(page).toHaveURL(/near=Seatle&radiusKm=100/);
    // Read as Seattle, WA: the Seattle plot (Tacoma's is over the price), keywords kept.
    await expect(titles(page)).toHaveText([`${tag} pea patch in Seattle`]);
    await expect(page.getByTestId('results-near')).toContainText('Seattle, WA');
    await expect(page.getByText(/Error loading listings|Fehler beim Laden der Inserate/)).toHaveCount(0);
    await page.getByTestId('results-near').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots(`no-script-results-${lang}-${width}`) });
    // A type button keeps the rest of the address.
    await page.getByRole('button', { name: lang === 'en' ? 'Work Exchange' : 'Arbeitstausch' }).click();
    await expect(page).toHaveURL(/type=exchange/);
    await expect(page).toHaveURL(/near=Seatle/);
    await context.close();
  });
}

test('near a place forgives typos: "Seatle" is suggested and applied as Seattle, WA', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/listings?q=${tag}`);
  await page.getByRole('button', { name: 'Filters' }).click();
  const near = page.getByRole('combobox', { name: 'Near a place (city, state)' });
  await near.fill('Seatle');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Seattle, WA');
  await page.screenshot({ path: shots('near-suggest-en-1280') });
  await near.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(page).toHaveURL(/near=Seatle/);
  await expect(page.getByTestId('results-near')).toHaveText(/Showing spaces near Seattle, WA\./);
  await expect(page.getByText(`${tag} pea patch in Seattle`)).toBeVisible();
  await expect(page.getByText('Error loading listings')).toHaveCount(0);

  await page.goto('/listings?near=Qwzxv');
  await expect(page.getByRole('alert')).toHaveText('We could not find the place "Qwzxv". Try "City, State".');
  await expect(page.getByText('Error loading listings')).toHaveCount(0);
});

test('the place suggestions close on Enter on /listings', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/listings');
  const box = page.getByRole('combobox', { name: 'Search by city or state' });
  await box.fill('Seatle');
  await expect(page.getByRole('listbox')).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/location=Seatle/);
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
});

for (const [width, lang, prefix] of [
  [375, 'en', ''],
  [1280, 'de', '/de'],
] as const) {
  test(`${lang} ${width}px: the hero's suggestions never cover its button`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${prefix}/`);
    const box = page.locator('#hero-where');
    await box.fill('Sea');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toBeVisible();
    const button = page.locator('form[role="search"] button[type="submit"]');
    const a = (await list.boundingBox())!;
    const b = (await button.boundingBox())!;
    expect(a.y + a.height, 'the list ends above the button').toBeLessThanOrEqual(b.y);
    await page.screenshot({ path: shots(`hero-suggest-${lang}-${width}`) });
    // The button takes the click with the list open.
    await button.click();
    await expect(page).toHaveURL(/\/listings\?location=Sea/);
  });
}
