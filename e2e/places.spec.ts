import { expect, newContext, test } from './fixtures.ts';
import { createRental, newUser, verifyEmail } from './helpers.ts';

// Places that forgive typos (ADR 038): the location boxes suggest places as they are typed,
// misspelt or partial; a misspelt search is read as the place it means and says how many it
// found; an empty one offers the places nearby with spaces.

const shots = (name: string) => `test-results/screens/${name}.png`;

test.beforeAll(async ({ browser }) => {
  const host = await newContext(browser);
  const u = newUser();
  expect((await host.request.post('/api/register', { data: u })).status()).toBe(201);
  await verifyEmail(host.request, u.email);
  for (const [city, state, title] of [
    ['Portland', 'OR', 'Typo test beds by the river'],
    ['Portland', 'OR', 'Typo test greenhouse bench'],
    ['Austin', 'TX', 'Typo test market garden'],
  ])
    await createRental(host.request, title, 40, { city, state });
  await host.close();
});

test('en: a misspelt place is suggested as it is typed, picked with the keys, and counted', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/listings');
  const box = page.getByRole('combobox', { name: 'Search by city or state' });
  await box.fill('portlnd');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toContainText('Portland, OR');
  // Ranked by listings: the Portland with spaces (other tests may have added some there too).
  await expect(options.first()).toContainText(/\d+ spaces/);
  const spaces = ((await options.first().textContent()) ?? '').match(/(\d+) spaces/)?.[1];
  await page.screenshot({ path: shots('places-suggest-en-375') });
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(page).toHaveURL(/location=Portland%2C(\+|%20)OR/);
  await expect(page.getByTestId('results-summary')).toHaveText(`${spaces} spaces found`);

  await page.goto('/listings?location=austn');
  await expect(page.getByTestId('results-summary')).toHaveText(
    /^\d+ spaces? found · Showing spaces in Austin, TX\.$/,
  );
  await expect(page.getByText('Typo test market garden')).toBeVisible();
});

test('de: the hero suggests places for a partial name, and an empty search offers places nearby', async ({
  page,
}) => {
  await page.goto('/de');
  const where = page.locator('#hero-where');
  await where.fill('san fran');
  await expect(page.getByRole('listbox').getByRole('option').first()).toHaveText(/San Francisco, CA/);
  await page.getByRole('listbox').getByRole('option').first().click();
  await expect(where).toHaveValue('San Francisco, CA');
  await page.screenshot({ path: shots('places-hero-de-1280') });

  // A place no spec lists in (other specs list in Salem and Portland, OR).
  await page.goto('/de/listings?location=Corvallis%2C+OR');
  await expect(page.getByRole('heading', { name: 'Keine Inserate gefunden' })).toBeVisible();
  const nearby = page.getByTestId('places-nearby');
  await expect(nearby.getByRole('heading')).toHaveText('Orte in der Nähe mit Flächen');
  await page.screenshot({ path: shots('places-nearby-de-1280'), fullPage: true });
  const portland = nearby.getByRole('link', { name: /Portland, OR/ });
  const count = ((await portland.textContent()) ?? '').match(/\((\d+)\)/)?.[1];
  await portland.click();
  await expect(page).toHaveURL(/\/de\/listings\?location=Portland/);
  await expect(page.getByTestId('results-summary')).toHaveText(`${count} Flächen gefunden`);
});

test('de: misspelt places in German pages: suggested as typed, read as the place meant, counted', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/de');
  const where = page.locator('#hero-where');
  await where.fill('portlnd');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('Portland, OR');
  await where.fill('new yourk');
  await expect(page.getByRole('listbox').getByRole('option').first()).toContainText('New York');

  await page.goto('/de/listings?location=austn');
  await expect(page.getByTestId('results-summary')).toHaveText(
    /^\d+ Flächen? gefunden · Flächen in Austin, TX\.$/,
  );
  await expect(page.getByText('Typo test market garden')).toBeVisible();
  await page.screenshot({ path: shots('places-typo-de-375') });
});

test('a place typed out in full is not covered by its own suggestion: the button below it works', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByLabel('Location');
  await box.fill('Portl');
  await expect(page.locator('#near-location-places')).toBeVisible();
  await box.fill('Portland, OR');
  await expect(page.locator('#near-location-places')).toBeHidden();
  await page.getByRole('button', { name: 'View Interactive Map' }).click();
  await expect(page).toHaveURL(/location=Portland.*view=map/);
});
