import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures.ts';
import { axeProblems, newUser, verifyEmail, waitForMail } from './helpers.ts';
import { type OwnServer, ownServerEnv, startOwnServer } from './own-server.ts';

// Waiting lists (issue 54, ADR 049), as one story: a community garden with one plot, taken; two
// growers join its waiting list from the listing page; the host sees the line and moves the second
// up, with a reason; the plot frees (the booking is cancelled) and the one now first is offered it
// (notification, e-mail, their bookings page) and accepts; the host adds a plot and the other is
// offered that one and accepts it on the listing page. Offers are made by the waitlists.offers job
// of a server of its own whose jobs run every 2 s; the test waits for each offer, never a fixed time.
const shots = (name: string) => `test-results/screens/${name}.png`;
const OFFER_MS = 60_000;
let server: OwnServer | null = null;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const base = new URL(String(test.info().project.use.baseURL));
  const port = Number(base.port) + 4;
  origin = `http://127.0.0.1:${port}`;
  server = await startOwnServer({
    name: 'waitlists',
    origin,
    timeoutMs: 90_000,
    env: (dataDir) => ownServerEnv(base, port, dataDir),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

type Party = { id: number; name: string; email: string; context: BrowserContext; page: Page };

async function party(browser: Browser, width: number): Promise<Party> {
  const context = await newContext(browser, {
    viewport: { width, height: width < 500 ? 812 : 900 },
    baseURL: origin,
  });
  const u = newUser();
  const res = await context.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(context.request, u.email);
  const { id } = (await res.json()) as { id: number };
  return { id, name: u.name, email: u.email, context, page: await context.newPage() };
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

// The page at both widths, or only `part` of it (a long form's last section).
async function both(page: Page, name: string, part?: Locator) {
  for (const [width, height] of [
    [375, 812],
    [1280, 900],
  ]) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo(0, 0));
    if (width === 375) await fitsWidth(page, 375);
    if (part) await part.screenshot({ path: shots(`${name}-${width}`) });
    else await page.screenshot({ path: shots(`${name}-${width}`), fullPage: true });
  }
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

// Reloads until the offer the job makes is on the page (each look at most 3 s, all within OFFER_MS).
async function untilOffered(page: Page) {
  const offer = page.getByTestId('waitlist-offer');
  await expect(async () => {
    await page.reload();
    await expect(offer).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: OFFER_MS });
  return offer;
}

async function joinFromListing(page: Page, listingId: number, note: string, shot?: string) {
  await page.goto(`/listings/${listingId}`);
  await expect(page.getByText('Every plot is taken.')).toBeVisible();
  await page.getByRole('button', { name: 'Join the waiting list' }).click();
  const form = page.getByRole('form', { name: 'Join the waiting list' });
  await expect(form.getByLabel('Months')).toHaveValue('');
  await form.getByLabel('Note to the host (optional)').fill(note);
  // The waiting list's panel, filled in, under the booking form.
  if (shot) await both(page, shot, form.locator('xpath=ancestor::section[1]'));
  await form.getByRole('button', { name: 'Join the waiting list' }).click();
}

test('a full garden: two growers wait, each is offered a plot as one frees and books it', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const host = await party(browser, 1280);
  const occupier = await party(browser, 1280);
  const first = await party(browser, 1280);
  const second = await party(browser, 375);

  const made = await host.context.request.post('/api/listings', {
    data: {
      title: 'Maple Street Community Garden',
      description: 'Shared raised beds behind the library, water on site and a shed full of tools.',
      type: 'community',
      price: null,
      workHours: null,
      bookingMode: 'instant',
      plots: 1,
      location: '8 Garden Row',
      city: 'Portland',
      state: 'OR',
      amenities: ['Water access'],
      images: [],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const listing = (await made.json()) as { id: number };
  // The one plot, taken from tomorrow on, open-ended.
  const taken = await occupier.context.request.post('/api/bookings', {
    data: { listingId: listing.id, start: tomorrow(), months: null },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  const booking = (await taken.json()) as { id: number; status: string };
  expect(booking.status).toBe('accepted');

  // Two growers join from the listing page, each told their number in line.
  await joinFromListing(first.page, listing.id, 'Tomatoes and beans, any bed.');
  await expect(first.page.getByText('You are number 1 in line')).toBeVisible();
  await joinFromListing(
    second.page,
    listing.id,
    'I live next door and can water for others.',
    'waitlist-join-form',
  );
  const place = second.page.getByTestId('waitlist-place');
  await expect(place.getByText('You are number 2 in line')).toBeVisible();
  await expect(place.getByRole('button', { name: 'Leave the waiting list' })).toBeVisible();
  await both(second.page, 'waitlist-listing-place');
  expect(await axeProblems(second.page)).toEqual([]);

  // The host sees the line in order and moves the second up, saying why.
  await host.page.goto(`/listings/${listing.id}/edit`);
  const line = host.page.getByTestId('waitlist-entry');
  await expect(line).toHaveCount(2);
  await expect(line.nth(0)).toContainText(first.name);
  await expect(line.nth(0)).toContainText('Tomatoes and beans');
  await expect(line.nth(1)).toContainText(second.name);
  await host.page.getByRole('button', { name: `Move ${second.name} up` }).click();
  await expect(host.page.getByText(`Move ${second.name} up to number 1`)).toBeVisible();
  await host.page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(host.page.getByText('Please give a reason')).toBeVisible();
  await host.page
    .getByLabel('Why move them? (kept in the audit log)')
    .fill('Lives next door, waters for all');
  await host.page.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(line.nth(0)).toContainText(second.name);
  await expect(line.nth(1)).toContainText(first.name);
  await both(host.page, 'waitlist-host-line', host.page.getByRole('region', { name: 'Waiting list' }));
  expect(await axeProblems(host.page)).toEqual([]);

  // The plot frees: the one now first is offered it, by e-mail and on their bookings page.
  const cancelled = await occupier.context.request.post(`/api/bookings/${booking.id}/cancel`);
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await second.page.goto('/bookings');
  const offer = await untilOffered(second.page);
  await expect(offer).toContainText('A plot is offered to you');
  await expect(offer.locator('time')).toHaveText(/\d{1,2}:\d{2}/);
  const mail = await waitForMail(second.email, /A plot is free for you at/);
  expect(mail.text).toContain('/bookings');
  await both(second.page, 'waitlist-bookings-offer');
  // The first is still waiting, now number 1 of those waiting behind the offer.
  await first.page.goto(`/listings/${listing.id}`);
  await expect(first.page.getByTestId('waitlist-place')).toBeVisible();
  await expect(first.page.getByTestId('waitlist-offer')).toHaveCount(0);

  await offer.getByRole('button', { name: 'Accept the plot' }).click();
  await second.page.waitForURL(/\/bookings\/\d+$/);
  await expect(second.page.getByText('Maple Street Community Garden').first()).toBeVisible();

  // The host adds a plot: the other grower is offered it and accepts on the listing page.
  const raised = await host.context.request.patch(`/api/listings/${listing.id}`, { data: { plots: 2 } });
  expect(raised.status(), await raised.text()).toBe(200);
  await first.page.goto(`/listings/${listing.id}`);
  const next = await untilOffered(first.page);
  await both(first.page, 'waitlist-listing-offer');
  await next.getByRole('button', { name: 'Accept the plot' }).click();
  await first.page.waitForURL(/\/bookings\/\d+$/);

  // Both hold a booking now (it began today, so the job may already have made it active); the
  // host's line is empty.
  for (const p of [first, second]) {
    const res = await p.context.request.get('/api/bookings');
    const list = (await res.json()) as { asGrower: { listingId: number; status: string }[] };
    const mine = list.asGrower.filter((b) => b.listingId === listing.id);
    expect(mine).toHaveLength(1);
    expect(['accepted', 'active']).toContain(mine[0].status);
  }
  await host.page.reload();
  await expect(host.page.getByText('Nobody is waiting.')).toBeVisible();
  for (const p of [host, occupier, first, second]) await p.context.close();
});
