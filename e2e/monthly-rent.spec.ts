import type { Browser, Page } from '@playwright/test';
import { addMonths } from '../src/shared/booking-rules.ts';
import { expect, newContext, test } from './fixtures.ts';
import { axeProblems, newUser, toastEl, verifyEmail } from './helpers.ts';
import { type OwnServer, ownServerEnv, startOwnServer } from './own-server.ts';

// A stay both sides can rely on, as one story in a browser (issue 30; ADR 034, 037, 040): a host
// picks Strict and writes house rules; a grower reads the policy and the agreement before asking for
// three months paid month by month; the host accepts; the grower pays month one in the sandbox
// checkout; the host proposes a change to the agreement, which the grower reads beside the version
// in force and accepts; the month-two invoice arrives (the rent.invoices job of a server of its own,
// where invoices are written 31 days ahead, so at its next run, and jobs run every 2 s) and is paid; the host ends the stay
// early with the agreed notice: month two comes back and both are told when reviews open. (The
// reviews themselves open when the new end comes: end-early.test.ts moves time there.)
const shots = (name: string) => `test-results/screens/${name}.png`;
const JOBS_MS = 60_000;
let server: OwnServer | null = null;
let origin = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const base = new URL(String(test.info().project.use.baseURL));
  const port = Number(base.port) + 5;
  origin = `http://127.0.0.1:${port}`;
  server = await startOwnServer({
    name: 'monthly-rent',
    origin,
    timeoutMs: 90_000,
    env: (dataDir) =>
      ownServerEnv(base, port, dataDir, {
        RENT_INVOICE_DAYS_BEFORE: '31',
      }),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

type Party = { name: string; page: Page; context: import('@playwright/test').BrowserContext };

async function signedIn(browser: Browser, width: number, height: number): Promise<Party> {
  const context = await newContext(browser, { viewport: { width, height }, baseURL: origin });
  const page = await context.newPage();
  const u = newUser();
  const res = await page.request.post('/api/register', { data: u });
  expect(res.status()).toBe(201);
  await verifyEmail(page.request, u.email);
  return { name: u.name, context, page };
}

async function payOnSandbox(page: Page) {
  await page.waitForURL(/\/sandbox\/btcpay\/i\//);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL((u) => u.pathname === '/payment/success');
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function both(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  await fitsWidth(page, 375);
  await page.screenshot({ path: shots(`${name}-375`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shots(`${name}-1280`), fullPage: true });
}

const today = () => new Date().toISOString().slice(0, 10);
const dayBefore = (d: string) => new Date(Date.parse(d) - 86_400_000).toISOString().slice(0, 10);

test('one stay: Strict and house rules, the agreement read and accepted and changed, rent month by month, ended early with notice', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  // The host picks Strict and writes house rules (and gives a week's notice to end early).
  const host = await signedIn(browser, 1280, 900);
  const hp = host.page;
  const title = `Monthly beds ${Date.now().toString(36)}`;
  const rules = 'No pesticides, please.\nClose the gate behind you.';
  await hp.goto('/create-listing');
  await hp.getByLabel('Title').fill(title);
  await hp.getByLabel('Description').fill('Four raised beds behind the house, full sun.');
  await hp.getByLabel('Monthly price ($)').fill('120');
  await hp.getByLabel('Address / location').fill('8 Alder St');
  await hp.getByLabel('City').fill('Portland');
  await hp.getByLabel('State').selectOption('OR');
  await hp.getByLabel('Request to book').check();
  await hp.getByRole('radio', { name: /^Strict/ }).check();
  const section = hp.getByRole('group', { name: 'Grow agreement' });
  await section.getByLabel('House rules').fill(rules);
  await section.getByLabel('Water').fill('Rain barrel by the shed');
  await section.getByLabel('Notice you give to end early (days)').fill('7');
  const created = hp.waitForResponse((r) => r.url().endsWith('/api/listings') && r.status() === 201);
  await hp.getByRole('button', { name: 'Create Listing' }).click();
  const listing = (await (await created).json()) as { id: number; cancellationPolicy: string };
  expect(listing.cancellationPolicy).toBe('strict');

  // The grower reads the policy and the agreement, chooses month by month, and asks.
  const grower = await signedIn(browser, 375, 812);
  const page = grower.page;
  await page.goto(`/listings/${listing.id}`);
  const card = page.getByRole('form', { name: 'Book this space' });
  await card.getByLabel('Months', { exact: true }).selectOption('3');
  await card.getByLabel('Rental start date (optional)').fill(today());
  await expect(card.getByText('$381.60 now')).toBeVisible();
  await card.getByText('Month by month', { exact: true }).click();
  await expect(
    card.getByText('$127.20 now for the first month, then $127.20 before each month begins'),
  ).toBeVisible();
  await expect(card.getByText(/Strict cancellation: Cancel 30\+ days before the start/).last()).toBeVisible();
  await card.getByText('Read the grow agreement').click();
  const preview = card.getByTestId('agreement-preview');
  await expect(preview.getByTestId('agreement-licence')).toContainText('not a lease or tenancy');
  await expect(preview.getByText('Close the gate behind you.')).toBeVisible();
  await expect(preview.getByTestId('agreement-notice')).toContainText('14 days notice, the host with 7 days');
  await preview.scrollIntoViewIfNeeded();
  await both(page, 'story-form-en');
  await page.goto(`/de/listings/${listing.id}`);
  const karte = page.getByRole('form', { name: 'Diese Fläche buchen' });
  await karte.getByLabel('Monate', { exact: true }).selectOption('3');
  await karte.getByText('Monat für Monat', { exact: true }).click();
  await expect(karte.getByText(/Stornierung „Streng“/).last()).toBeVisible();
  await karte.getByText('Die Anbauvereinbarung lesen').click();
  await expect(karte.getByTestId('agreement-licence')).toContainText('kein Miet- oder Pachtvertrag');
  await expect(karte.getByText('Close the gate behind you.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await karte.getByTestId('agreement-preview').scrollIntoViewIfNeeded();
  await both(page, 'story-form-de');
  await page.goto(`/listings/${listing.id}`);
  await card.getByLabel('Months', { exact: true }).selectOption('3');
  await card.getByLabel('Rental start date (optional)').fill(today());
  await card.getByText('Month by month', { exact: true }).click();
  await card.getByRole('button', { name: 'Request to book' }).click();
  await page.waitForURL(/\/bookings\/\d+$/);
  const bookingUrl = new URL(page.url()).pathname;
  const bookingId = Number(bookingUrl.split('/').pop());
  await expect(page.getByTestId('agreement-in-force')).toHaveText(
    `Version 1 comes into force when ${host.name} accepts it.`,
  );

  // The host accepts: version 1 is in force.
  await hp.goto(bookingUrl);
  await hp.getByRole('button', { name: 'Accept' }).click();
  await expect(hp.getByTestId('booking-status')).toHaveText('Accepted');
  await expect(hp.getByTestId('agreement-in-force')).toHaveText(
    'Version 1 is in force: both of you accepted it.',
  );

  // The grower pays month one; paid on its start day, the stay is running.
  await page.goto(bookingUrl);
  await page.getByRole('button', { name: 'Pay $127.20' }).first().click();
  await payOnSandbox(page);
  await page.goto(bookingUrl);
  await expect(page.getByTestId('booking-status')).toHaveText('Active');
  await expect(page.getByTestId('rent-month-1')).toHaveText('Paid');

  // The host proposes a change to their part; the grower reads it beside the version in force.
  await hp.goto(bookingUrl);
  await hp.getByRole('button', { name: 'Propose a change' }).click();
  const form = hp.getByRole('form', { name: 'Propose a change to the agreement' });
  await expect(form.getByRole('button', { name: 'Propose this version' })).toBeDisabled();
  await form.getByLabel('Water').fill('Rain barrel, and the tap by the shed from May');
  await form.getByLabel('Notice the grower gives to end early (days)').fill('10');
  const proposed = hp.waitForResponse(
    (r) => r.url().endsWith('/agreement') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Propose this version' }).click();
  expect((await proposed).status()).toBe(200);
  const mine = hp.getByTestId('agreement-proposal');
  await expect(mine.getByRole('heading', { name: /You proposed version 2 on/ })).toBeVisible();
  await expect(mine).toContainText(
    `It comes into force when ${grower.name} accepts it; until then version 1 applies.`,
  );
  await expect(mine.getByRole('button', { name: 'Accept version 2' })).toHaveCount(0);
  await expect(hp.getByTestId('agreement-in-force')).toHaveText(
    'Version 1 is in force: both of you accepted it.',
  );

  const heard = await (await page.request.get('/api/notifications')).json();
  expect(
    ((heard.items ?? heard) as { title: string }[]).filter((n) =>
      n.title.startsWith(`${host.name} proposes a change to the agreement`),
    ),
  ).toHaveLength(1);
  await page.goto(bookingUrl);
  const offer = page.getByTestId('agreement-proposal');
  await expect(
    offer.getByRole('heading', { name: new RegExp(`^${host.name} proposes version 2`) }),
  ).toBeVisible();
  await expect(offer.getByTestId('change-water')).toContainText('Rain barrel by the shed');
  await expect(offer.getByTestId('change-water')).toContainText(
    'Rain barrel, and the tap by the shed from May',
  );
  await expect(offer.getByTestId('change-growerNoticeDays')).toContainText('14 days');
  await expect(offer.getByTestId('change-growerNoticeDays')).toContainText('10 days');
  await expect(offer.locator('[data-testid^="change-"]')).toHaveCount(2);
  await expect(page.getByTestId('agreement-in-force')).toHaveText(
    'Version 1 is in force: both of you accepted it.',
  );
  expect(await axeProblems(page)).toEqual([]);
  await offer.scrollIntoViewIfNeeded();
  await both(page, 'story-proposal-en');
  // Printed, the page is the version in force and the line saying so, without the proposal.
  await page.emulateMedia({ media: 'print' });
  await expect(offer).toBeHidden();
  await expect(page.getByTestId('agreement-in-force')).toBeVisible();
  await page.screenshot({ path: shots('story-proposal-print-1280'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`/de${bookingUrl}`);
  await expect(
    page.getByTestId('agreement-proposal').getByRole('button', { name: 'Fassung 2 annehmen' }),
  ).toBeVisible();
  await expect(page.getByTestId('agreement-in-force')).toHaveText(
    'Fassung 1 gilt: Ihr habt sie beide angenommen.',
  );
  await page.getByTestId('agreement-proposal').scrollIntoViewIfNeeded();
  await both(page, 'story-proposal-de');
  await page.goto(bookingUrl);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('agreement-proposal').getByRole('button', { name: 'Accept version 2' }).click();
  await expect(page.getByTestId('agreement-in-force')).toHaveText(
    'Version 2 is in force: both of you accepted it.',
  );
  await expect(page.getByTestId('agreement-proposal')).toHaveCount(0);
  await expect(page.getByTestId('agreement').getByTestId('agreement-notice')).toContainText('10 days notice');
  await hp.reload();
  await expect(hp.getByTestId('agreement-in-force')).toHaveText(
    'Version 2 is in force: both of you accepted it.',
  );

  // Month two's invoice comes with the next run of the job, and is paid from its own Pay button.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('rent-month-2').textContent();
      },
      { timeout: JOBS_MS, intervals: [1_000] },
    )
    .toBe('Due');
  await expect(page.getByTestId('rent-month-3')).toHaveText('Upcoming');
  const notes = await (await page.request.get('/api/notifications')).json();
  const items = (notes.items ?? notes) as { kind: string; title: string }[];
  expect(items.filter((n) => n.kind === 'rent_due')).toHaveLength(1);
  await page.getByTestId('rent-months').scrollIntoViewIfNeeded();
  await both(page, 'story-month-due-en');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId('rent-months').getByRole('button', { name: 'Pay $127.20' }).click();
  await payOnSandbox(page);
  await page.goto(bookingUrl);
  await expect(page.getByTestId('rent-month-2')).toHaveText('Paid');
  await expect(page.getByTestId('rent-month-3')).toHaveText('Upcoming');
  const pays = await (await page.request.get('/api/payments')).json();
  const paid = (pays.asRenter as { bookingId: number; total: number; status: string }[]).filter(
    (p) => p.bookingId === bookingId,
  );
  expect(paid.map((p) => [p.total, p.status])).toEqual([
    [12_720, 'completed'],
    [12_720, 'completed'],
  ]);

  // The host ends the stay early with the agreed 7 days' notice, on the day before month two
  // begins: month two (paid, not begun) comes back with its share of the fee.
  const m2 = addMonths(today(), 1);
  await hp.goto(bookingUrl);
  await hp.getByRole('button', { name: 'End the stay early' }).click();
  await expect(hp.getByText("The agreement asks you for 7 days' notice")).toBeVisible();
  await hp.getByLabel('New last day').fill(dayBefore(m2));
  await hp.getByLabel('Reason').fill('We are selling the house.');
  const ended = hp.waitForResponse((r) => r.url().endsWith('/end-early'));
  await hp.getByRole('button', { name: 'Confirm the early end' }).click();
  expect((await ended).status()).toBe(200);
  await expect(toastEl(hp).getByText('The stay now ends early')).toBeVisible();
  await expect(hp.getByTestId('ended-early')).toContainText('We are selling the house.');
  await expect(hp.getByText('Refunded $127.20', { exact: true }).first()).toBeVisible();
  await expect(hp.getByTestId('reviews-open')).toBeVisible();
  await both(hp, 'story-ended-host-en');

  await page.goto(bookingUrl);
  await expect(page.getByText(`${host.name} ended the stay early`)).toBeVisible();
  await expect(page.getByText('Refunded $127.20', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('rent-month-3')).toHaveCount(0);
  await expect(page.getByTestId('reviews-open')).toContainText('You can review each other from');
  const told = await (await page.request.get('/api/notifications')).json();
  expect(((told.items ?? told) as { title: string }[]).some((n) => /early/.test(n.title))).toBe(true);
  await both(page, 'story-ended-grower-en');
  await page.goto(`/de${bookingUrl}`);
  await expect(page.getByTestId('reviews-open')).toContainText('gegenseitig bewerten');
  await both(page, 'story-ended-grower-de');
  const after = await (await page.request.get('/api/payments')).json();
  const refunded = (after.asRenter as { bookingId: number; refundedAmount: number | null }[]).filter(
    (p) => p.bookingId === bookingId,
  );
  expect(refunded.map((p) => p.refundedAmount ?? 0).reduce((a, b) => a + b, 0)).toBe(12_720);
  await grower.context.close();
  await host.context.close();
});
