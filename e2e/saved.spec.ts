import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { newUser, toastEl, verifyEmail } from './helpers.ts';

// Saved spaces (the heart) and saved searches with their notification.

const shots = (name: string) => `test-results/screens/${name}.png`;

type Account = { id: number; context: BrowserContext; page: Page };

async function account(browser: Browser, width = 1280): Promise<Account> {
  const context = await newContext(browser, { viewport: { width, height: width < 500 ? 812 : 900 } });
  const u = newUser();
  const res = await context.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(context.request, u.email);
  const { id } = (await res.json()) as { id: number };
  return { id, context, page: await context.newPage() };
}

async function publish(host: Account, fields: { title: string; city: string; state: string }) {
  const res = await host.context.request.post('/api/listings', {
    data: {
      type: 'rental',
      price: 35,
      description: 'Two raised beds with a hose bib and afternoon shade.',
      location: '8 Juniper Ave',
      ...fields,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

test('signed out, the heart asks to log in', async ({ browser, page }) => {
  const host = await account(browser);
  const title = `Heart plot ${Date.now().toString(36)}`;
  const listing = await publish(host, { title, city: 'Eugene', state: 'OR' });
  await page.goto(`/listings/${listing.id}`);
  await page.getByRole('button', { name: `Save ${title}` }).click();
  await expect(toastEl(page).filter({ hasText: 'Authentication required' })).toBeVisible();
  await expect(toastEl(page).filter({ hasText: 'Please log in to save listings.' })).toBeVisible();
  await page.waitForURL(`/auth?next=/listings/${listing.id}`);
  await host.context.close();
});

test('a listing saved with the heart is on /saved, and unsaving removes it', async ({ browser }) => {
  const host = await account(browser);
  const title = `Saved plot ${Date.now().toString(36)}`;
  await publish(host, { title, city: 'Salem', state: 'OR' });
  await host.context.close();

  const grower = await account(browser);
  const { page } = grower;
  await page.goto('/listings?location=Salem');
  const heart = page.getByRole('button', { name: `Save ${title}` });
  await heart.click();
  await expect(page.getByRole('button', { name: `Remove ${title} from saved` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(toastEl(page).filter({ hasText: 'Search saved' })).toBeVisible();

  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'Saved', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Salem' })).toHaveAttribute(
    'href',
    '/listings?location=Salem',
  );
  await page.screenshot({ path: shots('saved-1280'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: shots('saved-375'), fullPage: true });

  await page.getByRole('button', { name: `Remove ${title} from saved` }).click();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete Salem' }).click();
  await expect(page.getByText('No saved searches yet.')).toBeVisible();
  await grower.context.close();
});

test('a saved search on /listings notifies its owner of a new matching listing', async ({ browser }) => {
  const grower = await account(browser);
  const { page } = grower;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/listings?location=Bend');
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(toastEl(page).filter({ hasText: 'Search saved' })).toBeVisible();
  await page.screenshot({ path: shots('listings-save-search-375') });

  const host = await account(browser);
  const title = `Bend beds ${Date.now().toString(36)}`;
  const listing = await publish(host, { title, city: 'Bend', state: 'OR' });
  await publish(host, { title: `Far away ${title}`, city: 'Austin', state: 'TX' });

  await page.goto('/notifications');
  const item = page.getByTestId('notification').filter({ hasText: title });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('New listing for your search');
  await item.click();
  await page.waitForURL(`/listings/${listing.id}`);
  await host.context.close();
  await grower.context.close();
});
