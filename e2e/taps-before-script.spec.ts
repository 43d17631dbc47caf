import fs from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, skipOnboarding, test } from './fixtures.ts';
import { newUser, verifyEmail } from './helpers.ts';

// Every primary control works before the page's script (ADR 058): a phone on a slow network, the
// scripts held back 5 s, taps each control while the page is still only the server's HTML, and the
// control does its job: a link or a form the server answers with the right page.

const HOLD_MS = 5000;
const SHOTS = '/tmp/shots';
fs.mkdirSync(SHOTS, { recursive: true });
const tag = `Taps${Date.now() % 100000}`;
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + DAY).toISOString().slice(0, 10);

type Member = { context: BrowserContext; id: number };
let host: Member;
let grower: Member;
let garden: number; // three plots, free
let full: number; // one plot, taken open-ended
let halfTaken: number; // one plot, taken this month and next

// A context whose /assets/*.js arrive HOLD_MS late (the page's script and its chunks).
async function slowContext(browser: Browser, width: number, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 812 }, ...options });
  await context.addInitScript(skipOnboarding);
  await context.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await new Promise((r) => setTimeout(r, HOLD_MS));
    await route.continue().catch(() => {});
  });
  return context;
}

// Registered (which signs the context in) and confirmed.
async function member(browser: Browser): Promise<Member> {
  const context = await slowContext(browser, 375);
  const u = newUser();
  const res = await context.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(context.request, u.email);
  return { context, id: ((await res.json()) as { id: number }).id };
}

async function listGarden(request: APIRequestContext, title: string, plots: number) {
  const made = await request.post('/api/listings', {
    data: {
      title,
      description: 'Shared raised beds behind the library, water on site and a shed full of tools.',
      type: 'community',
      price: null,
      workHours: null,
      bookingMode: 'instant',
      plots,
      location: '8 Garden Row',
      city: 'Portland',
      state: 'OR',
      amenities: ['Water access'],
      images: [],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { id: number }).id;
}

// The page as the server sent it: opened without waiting for the script, which must not have run.
async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('#root').waitFor({ state: 'attached' });
}
async function tap(page: Page, control: ReturnType<Page['locator']>) {
  await expect(control).toBeVisible();
  expect(await page.locator('html[data-hydrated]').count(), 'the script has not run yet').toBe(0);
  await control.click({ noWaitAfter: true });
}

test.describe.configure({ timeout: 60_000 });

test.beforeAll(async ({ browser }) => {
  host = await member(browser);
  grower = await member(browser);
  const filler = await member(browser);
  garden = await listGarden(host.context.request, `${tag} library beds`, 3);
  full = await listGarden(host.context.request, `${tag} full garden`, 1);
  halfTaken = await listGarden(host.context.request, `${tag} busy garden`, 1);
  const taken = await filler.context.request.post('/api/bookings', {
    data: { listingId: full, start: tomorrow(), months: null },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  const busy = await filler.context.request.post('/api/bookings', {
    data: { listingId: halfTaken, start: today(), months: 1 },
  });
  expect(busy.status(), await busy.text()).toBe(201);
  await filler.context.close();
});
test.afterAll(async () => {
  await host?.context.close();
  await grower?.context.close();
});

test('a visitor at 375 px: the Register tab, the hero search, near a place, Filters, Contact Host', async ({
  browser,
}) => {
  const context = await slowContext(browser, 375);
  const page = await context.newPage();

  await open(page, '/auth');
  await tap(page, page.getByRole('tab', { name: 'Register' }));
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('input[name="confirmPassword"]')).toBeVisible();

  await open(page, '/');
  await page.locator('#hero-where').fill('Portland, OR');
  await tap(page, page.getByRole('button', { name: 'Find Your Space Now!' }));
  await expect(page).toHaveURL(/\/listings\?location=Portland%2C\+OR/);
  await expect(page.getByText(`${tag} library beds`)).toBeVisible();

  await open(page, '/');
  await page.locator('#near-location').fill('Portland, OR');
  await tap(page, page.getByRole('button', { name: 'View Interactive Map' }));
  await expect(page).toHaveURL(/\/listings\?view=map&location=Portland%2C\+OR/);

  await open(page, `/listings?q=${tag}`);
  await tap(page, page.getByRole('button', { name: 'Filters' }));
  await expect(page).toHaveURL(new RegExp(`/listings\\?q=${tag}&filters=open`));
  const panel = page.locator('#listing-filters');
  await expect(panel.getByRole('button', { name: 'Apply filters' })).toBeVisible();
  await panel.locator('input[name="minSize"]').fill('1');
  await tap(page, panel.getByRole('button', { name: 'Apply filters' }));
  await expect(page).toHaveURL(/minSize=1/);
  await expect(page).not.toHaveURL(/filters=open/);

  await open(page, `/listings/${garden}`);
  await tap(page, page.getByRole('button', { name: 'Contact Host' }));
  await expect(page).toHaveURL(new RegExp(`/auth\\?next=/messages/${host.id}%3Flisting%3D${garden}$`));
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await context.close();
});

test('a member at 375 px: Contact Host, the message, booking and review forms, the waiting list', async () => {
  const page = await grower.context.newPage();

  await open(page, `/listings/${garden}`);
  await tap(page, page.getByRole('button', { name: 'Contact Host' }));
  await expect(page).toHaveURL(new RegExp(`/messages/${host.id}\\?listing=${garden}$`));
  await page.locator('#message-input').fill(`${tag} hello before the script`);
  await tap(page, page.getByRole('button', { name: 'Send message' }));
  await expect(page.getByRole('log').getByText(`${tag} hello before the script`)).toBeVisible();

  await open(page, `/listings/${garden}`);
  await page.locator('textarea[name="comment"]').fill(`${tag} lovely beds`);
  await tap(page, page.getByRole('button', { name: 'Submit Review' }));
  await expect(page).toHaveURL(new RegExp(`/listings/${garden}#reviews-heading$`));
  await expect(page.getByRole('paragraph').filter({ hasText: `${tag} lovely beds` })).toBeVisible();

  await open(page, `/listings/${garden}`);
  await tap(page, page.getByRole('button', { name: 'Join this garden' }));
  await expect(page).toHaveURL(/\/bookings\/\d+$/);
  await expect(page.getByText(`${tag} library beds`).first()).toBeVisible({ timeout: 15_000 });

  // A full garden offers its waiting list, not a button that can only be refused.
  await open(page, `/listings/${full}`);
  await expect(page.getByText('Every plot is taken.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join this garden' })).toHaveCount(0);
  await tap(page, page.getByRole('button', { name: 'Join the waiting list' }));
  await expect(page).toHaveURL(new RegExp(`/listings/${full}$`));
  await expect(page.getByText('You are number 1 in line')).toBeVisible();
  await page.close();
});

// A choice made while the script loads is still the form's once it runs (kept before hydrating,
// taken up by the form: ADR 058).
test('a member at 375 px: months and a start chosen before the script are kept once it runs', async ({
  browser,
}) => {
  // A member with no booking of this garden yet: its booking form is the one drawn.
  const fresh = await member(browser);
  const page = await fresh.context.newPage();
  await open(page, `/listings/${garden}`);
  const card = page.getByRole('form', { name: 'Book this space' });
  const months = card.getByLabel('Months', { exact: true });
  await expect(months).toBeVisible();
  expect(await page.locator('html[data-hydrated]').count(), 'the script has not run yet').toBe(0);
  await months.selectOption('3');
  await card.locator('input[name="start"]').fill(tomorrow());
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 20_000 });
  await expect(months).toHaveValue('3');
  await expect(card.locator('input[name="start"]')).toHaveValue(tomorrow());
  await fresh.context.close();
});

// What the screens look like now: at a phone's and a laptop's width.
for (const width of [375, 1280]) {
  test(`screens at ${width} px: the full garden, the first free day, register without the script`, async ({
    browser,
  }) => {
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
    const plain = await visitor.newPage();
    await plain.goto('/auth?tab=register');
    await expect(plain.locator('input[name="confirmPassword"]')).toBeVisible();
    await plain.screenshot({ path: `${SHOTS}/auth-register-no-script-${width}.png` });
    await visitor.close();

    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript(skipOnboarding);
    const u = newUser();
    expect((await context.request.post('/api/register', { data: u })).status()).toBe(201);
    const page = await context.newPage();
    await page.goto(`/listings/${full}`);
    const card = page.locator('aside');
    await expect(card.getByText('Every plot is taken.')).toBeVisible();
    await card.screenshot({ path: `${SHOTS}/full-garden-waitlist-${width}.png` });
    await page.goto(`/listings/${halfTaken}`);
    const line = page.getByText(/Left empty, it starts on .+, the first free day\./);
    await expect(line).toBeVisible();
    await expect(line).not.toContainText('today');
    await card.screenshot({ path: `${SHOTS}/first-free-day-${width}.png` });
    await context.close();
  });
}
