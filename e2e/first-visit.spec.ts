import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { newUser, verifyEmail } from './helpers.ts';

// Messages on a phone (one column, a back button) and on a desktop (two columns), with the
// screenshots of the first-visit screens at 375 and 1280 px.
const SHOTS = process.env.SCREENS_DIR ?? 'test-results/screens';

async function member(request: APIRequestContext, name?: string) {
  const u = newUser();
  const res = await request.post('/api/register', { data: { ...u, name: name ?? u.name } });
  expect(res.status()).toBe(201);
  await verifyEmail(request, u.email);
  return { ...u, id: ((await res.json()) as { id: number }).id };
}

const noWiderThanScreen = async (page: import('@playwright/test').Page) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

test('messages: one column with a back button on a phone, two columns on a desktop', async ({
  page,
  playwright,
  baseURL,
}) => {
  const me = await member(page.request);
  const writers = [];
  for (const name of ['Henrietta Wolfeschlegelsteinhausen-Bergerdorff', 'Sam Lee']) {
    const api = await playwright.request.newContext({ baseURL });
    writers.push({ api, ...(await member(api, name)) });
  }
  for (const w of writers) {
    const sent = await w.api.post('/api/messages', {
      data: {
        toUserId: me.id,
        content: `Hello from ${w.name}! Is the corner plot with the raised beds free?`,
      },
    });
    expect(sent.ok()).toBe(true);
  }
  const [henrietta] = writers;

  await page.setViewportSize({ width: 375, height: 780 });
  await page.goto('/messages');
  const row = page.locator(`main aside a[href$="/messages/${henrietta.id}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByLabel('Search conversations')).toBeInViewport({ ratio: 1 });
  await noWiderThanScreen(page);
  await page.screenshot({ path: `${SHOTS}/messages-list-375.png`, fullPage: true });

  await row.click();
  await page.waitForURL(`/messages/${henrietta.id}`);
  await expect(page.getByTestId('message').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Conversations' })).toBeHidden();
  await noWiderThanScreen(page);
  await page.screenshot({ path: `${SHOTS}/messages-thread-375.png` });
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await page.waitForURL('/messages');
  await expect(row).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`/messages/${henrietta.id}`);
  await expect(page.getByTestId('message').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Conversations' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to conversations' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/messages-thread-1280.png` });
  await page.goto('/messages');
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/messages-list-1280.png` });
  for (const w of writers) await w.api.dispose();
});

// The same on a phone in German: the list, the search box in view, one column, the back button.
function de(id: string): string {
  const po = fs.readFileSync('src/client/locales/de/app.po', 'utf8');
  const m = new RegExp(`\\nmsgid "${id}"\\nmsgstr "([^"]+)"`).exec(po);
  if (!m) throw new Error(`no German text for ${id}`);
  return m[1];
}

test('de: messages at 375 px with conversations, one column with a back button', async ({
  page,
  playwright,
  baseURL,
}) => {
  const me = await member(page.request);
  const api = await playwright.request.newContext({ baseURL });
  const writer = await member(api, 'Wilhelmine Brandenburg-Schwarzenfeld');
  const sent = await api.post('/api/messages', {
    data: { toUserId: me.id, content: 'Guten Tag! Ist das Eckbeet mit den Hochbeeten noch frei?' },
  });
  expect(sent.ok()).toBe(true);
  await page.setViewportSize({ width: 375, height: 780 });
  await page.goto('/de/messages');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const row = page.locator(`main aside a[href$="/messages/${writer.id}"]`);
  await expect(row).toBeVisible();
  await expect(page.getByLabel(de('Search conversations'))).toBeInViewport({ ratio: 1 });
  await noWiderThanScreen(page);
  await page.screenshot({ path: `${SHOTS}/messages-list-de-375.png`, fullPage: true });
  await row.click();
  await page.waitForURL(`/de/messages/${writer.id}`);
  await expect(page.getByTestId('message').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: de('Conversations') })).toBeHidden();
  await noWiderThanScreen(page);
  await page.screenshot({ path: `${SHOTS}/messages-thread-de-375.png` });
  await page.getByRole('button', { name: de('Back to conversations') }).click();
  await page.waitForURL('/de/messages');
  await expect(row).toBeVisible();
  await api.dispose();
});

test('screenshots: /auth from Join, and the 404 screen, at 375 and 1280 px', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/how-it-works');
    if (width < 768) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Sign In / Join' }).click();
      // The register tab, as from Join (ADR 052).
      await page.waitForURL('/auth?next=/how-it-works&tab=register');
    } else {
      await page.getByRole('link', { name: 'Join', exact: true }).click();
      await page.waitForURL('/auth?next=/how-it-works&tab=register');
    }
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    // The form is on the first screen, phones included.
    await expect(page.getByLabel('Username')).toBeInViewport();
    await noWiderThanScreen(page);
    await page.screenshot({ path: `${SHOTS}/auth-join-${width}.png`, fullPage: true });

    await page.goto('/de/no/such/page');
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
    await noWiderThanScreen(page);
    await page.screenshot({ path: `${SHOTS}/not-found-de-${width}.png` });
    await page.goto('/no/such/page');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/not-found-${width}.png` });
  }
});
